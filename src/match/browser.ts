// match.html in the browser: one classic script (`match/match.js`), since module scripts, fetch()
// and workers fail from file://. The match table arrives as another classic script inserted
// when the page opens; the list never leaves the page. Everything is built with DOM methods and
// textContent: no HTML from data, no inline handlers, no eval.
import { csvRow, parseCsv } from '../lib/csv.ts';
import { MATCH_TABLE_FILE, organisationPath } from '../lib/routes.ts';
import { likelyColumn, Matcher, type Candidate, type LineMatch, type MatchEntry } from './matcher.ts';
import { decodeMatchTable, MATCH_TABLE_FUNCTION, RESULT_COLUMNS } from './table.ts';

const REASONS: Readonly<Record<Candidate['reason'], string>> = {
  id: 'same id',
  number: 'same number',
  name: 'same name',
  normalised: 'same name once normalised',
  'legal form': 'same name but for the legal form',
  'other name': 'an other name',
  similar: 'similar name',
};

interface Row {
  /** The list's own cells (one for a pasted line). */
  cells: string[];
  result: LineMatch;
  /** The organisation chosen: the match, a candidate the reader picked, or none. */
  chosen?: Candidate | undefined;
  element: HTMLTableRowElement;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** Loads the match table by inserting its classic script next to this script's file. */
function loadTable(base: URL): Promise<MatchEntry[]> {
  return new Promise((resolve, reject) => {
    const global = window as unknown as Record<string, (table: unknown) => void>;
    global[MATCH_TABLE_FUNCTION] = (table) => resolve(decodeMatchTable(table));
    const script = element('script');
    script.src = new URL(MATCH_TABLE_FILE.split('/').at(-1)!, base).href;
    script.addEventListener('error', () =>
      reject(new Error(`the match table ${MATCH_TABLE_FILE} could not be loaded`)),
    );
    document.head.append(script);
  });
}

/** The parts of match.html the script reads and fills. */
interface MatchElements {
  form: HTMLFormElement;
  lines: HTMLTextAreaElement;
  file: HTMLInputElement;
  columnField: HTMLElement;
  column: HTMLSelectElement;
  status: HTMLElement;
  results: HTMLElement;
  summary: HTMLElement;
  body: HTMLTableSectionElement;
  download: HTMLButtonElement;
}

function matchElements(root: HTMLElement): MatchElements {
  const form = root.querySelector<HTMLFormElement>('[data-match-form]')!;
  return {
    form,
    lines: form.querySelector<HTMLTextAreaElement>('textarea')!,
    file: form.querySelector<HTMLInputElement>('input[type="file"]')!,
    columnField: form.querySelector<HTMLElement>('[data-match-column-field]')!,
    column: form.querySelector<HTMLSelectElement>('[data-match-column]')!,
    status: root.querySelector<HTMLElement>('[data-match-status]')!,
    results: root.querySelector<HTMLElement>('[data-match-results]')!,
    summary: root.querySelector<HTMLElement>('[data-match-summary]')!,
    body: root.querySelector<HTMLTableSectionElement>('tbody[data-match-rows]')!,
    download: root.querySelector<HTMLButtonElement>('[data-match-download]')!,
  };
}

/** What the page holds: the register once loaded, the list chosen or pasted, and its rows matched. */
interface MatchState {
  entries?: MatchEntry[];
  matcher?: Matcher;
  csv?: { headings: string[]; rows: string[][]; name: string } | undefined;
  rows: Row[];
  headings: string[];
}

function charityNumber(entry: MatchEntry): string {
  return entry.numbers.find((number) => number.kind === 'charity')?.number ?? '';
}

/** A candidate as the choice list names it. */
function candidateLabel(entry: MatchEntry, candidate: Candidate): string {
  return `${entry.name}${entry.county ? `, ${entry.county}` : ''} (${candidate.score}, ${REASONS[candidate.reason]})`;
}

/** Why a row shows what it shows: the reason of its match, or what the reader may do. */
function reasonText(row: Row): string {
  const chosen = row.chosen;
  if (chosen)
    return chosen === row.result.best ? REASONS[chosen.reason] : `chosen: ${REASONS[chosen.reason]}`;
  if (row.result.status === 'ambiguous') return 'several organisations fit: choose one';
  if (row.result.candidates.length > 0) return 'nothing close enough: choose one if it is there';
  return '';
}

/** Writes a row's organisation, number, county, score and reason into its cells. */
function fillRow(row: Row, entries: readonly MatchEntry[]): void {
  const cells = row.element.querySelectorAll('td');
  const [matchCell, numberCell, countyCell, scoreCell, reasonCell] = [...cells].slice(1, 6);
  const chosen = row.chosen;
  const entry = chosen ? entries[chosen.entry] : undefined;
  row.element.dataset['match'] = entry?.id ?? '';
  row.element.dataset['status'] = chosen && chosen !== row.result.best ? 'chosen' : row.result.status;
  matchCell!.replaceChildren();
  if (entry) {
    // match.html is at the site's root: the page's address relative to it, as every link of the site.
    // Isolated, as the pages isolate names with <bdi>: a right-to-left name cannot reorder the row.
    const link = element('a', entry.name, { href: organisationPath(entry.id), dir: 'auto' });
    matchCell!.append(link);
  } else {
    matchCell!.textContent = row.result.status === 'blank' ? '' : 'no match';
  }
  numberCell!.textContent = entry ? charityNumber(entry) : '';
  countyCell!.textContent = entry?.county ?? '';
  scoreCell!.textContent = chosen ? String(chosen.score) : '';
  reasonCell!.textContent = reasonText(row);
}

/** The cell where the reader picks another organisation for a row, or none. */
function choiceCell(row: Row, index: number, entries: readonly MatchEntry[]): HTMLTableCellElement {
  const cell = element('td');
  const options = [row.result.best, ...row.result.candidates].filter(
    (candidate): candidate is Candidate => candidate !== undefined,
  );
  if (options.length === 0) return cell;
  const select = element('select', undefined, { 'aria-label': `Organisation for line ${index + 1}` });
  select.append(element('option', 'No match', { value: '' }));
  options.forEach((candidate, at) => {
    const option = element('option', candidateLabel(entries[candidate.entry]!, candidate), {
      value: String(at),
    });
    if (candidate === row.chosen) option.selected = true;
    select.append(option);
  });
  select.addEventListener('change', () => {
    row.chosen = select.value === '' ? undefined : options[Number(select.value)];
    fillRow(row, entries);
  });
  cell.append(select);
  return cell;
}

function renderRows(page: MatchElements, state: MatchState): void {
  const entries = state.entries!;
  page.body.replaceChildren();
  state.rows.forEach((row, index) => {
    const tr = element('tr');
    row.element = tr;
    tr.append(element('td', row.result.input));
    for (let cell = 0; cell < 5; cell += 1) tr.append(element('td'));
    tr.append(choiceCell(row, index, entries));
    page.body.append(tr);
    fillRow(row, entries);
  });
  const matched = state.rows.filter((row) => row.result.status === 'matched').length;
  const open = state.rows.filter(
    (row) => row.result.status === 'ambiguous' || row.result.status === 'none',
  ).length;
  page.summary.textContent = `${state.rows.length.toLocaleString('en-IE')} lines: ${matched.toLocaleString('en-IE')} matched, ${open.toLocaleString('en-IE')} without a match.`;
  page.results.hidden = false;
}

/** Reads a chosen CSV file and offers its columns, the likeliest chosen. */
function readListFile(page: MatchElements, state: MatchState): void {
  const chosen = page.file.files?.[0];
  if (!chosen) return;
  void chosen.text().then((text) => {
    const parsed = parseCsv(text);
    const [first = [], ...rest] = parsed;
    state.csv = { headings: first, rows: rest, name: chosen.name };
    page.column.replaceChildren(
      ...first.map((heading, at) => element('option', heading || `Column ${at + 1}`, { value: String(at) })),
    );
    page.column.value = String(likelyColumn(first));
    page.columnField.hidden = false;
    page.status.textContent = `${chosen.name}: ${rest.length.toLocaleString('en-IE')} rows. Choose the column with the names or numbers, then match.`;
  });
}

/** Matches the chosen file's column, or else the pasted lines, each row starting on its best match. */
function matchList(page: MatchElements, state: MatchState): void {
  const matcher = state.matcher!;
  if (state.csv) {
    const at = Number(page.column.value);
    state.headings = state.csv.headings;
    state.rows = state.csv.rows.map((cells) => ({ cells, result: matcher.match(cells[at] ?? '') }) as Row);
  } else {
    state.headings = ['input'];
    const text = page.lines.value.replace(/\r\n?/g, '\n').replace(/\n$/, '');
    state.rows = (text === '' ? [] : text.split('\n')).map(
      (line) => ({ cells: [line], result: matcher.match(line) }) as Row,
    );
  }
  for (const row of state.rows) if (row.result.best) row.chosen = row.result.best;
}

/** The list as a CSV: its own columns, then the organisation chosen for each row. */
function matchedCsv(state: MatchState, siteRoot: URL): string {
  const { headings, rows } = state;
  return [
    csvRow([...headings, ...RESULT_COLUMNS]),
    ...rows.map((row) => {
      const entry = row.chosen ? state.entries![row.chosen.entry] : undefined;
      const padded = [
        ...row.cells,
        ...Array<string>(Math.max(0, headings.length - row.cells.length)).fill(''),
      ];
      return csvRow([
        ...padded,
        entry?.id ?? '',
        entry?.name ?? '',
        entry ? charityNumber(entry) : '',
        entry?.county ?? '',
        // The page's full address: a reader opens the downloaded CSV from anywhere.
        entry ? new URL(organisationPath(entry.id), siteRoot).href : '',
        row.chosen?.score ?? '',
        row.chosen ? REASONS[row.chosen.reason] : row.result.status === 'blank' ? '' : 'no match',
      ]);
    }),
  ].join('');
}

/** Hands `text` to the browser as a CSV file to save. */
function saveCsv(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = element('a', undefined, { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function start(root: HTMLElement, base: URL): void {
  const page = matchElements(root);
  const siteRoot = new URL('../', base);
  const state: MatchState = { rows: [], headings: ['input'] };

  page.status.textContent = 'Loading the register…';
  const ready = loadTable(base).then(
    (loaded) => {
      state.entries = loaded;
      state.matcher = new Matcher(loaded);
      page.status.textContent = `Ready: ${loaded.length.toLocaleString('en-IE')} organisations. Nothing you paste or choose leaves this page.`;
    },
    (error: Error) => {
      page.status.textContent = `The register could not be loaded (${error.message}).`;
      throw error;
    },
  );

  page.file.addEventListener('change', () => readListFile(page, state));
  page.lines.addEventListener('input', () => {
    // Pasted lines take over from a chosen file.
    state.csv = undefined;
    page.columnField.hidden = true;
    page.file.value = '';
  });
  page.form.addEventListener('submit', (event) => {
    event.preventDefault();
    page.status.textContent = 'Matching…';
    void ready.then(() => {
      matchList(page, state);
      renderRows(page, state);
      page.status.textContent = `Matched in this browser: ${state.rows.length.toLocaleString('en-IE')} lines.`;
    });
  });
  page.download.addEventListener('click', () => {
    const name = state.csv ? state.csv.name.replace(/(\.csv)?$/i, '-matched.csv') : 'matched.csv';
    saveCsv(matchedCsv(state, siteRoot), name);
  });
}

const script = document.currentScript as HTMLScriptElement | null;
const base = new URL('./', script?.src ?? document.baseURI);
const begin = (): void => {
  const root = document.querySelector<HTMLElement>('[data-match-page]');
  if (root) start(root, base);
};
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', begin);
else begin();
