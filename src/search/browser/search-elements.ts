// The parts of a search form and its results that the page's script reads and fills, found by
// their data attributes.
import type { FacetName } from '../format/parts.ts';
import { FACET_NAMES } from '../format/parts.ts';

/** The parts of one search form and its results that the script reads and fills. */
export interface SearchElements {
  container: HTMLElement;
  form: HTMLFormElement;
  input: HTMLInputElement;
  status: HTMLElement;
  count: HTMLElement;
  results: HTMLElement;
  pager: HTMLElement;
  summary: HTMLElement | null;
  selects: Map<FacetName, HTMLSelectElement>;
  sort: HTMLSelectElement | null;
  download: HTMLButtonElement | null;
  /** The site's root relative to this page, for the links of the results. */
  root: string;
  /** The site's public address (ORGDIR_SITE_URL), when the build knew it: the download names pages under it. */
  siteUrl: string | undefined;
}

/** The form's parts; none when the page lacks one the search cannot do without. */
export function searchElements(container: HTMLElement): SearchElements | undefined {
  const form = container.querySelector('form');
  const input = container.querySelector<HTMLInputElement>('input[type="search"]');
  const status = container.querySelector<HTMLElement>('[data-search-status]');
  const count = container.querySelector<HTMLElement>('[data-result-count]');
  const results = container.querySelector<HTMLElement>('[data-search-results]');
  const pager = container.querySelector<HTMLElement>('[data-search-pager]');
  if (!form || !input || !status || !count || !results || !pager) return undefined;
  const selects = new Map<FacetName, HTMLSelectElement>();
  for (const facet of FACET_NAMES) {
    const select = container.querySelector<HTMLSelectElement>(`select[data-search-filter="${facet}"]`);
    if (select) selects.set(facet, select);
  }
  return {
    container,
    form,
    input,
    status,
    count,
    results,
    pager,
    summary: container.querySelector<HTMLElement>('[data-search-summary]'),
    selects,
    sort: container.querySelector<HTMLSelectElement>('select[data-search-sort]'),
    download: container.querySelector<HTMLButtonElement>('button[data-search-download]'),
    root: container.dataset['searchRoot'] ?? './',
    siteUrl: container.dataset['siteUrl'] || undefined,
  };
}
