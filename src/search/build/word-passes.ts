// Every word's postings, from MiniSearch indexes built in passes over the documents so that memory
// stays bounded at 100,000 organisations.
import MiniSearch, { type AsPlainObject } from 'minisearch';
import { encodePostings } from '../format/codec.ts';
import type { SearchDocument } from './document.ts';
import type { IndexLayout } from './layout.ts';
import { MINISEARCH_OPTIONS, type IndexedDocument } from '../format/options.ts';
import type { TermsEntry } from '../format/parts.ts';

/** What the words' parts are made of: a document's searchable fields. */
export type WordsDocument = Pick<SearchDocument, 'fields'>;

/**
 * The MiniSearch index of every document, serialised, in passes that each keep a share of the
 * words (every pass reads all documents): holding the index and its serialised form for 100,000
 * organisations at once would take gigabytes. Dropping words in `processTerm` leaves the kept
 * words' postings, and the field lengths (counted before `processTerm`), exactly as one pass
 * would make them; the client loads them with the shared options.
 */
function* serialisedIndexes(
  documents: readonly WordsDocument[],
  documentsPerPass: number,
): Generator<AsPlainObject> {
  const passes = Math.max(1, Math.ceil(documents.length / documentsPerPass));
  for (let pass = 0; pass < passes; pass += 1) yield serialisedPass(documents, pass, passes);
}

/**
 * One pass's index, serialised. Built in a function of its own so that nothing holds the
 * MiniSearch once its serialised form exists: a generator's frame kept the last pass's index alive
 * through the next pass (some 100 MB at 100,000 organisations).
 */
function serialisedPass(documents: readonly WordsDocument[], pass: number, passes: number): AsPlainObject {
  const inPass = (term: string) => (term.charCodeAt(0) + (term.charCodeAt(1) || 0)) % passes === pass;
  const miniSearch = new MiniSearch<IndexedDocument>({
    ...MINISEARCH_OPTIONS,
    processTerm: (term) => (inPass(term) ? term : null),
  });
  miniSearch.addAll(documents.map((document, n) => ({ n, fields: document.fields })));
  return miniSearch.toJSON();
}

/**
 * Every word's entry as its JSON text (a `TermsEntry`), from the MiniSearch index built in passes.
 * As objects the 465,000 entries of 100,000 organisations took some 190 MB; their text is 21 MB.
 */
export function encodeTerms(documents: readonly WordsDocument[], layout: IndexLayout) {
  const encodedTerms = new Map<string, string>();
  const termBytes = new Map<string, number>();
  let fieldIds: Record<string, number> = {};
  let averageFieldLength: number[] = [];
  for (const serialised of serialisedIndexes(documents, layout.documentsPerPass)) {
    fieldIds = serialised.fieldIds;
    averageFieldLength = serialised.averageFieldLength;
    const nameField = String(fieldIds['name']);
    const nameLength = (document: number): number =>
      serialised.fieldLength[document]?.[Number(nameField)] ?? 0;
    // Entries are taken off the serialised index as they are encoded, to keep memory low.
    while (serialised.index.length > 0) {
      const [term, byField] = serialised.index.pop()!;
      const postings: Record<string, string> = {};
      for (const fieldId in byField) {
        const frequencies = byField[fieldId]!;
        const entries: [number, number][] = [];
        for (const document in frequencies) entries.push([Number(document), frequencies[document]!]);
        postings[fieldId] = encodePostings(entries, fieldId === nameField ? nameLength : undefined);
      }
      const entry: TermsEntry = [term, postings];
      const json = JSON.stringify(entry);
      encodedTerms.set(term, json);
      termBytes.set(term, Buffer.byteLength(json));
    }
  }

  return { encodedTerms, termBytes, fieldIds, averageFieldLength };
}
