// What one line of a list has found so far: each organisation offered, its best score, the reason
// and the name that gave it, and the first few of them ranked. Kept in arrays over the whole
// register, marked with the line's number, rather than a map and a set made anew for each line,
// since a line can look at thousands of names.
import { MORE_CANDIDATES, MOST_SCORE, type Candidate, type MatchReason } from './candidates.ts';

/** The order of String.prototype.localeCompare, without its look-up of the locale on every call. */
const byName = new Intl.Collator();

export class LineFindings {
  /** The organisations, by entry number: their names rank those of equal score. */
  readonly #entries: readonly { name: string }[];
  /** The register's names by number, as the register gives them. */
  readonly #nameTexts: readonly string[];
  #line = 0;
  readonly #entryFoundOn: Uint32Array;
  /** The organisations found, in the order first found: among equal scores and names, the order shown. */
  #found: number[] = [];
  readonly #bestScore: Int32Array;
  readonly #bestReason: MatchReason[] = [];
  /** The name that gave the best score, by number; -1 for an id or a number, kept in #bestMatched. */
  readonly #bestName: Int32Array;
  readonly #bestMatched: string[] = [];
  readonly #foundWithScore = new Int32Array(MOST_SCORE + 1);
  #nameRank: Int32Array | undefined;

  constructor(entries: readonly { name: string }[], nameTexts: readonly string[]) {
    this.#entries = entries;
    this.#nameTexts = nameTexts;
    this.#entryFoundOn = new Uint32Array(entries.length);
    this.#bestScore = new Int32Array(entries.length);
    this.#bestName = new Int32Array(entries.length);
  }

  /** Forgets what the previous line found. */
  startLine(): void {
    this.#line += 1;
    if (this.#line === 2 ** 32) {
      this.#line = 1;
      this.#entryFoundOn.fill(0);
    }
    this.#found = [];
    this.#foundWithScore.fill(0);
  }

  /** Offers an organisation for its name numbered `name`, or for `matched`; it keeps its best score, and the first reason found for it. */
  offer(entry: number, score: number, reason: MatchReason, name: number, matched = ''): void {
    if (this.#entryFoundOn[entry] !== this.#line) {
      this.#entryFoundOn[entry] = this.#line;
      this.#found.push(entry);
    } else {
      const known = this.#bestScore[entry]!;
      if (known >= score) return;
      this.#foundWithScore[known]! -= 1;
    }
    this.#foundWithScore[score]! += 1;
    this.#bestScore[entry] = score;
    this.#bestReason[entry] = reason;
    this.#bestName[entry] = name;
    if (name < 0) this.#bestMatched[entry] = matched;
  }

  /** The score of the last organisation decide() would keep, 0 while fewer are found. */
  floor(): number {
    if (this.#found.length <= MORE_CANDIDATES) return 0;
    let better = 0;
    for (let score = MOST_SCORE; score > 0; score -= 1) {
      better += this.#foundWithScore[score]!;
      if (better > MORE_CANDIDATES) return score;
    }
    return 0;
  }

  /**
   * The organisations found that decide() weighs and shows: the first few, ranked by score, then
   * name (byName), then the order found. Only those are ranked: a line of a common name
   * ("Community Centre") finds thousands with the same score, and ranking them all by name cost
   * more than finding them.
   */
  firstRanked(): Candidate[] {
    const floor = this.floor();
    const scores = this.#bestScore;
    const first: number[] = [];
    const before = (entry: number, other: number): boolean =>
      scores[entry]! > scores[other]! ||
      (scores[entry] === scores[other] && this.#rankByName()[entry]! < this.#rankByName()[other]!);
    for (const entry of this.#found) {
      if (scores[entry]! < floor) continue;
      let at = first.length;
      while (at > 0 && before(entry, first[at - 1]!)) at -= 1;
      if (at > MORE_CANDIDATES) continue;
      first.splice(at, 0, entry);
      if (first.length > MORE_CANDIDATES + 1) first.pop();
    }
    return first.map((entry) => ({
      entry,
      score: scores[entry]!,
      reason: this.#bestReason[entry]!,
      matched:
        this.#bestName[entry]! < 0 ? this.#bestMatched[entry]! : this.#nameTexts[this.#bestName[entry]!]!,
    }));
  }

  /**
   * Each organisation's place in the order of names (byName), equal names equal: worked out once,
   * at the first tie, since comparing names is most of the time of ranking thousands.
   */
  #rankByName(): Int32Array {
    if (this.#nameRank) return this.#nameRank;
    // Each name once, sorted: many organisations share a name, and sorting the entries by
    // their names took four times as long.
    const names = [...new Set(this.#entries.map((entry) => entry.name))].sort(byName.compare);
    const rankOf = new Map<string, number>();
    names.forEach((name, at) => {
      const previous = names[at - 1];
      const same = previous !== undefined && byName.compare(previous, name) === 0;
      rankOf.set(name, same ? rankOf.get(previous)! : at);
    });
    this.#nameRank = Int32Array.from(this.#entries, (entry) => rankOf.get(entry.name)!);
    return this.#nameRank;
  }
}
