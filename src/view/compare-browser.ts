// compare/compare.js in the browser, one classic script (module scripts and fetch() fail from
// file://). On an organisation page, a ranked list or the search results it offers each
// organisation to a comparison (kept in localStorage, which Chromium shares between file:// pages
// too) with a bar that opens it; on compare.html it loads the chosen organisations' shards (classic
// scripts beside it) and sets them side by side. Built with DOM methods and textContent only.
import { element, saveFile } from '../lib/elements.ts';
import { COMPARE, organisationFileStem, SEARCH } from '../lib/routes.ts';
import { publicAddress } from '../lib/urls.ts';
import {
  COMPARE_DATA_FUNCTION,
  COMPARE_MAX,
  COMPARE_MIN,
  compareCsv,
  compareIds,
  compareQuery,
  compareRows,
  compareShard,
  compareShardPath,
  unpackShard,
  type CompareRecord,
  type PackedShard,
} from './compare.ts';

const STORE_KEY = 'orgdir-compare';

/** The sections whose rows are names (a funder, a director, a code) rather than fields. */
const NAMED = new Set(['Funders', 'Directors', 'Voluntary codes']);

/** The organisations chosen, as page names; kept only for this page when storage is refused. */
let chosenHere: string[] = [];

function chosen(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORE_KEY) ?? '[]');
    if (Array.isArray(stored))
      return compareIds(`?ids=${stored.filter((id) => typeof id === 'string').join(',')}`);
  } catch {
    // Storage refused (a private window, a policy): the choice lasts as long as the page.
  }
  return chosenHere;
}

function choose(ids: string[]): void {
  chosenHere = ids.slice(0, COMPARE_MAX);
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(chosenHere));
  } catch {
    // As above: kept for this page only.
  }
  document.dispatchEvent(new Event('orgdir-compare'));
}

const script = document.currentScript as HTMLScriptElement | null;
/** The site's root: this script is compare/compare.js. */
const root = new URL('../', script?.src ?? document.baseURI);

/** The page name an organisation link points at, or undefined for any other link. */
function linkedId(link: HTMLAnchorElement): string | undefined {
  const url = new URL(link.href, document.baseURI);
  if (!url.href.startsWith(root.href)) return undefined;
  return /^org\/([a-z0-9_-]+)\.html$/.exec(url.href.slice(root.href.length))?.[1];
}

/** A toggle that adds the organisation to the comparison or takes it out. */
function toggleFor(id: string, name: string, long: boolean): HTMLButtonElement {
  const button = element('button', undefined, { type: 'button', class: 'compare-toggle' });
  const update = () => {
    const ids = chosen();
    const on = ids.includes(id);
    button.setAttribute('aria-pressed', String(on));
    button.textContent = long ? (on ? 'Chosen to compare' : 'Compare with others') : 'Compare';
    if (!long) button.setAttribute('aria-label', `Compare ${name}`);
    button.disabled = !on && ids.length >= COMPARE_MAX;
    button.title = button.disabled ? `At most ${COMPARE_MAX} organisations are compared at once` : '';
  };
  button.addEventListener('click', () => {
    const ids = chosen();
    choose(ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]);
  });
  document.addEventListener('orgdir-compare', update);
  update();
  return button;
}

/** The bar that says how many are chosen and opens their comparison. */
function showCompareBar(main: Element): void {
  const bar = element('section', undefined, { class: 'compare-bar', 'aria-label': 'Comparison' });
  const update = () => {
    const ids = chosen();
    // In the page only while something is chosen: an empty landmark would be announced for nothing.
    if (ids.length === 0) bar.remove();
    else if (!bar.isConnected) main.after(bar);
    bar.replaceChildren();
    const open = element(
      'a',
      ids.length < COMPARE_MIN ? 'Choose one more to compare' : `Compare ${ids.length}`,
      {
        href: new URL(COMPARE + compareQuery(ids), root).href,
      },
    );
    if (ids.length < COMPARE_MIN) open.removeAttribute('href');
    const clear = element('button', 'Clear', { type: 'button' });
    clear.addEventListener('click', () => choose([]));
    bar.append(`${ids.length} of ${COMPARE_MAX} chosen: `, open, ' ', clear);
  };
  document.addEventListener('orgdir-compare', update);
  window.addEventListener('storage', update);
  update();
}

