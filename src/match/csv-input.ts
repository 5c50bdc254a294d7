// Reading a spreadsheet saved as CSV in the browser: RFC 4180 quoting (quoted fields may hold
// separators, quotes and line breaks), a comma, semicolon or tab as the separator (Excel in
// much of Europe saves with semicolons), a byte order mark, and CRLF or LF line ends.

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

/** The rows of a CSV text, every row as its cells; a last empty line is no row. */
export function parseCsv(input: string, separator = detectSeparator(input)): string[][] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const character = text[at]!;
    if (quoted) {
      if (character !== '"') cell += character;
      else if (text[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else quoted = false;
    } else if (character === '"' && cell === '') {
      quoted = true;
    } else if (character === separator) {
      row.push(cell);
      cell = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[at + 1] === '\n') at += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else {
      cell += character;
    }
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The column most likely to hold names or numbers: the first whose heading says so, else the first. */
export function likelyColumn(headings: readonly string[]): number {
  const at = headings.findIndex((heading) =>
    /name|organi[sz]ation|charity|grantee|recipient|number|rcn|chy|cro/i.test(heading),
  );
  return at < 0 ? 0 : at;
}
