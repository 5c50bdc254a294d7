// Builds the search index at build time, never in the browser: one MiniSearch index over every
// organisation, cut into small classic-script files so that a query loads only what it needs
// (the core, one terms shard per word, positions for phrase words, and the results it shows).
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import MiniSearch, { type AsPlainObject } from 'minisearch';
import {
  columnWidth,
  encodeColumn,
  encodeDocuments,
  encodeOccurrences,
  encodePostings,
  type Occurrence,
} from './codec.ts';
import { countyKey } from '../lib/counties.ts';
import { bundleClient } from './bundle.ts';
import { searchDocument, type Membership, type SearchDocument } from './document.ts';
import type { Organisation } from '../records/organisation.ts';
import { tokenize } from './fold.ts';
import {
  chunkStart,
  INDEX_FORMAT,
  MINISEARCH_OPTIONS,
  REGISTER_FUNCTION,
  SEARCH_DIR,
  SEARCH_FIELDS,
  type IndexedDocument,
} from './options.ts';
import { ShardTable, type ShardFiles } from './shards.ts';
import {
  partName,
  type ColumnPart,
  type CorePart,
  type DocsPart,
  type FacetOption,
  type MembersPart,
  type PositionsPart,
  type TermsEntry,
  type TermsPart,
} from './parts.ts';

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
  /** Results per docs file; a page of results loads at most one file per result. */
  docsPerFile: number;
  /** Indexing runs in one pass per this many documents, each over a share of the words, to bound memory. */
  documentsPerPass: number;
}

export const DEFAULT_LAYOUT: IndexLayout = {
  splitGroupBytes: 24_000,
  termsFileBytes: 16_000,
  positionsFileBytes: 32_000,
  termPositionsBytes: 8_000,
  docsPerFile: 16,
  documentsPerPass: 25_000,
};

/** The labels of the API's group lists (api-spec: registeredCharities, taxEfficientGifts, housingBodies). */
export const DEFAULT_LISTS: readonly { key: string; label: string }[] = [
  { key: 'registeredCharities', label: 'Registered charity' },
  { key: 'taxEfficientGifts', label: 'Qualifies for tax relief on donations' },
  { key: 'housingBodies', label: 'Approved housing body' },
];