/** Offers every organisation linked in `container` (a ranked table, the search results). */
function offerLinks(container: Element): void {
  for (const link of container.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (link.parentElement?.querySelector('.compare-toggle')) continue;
    const id = linkedId(link);
    if (id) link.after(' ', toggleFor(id, link.textContent ?? '', false));
  }
}

/**
 * Each director's name on an organisation page becomes a search of the directors' names for it
 * (`director:"…"`, src/search/format/query.ts): the other boards the name sits on. Added here rather than
 * written into the page: the search needs this script's JavaScript anyway, and 35,000 pages carry
 * no link that a reader without it could not follow.
 */
function linkDirectors(main: HTMLElement): void {
  const heading = main.querySelector('h2#people');
  const cells = heading?.parentElement?.querySelectorAll<HTMLElement>('tbody tr > td:first-child bdi') ?? [];
  if (!heading || cells.length === 0) return;
  for (const cell of cells) {
    const name = cell.textContent?.trim() ?? '';
    if (name === '') continue;
    const query = new URLSearchParams({ q: `director:"${name.replace(/["“”]/g, '')}"` });
    const link = element('a', name, {
      href: new URL(`${SEARCH}?${query}`, root).href,
      title: `Every organisation whose record lists a director named ${name}`,
    });
    cell.replaceChildren(link);
  }
  heading.after(
    element(
      'p',
      'Each name leads to every organisation whose record lists a director of the same name. ' +
        'The register gives names only: the same name may be another person.',
      { class: 'lede' },
    ),
  );
}

function offerOnPage(main: HTMLElement): void {
  const here = /^org\/([a-z0-9_-]+)\.html$/.exec(new URL(location.href).href.slice(root.href.length));
  const heading = main.querySelector('h1');
  if (here && heading) {
    const line = element('p', undefined, { class: 'compare-offer' });
    line.append(toggleFor(here[1]!, heading.textContent ?? '', true));
    heading.after(line);
    linkDirectors(main);
  }
  for (const table of main.querySelectorAll('table.ranked')) offerLinks(table);
  const results = main.querySelector('[data-search-results]');
  if (results) {
    offerLinks(results);
    new MutationObserver(() => offerLinks(results)).observe(results, { childList: true });
  }
  showCompareBar(main);
}

/** Loads the shards of `ids` (classic scripts beside this one) and gives their records, in order. */
function loadRecords(ids: readonly string[]): Promise<(CompareRecord | undefined)[]> {
  const found = new Map<string, CompareRecord>();
  const global = window as unknown as Record<string, (...shard: PackedShard) => void>;
  global[COMPARE_DATA_FUNCTION] = (texts, records) => {
    for (const record of unpackShard([texts, records])) found.set(organisationFileStem(record[0]), record);
  };
  const shards = [...new Set(ids.map(compareShard))];
  return Promise.all(
    shards.map(
      (shard) =>
        new Promise<void>((resolve) => {
          const tag = element('script');
          tag.src = new URL(compareShardPath(shard), root).href;
          // A shard that is missing holds no organisation asked for: said below, by name.
          tag.addEventListener('load', () => resolve());
          tag.addEventListener('error', () => resolve());
          document.head.append(tag);
        }),
    ),
  ).then(() => ids.map((id) => found.get(id)));
}

