// Builds the search index at build time, never in the browser: one MiniSearch index over every
// organisation, cut into small classic-script files so that a query loads only what it needs
// (the core, one terms shard per word, positions for phrase words, and the results it shows).
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import MiniSearch from 'minisearch';
import {
  columnWidth,
  encodeColumn,
  encodeDocuments,
  encodeOccurrences,
  encodePostings,
  type Occurrence,
} from './codec.ts';
import { searchDocument, type Membership, type SearchDocument } from './document.ts';
import { tokenize, foldText } from './fold.ts';
import {
  chunkStart,
  INDEX_FORMAT,
  MINISEARCH_OPTIONS,
  REGISTER_FUNCTION,
  SEARCH_DIR,
  SEARCH_FIELDS,
  shardKey,
  type IndexedDocument,
} from './options.ts';
import {
  partName,
  type ColumnPart,
  type CorePart,
  type DocsPart,
  type FacetOption,
  type MembersPart,
  type PositionsPart,
  type ShardFiles,
  type TermsPart,
} from './parts.ts';

/** Sizes that decide how the index is cut; the defaults suit 1,000 to 100,000 organisations. */
export interface IndexLayout {
  /** A two-character group of words larger than this (bytes) is split into three-character shards. */
  splitGroupBytes: number;
  /** Small shards are packed together into terms files of about this size. */
  termsFileBytes: number;
  /** A shard's word positions larger than this are split by ranges of documents. */
  positionsFileBytes: number;
  /** Results per docs file; a page of results loads at most one file per result. */
  docsPerFile: number;
}

export const DEFAULT_LAYOUT: IndexLayout = {
  splitGroupBytes: 24_000,
  termsFileBytes: 16_000,
  positionsFileBytes: 32_000,
  docsPerFile: 16,
};

/** The labels of the API's group lists (api-spec: registeredCharities, taxEfficientGifts, housingBodies). */
export const DEFAULT_LISTS: readonly { key: string; label: string }[] = [
  { key: 'registeredCharities', label: 'Registered charity' },
  { key: 'taxEfficientGifts', label: 'Qualifies for tax relief on donations' },
  { key: 'housingBodies', label: 'Approved housing body' },
];

