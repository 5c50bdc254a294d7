// Builds the search index at build time, never in the browser: one MiniSearch index over every
// organisation, cut into small classic-script files so that a query loads only what it needs
// (the core, one terms shard per word, positions for phrase words, and the results it shows).
import type { SearchDocument } from './document.ts';
import { facetParts, type FacetLabels } from './facet-parts.ts';
import { cardParts } from './card-parts.ts';
import { docsParts } from './docs-parts.ts';
import { DEFAULT_LAYOUT, type IndexLayout } from './layout.ts';
import { INDEX_FORMAT } from '../format/options.ts';
import { partName, type CorePart } from '../format/parts.ts';
import { ShardTable } from '../format/shards.ts';
import { indexWords, type IndexedWords } from './terms-parts.ts';

export interface SearchIndexOptions extends FacetLabels {
  layout?: Partial<IndexLayout>;
}

/** A built index before it is written: parts by name, and the documents in number order. */
export interface BuiltIndex {
  core: CorePart;
  parts: Map<string, unknown>;
  documents: SearchDocument[];
  /** Distinct words in the index. */
  termCount: number;
}

/**
 * The rest of the index, after `indexWords` over the same documents in the same order: the
 * filters', facts', docs' and objects' parts, and the core.
 */
export function indexDocuments(
  documents: readonly SearchDocument[],
  words: IndexedWords,
  options: Pick<SearchIndexOptions, 'lists' | 'voluntaryCodes' | 'countyKey' | 'layout'>,
  parts: Map<string, unknown>,
): BuiltIndex {
  const layout = { ...DEFAULT_LAYOUT, ...options.layout };
  const documentCount = documents.length;
  const facets = facetParts(documents, options, parts, layout.factsPerFile);
  docsParts(documents, layout, facets.status, parts);

  const former = documents.findIndex(({ display }) => display.goneSince !== '');
  const core: CorePart = {
    format: INDEX_FORMAT,
    documentCount,
    formerFrom: former < 0 ? documentCount : former,
    fieldIds: words.fieldIds,
    averageFieldLength: words.averageFieldLength,
    ...new ShardTable(words.split, words.shardFiles).encode(),
    docsPerFile: layout.docsPerFile,
    objectsPerFile: layout.objectsPerFile,
    factsPerFile: layout.factsPerFile,
    facets,
  };
  parts.set(partName.core(), core);
  cardParts(core, parts, layout);
  return { core, parts, documents: [...documents], termCount: words.termCount };
}

/** Builds every part of the index in memory. */
export function buildSearchIndex(
  documents: readonly SearchDocument[],
  options: Pick<SearchIndexOptions, 'lists' | 'voluntaryCodes' | 'countyKey' | 'layout'> = {},
): BuiltIndex {
  const parts = new Map<string, unknown>();
  const words = indexWords(documents, options, parts);
  return indexDocuments(documents, words, options, parts);
}
