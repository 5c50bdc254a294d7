// match.html in the browser: one classic script (`match/match.js`), since module scripts, fetch()
// and workers fail from file://. The register table arrives as another classic script inserted
// when the page opens; the list never leaves the page. Everything is built with DOM methods and
// textContent: no HTML from data, no inline handlers, no eval.
import { csvRow, parseCsv } from '../lib/csv.ts';
import { organisationPath } from '../lib/routes.ts';
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

/** Loads the register table by inserting its classic script next to this script's file. */
function loadTable(base: URL): Promise<MatchEntry[]> {
  return new Promise((resolve, reject) => {
    const global = window as unknown as Record<string, (table: unknown) => void>;
    global[MATCH_TABLE_FUNCTION] = (table) => resolve(decodeMatchTable(table));
    const script = element('script');
    script.src = new URL('register.js', base).href;
    script.addEventListener('error', () =>
      reject(new Error('the register file match/register.js could not be loaded')),
    );
    document.head.append(script);
  });
}

function start(root: HTMLElement, base: URL): void {
  const form = root.querySelector<HTMLFormElement>('[data-match-form]')!;
  const lines = form.querySelector<HTMLTextAreaElement>('textarea')!;
  const file = form.querySelector<HTMLInputElement>('input[type="file"]')!;
  const columnField = form.querySelector<HTMLElement>('[data-match-column-field]')!;
  const column = form.querySelector<HTMLSelectElement>('[data-match-column]')!;
  const status = root.querySelector<HTMLElement>('[data-match-status]')!;
  const results = root.querySelector<HTMLElement>('[data-match-results]')!;
  const summary = root.querySelector<HTMLElement>('[data-match-summary]')!;
  const body = root.querySelector<HTMLTableSectionElement>('tbody[data-match-rows]')!;
  const download = root.querySelector<HTMLButtonElement>('[data-match-download]')!;
  const siteRoot = new URL('../', base);

  let entries: MatchEntry[] | undefined;
  let matcher: Matcher | undefined;
  let csv: { headings: string[]; rows: string[][]; name: string } | undefined;
  let rows: Row[] = [];
  let headings: string[] = ['input'];

  status.textContent = 'Loading the register…';
  const ready = loadTable(base).then(
    (loaded) => {
      entries = loaded;
      matcher = new Matcher(loaded);
      status.textContent = `Ready: ${loaded.length.toLocaleString('en-IE')} organisations. Nothing you paste or choose leaves this page.`;
    },
    (error: Error) => {
      status.textContent = `The register could not be loaded (${error.message}).`;
      throw error;
    },
  );

  /** The page's full address, for the downloaded CSV (a reader opens it from anywhere). */
  const pageOf = (entry: MatchEntry): string => new URL(organisationPath(entry.id), siteRoot).href;
  const charityNumber = (entry: MatchEntry): string =>
    entry.numbers.find((number) => number.kind === 'charity')?.number ?? '';

  const label = (candidate: Candidate): string => {
    const entry = entries![candidate.entry]!;
    return `${entry.name}${entry.county ? `, ${entry.county}` : ''} (${candidate.score}, ${REASONS[candidate.reason]})`;
  };

  const fill = (row: Row): void => {
    const cells = row.element.querySelectorAll('td');
    const [matchCell, numberCell, countyCell, scoreCell, reasonCell] = [...cells].slice(1, 6);
    const chosen = row.chosen;
    const entry = chosen ? entries![chosen.entry] : undefined;
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
    reasonCell!.textContent = chosen
      ? chosen === row.result.best
        ? REASONS[chosen.reason]
        : `chosen: ${REASONS[chosen.reason]}`
      : row.result.status === 'ambiguous'
        ? 'several organisations fit: choose one'
        : row.result.candidates.length > 0
          ? 'nothing close enough: choose one if it is there'
          : '';
  };

  const render = (): void => {
    body.replaceChildren();
    rows.forEach((row, index) => {
      const tr = element('tr');
      row.element = tr;
      tr.append(element('td', row.result.input));
      for (let cell = 0; cell < 5; cell += 1) tr.append(element('td'));
      const choiceCell = element('td');
      const options = [row.result.best, ...row.result.candidates].filter(
        (candidate): candidate is Candidate => candidate !== undefined,
      );
      if (options.length > 0) {
        const select = element('select', undefined, { 'aria-label': `Organisation for line ${index + 1}` });
        select.append(element('option', 'No match', { value: '' }));
        options.forEach((candidate, at) => {
          const option = element('option', label(candidate), { value: String(at) });
          if (candidate === row.chosen) option.selected = true;
          select.append(option);
        });
        select.addEventListener('change', () => {
          row.chosen = select.value === '' ? undefined : options[Number(select.value)];
          fill(row);
        });
        choiceCell.append(select);
      }
      tr.append(choiceCell);
      body.append(tr);
      fill(row);
    });
    const matched = rows.filter((row) => row.result.status === 'matched').length;
    const open = rows.filter(
      (row) => row.result.status === 'ambiguous' || row.result.status === 'none',
    ).length;
    summary.textContent = `${rows.length.toLocaleString('en-IE')} lines: ${matched.toLocaleString('en-IE')} matched, ${open.toLocaleString('en-IE')} without a match.`;
    results.hidden = false;
  };

  file.addEventListener('change', () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    void chosen.text().then((text) => {
      const parsed = parseCsv(text);
      const [first = [], ...rest] = parsed;
      csv = { headings: first, rows: rest, name: chosen.name };
      column.replaceChildren(
        ...first.map((heading, at) =>
          element('option', heading || `Column ${at + 1}`, { value: String(at) }),
        ),
      );
      column.value = String(likelyColumn(first));
      columnField.hidden = false;
      status.textContent = `${chosen.name}: ${rest.length.toLocaleString('en-IE')} rows. Choose the column with the names or numbers, then match.`;
    });
  });
  lines.addEventListener('input', () => {
    // Pasted lines take over from a chosen file.
    csv = undefined;
    columnField.hidden = true;
    file.value = '';
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    status.textContent = 'Matching…';
    void ready.then(() => {
      if (csv) {
        const at = Number(column.value);
        headings = csv.headings;
        rows = csv.rows.map((cells) => ({ cells, result: matcher!.match(cells[at] ?? '') }) as Row);
      } else {
        headings = ['input'];
        const text = lines.value.replace(/\r\n?/g, '\n').replace(/\n$/, '');
        rows = (text === '' ? [] : text.split('\n')).map(
          (line) => ({ cells: [line], result: matcher!.match(line) }) as Row,
        );
      }
      for (const row of rows) if (row.result.best) row.chosen = row.result.best;
      render();
      status.textContent = `Matched in this browser: ${rows.length.toLocaleString('en-IE')} lines.`;
    });
  });

  download.addEventListener('click', () => {
    const text = [
      csvRow([...headings, ...RESULT_COLUMNS]),
      ...rows.map((row) => {
        const entry = row.chosen ? entries![row.chosen.entry] : undefined;
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
          entry ? pageOf(entry) : '',
          row.chosen?.score ?? '',
          row.chosen ? REASONS[row.chosen.reason] : row.result.status === 'blank' ? '' : 'no match',
        ]);
      }),
    ].join('');
    const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
    const link = element('a', undefined, {
      href: url,
      download: csv ? csv.name.replace(/(\.csv)?$/i, '-matched.csv') : 'matched.csv',
    });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
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