export interface SearchIndexOptions {
  /** One per organisation, from `collectDocuments`. */
  documents: SearchDocument[];
  /** The built site; files go to `<siteDir>/search/`. */
  siteDir: string;
  /** Lists in the order the filter shows them, with labels. Default: the API's three lists. */
  lists?: readonly { key: string; label: string }[];
  /** Voluntary codes in the order the filter shows them, with labels. Default: ids as labels. */
  voluntaryCodes?: readonly { key: string; label: string }[];
  /** Groups spellings of a county ("Co. Dublin", "Dublin") under one filter value; default as browse pages do. */
  countyKey?: (county: string) => string;
  layout?: Partial<IndexLayout>;
  /** Bundles and writes the browser client `search.js` as well (default true). */
  writeClient?: boolean;
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

/** Search documents in index order: by name, so that document numbers follow the A–Z order. */
export function sortDocuments(documents: SearchDocument[]): SearchDocument[] {
  return documents.sort(
    (a, b) => collator.compare(a.display.name, b.display.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
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

function byteLength(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

/** Packs named items into files of about `target` bytes, in order; an item larger than that has a file of its own. */
function pack(sizes: readonly [string, number][], target: number, firstFile: number): Map<string, number> {
  const fileOf = new Map<string, number>();
  let file = firstFile - 1;
  let filled = Infinity;
  for (const [name, size] of sizes) {
    if (filled + size > target) {
      file += 1;
      filled = 0;
    }
    fileOf.set(name, file);
    filled += size;
  }
  return fileOf;
}

/** A growable list of small numbers, four bytes each: positions of 30,000 records fit in tens of megabytes. */
class NumberList {
  values = new Uint32Array(8);
  length = 0;

  push(...numbers: number[]): void {
    if (this.length + numbers.length > this.values.length) {
      const grown = new Uint32Array(Math.max(this.values.length * 2, this.length + numbers.length));
      grown.set(this.values);
      this.values = grown;
    }
    for (const number of numbers) this.values[this.length++] = number;
  }
}

/**
 * Word positions per term, as a flat list of (document, field, count, positions...) in document
 * order, with a gap between the values of a field so that no phrase spans two values.
 */
function occurrencesOf(
  documents: readonly SearchDocument[],
  fieldIds: Record<string, number>,
): Map<string, NumberList> {
  const occurrences = new Map<string, NumberList>();
  documents.forEach((document, number) => {
    for (const field of SEARCH_FIELDS) {
      const positions = new Map<string, number[]>();
      let position = 0;
      for (const value of document.fields[field]) {
        for (const term of tokenize(value)) {
          let list = positions.get(term);
          if (!list) positions.set(term, (list = []));
          list.push(position);
          position += 1;
        }
        position += 1;
      }
      for (const [term, list] of positions) {
        let termOccurrences = occurrences.get(term);
        if (!termOccurrences) occurrences.set(term, (termOccurrences = new NumberList()));
        termOccurrences.push(number, fieldIds[field]!, list.length, ...list);
      }
    }
  });
  return occurrences;
}

/** The occurrences of a term in documents `from` (inclusive) to `to` (exclusive). */
function occurrencesIn(list: NumberList, from: number, to: number): Occurrence[] {
  const found: Occurrence[] = [];
  let index = 0;
  while (index < list.length) {
    const document = list.values[index]!;
    const count = list.values[index + 2]!;
    if (document >= from && document < to) {
      found.push({
        document,
        field: list.values[index + 1]!,
        positions: [...list.values.subarray(index + 3, index + 3 + count)],
      });
    }
    index += 3 + count;
  }
  return found;
}

/**
 * The MiniSearch index of every document, serialised, in passes that each keep a share of the
 * words (every pass reads all documents): holding the index and its serialised form for 100,000
 * organisations at once would take gigabytes. Dropping words in `processTerm` leaves the kept
 * words' postings, and the field lengths (counted before `processTerm`), exactly as one pass
 * would make them; the client loads them with the shared options.
 */
function* serialisedIndexes(
  documents: readonly SearchDocument[],
  documentsPerPass: number,
): Generator<AsPlainObject> {
  const passes = Math.max(1, Math.ceil(documents.length / documentsPerPass));
  for (let pass = 0; pass < passes; pass += 1) {
    const inPass = (term: string) => (term.charCodeAt(0) + (term.charCodeAt(1) || 0)) % passes === pass;
    const miniSearch = new MiniSearch<IndexedDocument>({
      ...MINISEARCH_OPTIONS,
      processTerm: (term) => (inPass(term) ? term : null),
    });
    miniSearch.addAll(documents.map((document, n) => ({ n, fields: document.fields })));
    yield miniSearch.toJSON();
  }
}

function facetOptions(
  values: readonly string[][],
  labelOf: (key: string, spellings: Map<string, number>) => string,
  order: readonly { key: string; label: string }[] = [],
  spellingsOf?: (document: number) => [string, string][],
): FacetOption[] {
  const counts = new Map<string, number>(order.map(({ key }) => [key, 0]));
  const spellings = new Map<string, Map<string, number>>();
  values.forEach((keys, document) => {
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    for (const [key, spelling] of spellingsOf?.(document) ?? []) {
      let byKey = spellings.get(key);
      if (!byKey) spellings.set(key, (byKey = new Map()));
      byKey.set(spelling, (byKey.get(spelling) ?? 0) + 1);
    }
  });
  const given = new Map(order.map(({ key, label }) => [key, label]));
  const keys = [...counts.keys()];
  if (order.length === 0) keys.sort((a, b) => (a === '' ? 1 : b === '' ? -1 : collator.compare(a, b)));
  return keys.map((key) => ({
    key,
    label: given.get(key) ?? labelOf(key, spellings.get(key) ?? new Map()),
    count: counts.get(key) ?? 0,
  }));
}

function commonest(spellings: Map<string, number>): string | undefined {
  return [...spellings.entries()].sort((a, b) => b[1] - a[1] || collator.compare(a[0], b[0]))[0]?.[0];
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

/** Builds every part of the index in memory. */
export function buildSearchIndex(
  documents: readonly SearchDocument[],
  options: Pick<SearchIndexOptions, 'lists' | 'voluntaryCodes' | 'countyKey' | 'layout'> = {},
): BuiltIndex {
  const layout = { ...DEFAULT_LAYOUT, ...options.layout };
  const countyKeyOf = options.countyKey ?? countyKey;
  const parts = new Map<string, unknown>();

  const encodedTerms = new Map<string, TermsEntry>();
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
      encodedTerms.set(term, entry);
      termBytes.set(term, byteLength(entry));
    }
  }

  // Terms, grouped by their first two characters; a large group is split by one more character.
  const split = splitPrefixes(termBytes, layout.splitGroupBytes);
  const splitTable = new ShardTable(split, []);
  const shards = new Map<string, TermsEntry[]>();
  for (const [term, entry] of encodedTerms) {
    const key = splitTable.keyOf(term);
    let shard = shards.get(key);
    if (!shard) shards.set(key, (shard = []));
    shard.push(entry);
  }
  const keys = [...shards.keys()].sort();
  for (const shard of shards.values()) shard.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const termsFileOf = pack(
    keys.map((key) => [key, byteLength(shards.get(key))]),
    layout.termsFileBytes,
    0,
  );
  for (const key of keys) {
    const name = partName.terms(termsFileOf.get(key)!);
    const part = (parts.get(name) as TermsPart | undefined) ?? {};
    part[key] = shards.get(key)!;
    parts.set(name, part);
  }

  // Word positions, by the same shards; a large shard is split by ranges of documents.
  const documentCount = documents.length;
  const occurrences = occurrencesOf(documents, fieldIds);
  const positionsOf = new Map<string, Record<string, NumberList>>();
  for (const [term, list] of occurrences) {
    const key = splitTable.keyOf(term);
    let shard = positionsOf.get(key);
    if (!shard) positionsOf.set(key, (shard = {}));
    shard[term] = list;
  }
  // Each term's positions encoded whole. A term with many positions gets files of its own (split
  // by ranges of documents), named in its terms entry, so that a phrase with "community" does not
  // read the positions of every other word that starts "com"; the rest are kept by shard.
  const wholeOf = new Map<string, Record<string, string>>();
  const ownTerms: [key: string, term: string][] = [];
  for (const key of keys) {
    const whole: Record<string, string> = {};
    for (const [term, list] of Object.entries(positionsOf.get(key) ?? {})) {
      const encoded = encodeOccurrences(occurrencesIn(list, 0, Infinity));
      if (encoded.length > layout.termPositionsBytes) ownTerms.push([key, term]);
      else whole[term] = encoded;
    }
    wholeOf.set(key, whole);
  }
  const positionsBytes = new Map(keys.map((key) => [key, byteLength(wholeOf.get(key))]));
  const chunksOf = new Map(
    keys.map((key) => [key, Math.max(1, Math.ceil(positionsBytes.get(key)! / layout.positionsFileBytes))]),
  );
  const packedKeys = keys.filter((key) => chunksOf.get(key) === 1);
  const positionsFileOf = pack(
    packedKeys.map((key) => [key, positionsBytes.get(key)!]),
    layout.positionsFileBytes,
    0,
  );
  let nextPositionsFile = Math.max(-1, ...positionsFileOf.values()) + 1;
  /** Writes positions by ranges of documents into `chunks` consecutive files from `firstFile`. */
  const writeChunks = (key: string, terms: readonly string[], firstFile: number, chunks: number) => {
    for (let chunk = 0; chunk < chunks; chunk += 1) {
      const from = chunkStart(chunk, documentCount, chunks);
      const to = chunkStart(chunk + 1, documentCount, chunks);
      const name = partName.positions(firstFile + chunk);
      const part = (parts.get(name) as PositionsPart | undefined) ?? {};
      const byTerm: Record<string, string> = (part[key] ??= {});
      for (const term of terms) {
        const inRange = occurrencesIn(positionsOf.get(key)![term]!, from, to);
        if (inRange.length > 0) byTerm[term] = encodeOccurrences(inRange);
      }
      parts.set(name, part);
    }
  };
  const shardFiles = new Map<string, ShardFiles>();
  for (const key of keys) {
    const chunks = chunksOf.get(key)!;
    const firstFile = chunks === 1 ? positionsFileOf.get(key)! : nextPositionsFile;
    shardFiles.set(key, [termsFileOf.get(key)!, firstFile, chunks]);
    if (chunks === 1) {
      const name = partName.positions(firstFile);
      const part = (parts.get(name) as PositionsPart | undefined) ?? {};
      part[key] = wholeOf.get(key)!;
      parts.set(name, part);
    } else {
      nextPositionsFile += chunks;
      writeChunks(key, Object.keys(wholeOf.get(key)!), firstFile, chunks);
    }
  }
  const entryOf = new Map([...shards.values()].flat().map((entry) => [entry[0], entry]));
  for (const [key, term] of ownTerms) {
    const bytes = encodeOccurrences(occurrencesIn(positionsOf.get(key)![term]!, 0, Infinity)).length;
    const chunks = Math.max(1, Math.ceil(bytes / layout.positionsFileBytes));
    writeChunks(key, [term], nextPositionsFile, chunks);
    entryOf.get(term)![2] = [nextPositionsFile, chunks];
    nextPositionsFile += chunks;
  }

  // What results show, a fixed number of documents per file.
  for (let first = 0; first < documentCount; first += layout.docsPerFile) {
    const part: DocsPart = documents
      .slice(first, first + layout.docsPerFile)
      .map(({ display }) => [
        display.href,
        display.name,
        display.altNames,
        display.registeredAddress,
        display.county,
        display.sectorName,
        display.subSectorName,
      ]);
    parts.set(partName.docs(first / layout.docsPerFile), part);
  }

  // Filters.
  const countyKeys = documents.map(({ facets }) => [countyKeyOf(facets.county)]);
  const county = facetOptions(
    countyKeys,
    (key, spellings) => (key === '' ? 'Not given' : (commonest(spellings) ?? key)),
    [],
    (document) => [[countyKeys[document]![0]!, documents[document]!.facets.county]],
  );
  const sectorKeys = documents.map(({ facets }) => [facets.sector]);
  const sector = facetOptions(
    sectorKeys,
    (key, spellings) => (key === '' ? 'Not given' : (commonest(spellings) ?? key)),
    [],
    (document) => [
      [sectorKeys[document]![0]!, documents[document]!.facets.sectorName || sectorKeys[document]![0]!],
    ],
  );
  const list = facetOptions(
    documents.map(({ facets }) => facets.lists),
    (key) => key,
    options.lists ?? DEFAULT_LISTS,
  );
  const voluntaryCode = facetOptions(
    documents.map(({ facets }) => facets.voluntaryCodes),
    (key) => key,
    options.voluntaryCodes ?? [],
  );
  // Funders by the name most records use, A–Z; keyed as the funder pages group them.
  const funder = facetOptions(
    documents.map(({ facets }) => facets.funders.map(({ key }) => key)),
    (key, spellings) => commonest(spellings) ?? key,
    [],
    (document) => documents[document]!.facets.funders.map(({ key, name }) => [key, name]),
  );
  for (const [facet, facetKeys, facetOptionList] of [
    ['county', countyKeys, county],
    ['sector', sectorKeys, sector],
  ] as const) {
    const indexOf = new Map(facetOptionList.map(({ key }, index) => [key, index]));
    const width = columnWidth(Math.max(0, facetOptionList.length - 1));
    const part: ColumnPart = {
      width,
      column: encodeColumn(
        facetKeys.map(([key]) => indexOf.get(key!)!),
        width,
      ),
    };
    parts.set(partName.facet(facet), part);
  }
  for (const [facet, membersOf] of [
    ['list', (document: SearchDocument) => document.facets.lists],
    ['voluntaryCode', (document: SearchDocument) => document.facets.voluntaryCodes],
    ['funder', (document: SearchDocument) => document.facets.funders.map(({ key }) => key)],
  ] as const) {
    const members = new Map<string, number[]>();
    documents.forEach((document, number) => {
      for (const key of membersOf(document)) {
        let list = members.get(key);
        if (!list) members.set(key, (list = []));
        list.push(number);
      }
    });
    const part: MembersPart = Object.fromEntries(
      [...members].map(([key, list]) => [key, encodeDocuments(list)]),
    );
    parts.set(partName.facet(facet), part);
  }

  const core: CorePart = {
    format: INDEX_FORMAT,
    documentCount,
    fieldIds,
    averageFieldLength,
    ...new ShardTable(split, shardFiles).encode(),
    docsPerFile: layout.docsPerFile,
    facets: { county, sector, list, voluntaryCode, funder },
  };
  parts.set(partName.core(), core);
  return { core, parts, documents: [...documents], termCount: encodedTerms.size };
}

/** The text of one index file: a classic script that registers its part. */
function partScript(name: string, build: string, payload: string): string {
  // JSON.parse of a string literal parses faster than the same object written as a literal. In
  // single quotes, JSON's own double quotes need no escaping; escaping everything beyond ASCII
  // makes the file immune to whatever charset a host declares.
  const literal = payload
    .replace(/[\\']/g, (character) => `\\${character}`)
    .replace(
      /[\u007f-\uffff]/g,
      (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  return `${REGISTER_FUNCTION}(${JSON.stringify(name)},${JSON.stringify(build)},JSON.parse('${literal}'));\n`;
}

/** Writes the index files of a built index under `<siteDir>/search/`, replacing any earlier ones. */
export async function writeIndexParts(built: BuiltIndex, siteDir: string): Promise<SearchIndexSummary> {
  const directory = join(siteDir, SEARCH_DIR);
  await rm(directory, { recursive: true, force: true });
  const payloads = [...built.parts].map(([name, part]) => [name, JSON.stringify(part)] as const);
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

/**
 * The pipeline's step: builds the index of the organisations' documents and writes it with the browser
 * client under `<siteDir>/search/`.
 */
export async function writeSearchIndex(options: SearchIndexOptions): Promise<SearchIndexSummary> {
  // esbuild bundles the client in its own process while this one builds the index.
  const client = options.writeClient === false ? undefined : bundleClient();
  client?.catch(() => undefined);
  const built = buildSearchIndex(sortDocuments(options.documents), options);
  const summary = await writeIndexParts(built, options.siteDir);
  if (client) {
    const script = await client;
    writeFileSync(join(options.siteDir, SEARCH_DIR, 'search.js'), script);
    const bytes = script.byteLength;
    summary.byKind['client'] = { files: 1, bytes };
    summary.files += 1;
    summary.bytes += bytes;
  }
  return summary;
}
