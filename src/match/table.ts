// The match table: the register as the list matcher reads it in the browser, one classic script,
// `match/table.js`, that hands a compact table to a global function (module scripts and
// fetch() fail from file://: https://github.com/withastro/astro/issues/12288). Only match.html loads it.
import type { RegisterKind, RegistrationNumber } from '../lib/identifiers.ts';
import type { MatchEntry } from './matcher.ts';

/** The global function `match/table.js` calls with the table. */
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

/** One organisation: id, name, county, numbers, then its other names. */
type Row = [string, string, string, string, ...string[]];

export interface MatchTable {
  version: 1;
  rows: Row[];
}

export function encodeMatchTable(entries: Iterable<MatchEntry>): MatchTable {
  const rows: Row[] = [];
  for (const entry of entries) {
    const numbers = entry.numbers.map(({ kind, number }) => `${LETTERS[kind]}${number}`).join(' ');
    rows.push([entry.id, entry.name, entry.county ?? '', numbers, ...entry.altNames]);
  }
  return { version: 1, rows };
}

/** The text of `match/table.js`. */
export function matchTableScript(table: MatchTable): string {
  return `${MATCH_TABLE_FUNCTION}(${JSON.stringify(table)});\n`;
}

function numbersOf(text: string): RegistrationNumber[] {
  return text
    .split(' ')
    .filter((item) => item !== '' && KINDS[item[0]!] !== undefined)
    .map((item) => ({ kind: KINDS[item[0]!]!, number: item.slice(1) }));
}

/** The entries of a table; anything malformed is skipped rather than trusted. */
export function decodeMatchTable(table: unknown): MatchEntry[] {
  const rows = (table as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) return [];
  const entries: MatchEntry[] = [];
  for (const row of rows) {
    if (!Array.isArray(row) || !row.every((cell) => typeof cell === 'string') || row.length < 4) continue;
    const [id, name, county, numbers, ...altNames] = row as string[];
    entries.push({
      id: id!,
      name: name!,
      altNames,
      ...(county && { county }),
      numbers: numbersOf(numbers!),
    });
  }
  return entries;
}
