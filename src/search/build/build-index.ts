// Builds the search index at build time, never in the browser: one MiniSearch index over every
// organisation, cut into small classic-script files so that a query loads only what it needs
// (the core, one terms shard per word, positions for phrase words, and the results it shows).
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import MiniSearch, { type AsPlainObject } from 'minisearch';
import { encodePostings } from '../format/codec.ts';
import { searchDocument, type Membership, type SearchDocument } from './document.ts';
import type { Organisation } from '../../records/organisation.ts';
import { INDEX_FORMAT, MINISEARCH_OPTIONS, SEARCH_DIR, type IndexedDocument } from '../format/options.ts';
import { partScript } from '../format/part-script.ts';
import { ShardTable, type ShardFiles } from '../format/shards.ts';
import { facetParts, statusKey, type FacetLabels } from './facet-parts.ts';
import { pack, positionParts } from './position-parts.ts';
import {
  partName,
  type CorePart,
  type DocsPart,
  docsEntry,
  type ObjectsPart,
  PartText,
  partJson,
  type TermsEntry,
} from '../format/parts.ts';

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
  /** Documents per objects file: read only for a result matched in its legal objects alone. */
  objectsPerFile: number;
  /** Documents per facts file: a query reads the facts files its results fall in. */
  factsPerFile: number;
  /** Indexing runs in one pass per this many documents, each over a share of the words, to bound memory. */
  documentsPerPass: number;
}

const DEFAULT_LAYOUT: IndexLayout = {
  splitGroupBytes: 24_000,
  termsFileBytes: 16_000,
  positionsFileBytes: 32_000,
  termPositionsBytes: 8_000,
  docsPerFile: 8,
  objectsPerFile: 16,
  factsPerFile: 128,
  documentsPerPass: 25_000,
};

export interface SearchIndexOptions extends FacetLabels {
  layout?: Partial<IndexLayout>;
}

export interface SearchIndexSummary {
  documents: number;
  terms: number;
  shards: number;
  /** Files written under `search/`, and their total size in bytes. */
  files: number;
  bytes: number;
  /** Files and bytes of each kind of part: core, terms, positions, docs, facets, client. */
  byKind: Record<string, { files: number; bytes: number }>;
  /** Identifies this build of the index; every file carries it. */
  build: string;
}

/** A built index before it is written: parts by name, and the documents in number order. */
export interface BuiltIndex {
  core: CorePart;
  parts: Map<string, unknown>;
  documents: SearchDocument[];
  /** Distinct words in the index. */
  termCount: number;
}

const collator = new Intl.Collator('en-IE', { sensitivity: 'base', numeric: true });

/** What the index order is decided by: a document's name, whether it has left the register, and its id. */
export type OrderedDocument = Pick<SearchDocument, 'id'> & {
  display: Pick<SearchDocument['display'], 'name' | 'goneSince'>;
};

/**
 * Search documents in index order: those on the register by name, then those no longer on it by
 * name, so that document numbers follow the A–Z order and every organisation no longer on the
 * register comes after every one on it (the core's `formerFrom`).
 */
