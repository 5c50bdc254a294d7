// What the reader does on a search form, each as the search it asks for: typing and Enter change
// the query, a filter or the order its own, a link of the pager the page of results.
import { SORT_ORDERS } from './engine.ts';
import type { SearchElements } from './search-elements.ts';
import type { SearchState } from './search-state.ts';

/** The search box's side of the form's events. */
export interface FormActions {
  /** The search as it stands. */
  state(): SearchState;
  /** A new search from the reader's action; `typing` when it came from typing. */
  change(state: SearchState, typing: boolean): void;
  /** A page of results was asked for from the pager: its count takes the focus once drawn. */
  pageAsked(): void;
  download(): void;
}

/** Typing, Enter, a filter, the order and a page of results each run the search again. */
export function listenToForm(page: SearchElements, actions: FormActions): void {
  const { input, form, selects, pager, count } = page;
  input.addEventListener('input', () => {
    actions.change({ ...actions.state(), query: input.value, page: 1 }, true);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    actions.change({ ...actions.state(), query: input.value, page: 1 }, false);
  });
  for (const [facet, select] of selects) {
    select.addEventListener('change', () => {
      const filters = { ...actions.state().filters };
      if (select.value === '') delete filters[facet];
      else filters[facet] = select.value;
      actions.change({ ...actions.state(), filters, page: 1 }, false);
    });
  }
  const { sort, download } = page;
  sort?.addEventListener('change', () => {
    const order = SORT_ORDERS.find((candidate) => candidate === sort.value) ?? 'relevance';
    actions.change({ ...actions.state(), sort: order, page: 1 }, false);
  });
  download?.addEventListener('click', () => actions.download());
  pager.addEventListener('click', (event) => {
    const target = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-page]');
    if (!target) return;
    event.preventDefault();
    // The focus goes to the new page's count as soon as its results are drawn, not once the
    // filters are counted after them.
    actions.pageAsked();
    actions.change({ ...actions.state(), page: Number(target.dataset['page']) }, false);
  });
  count.tabIndex = -1;
}
