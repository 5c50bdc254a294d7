// The filters beside the results: one select per facet, whose options count the organisations of
// the current results that have each (the register's totals before anything is searched). An
// option no result has stays in its place, shown as 0 and disabled, so the list never jumps.
import { groupDigits } from '../../lib/text.ts';
import type { SearchEngine, SearchFilters, SearchRequest } from './engine.ts';
import { FACET_NAMES, type CorePart, type FacetName } from '../format/parts.ts';
import { isEmptyQuery, parseSearchBoxQuery } from '../format/query.ts';

/**
 * The counts each facet's select shows for a query: over its results, except that a facet with a
 * chosen option counts over the results without that one filter, so that its other options say
 * what choosing them instead would find. `undefined` for a facet the request does not reach.
 */
export async function countsFor(
  engine: SearchEngine,
  request: SearchRequest,
  documents: readonly number[],
): Promise<Record<FacetName, number[]>> {
  const filters: SearchFilters = request.filters ?? {};
  const counts = await engine.facetCounts(documents);
  const noQuery = isEmptyQuery(parseSearchBoxQuery(request.query));
  await Promise.all(
    FACET_NAMES.filter((facet) => filters[facet] !== undefined).map(async (facet) => {
      const others = { ...filters };
      delete others[facet];
      // Without its one filter a search of no words asks for nothing: the register's totals.
      if (noQuery && FACET_NAMES.every((other) => others[other] === undefined)) {
        counts[facet] = (await engine.core()).facets[facet].map(({ count }) => count);
        return;
      }
      const { documents: without } = await engine.search({ ...request, filters: others, limit: 0 });
      counts[facet] = (await engine.facetCounts(without))[facet];
    }),
  );
  return counts;
}

/**
 * Draws each select's options with `counts` (the register's totals when undefined: nothing
 * searched), the chosen ones selected. Each select's options are replaced at once: changing them
 * one by one makes the browser lay the select out again for every option.
 */
export function showFacetCounts(
  selects: ReadonlyMap<FacetName, HTMLSelectElement>,
  core: CorePart,
  filters: SearchFilters,
  counts: Record<FacetName, number[]> | undefined,
): void {
  for (const [facet, select] of selects) {
    const any = select.options[0]!;
    const chosen = filters[facet] ?? '';
    const options = core.facets[facet].map(({ key, label, count: total }, index) => {
      const count = counts ? counts[facet][index]! : total;
      const option = document.createElement('option');
      option.value = key;
      option.textContent = `${label} (${groupDigits(count)})`;
      // A chosen option stays choosable, so that the select still says what narrows the results.
      option.disabled = count === 0 && key !== chosen;
      return option;
    });
    select.replaceChildren(any, ...options);
    select.value = chosen;
    select.disabled = false;
  }
}

/**
 * Before the counts: each chosen option alone, so that a select says at once what narrows the
 * results (a link with `?funder=…` shows its funder as soon as the index has arrived).
 */
export function showChosenFilters(
  selects: ReadonlyMap<FacetName, HTMLSelectElement>,
  core: CorePart,
  filters: SearchFilters,
): void {
  for (const [facet, select] of selects) {
    const key = filters[facet];
    const chosen = core.facets[facet].find((option) => option.key === key);
    if (key === undefined || !chosen) continue;
    const option = document.createElement('option');
    option.value = key;
    option.textContent = chosen.label;
    select.replaceChildren(select.options[0]!, option);
    select.value = key;
  }
}
