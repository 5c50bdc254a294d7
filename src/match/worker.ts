// The matching worker of match.html: it reads the list, builds the matcher from the register's
// table the page hands it, matches every row and writes the result, so that the page stays
// responsive whatever the list's length. It is match/match.js itself, run in a worker
// (src/match/browser.ts starts it as every client's worker is started, src/lib/client-worker.ts).
// The page cancels a match by ending the worker.
import type { LineMatch } from './candidates.ts';
import { likelyColumn } from './line-query.ts';
import { Matcher } from './matcher.ts';
import { lengthProblem, pastedLines, readListFile, type ListReading } from './list-file.ts';
import type { FromWorker, ListSource, MatchSummary, ShownRow, ToWorker } from './protocol.ts';
import { charityNumber, matchedCsv, rowOptions } from './result.ts';
import { decodeMatchTable } from './table.ts';
import { matchRows } from './rows.ts';

/** Rows the page shows; the saved result has them all. */
export const SHOWN_ROWS = 500;

/** What the worker needs of its global scope. */
export interface MatchWorkerScope {
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
}

let scope: MatchWorkerScope | undefined;
const post = (message: FromWorker): void => scope!.postMessage(message);

let tableText = '';
let matcher: Matcher | undefined;
let last: { headings: string[]; rows: string[][]; results: LineMatch[] } | undefined;

function register(): Matcher {
  if (!matcher) {
    post({ kind: 'progress', stage: 'register', done: 0, total: 1 });
    matcher = new Matcher(decodeMatchTable(tableText));
    tableText = '';
  }
  return matcher;
}

async function readList(list: ListSource): Promise<ListReading & { column?: number }> {
  if ('lines' in list) {
    const lines = pastedLines(list.lines);
    const problem = lengthProblem(lines.length, 'lines');
    return problem ? { problem } : { headings: ['input'], rows: lines.map((line) => [line]), column: 0 };
  }
  const reading = readListFile(new Uint8Array(await list.file.arrayBuffer()));
  return 'problem' in reading ? reading : { ...reading, column: list.column };
}

function shownRow(result: LineMatch, entries: Matcher['entries']): ShownRow {
  return {
    input: result.input,
    status: result.status,
    options: rowOptions(result).map((candidate) => {
      const entry = entries[candidate.entry]!;
      return {
        id: entry.id,
        name: entry.name,
        county: entry.county ?? '',
        number: charityNumber(entry),
        score: candidate.score,
        reason: candidate.reason,
        goneSince: entry.goneSince ?? '',
      };
    }),
  };
}

async function match(list: ListSource): Promise<void> {
  const started = performance.now();
  const reading = await readList(list);
  if ('problem' in reading) {
    post({ kind: 'problem', text: reading.problem });
    return;
  }
  const matching = register();
  const column = reading.column ?? 0;
  const results = matchRows(
    reading.rows.map((cells) => cells[column] ?? ''),
    (line) => matching.match(line),
    (done, total) => post({ kind: 'progress', stage: 'list', done, total }),
  );
  last = { headings: reading.headings, rows: reading.rows, results };
  const summary: MatchSummary = {
    rows: results.length,
    matched: results.filter((result) => result.status === 'matched').length,
    open: results.filter((result) => result.status === 'ambiguous' || result.status === 'none').length,
    milliseconds: Math.round(performance.now() - started),
  };
  post({
    kind: 'matched',
    summary,
    shown: results.slice(0, SHOWN_ROWS).map((result) => shownRow(result, matching.entries)),
  });
}

async function handle(message: ToWorker): Promise<void> {
  if (message.kind === 'table') tableText = message.text;
  else if (message.kind === 'read') {
    const reading = readListFile(new Uint8Array(await message.file.arrayBuffer()));
    if ('problem' in reading) post({ kind: 'problem', text: reading.problem });
    else
      post({
        kind: 'headings',
        headings: reading.headings,
        rows: reading.rows.length,
        column: likelyColumn(reading.headings),
      });
  } else if (message.kind === 'match') await match(message.list);
  else if (last && matcher) {
    const csv = matchedCsv({ ...last, choices: new Map(message.choices) }, matcher.entries, message.siteUrl);
    post({ kind: 'saved', csv: new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }) });
  }
}

/** Answers the page's messages in `worker`, a worker's global scope. */
export function serveMatch(worker: MatchWorkerScope): void {
  scope = worker;
  scope.onmessage = (event) => {
    handle(event.data).catch((error: unknown) =>
      post({
        kind: 'problem',
        text: `The list could not be matched (${error instanceof Error ? error.message : String(error)}).`,
      }),
    );
  };
}
