// The files of the index, as the builder writes them and the client reads them. Every file is a
// classic script that hands its part to the global INDEX_PART_FUNCTION: scripts load from file://
// where fetch() and modules do not (Chromium gives file:// pages the origin `null`; docs/search.md).
import type { SearchDisplay } from '../format/fields.ts';

/** A filter's possible value: the key it is stored under and the label shown. */
export interface FacetOption {
  key: string;
  label: string;
  /** How many organisations have it. */
  count: number;
}

/** `search/core.js`: everything a query needs before it knows which words it has. */
export interface CorePart {
  format: number;
  documentCount: number;
  /**
   * The first document no longer on the register (`documentCount` when none): the builder numbers
   * them after every document on it, and every order of results keeps them last.
   */
  formerFrom: number;
  /** MiniSearch's field ids, as its serialised index gives them. */
  fieldIds: Record<string, number>;
  averageFieldLength: number[];
  /** The shard table (`ShardTable.encode`): shard keys, their files, and the prefixes that were split. */
  shardKeys: string;
  shardFiles: string;
  splitPrefixes: string;
  /** Documents per docs file (`search/docs/N.js`) and per objects file (`search/objects/N.js`). */
  docsPerFile: number;
  objectsPerFile: number;
  /** Documents per facts file (`search/facts/N.js`). */
  factsPerFile: number;
  facets: {
    county: FacetOption[];
    sector: FacetOption[];
    list: FacetOption[];
    voluntaryCode: FacetOption[];
    funder: FacetOption[];
    status: FacetOption[];
  };
}

/**
 * A MiniSearch index entry: postings by field id encoded by `encodePostings` (the name field's
 * with each document's name length); for a word with many positions, where they are: its own
 * positions files instead of its shard's (null when it has none but has cards); and for a word
 * found in many documents, the cards file of its first results and those documents
 * (`encodeDocuments`).
 */
export type TermsEntry = [
  term: string,
  postings: Record<string, string>,
  positions?: [firstFile: number, files: number] | null,
  cards?: [file: number, documents: string],
];

/** `search/terms/N.js`: shard key to its entries. */
export type TermsPart = Record<string, TermsEntry[]>;

/** `search/positions/N.js`: shard key to term to its occurrences (`encodeOccurrences`). */
export type PositionsPart = Record<string, Record<string, string>>;

/**
 * One result as shown: [href, name, altNames, registeredAddress, county, sectorName, subSectorName,
 * number, status, income, incomeYear, goneSince] (`SearchDocument['display']`), each status as
 * its number among the core's status options.
 */
export type DocsEntry = [
  string,
  string,
  string[],
  string,
  string,
  string,
  string,
  string,
  number[],
  string,
  number,
  string,
];

/** `search/docs/N.js`: `docsPerFile` documents, in document order. */
export type DocsPart = DocsEntry[];

/** `search/cards/N.js`: the docs entries of one word's first results, in document order (card-parts.ts). */
export type CardsPart = DocsEntry[];

/** A document's display as its docs file holds it, `statusOption` numbering its statuses. */
export function docsEntry(display: SearchDisplay, statusOption: (label: string) => number): DocsEntry {
  return [
    display.href,
    display.name,
    display.altNames,
    display.registeredAddress,
    display.county,
    display.sectorName,
    display.subSectorName,
    display.number,
    [...new Set(display.status.map(statusOption))],
    display.income,
    display.incomeYear,
    display.goneSince,
  ];
}

/** The display a docs file holds, `statusLabel` naming each status by its number. */
export function displayOf(entry: DocsEntry, statusLabel: (option: number) => string): SearchDisplay {
  const [
    href,
    name,
    altNames,
    registeredAddress,
    county,
    sectorName,
    subSectorName,
    number,
    statuses,
    income,
    incomeYear,
    goneSince,
  ] = entry;
  const status = statuses.map(statusLabel);
  return {
    href,
    name,
    altNames,
    registeredAddress,
    county,
    sectorName,
    subSectorName,
    number,
    status,
    income,
    incomeYear,
    goneSince,
  };
}

/**
 * `search/facets/county.js` and `search/facets/sector.js`: one value per document, an index into
 * the core's options, `width` characters each (`encodeColumn`).
 */
export interface ColumnPart {
  width: number;
  column: string;
}

/** `search/facets/list.js`, `voluntaryCode.js` and `funder.js`: member documents of each key (`encodePostings` gaps). */
export type MembersPart = Record<string, string>;

/** `search/objects/N.js`: the start of the legal objects of `objectsPerFile` documents, for the excerpt of a match. */
export type ObjectsPart = string[];

/**
 * `search/facts/N.js`: what facet counts and the sort by income read of `factsPerFile` documents,
 * as one stream of numbers (`encodeNumbers`): per document its county and sector option, then for
 * list, voluntary code, funder and status a count and that many option numbers, then its latest
 * income (0 when not given, else 1 + the cents zig-zagged: 2c for c ≥ 0, −2c − 1 below).
 */
export type FactsPart = string;

export type FacetName = keyof CorePart['facets'];

export const FACET_NAMES: readonly FacetName[] = [
  'county',
  'sector',
  'list',
  'voluntaryCode',
  'funder',
  'status',
];

/** The facets an organisation has any number of, in the order a facts file lists them. */
export const MULTI_FACETS = ['list', 'voluntaryCode', 'funder', 'status'] as const;

export const partName = {
  core: (): string => 'core',
  terms: (file: number): string => `terms/${file}`,
  positions: (file: number): string => `positions/${file}`,
  docs: (file: number): string => `docs/${file}`,
  cards: (file: number): string => `cards/${file}`,
  facet: (facet: FacetName): string => `facets/${facet}`,
  objects: (file: number): string => `objects/${file}`,
  facts: (file: number): string => `facts/${file}`,
};

/**
 * A part held as the JSON text its file carries: the words' parts are kept so from the moment
 * they are complete, as their objects took about ten times the room (docs/performance.md,
 * "Memory").
 */
export class PartText {
  readonly json: string;

  constructor(json: string) {
    this.json = json;
  }

  static of(part: unknown): PartText {
    return part instanceof PartText ? part : new PartText(JSON.stringify(part));
  }
}

/** A part's JSON text, whether it is held as its text or as its value. */
export function partJson(part: unknown): string {
  return part instanceof PartText ? part.json : JSON.stringify(part);
}
