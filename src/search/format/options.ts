// The index's options, in one module that the builder and the browser client both import:
// MiniSearch loads an index only with the options it was built with (lucaong/minisearch), and
// the shard a word lives in must be computed the same way on both sides.
import type { Options } from 'minisearch';
import type { SearchField, SearchFields } from '../format/fields.ts';
import { tokenize } from './fold.ts';

/** Bumped whenever the layout of the index files changes; the client refuses other versions. */
export const INDEX_FORMAT = 7;

/** The global function every index file calls to deliver its part (classic scripts, file://). */
export const INDEX_PART_FUNCTION = 'orgdirSearchPart';

/**
 * The function search/search.js is wrapped in: a page from file:// starts the search worker from
 * a blob: URL made of its source, since a worker's own file is refused there.
 */
export const SEARCH_CLIENT_FUNCTION = 'orgdirSearchClient';

/**
 * Dispatched on the search container each time results are shown, and marked on the page's
 * performance timeline: a documented event (docs/search.md, "Events a page can listen for").
 */
export const RESULTS_EVENT = 'orgdir-search-results';

/** The folder of the site that holds the index files and the client. */
export const SEARCH_DIR = 'search';

export const SEARCH_FIELDS: readonly SearchField[] = [
  'name',
  'altNames',
  'codes',
  'address',
  'classification',
  'objects',
  'directors',
];

/** A word in the name counts most, one in the legal objects least. */
const FIELD_BOOSTS: Readonly<Record<SearchField, number>> = {
  name: 4,
  altNames: 3,
  codes: 3,
  address: 1.5,
  classification: 1,
  objects: 0.5,
  directors: 0.5,
};

/** What MiniSearch indexes: the document's number and its fields. */
export interface IndexedDocument {
  n: number;
  fields: SearchFields;
}

/**
 * Identical when building and loading. Terms arrive folded from `tokenize`, so `processTerm`
 * keeps them as they are. Ids are the documents' numbers, which keeps every shard small.
 */
export const MINISEARCH_OPTIONS: Options<IndexedDocument> = {
  idField: 'n',
  fields: [...SEARCH_FIELDS],
  storeFields: [],
  extractField: (document, field) =>
    field === 'n' ? document.n : document.fields[field as SearchField].join('\n'),
  tokenize: (text) => tokenize(text),
  processTerm: (term) => term,
  searchOptions: { boost: { ...FIELD_BOOSTS } },
};

/**
 * Word positions of a large shard are split by ranges of documents, so that a phrase check loads
 * only the ranges its candidates fall in. Chunk `i` of `chunks` starts at this document.
 */
export function chunkStart(chunk: number, documentCount: number, chunks: number): number {
  return Math.floor((chunk * documentCount) / chunks);
}

export function chunkOf(document: number, documentCount: number, chunks: number): number {
  let chunk = Math.min(chunks - 1, Math.floor((document * chunks) / Math.max(1, documentCount)));
  while (chunk + 1 < chunks && chunkStart(chunk + 1, documentCount, chunks) <= document) chunk += 1;
  while (chunk > 0 && chunkStart(chunk, documentCount, chunks) > document) chunk -= 1;
  return chunk;
}
