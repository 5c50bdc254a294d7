// How the index is cut into files: the sizes the build reads, and their defaults.
/** Sizes that decide how the index is cut; the defaults suit 1,000 to 100,000 organisations. */
export interface IndexLayout {
  /** A group of words larger than this (bytes) is split by one more character. */
  splitGroupBytes: number;
  /** Small shards are packed together into terms files of about this size. */
  termsFileBytes: number;
  /** A shard's word positions larger than this are split by ranges of documents. */
  positionsFileBytes: number;
  /** A word whose positions are larger than this has positions files of its own. */
  termPositionsBytes: number;
  /**
   * Results per docs file; a page of results loads at most one file per result. A query's top
   * results fall far apart in document order, so each costs a file of its own and a smaller file
   * costs fewer bytes; but a download reads the files of every result, each with a cost of its
   * own from file:// (docs/search.md, "Facets, sort and the results file").
   */
  docsPerFile: number;
  /**
   * A word found in this many documents or more has cards: the display of its first results in a
   * file of its own, so that a page of results needs a few files rather than one per result.
   * Fewer results than a browser fetches at once (six) cost one round of docs files anyway.
   */
  cardsFromDocuments: number;
  /** Results in a word's cards: a page of them. */
  cardsPerWord: number;
  /** Documents per objects file: read only for a result matched in its legal objects alone. */
  objectsPerFile: number;
  /** Documents per facts file: a query reads the facts files its results fall in. */
  factsPerFile: number;
  /** Indexing runs in one pass per this many documents, each over a share of the words, to bound memory. */
  documentsPerPass: number;
}

export const DEFAULT_LAYOUT: IndexLayout = {
  splitGroupBytes: 24_000,
  termsFileBytes: 16_000,
  positionsFileBytes: 32_000,
  termPositionsBytes: 8_000,
  docsPerFile: 8,
  cardsFromDocuments: 7,
  cardsPerWord: 20,
  objectsPerFile: 16,
  factsPerFile: 128,
  documentsPerPass: 25_000,
};
