// The match table: the register as the list matcher reads it in the browser, one classic script,
// `match/table.js`, that hands the table to a global function (module scripts and fetch() fail
// from file://: https://github.com/withastro/astro/issues/12288). Only match.html loads it, and
// only once the reader asks for a match. The table is one string literal, not an object literal:
// the page's thread only scans a string and passes it on, and the matcher's worker splits it.
import type { RegisterKind, RegistrationNumber } from '../lib/identifiers.ts';
import type { MatchEntry } from './matcher.ts';

/** The global function `match/table.js` calls with the table's text. */
export const MATCH_TABLE_FUNCTION = 'orgdirMatchTable';

/** Columns the downloaded result adds to the list's own. */
export const RESULT_COLUMNS = [
  'match_id',
  'match_name',
  'match_charity_number',
  'match_county',
  'match_page',
  'match_score',
  'match_reason',
] as const;

/** A register's number as one letter before its digits: "R20000028 C123456 Y12345". */
const LETTERS: Readonly<Record<RegisterKind, string>> = { charity: 'R', company: 'C', chy: 'Y' };
const KINDS: Readonly<Record<string, RegisterKind>> = { R: 'charity', C: 'company', Y: 'chy' };

/** Cells are separated by tabs and organisations by line feeds; a cell's own are escaped. */
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const UNESCAPES: Readonly<Record<string, string>> = { '\\': '\\', t: '\t', n: '\n', r: '\r' };

function escapeCell(text: string): string {
  return text.replace(/[\\\t\n\r]/g, (character) => ESCAPES[character]!);
}

function unescapeCell(text: string): string {
  return text.includes('\\')
    ? text.replace(/\\(.)/gs, (_all, code: string) => UNESCAPES[code] ?? code)
    : text;
}

/**
 * The table's text: one line per organisation, its id, name, county, numbers, the date it left
 * the register ("" while on it), then its other names.
 */
export function encodeMatchTable(entries: Iterable<MatchEntry>): string {
  const lines: string[] = [];
  for (const entry of entries) {
    const numbers = entry.numbers.map(({ kind, number }) => `${LETTERS[kind]}${number}`).join(' ');
    lines.push(
      [entry.id, entry.name, entry.county ?? '', numbers, entry.goneSince ?? '', ...entry.altNames]
        .map(escapeCell)
        .join('\t'),
    );
  }
  return lines.join('\n');
}

/** The text of `match/table.js`. */
export function matchTableScript(table: string): string {
  return `${MATCH_TABLE_FUNCTION}(${JSON.stringify(table)});\n`;
}

function numbersOf(text: string): RegistrationNumber[] {
  return text
    .split(' ')
    .filter((item) => item !== '' && KINDS[item[0]!] !== undefined)
    .map((item) => ({ kind: KINDS[item[0]!]!, number: item.slice(1) }));
}

/** The entries of a table's text; a line without its five first cells is skipped rather than trusted. */
export function decodeMatchTable(table: unknown): MatchEntry[] {
  if (typeof table !== 'string' || table === '') return [];
  const entries: MatchEntry[] = [];
  for (const line of table.split('\n')) {
    const cells = line.split('\t');
    if (cells.length < 5) continue;
    const [id, name, county, numbers, goneSince, ...altNames] = cells.map(unescapeCell);
    entries.push({
      id: id!,
      name: name!,
      altNames,
      ...(county && { county }),
      numbers: numbersOf(numbers!),
      ...(goneSince && { goneSince }),
    });
  }
  return entries;
}
