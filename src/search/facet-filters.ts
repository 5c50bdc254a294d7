// The filters beside the results: one select per facet, whose options count the organisations of
// the current results that have each (the register's totals before anything is searched). An
// option no result has stays in its place, shown as 0 and disabled, so the list never jumps.
import type { SearchEngine, SearchFilters, SearchRequest } from './engine.ts';
import { FACET_NAMES, type CorePart, type FacetName } from './parts.ts';

const numberFormat = new Intl.NumberFormat('en-IE');

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
  await Promise.all(
    FACET_NAMES.filter((facet) => filters[facet] !== undefined).map(async (facet) => {
      const others = { ...filters };
      delete others[facet];
      const { documents: without } = await engine.search({ ...request, filters: others, limit: 0 });
      counts[facet] = (await engine.facetCounts(without))[facet];
    }),
  );
  return counts;
}

export class FacetFilters {
  readonly #selects: ReadonlyMap<FacetName, HTMLSelectElement>;
  readonly #options = new Map<FacetName, HTMLOptionElement[]>();
  #core: CorePart | undefined;

  constructor(selects: ReadonlyMap<FacetName, HTMLSelectElement>) {
    this.#selects = selects;
  }

  /** The options of every facet the index knows, with the register's totals, the chosen ones selected. */
  fill(core: CorePart, filters: SearchFilters): void {
    this.#core = core;
    for (const [facet, select] of this.#selects) {
      const options = core.facets[facet].map((option) =>
        Object.assign(document.createElement('option'), { value: option.key }),
      );
      this.#options.set(facet, options);
      select.append(...options);
      select.value = filters[facet] ?? '';
      select.disabled = false;
    }
    this.show(undefined);
  }

  /** Counts within the results, or the register's totals when `counts` is undefined (nothing searched). */
  show(counts: Record<FacetName, number[]> | undefined): void {
    const core = this.#core;
    if (!core) return;
    for (const [facet, options] of this.#options) {
      const chosen = this.#selects.get(facet)!.value;
      options.forEach((option, index) => {
        const { label, count: total } = core.facets[facet][index]!;
        const count = counts ? counts[facet][index]! : total;
        option.textContent = `${label} (${numberFormat.format(count)})`;
        // A chosen option stays choosable, so that the select still says what narrows the results.
        option.disabled = count === 0 && option.value !== chosen;
      });
    }
  }
}
