// The register's estimated size, two ways, the larger kept: by capture-recapture (the lists do not
// depend on the searches, so the share of search results that the lists also name is the share of
// the register they name), and by what the searches have not returned yet, estimated from how
// often they returned what they did (Chao's estimator: f1² / 2(f2 + 1), f1 the organisations one
// answer returned and f2 those two did). The first misses the organisations that the lists' kind
// of search finds seldom (schools and clubs, which the lists seldom name); the second sees them
// once the searches near them have come back once and not twice.
import type { Known } from './known.ts';

/** The listed organisations, those the searches returned and how often, and those whose record answered 404. */
export class RegisterSample {
  #listed = 0;
  /** Answers that returned each organisation (lower-case id), counted up to three. */
  readonly #searchSeen = new Map<string, number>();
  #searchSeenListed = 0;
  /** Organisations returned by exactly one answer, and by exactly two. */
  #once = 0;
  #twice = 0;
  /** Ids whose record answered 404: not in the register, so in no count of it. */
  readonly #gone = new Set<string>();

  /** Organisations the lists named, less those gone. */
  get listed(): number {
    return this.#listed;
  }

  /** Organisations known gone. */
  get goneCount(): number {
    return this.#gone.size;
  }

  isGone(id: string): boolean {
    return this.#gone.has(id);
  }

  /** An organisation (lower-case id) whose record answered 404; `known` as the planner knows it. */
  gone(id: string, known: Known | undefined): void {
    if (this.#gone.has(id)) return;
    this.#gone.add(id);
    if (known?.listed === true) this.#listed -= 1;
    const captures = this.#searchSeen.get(id);
    if (captures === undefined) return;
    this.#searchSeen.delete(id);
    this.#tally(captures, -1);
    if (known?.listed === true) this.#searchSeenListed -= 1;
  }

  /** An organisation (lower-case id) a list named, once. */
  addListed(id: string): void {
    this.#listed += 1;
    if (this.#searchSeen.has(id)) this.#searchSeenListed += 1;
  }

  /** An organisation (lower-case id) an answer returned; `known` as the planner knew it before. */
  addSeen(id: string, known: Known | undefined): void {
    if (this.#gone.has(id)) return;
    const captures = this.#searchSeen.get(id) ?? 0;
    if (captures >= 3) return;
    if (captures === 0 && known?.listed === true) this.#searchSeenListed += 1;
    this.#tally(captures, -1);
    this.#tally(captures + 1, 1);
    this.#searchSeen.set(id, captures + 1);
  }

  #tally(captures: number, change: number): void {
    if (captures === 1) this.#once += change;
    else if (captures === 2) this.#twice += change;
  }

  /**
   * Organisations on no list that no answer has returned, as Chao's estimator puts those no answer
   * returned, less the listed share of them (the listed ones are known whatever the searches did).
   */
  unseen(): number {
    const seen = this.#searchSeen.size;
    if (seen === 0) return 0;
    const unseen = (this.#once * this.#once) / (2 * (this.#twice + 1));
    return (unseen * (seen - this.#searchSeenListed)) / seen;
  }

  /** The register's size: the larger of the two estimates, and never less than the organisations known. */
  estimate(knownCount: number): number | null {
    if (this.#listed === 0 || this.#searchSeenListed === 0) return null;
    const known = knownCount - this.#gone.size;
    const recaptured = Math.round((this.#listed * this.#searchSeen.size) / this.#searchSeenListed);
    return Math.max(known + Math.round(this.unseen()), recaptured);
  }
}
