// The engine's filters: which documents a choice of facet options keeps, and how many of a result
// set have each option, counted from its facts files or from the filter parts, whichever costs less.
import { columnValue, decodeDocuments } from '../format/codec.ts';
import {
  FACET_NAMES,
  MULTI_FACETS,
  partName,
  type ColumnPart,
  type CorePart,
  type FacetName,
  type MembersPart,
} from '../format/parts.ts';
import type { IndexParts } from './index-parts.ts';

/**
 * A result set in at most this many facts files (some 2 kB each at 128 organisations a file) has
 * its filters counted from them; beyond, from the six filter parts (some 240 kB at 35,000
 * organisations), which then cost less than the facts files and stay loaded for the next query.
 */
export const FACTS_FILES_FOR_COUNTS = 32;

/** Whether a document is kept; none when nothing is filtered. */
export type Acceptance = ((document: number) => boolean) | undefined;

/** Which documents the chosen option of each facet keeps (a county, a sector, a list or a voluntary code key). */
export async function acceptance(
  parts: IndexParts,
  filters: Partial<Record<FacetName, string>>,
): Promise<Acceptance> {
  const core = await parts.core();
  const tests: ((document: number) => boolean)[] = [];
  for (const facet of FACET_NAMES) {
    const key = filters[facet];
    if (key === undefined) continue;
    const part = await parts.part<ColumnPart | MembersPart>(partName.facet(facet));
    if (facet === 'county' || facet === 'sector') {
      const { column, width } = part as ColumnPart;
      const value = core.facets[facet].findIndex((option) => option.key === key);
      tests.push((document) => columnValue(column, width, document) === value);
    } else {
      const encoded = (part as MembersPart)[key];
      const members = new Set(encoded ? decodeDocuments(encoded) : []);
      tests.push((document) => members.has(document));
    }
  }
  return tests.length === 0 ? undefined : (document) => tests.every((test) => test(document));
}

/**
 * How many of `documents` have each option of each facet, in the order of the core's options:
 * counted over every document given, not only a page of them. A result set in a few facts files
 * is counted from them; one spread wider, from the six filter parts (which a filter loads
 * anyway), rather than from the facts files, of which it would need nearly every one.
 */
export async function facetCounts(
  parts: IndexParts,
  documents: readonly number[],
): Promise<Record<FacetName, number[]>> {
  const core = await parts.core();
  const factsFiles = new Set(documents.map((document) => Math.floor(document / core.factsPerFile)));
  return factsFiles.size <= FACTS_FILES_FOR_COUNTS
    ? countsFromFacts(parts, core, documents)
    : countsFromFilters(parts, core, documents);
}

async function countsFromFacts(
  parts: IndexParts,
  core: CorePart,
  documents: readonly number[],
): Promise<Record<FacetName, number[]>> {
  const facts = await parts.facts(documents);
  const counts = Object.fromEntries(
    FACET_NAMES.map((facet) => [facet, new Array<number>(core.facets[facet].length).fill(0)]),
  ) as Record<FacetName, number[]>;
  for (const document of documents) {
    const of = facts.get(document);
    if (!of) continue;
    counts.county[of.county]! += 1;
    counts.sector[of.sector]! += 1;
    for (const facet of MULTI_FACETS) for (const option of of[facet]) counts[facet][option]! += 1;
  }
  return counts;
}

async function countsFromFilters(
  parts: IndexParts,
  core: CorePart,
  documents: readonly number[],
): Promise<Record<FacetName, number[]>> {
  const filterParts = await Promise.all(
    FACET_NAMES.map((facet) => parts.part<ColumnPart | MembersPart>(partName.facet(facet))),
  );
  const given = new Uint8Array(core.documentCount);
  for (const document of documents) given[document] = 1;
  const counts = {} as Record<FacetName, number[]>;
  FACET_NAMES.forEach((facet, at) => {
    const options = core.facets[facet];
    const optionCounts = new Array<number>(options.length).fill(0);
    if (facet === 'county' || facet === 'sector') {
      const { column, width } = filterParts[at] as ColumnPart;
      for (const document of documents) optionCounts[columnValue(column, width, document)]! += 1;
    } else {
      options.forEach(({ key }, option) => {
        const encoded = (filterParts[at] as MembersPart)[key];
        for (const document of encoded ? decodeDocuments(encoded) : [])
          optionCounts[option]! += given[document]!;
      });
    }
    counts[facet] = optionCounts;
  });
  return counts;
}