/** The comparison's table: a column per organisation, a row per field, the marked rows flagged. */
function compareTable(records: CompareRecord[], remove: (id: string) => void): HTMLTableElement {
  const table = element('table', undefined, { class: 'compare-table' });
  table.append(element('caption', 'The organisations side by side'));
  const head = element('tr');
  head.append(element('th', 'Field', { scope: 'col' }));
  for (const record of records) {
    const cell = element('th', undefined, { scope: 'col' });
    cell.append(
      element('a', record[1], {
        href: new URL(`org/${organisationFileStem(record[0])}.html`, root).href,
        dir: 'auto',
      }),
    );
    const button = element('button', 'Remove', { type: 'button', 'aria-label': `Remove ${record[1]}` });
    button.addEventListener('click', () => remove(organisationFileStem(record[0])));
    cell.append(' ', button);
    head.append(cell);
  }
  const thead = element('thead');
  thead.append(head);
  table.append(thead);
  const body = element('tbody');
  let section = '';
  for (const row of compareRows(records)) {
    if (row.section !== section) {
      section = row.section;
      const line = element('tr', undefined, { class: 'compare-section' });
      line.append(element('th', section, { colspan: String(records.length + 1), scope: 'colgroup' }));
      body.append(line);
    }
    const kind = NAMED.has(row.section) ? 'shared' : 'differs';
    const line = element('tr', undefined, row.marked ? { 'data-marked': kind } : {});
    const label = element('th', row.label, { dir: 'auto', scope: 'row' });
    // Amounts differ almost always: there the largest is marked rather than the row.
    if (row.marked && row.section !== 'Finances')
      label.append(
        ' ',
        element('span', kind === 'shared' ? '(shared)' : '(differs)', { class: 'compare-mark' }),
      );
    line.append(label);
    row.values.forEach((value, column) => {
      const cell = element('td', undefined, row.section === 'Finances' ? { class: 'num' } : {});
      if (column === row.largest)
        cell.append(element('strong', value), element('span', ' (largest)', { class: 'compare-mark' }));
      else cell.textContent = value === '' ? '–' : value;
      line.append(cell);
    });
    body.append(line);
  }
  table.append(body);
  return table;
}

function showComparison(page: HTMLElement, ids: string[]): void {
  const status = page.querySelector<HTMLElement>('[data-compare-status]')!;
  const out = page.querySelector<HTMLElement>('[data-compare-table]')!;
  const tools = page.querySelector<HTMLElement>('[data-compare-tools]')!;
  history.replaceState(null, '', compareQuery(ids));
  if (ids.length === 0) {
    status.textContent = `Nothing chosen yet: choose ${COMPARE_MIN} to ${COMPARE_MAX} organisations with the "Compare" buttons on organisation pages, ranked lists and search results.`;
    out.replaceChildren();
    tools.hidden = true;
    return;
  }
  status.textContent = 'Loading the organisations…';
  void loadRecords(ids).then((records) => {
    const known = records.filter((record): record is CompareRecord => record !== undefined);
    const missing = ids.filter((_id, index) => records[index] === undefined);
    const parts = [`${known.length} organisation${known.length === 1 ? '' : 's'} side by side.`];
    if (known.length < COMPARE_MIN) parts.push(`Choose at least ${COMPARE_MIN} to compare.`);
    if (missing.length > 0) parts.push(`Not on this site: ${missing.join(', ')}.`);
    status.textContent = parts.join(' ');
    const remove = (id: string) => {
      const rest = ids.filter((other) => other !== id);
      choose(rest);
      showComparison(page, rest);
    };
    out.replaceChildren(compareTable(known, remove));
    tools.hidden = known.length === 0;
    const download = page.querySelector<HTMLButtonElement>('[data-compare-download]')!;
    download.onclick = () => {
      const siteUrl = page.dataset['siteUrl'];
      const address = (path: string) => (siteUrl ? publicAddress(siteUrl, path) : path);
      saveFile(new Blob([compareCsv(known, address)], { type: 'text/csv' }), 'orgdir-comparison.csv');
    };
  });
}

function comparePage(page: HTMLElement): void {
  const asked = compareIds(location.search);
  // An address with organisations in it is the comparison (a shared link); the chosen ones otherwise.
  const ids = asked.length > 0 ? asked : chosen();
  if (asked.length > 0) choose(asked);
  const only = page.querySelector<HTMLInputElement>('[data-compare-only]')!;
  only.addEventListener('change', () => page.classList.toggle('compare-only-marked', only.checked));
  showComparison(page, ids);
}

const main = document.querySelector<HTMLElement>('main');
const page = document.querySelector<HTMLElement>('[data-compare-page]');
if (page) comparePage(page);
else if (main) offerOnPage(main);
