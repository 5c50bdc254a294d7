// The register's estimated size, by capture-recapture: the lists do not depend on the searches, so
// the share of search results that the lists also name is the share of the register they name.
import type { Known } from './known.ts';

/** The listed organisations, those the searches returned, and those whose record answered 404. */
export class RegisterSample {
  #listed = 0;
  readonly #searchSeen = new Set<string>();
  #searchSeenListed = 0;
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
    if (this.#searchSeen.delete(id) && known?.listed === true) this.#searchSeenListed -= 1;
  }

  /** An organisation (lower-case id) a list named, once. */
  addListed(id: string): void {
    this.#listed += 1;
    if (this.#searchSeen.has(id)) this.#searchSeenListed += 1;
  }

  /** An organisation (lower-case id) a search returned; `known` as the planner knew it before. */
  addSeen(id: string, known: Known | undefined): void {
    if (this.#searchSeen.has(id) || this.#gone.has(id)) return;
    this.#searchSeen.add(id);
    if (known?.listed === true) this.#searchSeenListed += 1;
  }

  /** The register's size: the lists' size over the share of search results that are listed. */
  estimate(knownCount: number): number | null {
    if (this.#listed === 0 || this.#searchSeenListed === 0) return null;
    return Math.max(
      knownCount - this.#gone.size,
      Math.round((this.#listed * this.#searchSeen.size) / this.#searchSeenListed),
    );
  }
}
