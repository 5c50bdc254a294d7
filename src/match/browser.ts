// match.html in the browser: one classic script (`match/match.js`), since module scripts and
// fetch() fail from file://. Nothing heavy runs on the page's thread: the register's table
// (`match/table.js`, a classic script handing over one string) is loaded only once the reader
// chooses a file or asks for a match, and a worker, this same script started as every client's
// worker is (src/lib/client-worker.ts), reads the list, matches it with progress, and writes the result. The
// list never leaves the browser. Everything is built with DOM methods and textContent: no HTML
// from data, no inline handlers, no eval.
import { startClientWorker } from '../lib/client-worker.ts';
import { element, saveFile } from '../lib/elements.ts';
import { MATCH_TABLE_FILE, organisationPath } from '../lib/routes.ts';
import {
  MATCH_CLIENT_FUNCTION,
  type FromWorker,
  type MatchSummary,
  type ShownRow,
  type ToWorker,
} from './protocol.ts';
import { chosenCounts, reasonOf } from './result.ts';
import { MATCH_TABLE_FUNCTION } from './table.ts';
import { serveMatch, type MatchWorkerScope } from './worker.ts';

/** Rows drawn between two turns of the page's thread, so that a long result never holds it. */
const ROWS_PER_TURN = 50;

const count = (value: number): string => value.toLocaleString('en-IE');

/** The parts of match.html the script reads and fills. */
interface MatchElements {
  root: HTMLElement;
  form: HTMLFormElement;
  lines: HTMLTextAreaElement;
  file: HTMLInputElement;
  columnField: HTMLElement;
  column: HTMLSelectElement;
  submit: HTMLButtonElement;
  cancel: HTMLButtonElement;
  progress: HTMLProgressElement;
  status: HTMLElement;
  results: HTMLElement;
  summary: HTMLElement;
  body: HTMLTableSectionElement;
  download: HTMLButtonElement;
}

function matchElements(root: HTMLElement): MatchElements {
  const form = root.querySelector<HTMLFormElement>('[data-match-form]')!;
  const one = <T extends Element>(selector: string): T => root.querySelector<T>(selector)!;
  return {
    root,
    form,
    lines: one('textarea'),
    file: one('input[type="file"]'),
    columnField: one('[data-match-column-field]'),
    column: one('[data-match-column]'),
    submit: one('button[type="submit"]'),
    cancel: one('[data-match-cancel]'),
    progress: one('[data-match-progress]'),
    status: one('[data-match-status]'),
    results: one('[data-match-results]'),
    summary: one('[data-match-summary]'),
    body: one('tbody[data-match-rows]'),
    download: one('[data-match-download]'),
  };
}

/** What the page holds: the table's text once loaded, the worker, the file chosen, the rows shown and the reader's choices. */
interface MatchState {
  table?: Promise<string> | undefined;
  worker?: Worker | undefined;
  file?: File | undefined;
  shown: ShownRow[];
  choices: Map<number, number | undefined>;
  /** The matcher's summary of the list shown, before the reader's choices. */
  summary?: MatchSummary;
  /** The turn of drawing rows still to come, stopped by the next match. */
  drawing?: ReturnType<typeof setTimeout>;
}

/** Loads the match table by inserting its classic script next to this script's file, once. */
function loadTable(state: MatchState, base: URL): Promise<string> {
  state.table ??= new Promise<string>((resolve, reject) => {
    const global = window as unknown as Record<string, (table: unknown) => void>;
    global[MATCH_TABLE_FUNCTION] = (table) => resolve(typeof table === 'string' ? table : '');
    const script = element('script');
    script.src = new URL(MATCH_TABLE_FILE.split('/').at(-1)!, base).href;
    script.addEventListener('error', () => {
      state.table = undefined;
      reject(new Error(`the register's table ${MATCH_TABLE_FILE} could not be loaded`));
    });
    document.head.append(script);
  });
  return state.table;
}

/** The worker, started with the register's table once the table has loaded. */
async function workerOf(page: MatchElements, state: MatchState, scriptUrl: URL): Promise<Worker> {
  const text = await loadTable(state, new URL('./', scriptUrl));
  if (!state.worker) {
    state.worker = startClientWorker(scriptUrl, MATCH_CLIENT_FUNCTION);
    state.worker.addEventListener('message', (event: MessageEvent<FromWorker>) =>
      heard(page, state, event.data),
    );
    send(state.worker, { kind: 'table', text });
  }
  return state.worker;
}

const send = (worker: Worker, message: ToWorker): void => worker.postMessage(message);

