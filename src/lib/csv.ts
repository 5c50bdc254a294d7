// CSV for spreadsheets: RFC 4180 quoting, and cells that a spreadsheet would run as a formula
// (starting with = + - @, or a tab or carriage return) are prefixed with an apostrophe (OWASP
// "CSV injection").

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: numbers as they are, text quoted when needed and defused when formula-like. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, ended with CRLF as RFC 4180 asks. */
export function csvRow(cells: readonly unknown[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}
