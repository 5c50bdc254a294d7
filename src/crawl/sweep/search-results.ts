// What the sweep reads of a search result: its texts, for the planner to learn its words, and its
// place in the register's classification, for the facet queries.
import { isGuid } from '../../lib/data-layout.ts';
import { isPlainObject } from '../../lib/objects.ts';
import { stringsOf, textOf } from '../../lib/text.ts';
import type { FoundOrganisation } from './terms.ts';

/** Results read of one answer; the rest are counted, not read (a service caps its answers far lower). */
export const MAX_RESULTS_READ = 5_000;
/** Alternative names read of one result. */
const MAX_ALT_NAMES = 20;

/** The planner's view of one search result: its texts and its place in the classification. */
export function foundOrganisation(result: unknown): FoundOrganisation | undefined {
  if (!isPlainObject(result) || !isGuid(result['id'])) return undefined;
  const altNames = Array.isArray(result['altNames']) ? result['altNames'].slice(0, MAX_ALT_NAMES) : [];
  const texts = [
    textOf(result['name']),
    ...stringsOf(altNames),
    textOf(result['registeredAddress']),
    textOf(result['county']),
    textOf(result['sectorName']),
    textOf(result['subSectorName']),
    textOf(result['secondarySubsectorName']),
  ].filter((text): text is string => text !== undefined && text !== '');
  return { id: result['id'], texts, facets: facetsOf(result) };
}

/**
 * The classification queries of a record or search result: its county with its sub-sector as a
 * phrase. Quotes inside a name would end the phrase early, so a name with one gives no facet.
 */
function facetsOf(record: Record<string, unknown>): string[] {
  const county = textOf(record['county'])?.trim();
  const subSector = textOf(record['subSectorName'])?.trim();
  if (county === undefined || subSector === undefined || county === '' || subSector === '') return [];
  if (/["“”]/.test(county + subSector)) return [];
  return [`${county} "${subSector}"`];
}

/** The planner's view of each search result that has an id. */
export function foundOrganisations(results: readonly unknown[]): FoundOrganisation[] {
  return results.map(foundOrganisation).filter((found) => found !== undefined);
}