/** Shows that the worker is busy (a progress bar and the cancel button), or that it is done. */
function busy(page: MatchElements, working: boolean): void {
  page.progress.hidden = !working;
  page.cancel.hidden = !working;
  page.submit.disabled = working;
  if (working) page.progress.removeAttribute('value');
}

/** A shown row's reason: of its match, of the reader's choice, or what the reader may do. */
function reasonText(row: ShownRow, choice: number | undefined, matched: boolean): string {
  const chosen = choice === undefined ? undefined : row.options[choice];
  if (chosen) {
    const reason = reasonOf(chosen.reason, chosen.goneSince);
    return matched && choice === 0 ? reason : `chosen: ${reason}`;
  }
  // The matcher never takes one that has left the register as the match (src/match/candidates.ts: `decide`).
  const first = row.options[0];
  if (first?.goneSince) return `${reasonOf(first.reason, first.goneSince)}: choose it if it is the one meant`;
  if (row.status === 'ambiguous') return 'several organisations fit: choose one';
  if (row.options.length > 0) return 'nothing close enough: choose one if it is there';
  return '';
}

/** Writes a row's organisation, number, county, score and reason into its cells. */
function fillRow(tr: HTMLTableRowElement, row: ShownRow, choice: number | undefined): void {
  const [, matchCell, numberCell, countyCell, scoreCell, reasonCell] = [...tr.querySelectorAll('td')];
  const option = choice === undefined ? undefined : row.options[choice];
  const matched = row.status === 'matched';
  tr.dataset['match'] = option?.id ?? '';
  tr.dataset['status'] = option && !(matched && choice === 0) ? 'chosen' : row.status;
  matchCell!.replaceChildren();
  // match.html is at the site's root: the page's address relative to it, as every link of the site.
  // Isolated, as the pages isolate names with <bdi>: a right-to-left name cannot reorder the row.
  if (option)
    matchCell!.append(element('a', option.name, { href: organisationPath(option.id), dir: 'auto' }));
  else matchCell!.textContent = row.status === 'blank' ? '' : 'no match';
  numberCell!.textContent = option?.number ?? '';
  countyCell!.textContent = option?.county ?? '';
  scoreCell!.textContent = option ? String(option.score) : '';
  reasonCell!.textContent = reasonText(row, choice, matched);
}

/** The summary of the whole list, as the reader's choices leave it. */
function showSummary(page: MatchElements, state: MatchState): void {
  const summary = state.summary;
  if (!summary) return;
  const { matched, open, chosen } = chosenCounts(summary, state.shown, state.choices);
  const yours = chosen === 0 ? '' : ` (${count(chosen)} chosen by you)`;
  const partly =
    state.shown.length < summary.rows
      ? ` The first ${count(state.shown.length)} are shown here; the download has every line.`
      : '';
  page.summary.textContent = `${count(summary.rows)} lines: ${count(matched)} matched, ${count(open)} without a match${yours}.${partly}`;
}

/** One row of the table, with the list where the reader picks another organisation, or none. */
function rowElement(
  page: MatchElements,
  state: MatchState,
  row: ShownRow,
  index: number,
): HTMLTableRowElement {
  const tr = element('tr');
  tr.append(element('td', row.input));
  for (let cell = 0; cell < 5; cell += 1) tr.append(element('td'));
  const cell = element('td');
  tr.append(cell);
  const choice = row.status === 'matched' ? 0 : undefined;
  fillRow(tr, row, choice);
  if (row.options.length === 0) return tr;
  const select = element('select', undefined, { 'aria-label': `Organisation for line ${index + 1}` });
  select.append(element('option', 'No match', { value: '' }));
  row.options.forEach((option, at) => {
    const label = `${option.name}${option.county ? `, ${option.county}` : ''} (${option.score}, ${reasonOf(option.reason, option.goneSince)})`;
    select.append(element('option', label, { value: String(at) }));
  });
  select.value = choice === undefined ? '' : String(choice);
  select.addEventListener('change', () => {
    const chosen = select.value === '' ? undefined : Number(select.value);
    state.choices.set(index, chosen);
    fillRow(tr, row, chosen);
    showSummary(page, state);
  });
  cell.append(select);
  return tr;
}

