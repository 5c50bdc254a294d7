// CSV, written and read. Written for spreadsheets: RFC 4180 quoting, and cells that a
// spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return) are
// prefixed with an apostrophe (OWASP "CSV injection"). Read as spreadsheets save it (the list
// matcher reads a list in the browser, so nothing here may need Node): quoted fields may hold
// separators, quotes and line breaks; a comma, semicolon or tab as the separator (Excel in much
// of Europe saves with semicolons); a byte order mark; CRLF or LF line ends.

import { AMOUNT_TEXT } from './decimal.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

/** An amount as a record writes it (JSON number text), for a cell that shows it so. */
export interface WrittenNumber {
  readonly written: string;
}

/**
 * A cell of the amount as the record writes it ("-123456789012345678901234567890", "1e21"),
 * where the number read would print rounded or in another form. A number is no formula: it is not
 * prefixed as text starting with "-" is.
 */
export function writtenNumber(text: string): WrittenNumber {
  return { written: text };
}

function isWrittenNumber(value: unknown): value is WrittenNumber {
  return typeof value === 'object' && value !== null && typeof (value as WrittenNumber).written === 'string';
}

/** One cell: numbers as they are, text quoted when needed and defused when formula-like. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (isWrittenNumber(value) && AMOUNT_TEXT.test(value.written)) return value.written;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  // A NUL ends the line for many CSV readers (Python's csv module refuses the file): it is shown
  // as the replacement character, as the pages show it.
  let text = (typeof value === 'string' ? value : JSON.stringify(value)).replaceAll('\u0000', '\uFFFD');
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, ended with CRLF as RFC 4180 asks. */
export function csvRow(cells: readonly unknown[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

const SEPARATORS = [',', ';', '\t'] as const;

/** The separator of the first line: the candidate that occurs most often outside quotes. */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>(SEPARATORS.map((separator) => [separator, 0]));
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && counts.has(character)) counts.set(character, counts.get(character)! + 1);
  }
  let best = ',';
  for (const [separator, count] of counts) if (count > counts.get(best)!) best = separator;
  return best;
}

/** A CSV text read: its rows, where each begins and ends, and a quote left open at its end. */
export interface CsvReading {
  rows: string[][];
  /** The line (from 1) each row begins on, and the line it ends on: later when a quoted cell holds line breaks. */
  lines: { first: number; last: number }[];
  /** The line of the quote still open when the text ended: it took in every line after it. */
  openQuoteLine?: number;
  /** The first line where a quoted cell's closing quote is followed by more of the cell: a quote too many or too few. */
  strayQuoteLine?: number;
}

/** Reads a CSV text; a last empty line is no row. A quote never closed ends its cell at the text's end. */
export function readCsv(input: string, separator = detectSeparator(input)): CsvReading {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const reading: CsvReading = { rows: [], lines: [] };
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let quoteLine = 1;
  const endRow = (): void => {
    row.push(cell);
    reading.rows.push(row);
    reading.lines.push({ first: rowLine, last: line });
    row = [];
    cell = '';
  };
  for (let at = 0; at < text.length; at += 1) {
    const character = text[at]!;
    let lineEnd = character === '\n' || (character === '\r' && text[at + 1] !== '\n');
    if (quoted) {
      if (character !== '"') cell += character;
      else if (text[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else {
        quoted = false;
        const next = text[at + 1];
        if (next !== undefined && next !== separator && next !== '\n' && next !== '\r')
          reading.strayQuoteLine ??= line;
      }
    } else if (character === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
    } else if (character === separator) {
      row.push(cell);
      cell = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[at + 1] === '\n') {
        at += 1;
        lineEnd = true;
      }
      endRow();
      rowLine = line + 1;
    } else {
      cell += character;
    }
    if (lineEnd) line += 1;
  }
  if (quoted) reading.openQuoteLine = quoteLine;
  if (cell !== '' || row.length > 0) endRow();
  return reading;
}

/** The rows of a CSV text, every row as its cells; a last empty line is no row. */
export function parseCsv(input: string, separator = detectSeparator(input)): string[][] {
  return readCsv(input, separator).rows;
}
