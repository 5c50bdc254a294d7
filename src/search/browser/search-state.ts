// What a search is (its words, filters, order and page of results) and its address: read from the
// address when the page opens, written back to it as the reader changes it.
import { SEARCH_FILTER_PARAMS } from '../../lib/routes.ts';
import { SORT_ORDERS, type SearchFilters, type SortOrder } from './engine.ts';
import { FACET_NAMES, type CorePart, type FacetName } from '../format/parts.ts';

/** Address parameters: `?q=` and one per filter, plus the order and the page of results. */
const FILTER_PARAMS: Readonly<Record<FacetName, string>> = SEARCH_FILTER_PARAMS;

export interface SearchState {
  query: string;
  filters: SearchFilters;
  sort: SortOrder;
  page: number;
}

export function stateFromAddress(): SearchState {
  const params = new URLSearchParams(window.location.search);
  const filters: SearchFilters = {};
  for (const facet of FACET_NAMES) {
    const value = params.get(FILTER_PARAMS[facet]);
    if (value) filters[facet] = value;
  }
  const page = Number(params.get('page'));
  const sort = SORT_ORDERS.find((order) => order === params.get('sort')) ?? 'relevance';
  return {
    query: params.get('q') ?? '',
    filters,
    sort,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function addressOf(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.query !== '') params.set('q', state.query);
  for (const facet of FACET_NAMES) {
    const value = state.filters[facet];
    if (value !== undefined) params.set(FILTER_PARAMS[facet], value);
  }
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  const search = params.toString();
  return `${window.location.pathname}${search === '' ? '' : `?${search}`}`;
}

/** A filter from an old address that this index does not know is dropped, not kept silently. */
export function dropUnknownFilters(filters: SearchState['filters'], core: CorePart): void {
  for (const facet of FACET_NAMES) {
    const key = filters[facet];
    if (key !== undefined && !core.facets[facet].some((option) => option.key === key && option.count > 0)) {
      delete filters[facet];
    }
  }
}