/** Draws the rows shown, a few at a time, and the summary of the whole list. */
function showResult(page: MatchElements, state: MatchState, summary: MatchSummary, shown: ShownRow[]): void {
  state.shown = shown;
  state.choices = new Map();
  state.summary = summary;
  page.body.replaceChildren();
  const drawFrom = (start: number): void => {
    const rows = shown
      .slice(start, start + ROWS_PER_TURN)
      .map((row, at) => rowElement(page, state, row, start + at));
    page.body.append(...rows);
    if (start + ROWS_PER_TURN < shown.length)
      state.drawing = setTimeout(() => drawFrom(start + ROWS_PER_TURN));
  };
  clearTimeout(state.drawing);
  drawFrom(0);
  showSummary(page, state);
  page.status.textContent = `Matched in this browser: ${count(summary.rows)} lines in ${(summary.milliseconds / 1000).toFixed(1)} s.`;
  page.results.hidden = false;
}

/** Offers a chosen file's columns, the likeliest chosen. */
function showHeadings(
  page: MatchElements,
  state: MatchState,
  headings: string[],
  rows: number,
  column: number,
): void {
  page.column.replaceChildren(
    ...headings.map((heading, at) => element('option', heading || `Column ${at + 1}`, { value: String(at) })),
  );
  page.column.value = String(column);
  page.columnField.hidden = false;
  page.status.textContent = `${state.file?.name ?? 'The file'}: ${count(rows)} rows. Choose the column with the names or numbers, then match.`;
}

/** What the worker says. */
function heard(page: MatchElements, state: MatchState, message: FromWorker): void {
  if (message.kind === 'headings') showHeadings(page, state, message.headings, message.rows, message.column);
  else if (message.kind === 'problem') {
    busy(page, false);
    page.status.textContent = message.text;
  } else if (message.kind === 'progress') {
    if (message.stage === 'register') page.status.textContent = 'Reading the register…';
    else {
      page.progress.max = message.total;
      page.progress.value = message.done;
      page.status.textContent = `Matching: ${count(message.done)} of ${count(message.total)} lines…`;
    }
  } else if (message.kind === 'matched') {
    busy(page, false);
    showResult(page, state, message.summary, message.shown);
  } else
    saveFile(message.csv, state.file ? state.file.name.replace(/(\.csv)?$/i, '-matched.csv') : 'matched.csv');
}

/** Hands a CSV file to the browser to save. */
/** Runs `task` with the worker, reporting a table that cannot be loaded. */
function withWorker(
  page: MatchElements,
  state: MatchState,
  scriptUrl: URL,
  task: (worker: Worker) => void,
): void {
  workerOf(page, state, scriptUrl).then(task, (error: Error) => {
    busy(page, false);
    page.status.textContent = `The register could not be loaded (${error.message}).`;
  });
}

function start(page: MatchElements, scriptUrl: URL): void {
  const state: MatchState = { shown: [], choices: new Map() };
  const siteUrl = page.root.dataset['siteUrl'];
  page.file.addEventListener('change', () => {
    state.file = page.file.files?.[0];
    page.columnField.hidden = true;
    const file = state.file;
    if (!file) return;
    page.status.textContent = `Reading ${file.name}…`;
    withWorker(page, state, scriptUrl, (worker) => send(worker, { kind: 'read', file }));
  });
  page.lines.addEventListener('input', () => {
    // Pasted lines take over from a chosen file.
    state.file = undefined;
    page.columnField.hidden = true;
    page.file.value = '';
  });
  page.form.addEventListener('submit', (event) => {
    event.preventDefault();
    busy(page, true);
    page.results.hidden = true;
    page.status.textContent = 'Loading the register…';
    const list = state.file
      ? { file: state.file, column: Number(page.column.value) }
      : { lines: page.lines.value };
    withWorker(page, state, scriptUrl, (worker) => send(worker, { kind: 'match', list }));
  });
  page.cancel.addEventListener('click', () => {
    // A worker stops at once only when ended; the next match starts another with the table kept here.
    state.worker?.terminate();
    state.worker = undefined;
    busy(page, false);
    page.status.textContent = 'Cancelled: the list was not matched.';
  });
  page.download.addEventListener('click', () => {
    if (state.worker)
      send(state.worker, { kind: 'save', choices: [...state.choices], ...(siteUrl && { siteUrl }) });
  });
}

/** Binds match.html's form once the document is parsed; `scriptUrl` is this script's own file. */
function startPage(scriptUrl: URL): void {
  const begin = (): void => {
    const root = document.querySelector<HTMLElement>('[data-match-page]');
    if (root) start(matchElements(root), scriptUrl);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', begin);
  else begin();
}

// The same script is the page's client and, in a worker (no document there), the matching worker.
if (typeof document === 'undefined') serveMatch(self as unknown as MatchWorkerScope);
else
  startPage(
    new URL(
      (document.currentScript as HTMLScriptElement | null)?.src ??
        new URL('match/match.js', document.baseURI).href,
    ),
  );