export function sortDocuments<Document extends OrderedDocument>(documents: Document[]): Document[] {
  return documents.sort(
    (a, b) =>
      Number(a.display.goneSince !== '') - Number(b.display.goneSince !== '') ||
      collator.compare(a.display.name, b.display.name) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** The organisations' search documents, sorted; an id met twice counts once. */
export async function collectDocuments(
  organisations: Iterable<Organisation> | AsyncIterable<Organisation>,
  membership: (id: string) => Membership,
  organisationHref: (id: string) => string = (id) => `org/${id}.html`,
): Promise<SearchDocument[]> {
  const documents: SearchDocument[] = [];
  const seen = new Set<string>();
  for await (const organisation of organisations) {
    const { id } = organisation;
    if (seen.has(id.toLowerCase())) continue;
    seen.add(id.toLowerCase());
    documents.push(searchDocument(organisation, membership(id), organisationHref(id)));
  }
  return sortDocuments(documents);
}

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

/** Numbers and codes may be split past this depth; words are not, so that a typo after it is still found. */
const WORD_SPLIT_DEPTH = 3;

/**
 * The prefixes to split: a group larger than `threshold` bytes is split by one more character,
 * down to three characters for words, deeper for numbers and codes (a prefix with a digit, or
 * whose words mostly continue with one).
 */
function splitPrefixes(termBytes: ReadonlyMap<string, number>, threshold: number): Set<string> {
  const split = new Set<string>();
  const groupsOf = (terms: Iterable<string>, length: number): Map<string, string[]> => {
    const groups = new Map<string, string[]>();
    for (const term of terms) {
      const prefix = term.slice(0, length);
      let group = groups.get(prefix);
      if (!group) groups.set(prefix, (group = []));
      group.push(term);
    }
    return groups;
  };
  const pending = [...groupsOf(termBytes.keys(), 2)];
  while (pending.length > 0) {
    const [prefix, terms] = pending.pop()!;
    const bytes = terms.reduce((sum, term) => sum + termBytes.get(term)!, 0);
    const deeper = terms.filter((term) => term.length > prefix.length);
    if (prefix.length < 2 || bytes <= threshold || deeper.length < 2) continue;
    if (prefix.length >= WORD_SPLIT_DEPTH && !/\p{N}/u.test(prefix)) {
      const numeric = deeper
        .filter((term) => /\p{N}/u.test(term.charAt(prefix.length)))
        .reduce((sum, term) => sum + termBytes.get(term)!, 0);
      if (numeric * 2 < bytes) continue;
    }
    split.add(prefix);
    pending.push(...groupsOf(deeper, prefix.length + 1));
  }
  return split;
}

/**
 * Every word's entry as its JSON text (a `TermsEntry`), from the MiniSearch index built in passes.
 * As objects the 465,000 entries of 100,000 organisations took some 190 MB; their text is 21 MB.
 */
function encodeTerms(documents: readonly WordsDocument[], layout: IndexLayout) {
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

/**
 * The terms parts' layout: words grouped by their first characters into shards (each shard's
 * words in order), packed into files. The parts are written by `termsParts` once the positions
 * have said which words have positions files of their own; their names are taken in `parts` here,
 * in the order the index lists them.
 */
function termShards(
  termBytes: ReadonlyMap<string, number>,
  layout: IndexLayout,
  parts: Map<string, unknown>,
) {
  // Terms, grouped by their first two characters; a large group is split by one more character.
  const split = splitPrefixes(termBytes, layout.splitGroupBytes);
  const splitTable = new ShardTable(split, []);
  const shards = new Map<string, string[]>();
  for (const term of termBytes.keys()) {
    const key = splitTable.keyOf(term);
    let shard = shards.get(key);
    if (!shard) shards.set(key, (shard = []));
    shard.push(term);
  }
  const keys = [...shards.keys()].sort();
  for (const shard of shards.values()) shard.sort((a, b) => (a < b ? -1 : 1));
  // A shard's bytes as a JSON array of its entries.
  const shardBytes = (key: string): number => {
    const terms = shards.get(key)!;
    return terms.reduce((sum, term) => sum + termBytes.get(term)!, 1 + terms.length);
  };
  const termsFileOf = pack(
    keys.map((key) => [key, shardBytes(key)]),
    layout.termsFileBytes,
    0,
  );
  for (const key of keys) {
    const name = partName.terms(termsFileOf.get(key)!);
    if (!parts.has(name)) parts.set(name, undefined);
  }

  return { split, splitTable, keys, shards, termsFileOf };
}

/**
 * The terms parts, each as its JSON text: a `TermsPart`, shard key to its entries, written from
 * the entries' texts; a word with positions files of its own has them named last in its entry.
 */
function termsParts(
  { keys, shards, termsFileOf }: ReturnType<typeof termShards>,
  encodedTerms: ReadonlyMap<string, string>,
  ownFiles: ReadonlyMap<string, [number, number]>,
  parts: Map<string, unknown>,
): void {
  const keysOf = new Map<string, string[]>();
  for (const key of keys) {
    const name = partName.terms(termsFileOf.get(key)!);
    let inFile = keysOf.get(name);
    if (!inFile) keysOf.set(name, (inFile = []));
    inFile.push(key);
  }
  const entryJson = (term: string): string => {
    const json = encodedTerms.get(term)!;
    const files = ownFiles.get(term);
    return files === undefined ? json : `${json.slice(0, -1)},${JSON.stringify(files)}]`;
  };
  for (const [name, inFile] of keysOf) {
    // The keys in the order JSON.stringify would give an object's: those that read as array
    // indices first, by number, then the rest as they were added.
    const ordered = Object.keys(Object.fromEntries(inFile.map((key) => [key, 0])));
    const members = ordered.map(
      (key) => `${JSON.stringify(key)}:[${shards.get(key)!.map(entryJson).join(',')}]`,
    );
    parts.set(name, new PartText(`{${members.join(',')}}`));
  }
}

/**
 * The legal objects a result's excerpt can quote: their first characters, cut at a word. A match
 * further in is named without a quote; the whole text would cost about 10 MB at 35,000
 * organisations (docs/search.md, "What a result shows").
 */
const QUOTED_OBJECTS_LENGTH = 240;

function quotedObjects(objects: string): string {
  if (objects.length <= QUOTED_OBJECTS_LENGTH) return objects;
  const cut = objects.slice(0, QUOTED_OBJECTS_LENGTH + 1);
  return cut.slice(0, Math.max(cut.search(/\s\S*$/), 0)) || objects.slice(0, QUOTED_OBJECTS_LENGTH);
}

/**
 * The docs parts: what results show, a fixed number of documents per file (a status as its
 * number among the core's status options); and beside each, the start of the legal objects of
 * the same documents, read only for a result matched in them.
 */
function docsParts(
  documents: readonly SearchDocument[],
  { docsPerFile, objectsPerFile }: Pick<IndexLayout, 'docsPerFile' | 'objectsPerFile'>,
  statusOptions: readonly { key: string }[],
  parts: Map<string, unknown>,
): void {
  const statusIndex = new Map(statusOptions.map(({ key }, index) => [key, index]));
  for (let first = 0; first < documents.length; first += docsPerFile) {
    const part: DocsPart = documents
      .slice(first, first + docsPerFile)
      .map(({ display }) => docsEntry(display, (status) => statusIndex.get(statusKey(status))!));
    parts.set(partName.docs(first / docsPerFile), part);
  }
  for (let first = 0; first < documents.length; first += objectsPerFile) {
    const objects: ObjectsPart = documents
      .slice(first, first + objectsPerFile)
      .map(({ fields }) => quotedObjects(fields.objects.join('\n')));
    parts.set(partName.objects(first / objectsPerFile), objects);
  }
}

/** What the words' parts are made of: a document's searchable fields. */
export type WordsDocument = Pick<SearchDocument, 'fields'>;

/** What the words' parts give the rest of the index. */
export interface IndexedWords {
  fieldIds: Record<string, number>;
  averageFieldLength: number[];
  split: Set<string>;
  shardFiles: Map<string, ShardFiles>;
  /** Distinct words in the index. */
  termCount: number;
}

/** The terms and positions parts, into `parts`, from the documents' fields in index order. */
export function indexWords(
  documents: readonly WordsDocument[],
  options: Pick<SearchIndexOptions, 'layout'>,
  parts: Map<string, unknown>,
): IndexedWords {
  const layout = { ...DEFAULT_LAYOUT, ...options.layout };
  const { encodedTerms, termBytes, fieldIds, averageFieldLength } = encodeTerms(documents, layout);
  const shards = termShards(termBytes, layout, parts);
  const { shardFiles, ownFiles } = positionParts(documents, fieldIds, shards, layout, parts);
  termsParts(shards, encodedTerms, ownFiles, parts);
  return { fieldIds, averageFieldLength, split: shards.split, shardFiles, termCount: encodedTerms.size };
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

/** Writes the index files of a built index under `<siteDir>/search/`, replacing any earlier ones. */
export async function writeIndexParts(built: BuiltIndex, siteDir: string): Promise<SearchIndexSummary> {
  const directory = join(siteDir, SEARCH_DIR);
  await rm(directory, { recursive: true, force: true });
  const payloads = [...built.parts].map(([name, part]) => [name, partJson(part)] as const);
  const hash = createHash('sha256');
  for (const [name, payload] of payloads) hash.update(name).update('\0').update(payload).update('\0');
  const build = hash.digest('hex').slice(0, 12);
  const byKind: Record<string, { files: number; bytes: number }> = {};
  const directories = new Set(payloads.map(([name]) => dirname(join(directory, `${name}.js`))));
  for (const folder of directories) mkdirSync(folder, { recursive: true });
  for (const [name, payload] of payloads) {
    const script = partScript(name, build, payload);
    // One at a time and synchronously: nothing else runs meanwhile, so an awaited write would
    // only add a trip through the thread pool per file.
    writeFileSync(join(directory, `${name}.js`), script);
    const kind = name.split('/')[0]!;
    const entry = (byKind[kind] ??= { files: 0, bytes: 0 });
    entry.files += 1;
    entry.bytes += Buffer.byteLength(script);
  }
  const kinds = Object.values(byKind);
  return {
    documents: built.core.documentCount,
    terms: built.termCount,
    shards: ShardTable.decode(built.core).keys.length,
    files: kinds.reduce((sum, { files }) => sum + files, 0),
    bytes: kinds.reduce((sum, { bytes }) => sum + bytes, 0),
    byKind,
    build,
  };
}
