// A MiniSearch index over part of the prebuilt index: some words of one terms shard, and only the
// documents they occur in. MiniSearch loads such an index as it would its own serialised form
// (`MiniSearch.loadJS`), so its scoring (BM25) is the library's, unchanged.
import MiniSearch, { type AsPlainObject } from 'minisearch';
import { decodePostings } from './codec.ts';
import { MINISEARCH_OPTIONS, type IndexedDocument } from './options.ts';
import type { CorePart, TermsEntry } from './parts.ts';

/**
 * The index of `entries` (words of one shard). `nameLengths` gathers the name lengths of the
 * documents whose name postings were decoded, here and before.
 */
export function shardIndex(
  core: CorePart,
  entries: readonly TermsEntry[],
  nameLengths: Map<number, number>,
): MiniSearch<IndexedDocument> {
  const nameField = String(core.fieldIds['name']);
  const documents = new Set<number>();
  const index: AsPlainObject['index'] = entries.map(([term, byField]) => {
    const data: Record<string, Record<number, number>> = {};
    for (const [fieldId, encoded] of Object.entries(byField)) {
      const postings = decodePostings(encoded, fieldId === nameField ? nameLengths : undefined);
      data[fieldId] = postings;
      for (const document in postings) documents.add(Number(document));
    }
    return [term, data];
  });
  const documentIds: Record<number, number> = {};
  const fieldLength: Record<number, number[]> = {};
  for (const document of documents) {
    documentIds[document] = document;
    // Names carry their real length (BM25 ranks a short name above a long one with the same
    // word); other fields count as of average length, which keeps the index small.
    const nameLength = nameLengths.get(document);
    if (nameLength === undefined) {
      fieldLength[document] = core.averageFieldLength;
    } else {
      const lengths = [...core.averageFieldLength];
      lengths[Number(nameField)] = nameLength;
      fieldLength[document] = lengths;
    }
  }
  return MiniSearch.loadJS<IndexedDocument>(
    {
      documentCount: core.documentCount,
      nextId: core.documentCount,
      documentIds,
      fieldIds: core.fieldIds,
      fieldLength,
      averageFieldLength: core.averageFieldLength,
      storedFields: {},
      dirtCount: 0,
      index,
      serializationVersion: 2,
    },
    MINISEARCH_OPTIONS,
  );
}
