// The results as the page draws them: the count, a card per result of the page shown, and the
// pager's links to the pages before and after.
import { element } from '../../lib/elements.ts';
import { countOf, groupDigits } from '../../lib/text.ts';
import { DEFAULT_LIMIT, type SearchHit } from './engine.ts';
import { parseSearchBoxQuery } from '../format/query.ts';
import { resultCard } from './result-card.ts';
import type { SearchElements } from './search-elements.ts';
import { addressOf, type SearchState } from './search-state.ts';
import { safeHref } from './service.ts';

/** Links to the previous and next pages of results, around "Page n of m". */
function drawPager(pager: HTMLElement, state: SearchState, pages: number): void {
  pager.replaceChildren();
  if (pages <= 1) return;
  const link = (label: string, page: number, rel: string) => {
    pager.append(
      element('a', label, { href: addressOf({ ...state, page }), rel, 'data-page': String(page) }),
    );
  };
  if (state.page > 1) link('Previous page', state.page - 1, 'prev');
  pager.append(element('span', ` Page ${groupDigits(state.page)} of ${groupDigits(pages)} `));
  if (state.page < pages) link('Next page', state.page + 1, 'next');
}

/** Draws a page of results from `offset` of `total`; the summary is hidden when nothing is searched. */
export function drawResults(
  page: SearchElements,
  state: SearchState,
  {
    hits,
    total,
    offset,
    searching,
    objects,
  }: {
    hits: SearchHit[];
    total: number;
    offset: number;
    searching: boolean;
    objects: ReadonlyMap<number, string>;
  },
): void {
  const { summary, count, results, pager, root } = page;
  if (summary) summary.hidden = !searching;
  count.dataset['resultCount'] = String(total);
  count.textContent = countOf(total, 'organisation');
  const query = parseSearchBoxQuery(state.query);
  results.replaceChildren(
    ...hits.map((hit) => resultCard(hit, safeHref(root, hit.href), query, objects.get(hit.document) ?? '')),
  );
  results.setAttribute('start', String(offset + 1));
  const pages = Math.max(1, Math.ceil(total / DEFAULT_LIMIT));
  drawPager(pager, state, pages);
}
