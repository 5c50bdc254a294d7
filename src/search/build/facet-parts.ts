// The filters' parts of the search index: county and sector as a column of option numbers, one
// per document; lists, voluntary codes and funders as the documents of each.
import { columnWidth, encodeColumn, encodeDocuments } from '../format/codec.ts';
import { countyKey } from '../../lib/counties.ts';
import { slugify } from '../../lib/slugs.ts';
import { LISTS } from '../../records/register.ts';
import type { SearchDocument } from './document.ts';
import { encodeFacts } from '../format/facts.ts';
import {
  MULTI_FACETS,
  partName,
  type ColumnPart,
  type CorePart,
  type FacetOption,
  type MembersPart,
} from '../format/parts.ts';

/** The API's group lists, each by the one name the site calls it. */
const DEFAULT_LISTS: readonly { key: string; label: string }[] = LISTS.map(({ key, title }) => ({
  key,
  label: title,
}));

export interface FacetLabels {
  /** Lists in the order the filter shows them, with labels. Default: the API's three lists. */
  lists?: readonly { key: string; label: string }[];
  /** Voluntary codes in the order the filter shows them, with labels. Default: ids as labels. */
  voluntaryCodes?: readonly { key: string; label: string }[];
  /** Groups spellings of a county ("Co. Dublin", "Dublin") under one filter value; default as browse pages do. */
  countyKey?: (county: string) => string;
}

const collator = new Intl.Collator('en-IE', { sensitivity: 'base', numeric: true });

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

/**
 * A status label as the filter and the address name it: a slug, so that a label from the data
 * never becomes an attribute's value as written.
 */
export function statusKey(label: string): string {
  return slugify(label);
}

/** The keys of each document under each facet, as the filters group them. */
function facetKeys(documents: readonly SearchDocument[], countyKeyOf: (county: string) => string) {
  return {
    county: documents.map(({ facets }) => [countyKeyOf(facets.county)]),
    sector: documents.map(({ facets }) => [facets.sector]),
    list: documents.map(({ facets }) => facets.lists),
    voluntaryCode: documents.map(({ facets }) => facets.voluntaryCodes),
    funder: documents.map(({ facets }) => facets.funders.map(({ key }) => key)),
    status: documents.map(({ facets }) => [...new Set(facets.status.map(statusKey))]),
  };
}

/** Writes the facts parts: each document's option numbers and income, `factsPerFile` documents a file. */
function factsParts(
  documents: readonly SearchDocument[],
  keys: ReturnType<typeof facetKeys>,
  facets: CorePart['facets'],
  factsPerFile: number,
  parts: Map<string, unknown>,
): void {
  const indexOf = Object.fromEntries(
    Object.entries(facets).map(([facet, options]) => [
      facet,
      new Map(options.map(({ key }, index) => [key, index])),
    ]),
  ) as Record<keyof CorePart['facets'], Map<string, number>>;
  const numbers = (facet: keyof CorePart['facets'], document: number) =>
    keys[facet][document]!.map((key) => indexOf[facet].get(key)!);
  for (let first = 0; first < documents.length; first += factsPerFile) {
    const facts = documents.slice(first, first + factsPerFile).map((document, offset) => {
      const number = first + offset;
      return {
        county: numbers('county', number)[0]!,
        sector: numbers('sector', number)[0]!,
        ...(Object.fromEntries(MULTI_FACETS.map((facet) => [facet, numbers(facet, number)])) as Record<
          (typeof MULTI_FACETS)[number],
          number[]
        >),
        incomeCents: document.facets.incomeCents,
      };
    });
    parts.set(partName.facts(first / factsPerFile), encodeFacts(facts));
  }
}

/** Writes the filters' parts and the facts parts into `parts` and returns the filters' options, for the core. */
export function facetParts(
  documents: readonly SearchDocument[],
  options: FacetLabels,
  parts: Map<string, unknown>,
  factsPerFile: number,
): CorePart['facets'] {
  const facets = filterParts(documents, options, parts);
  factsParts(documents, facetKeys(documents, options.countyKey ?? countyKey), facets, factsPerFile, parts);
  return facets;
}

function filterParts(
  documents: readonly SearchDocument[],
  options: FacetLabels,
  parts: Map<string, unknown>,
): CorePart['facets'] {
  const countyKeyOf = options.countyKey ?? countyKey;
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
  const status = facetOptions(
    documents.map(({ facets }) => [...new Set(facets.status.map(statusKey))]),
    (key, spellings) => commonest(spellings) ?? key,
    [],
    (document) => documents[document]!.facets.status.map((label) => [statusKey(label), label]),
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
    ['status', (document: SearchDocument) => [...new Set(document.facets.status.map(statusKey))]],
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

  return { county, sector, list, voluntaryCode, funder, status };
}
