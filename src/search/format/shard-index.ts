// A MiniSearch index over part of the prebuilt index: some words of one terms shard, and only the
// documents they occur in. Its search and scoring (BM25) are the library's, unchanged.
//
// The index is filled as MiniSearch holds it in memory (maps by document number), through the
// fields MiniSearch leaves to subclasses, straight from the postings' text: `MiniSearch.loadJS`
// would take the serialised form, plain objects keyed by document numbers as text, and turn every
// key back into a number, which for a common word of a large register was most of a query's time.
import MiniSearch from 'minisearch';
import { decodePostingsMap } from './codec.ts';
import { MINISEARCH_OPTIONS, type IndexedDocument } from './options.ts';
import type { CorePart, TermsEntry } from './parts.ts';

export class ShardIndex extends MiniSearch<IndexedDocument> {
  /** The words this index holds. */
  readonly terms: readonly string[];

  constructor(core: CorePart, entries: readonly TermsEntry[], nameLengths: Map<number, number>) {
    super(MINISEARCH_OPTIONS);
    this.terms = entries.map(([term]) => term);
    this._documentCount = core.documentCount;
    this._nextId = core.documentCount;
    this._fieldIds = core.fieldIds;
    this._avgFieldLength = core.averageFieldLength;
    const nameField = core.fieldIds['name']!;
    const documents = new Set<number>();
    for (const [term, byField] of entries) {
      const data = new Map<number, Map<number, number>>();
      for (const [fieldId, encoded] of Object.entries(byField)) {
        const field = Number(fieldId);
        const postings = decodePostingsMap(encoded, field === nameField ? nameLengths : undefined);
        data.set(field, postings);
        for (const document of postings.keys()) documents.add(document);
      }
      this._index.set(term, data);
    }
    for (const document of documents) {
      // Only searched, never added to or removed from: the map back from ids (`_idToShortId`) stays empty.
      this._documentIds.set(document, document);
      // Names carry their real length (BM25 ranks a short name above a long one with the same
      // word); other fields count as of average length, which keeps the index small.
      const nameLength = nameLengths.get(document);
      if (nameLength === undefined) {
        this._fieldLength.set(document, core.averageFieldLength);
      } else {
        const lengths = [...core.averageFieldLength];
        lengths[nameField] = nameLength;
        this._fieldLength.set(document, lengths);
      }
    }
  }

  /**
   * Per document where any of `terms` occurs, the fields it occurs in (a bit per field id), added
   * to `into`: the documents and fields MiniSearch's search for them finds, without scoring.
   */
  addFieldsOf(terms: Iterable<string>, into: Map<number, number>): void {
    for (const term of terms) {
      for (const [field, postings] of this._index.get(term) ?? []) {
        const bit = 1 << field;
        for (const document of postings.keys()) into.set(document, (into.get(document) ?? 0) | bit);
      }
    }
  }
}

/**
 * The index of `entries` (words of one shard). `nameLengths` gathers the name lengths of the
 * documents whose name postings were decoded, here and before.
 */
export function shardIndex(
  core: CorePart,
  entries: readonly TermsEntry[],
  nameLengths: Map<number, number>,
): ShardIndex {
  return new ShardIndex(core, entries, nameLengths);
}
