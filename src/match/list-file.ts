// A list as the reader hands it to the matcher: a file's bytes read as text, and its rows. What
// cannot be read for sure is reported, never guessed: text that is not UTF-8, UTF-16 without the
// byte-order mark that says so, a quote left open (which would swallow every line after it), and a
// list longer than the matcher takes at a time.
import { readCsv, type CsvReading } from '../lib/csv.ts';
import { MAX_LIST_ROWS } from '../lib/match-limit.ts';

/** A list read, or why it cannot be. */
export type ListReading = { headings: string[]; rows: string[][] } | { problem: string };

const SAVE_AS_UTF8 = 'Save it as “CSV UTF-8” (Excel: File, Save As) and choose it again.';

/** Bytes looked at for the NUL bytes of UTF-16: ASCII in UTF-16 is every other byte a NUL. */
const SNIFF_BYTES = 4096;

/** Which byte of each pair is mostly NUL in the file's start: UTF-16 without its byte-order mark. */
export function utf16WithoutMark(bytes: Uint8Array): 'UTF-16LE' | 'UTF-16BE' | undefined {
  const pairs = Math.floor(Math.min(bytes.length, SNIFF_BYTES) / 2);
  if (pairs === 0) return undefined;
  let evenNuls = 0;
  let oddNuls = 0;
  for (let pair = 0; pair < pairs; pair += 1) {
    if (bytes[2 * pair] === 0) evenNuls += 1;
    if (bytes[2 * pair + 1] === 0) oddNuls += 1;
  }
  // Mostly one side: text in a script other than Latin has fewer NULs, but never on both sides.
  const many = Math.max(2, pairs / 4);
  if (oddNuls >= many && evenNuls <= pairs / 20) return 'UTF-16LE';
  if (evenNuls >= many && oddNuls <= pairs / 20) return 'UTF-16BE';
  return undefined;
}

/** The offset of the first byte that does not begin or continue a well-formed UTF-8 sequence. */
export function firstInvalidUtf8(bytes: Uint8Array): number | undefined {
  for (let at = 0; at < bytes.length;) {
    const lead = bytes[at]!;
    if (lead < 0x80) {
      at += 1;
      continue;
    }
    const length =
      lead >= 0xc2 && lead <= 0xdf
        ? 2
        : lead >= 0xe0 && lead <= 0xef
          ? 3
          : lead >= 0xf0 && lead <= 0xf4
            ? 4
            : 0;
    if (length === 0) return at;
    // The second byte's range rules out overlong forms, surrogates and code points past U+10FFFF.
    const [low, high] =
      lead === 0xe0
        ? [0xa0, 0xbf]
        : lead === 0xed
          ? [0x80, 0x9f]
          : lead === 0xf0
            ? [0x90, 0xbf]
            : lead === 0xf4
              ? [0x80, 0x8f]
              : [0x80, 0xbf];
    const second = bytes[at + 1];
    if (second === undefined || second < low || second > high) return at;
    for (let next = 2; next < length; next += 1) {
      const byte = bytes[at + next];
      if (byte === undefined || byte < 0x80 || byte > 0xbf) return at;
    }
    at += length;
  }
  return undefined;
}

/** The line (from 1) of a byte of the file. */
function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let at = 0; at < offset; at += 1) if (bytes[at] === 0x0a) line += 1;
  return line;
}

/** A file's text, read as its byte-order mark says or else as UTF-8, or why it cannot be read. */
export function decodeList(bytes: Uint8Array): { text: string } | { problem: string } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes) };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes) };
  const utf16 = utf16WithoutMark(bytes);
  if (utf16)
    return {
      problem: `This file looks like ${utf16} text without the byte-order mark that says so, and is not read: its letters could be taken for others. ${SAVE_AS_UTF8}`,
    };
  const nul = bytes.indexOf(0);
  if (nul >= 0)
    return {
      problem: `This file holds a NUL byte (line ${lineOfByte(bytes, nul).toLocaleString('en-IE')}), so it is not a text file. Choose a CSV or text file.`,
    };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    const offset = firstInvalidUtf8(bytes) ?? 0;
    return {
      problem: `This file is not UTF-8 text: byte ${(offset + 1).toLocaleString('en-IE')} (line ${lineOfByte(bytes, offset).toLocaleString('en-IE')}) is not UTF-8, so its letters cannot be read for sure. It may have been saved in a Windows code page. ${SAVE_AS_UTF8}`,
    };
  }
}

/** Why the rows of a CSV cannot be trusted: a quote never closed, or one that merged lines into a row too long or short. */
export function quotingProblem(reading: CsvReading): string | undefined {
  if (reading.openQuoteLine !== undefined)
    return `Line ${reading.openQuoteLine.toLocaleString('en-IE')} opens a quoted cell (") that is never closed, so every line after it would be read as one cell. Close the quote or remove it, then choose the file again.`;
  if (reading.strayQuoteLine !== undefined)
    return `Line ${reading.strayQuoteLine.toLocaleString('en-IE')} has text after the closing quote of a cell ("), so a quote is missing or one too many, and lines may have been read as one. Check the quotes there, then choose the file again.`;
  const width = reading.rows[0]?.length ?? 0;
  const merged = reading.lines.findIndex(
    ({ first, last }, row) => last > first && reading.rows[row]!.length !== width,
  );
  if (merged < 0) return undefined;
  const { first, last } = reading.lines[merged]!;
  return `Lines ${first.toLocaleString('en-IE')} to ${last.toLocaleString('en-IE')} are read as one row, because a quoted cell holds their line breaks, and that row has ${reading.rows[merged]!.length} cells where the first row has ${width}: a quote is probably missing or one too many. Check the quotes there, then choose the file again.`;
}

/** Why a list of `rows` rows or lines is too long, if it is. */
export function lengthProblem(rows: number, what: 'rows' | 'lines'): string | undefined {
  if (rows <= MAX_LIST_ROWS) return undefined;
  return `This list has ${rows.toLocaleString('en-IE')} ${what}; the matcher takes up to ${MAX_LIST_ROWS.toLocaleString('en-IE')} at a time. Split it into parts of ${MAX_LIST_ROWS.toLocaleString('en-IE')} or fewer and match each.`;
}

/** A CSV file's heading row and rows, or why they cannot be read. */
export function readListFile(bytes: Uint8Array): ListReading {
  const decoded = decodeList(bytes);
  if ('problem' in decoded) return decoded;
  const reading = readCsv(decoded.text);
  const problem = quotingProblem(reading) ?? lengthProblem(Math.max(0, reading.rows.length - 1), 'rows');
  if (problem) return { problem };
  const [headings = [], ...rows] = reading.rows;
  return { headings, rows };
}

/** Pasted text as its lines; a last empty line is none. */
export function pastedLines(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '');
  return lines === '' ? [] : lines.split('\n');
}