export interface SearchIndexOptions {
  /** Stored records, read one at a time; anything without a string id is skipped. */
  organisations: Iterable<unknown> | AsyncIterable<unknown>;
  /** The lists and voluntary codes an organisation (by id) is a member of. */
  membership: (id: string) => Membership;
  /** The built site; files go to `<siteDir>/search/`. */
  siteDir: string;
  /** Link to an organisation's page from the site's root. Default `org/<id>.html`. */
  organisationHref?: (id: string) => string;
  /** Lists in the order the filter shows them, with labels. Default: the API's three lists. */
  lists?: readonly { key: string; label: string }[];
  /** Voluntary codes in the order the filter shows them, with labels. Default: ids as labels. */
  voluntaryCodes?: readonly { key: string; label: string }[];
  /** Groups spellings of a county ("Co. Dublin", "Dublin") under one filter value. */
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

/** "Co. Dublin", "County Dublin", "DUBLIN" and "Dublin 8" all group as "dublin". */
export function defaultCountyKey(county: string): string {
  return foldText(county)
    .replace(/^\s*(co\.?|county)\s+/, '')
    .replace(/\s+\d+[a-z]?\s*$/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Reads records into search documents, sorted by name: document numbers follow the A–Z order. */
export async function collectDocuments(
  organisations: Iterable<unknown> | AsyncIterable<unknown>,
  membership: (id: string) => Membership,
  organisationHref: (id: string) => string = (id) => `org/${id}.html`,
): Promise<SearchDocument[]> {
  const documents: SearchDocument[] = [];
  const seen = new Set<string>();
  for await (const record of organisations) {
    const id = (record as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' || id.trim() === '' || seen.has(id.toLowerCase())) continue;
    seen.add(id.toLowerCase());
    documents.push(searchDocument(record, membership(id), organisationHref(id)));
  }
  return documents.sort(
    (a, b) => collator.compare(a.display.name, b.display.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
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

/** Word positions per term, with a gap between the values of a field so that no phrase spans two. */
function occurrencesOf(
  documents: readonly SearchDocument[],
  fieldIds: Record<string, number>,
): Map<string, Occurrence[]> {
  const occurrences = new Map<string, Occurrence[]>();
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
        if (!termOccurrences) occurrences.set(term, (termOccurrences = []));
        termOccurrences.push({ document: number, field: fieldIds[field]!, positions: list });
      }
    }
  });
  return occurrences;
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

/** Builds every part of the index in memory. */
export function buildSearchIndex(
  documents: readonly SearchDocument[],
  options: Pick<SearchIndexOptions, 'lists' | 'voluntaryCodes' | 'countyKey' | 'layout'> = {},
): BuiltIndex {
  const layout = { ...DEFAULT_LAYOUT, ...options.layout };
  const countyKey = options.countyKey ?? defaultCountyKey;
  const parts = new Map<string, unknown>();

  const miniSearch = new MiniSearch<IndexedDocument>(MINISEARCH_OPTIONS);
  miniSearch.addAll(documents.map((document, n) => ({ n, fields: document.fields })));
  const serialised = miniSearch.toJSON();
  const fieldIds = serialised.fieldIds;

  // Terms, grouped by their first two characters; a large group is split one character further.
  const encodedTerms = new Map<string, [string, Record<string, string>]>();
  for (const [term, byField] of serialised.index) {
    const postings: Record<string, string> = {};
    for (const [fieldId, documentFrequencies] of Object.entries(byField)) {
      postings[fieldId] = encodePostings(
        Object.entries(documentFrequencies).map(([n, frequency]) => [Number(n), frequency]),
      );
    }
    encodedTerms.set(term, [term, postings]);
  }
  const groupBytes = new Map<string, number>();
  for (const [term, entry] of encodedTerms) {
    const group = term.slice(0, 2);
    groupBytes.set(group, (groupBytes.get(group) ?? 0) + byteLength(entry));
  }
  const splitGroups = new Set(
    [...groupBytes].filter(([, bytes]) => bytes > layout.splitGroupBytes).map(([group]) => group),
  );
  const shards = new Map<string, [string, Record<string, string>][]>();
  for (const [term, entry] of encodedTerms) {
    const key = shardKey(term, splitGroups);
    let shard = shards.get(key);
    if (!shard) shards.set(key, (shard = []));
    shard.push(entry);
  }
  const keys = [...shards.keys()].sort();
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
  const positionsOf = new Map<string, Record<string, Occurrence[]>>();
  for (const [term, list] of occurrences) {
    const key = shardKey(term, splitGroups);
    let shard = positionsOf.get(key);
    if (!shard) positionsOf.set(key, (shard = {}));
    shard[term] = list;
  }
  const positionsBytes = new Map(
    keys.map((key) => [
      key,
      Object.entries(positionsOf.get(key) ?? {}).reduce(
        (sum, [term, list]) => sum + term.length + encodeOccurrences(list).length + 6,
        0,
      ),
    ]),
  );
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
  const shardFiles: Record<string, ShardFiles> = {};
  for (const key of keys) {
    const chunks = chunksOf.get(key)!;
    const firstFile = chunks === 1 ? positionsFileOf.get(key)! : nextPositionsFile;
    if (chunks > 1) nextPositionsFile += chunks;
    shardFiles[key] = [termsFileOf.get(key)!, firstFile, chunks];
    for (let chunk = 0; chunk < chunks; chunk += 1) {
      const from = chunkStart(chunk, documentCount, chunks);
      const to = chunkStart(chunk + 1, documentCount, chunks);
      const name = partName.positions(firstFile + chunk);
      const part = (parts.get(name) as PositionsPart | undefined) ?? {};
      const byTerm: Record<string, string> = {};
      for (const [term, list] of Object.entries(positionsOf.get(key) ?? {})) {
        const inRange =
          chunks === 1 ? list : list.filter(({ document }) => document >= from && document < to);
        if (inRange.length > 0) byTerm[term] = encodeOccurrences(inRange);
      }
      part[key] = byTerm;
      parts.set(name, part);
    }
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
  const countyKeys = documents.map(({ facets }) => [countyKey(facets.county)]);
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

  const nameField = fieldIds['name']!;
  const core: CorePart = {
    format: INDEX_FORMAT,
    documentCount,
    fieldIds,
    averageFieldLength: serialised.averageFieldLength,
    nameLengths: encodeColumn(
      documents.map((_, n) => Math.min(63, serialised.fieldLength[n]?.[nameField] ?? 0)),
      1,
    ),
    splitGroups: [...splitGroups].sort(),
    shards: shardFiles,
    docsPerFile: layout.docsPerFile,
    facets: { county, sector, list, voluntaryCode },
  };
  parts.set(partName.core(), core);
  return { core, parts, documents: [...documents], termCount: encodedTerms.size };
}

/** The text of one index file: a classic script that registers its part. */
export function partScript(name: string, build: string, payload: string): string {
  // JSON.parse of a string literal parses faster than the same object written as a literal, and
  // escaping everything beyond ASCII makes the file immune to the charset a host declares.
  const literal = JSON.stringify(payload).replace(
    /[\u007f-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `${REGISTER_FUNCTION}(${JSON.stringify(name)},${JSON.stringify(build)},JSON.parse(${literal}));\n`;
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
  for (const folder of directories) await mkdir(folder, { recursive: true });
  for (const [name, payload] of payloads) {
    const script = partScript(name, build, payload);
    await writeFile(join(directory, `${name}.js`), script);
    const kind = name.split('/')[0]!;
    const entry = (byKind[kind] ??= { files: 0, bytes: 0 });
    entry.files += 1;
    entry.bytes += Buffer.byteLength(script);
  }
  const kinds = Object.values(byKind);
  return {
    documents: built.core.documentCount,
    terms: built.termCount,
    shards: Object.keys(built.core.shards).length,
    files: kinds.reduce((sum, { files }) => sum + files, 0),
    bytes: kinds.reduce((sum, { bytes }) => sum + bytes, 0),
    byKind,
    build,
  };
}
