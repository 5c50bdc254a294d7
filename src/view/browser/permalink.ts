// Every organisation page in the browser (permalink.js, a classic script: module scripts and
// fetch() fail from file://). It does two things. "Cite this page" gains the citation as CSL-JSON
// and as BibTeX, made from what the page shows. And a permalink to an edition
// (`org/<id>.html#edition-<edition>`) shows, above the page, that edition's values of every field
// that differed then, from the organisation's history script (history/<abc>.js), loaded only
// when one is asked for. Everything is built with DOM methods and textContent: no HTML from data.
import { bibtex, cslJson, editionOfFragment, type Citation } from '../../lib/citation.ts';
import { formatDate } from '../../lib/dates.ts';
import { element } from '../../lib/elements.ts';
import {
  EDITIONS_GLOBAL,
  HISTORY_FUNCTION,
  historyScriptPath,
  stateAt,
  type EditionState,
  type HistoryData,
} from '../edition-history.ts';

const globals = window as unknown as Record<string, unknown>;
const editions = (globals[EDITIONS_GLOBAL] ?? []) as [id: string, date: string][];
const ids = editions.map(([id]) => id);
const dateOf = (id: string): string | undefined => editions.find(([edition]) => edition === id)?.[1];
const dateText = (id: string): string => {
  const date = dateOf(id);
  return date === undefined ? id : (formatDate(date) ?? date);
};

/** Where the site's root is: this script's own folder. */
const root = new URL('.', (document.currentScript as HTMLScriptElement | null)?.src ?? location.href);
const stem = decodeURIComponent(location.pathname.split('/').pop() ?? '').replace(/\.html$/, '');
const cite = document.getElementById('citation');
const heading = document.querySelector('main h1');

let history: Promise<HistoryData> | undefined;

/** The organisation's history, from its script, loaded once by a <script> element (works from file://). */
function loadHistory(): Promise<HistoryData> {
  history ??= new Promise<HistoryData>((resolve, reject) => {
    globals[HISTORY_FUNCTION] = (histories: Record<string, HistoryData>) => {
      const own = Object.hasOwn(histories, stem) ? histories[stem] : undefined;
      if (own === undefined) reject(new Error('not in its history script'));
      else resolve(own);
    };
    const script = element('script', undefined, { src: new URL(historyScriptPath(stem), root).href });
    script.addEventListener('error', () => reject(new Error('not loaded')));
    document.head.append(script);
  });
  return history;
}

function historyOrSince(): Promise<HistoryData | { since?: string }> {
  if (cite?.hasAttribute('data-history')) return loadHistory();
  const since = cite?.getAttribute('data-since');
  return Promise.resolve(since === null || since === undefined ? {} : { since });
}

/** The words of the panel for `state`. */
function describe(state: EditionState, edition: string): HTMLElement[] {
  if (state.kind === 'unknown')
    return [
      element(
        'p',
        `This site keeps no edition called “${edition}”. The page below is as of the latest edition.`,
      ),
    ];
  if (state.kind === 'unlisted')
    return [element('p', 'This organisation was not on the register in that edition.')];
  if (state.differences.length === 0)
    return [element('p', 'Its record then was the same as on today’s page below.')];
  const table = element('table');
  const head = table.createTHead().insertRow();
  for (const title of ['Field', 'Then', 'Today']) head.append(element('th', title, { scope: 'col' }));
  const body = table.createTBody();
  for (const { label, then, today } of state.differences) {
    const row = body.insertRow();
    row.append(element('th', label, { scope: 'row' }), element('td', then), element('td', today));
  }
  const scroll = element('div', undefined, { class: 'scroll' });
  scroll.append(table);
  const count = state.differences.length;
  return [
    element(
      'p',
      `Its record then differed from today’s in ${count === 1 ? 'one field' : `${count} fields`}:`,
    ),
    scroll,
    element('p', 'Everything else was the same then as on today’s page below.'),
  ];
}

function removePanel(): void {
  document.getElementById('as-of')?.remove();
}

/** Shows the organisation as `edition` had it, above the page. */
async function showEdition(edition: string): Promise<void> {
  removePanel();
  const panel = element('section', undefined, {
    id: 'as-of',
    class: 'notice',
    tabindex: '-1',
    'aria-labelledby': 'as-of-title',
  });
  const known = dateOf(edition) !== undefined;
  panel.append(
    element('h2', known ? `As of the edition of ${dateText(edition)}` : 'Unknown edition', {
      id: 'as-of-title',
    }),
  );
  const status = element('p', 'Loading that edition…');
  panel.append(status);
  const today = element('p');
  const latest = ids.at(-1);
  today.append(
    element('a', 'Today’s page', { href: `${stem}.html` }),
    latest === undefined ? '.' : ` shows the latest edition, of ${dateText(latest)}.`,
  );
  panel.append(today);
  (heading ?? document.querySelector('main')?.firstChild)?.after(panel);
  try {
    status.replaceWith(...describe(stateAt(ids, edition, await historyOrSince()), edition));
  } catch {
    status.textContent = 'The history of this organisation could not be loaded: the page below is today’s.';
  }
  if (editionOfFragment(location.hash) === edition) panel.focus();
}

/** CSL-JSON and BibTeX under the plain-text citation, made from the page. */
function addMachineFormats(): void {
  const link = cite?.querySelector<HTMLAnchorElement>('a[href^="#edition-"]');
  const edition = editionOfFragment(link?.getAttribute('href') ?? '');
  if (!cite || !link || edition === undefined) return;
  const citation: Citation = {
    title: (heading?.textContent ?? '').trim(),
    url: (link.textContent ?? '').trim(),
    edition,
    date: dateOf(edition) ?? edition.slice(0, 10),
    stem,
  };
  for (const [title, text] of [
    ['CSL-JSON', cslJson(citation)],
    ['BibTeX', bibtex(citation)],
  ] as const) {
    const details = element('details', undefined, { 'data-citation': title });
    details.append(element('summary', title), element('pre', text));
    cite.append(details);
  }
}

function onFragment(): void {
  const edition = editionOfFragment(location.hash);
  if (edition === undefined) removePanel();
  else void showEdition(edition);
}

addMachineFormats();
onFragment();
window.addEventListener('hashchange', onFragment);
