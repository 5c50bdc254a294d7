// What the sweep knows of an organisation and of a capped query split into narrower ones: the
// shapes the query grammar, the term index and the narrowing share, kept apart so that none of
// them imports another for its types.

export interface Known {
  words: Set<string>;
  listed: boolean;
  foundBySearch: boolean;
  /** How many answers returned it (counted up to three: only once and twice matter). */
  captures: number;
  /** Returned by an answer under the cap: its neighbours in that answer are all known. */
  certified: boolean;
  /** The split queries it matches: it counts in what their narrower queries match. */
  narrowings: Narrowing[];
  /**
   * Its folded words in the order written, texts apart by '' (within the limits on learning): a
   * capped phrase is narrowed under OR by the words before and after it.
   */
  sequence: string[];
}

/**
 * A capped query split into narrower ones (it and one more word each), with what it matches and
 * what each narrower query matches kept up to date as organisations and their words come in: the
 * narrower queries are most of the candidates, and each is scored again whenever it comes to the
 * top, so counting its matches afresh each time (an intersection of postings) was most of the
 * planner's work.
 */
export interface Narrowing {
  /** The words of the split query and the word pairs of its phrases: a match holds every one. */
  terms: string[];
  matching: Set<Known>;
  /** One more word → what the split query with that word matches. */
  byWord: Map<string, Matches>;
}

/**
 * What a query is known to match: the known organisations, the listed and the uncertified among
 * them, and those that answers returned: any, exactly one and exactly two.
 */
export interface Matches {
  known: number;
  listed: number;
  /** Returned by some answer; by exactly one, and by exactly two. */
  returned: number;
  once: number;
  twice: number;
  uncertified: number;
}
