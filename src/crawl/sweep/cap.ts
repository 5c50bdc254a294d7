// The service's cap on an answer's length, as the answers show it: an answer as long as the longest
// seen is taken to be cut, and never trusted to be complete.
export class CapWatch {
  /** The longest answer seen, and how many were that long. */
  #longest = 0;
  #longestCount = 0;
  /** Moving average of the share of new organisations in answers at the cap. */
  #cappedNewShare = 0.5;

  get longest(): number {
    return this.#longest;
  }

  get cappedNewShare(): number {
    return this.#cappedNewShare;
  }

  /** Whether the cap is confirmed: two answers or more of the longest length, longer than one. */
  get confirmed(): boolean {
    return this.#longestCount >= 2 && this.#longest > 1;
  }

  /** An answer of `count` results. */
  observe(count: number): void {
    if (count > this.#longest) {
      this.#longest = count;
      this.#longestCount = 1;
    } else if (count === this.#longest) this.#longestCount += 1;
  }

  /** Whether an answer this long may have been cut: as long as the longest seen. */
  isCapped(count: number): boolean {
    return count > 1 && count >= this.#longest;
  }

  /** A capped answer of `count` results, `found` of them new. */
  learnShare(found: number, count: number): void {
    this.#cappedNewShare = 0.9 * this.#cappedNewShare + 0.1 * (found / count);
  }
}
