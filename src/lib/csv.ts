// CSV for spreadsheets: RFC 4180 quoting, and cells that a spreadsheet would run as a formula
// (starting with = + - @, or a tab or carriage return) are prefixed with an apostrophe (OWASP
// "CSV injection").

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
