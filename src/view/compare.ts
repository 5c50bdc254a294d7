// Organisations side by side (compare.html): the shape of each one's comparison record, kept in
// classic scripts (`compare/<shard>.js`, one per first two characters of the page name, since
// fetch() of a local file fails from file://), and the comparison's rows and CSV, which the page's
// script works out in the browser from two to four of them (docs/site.md, "Compare"). The records
// are written from the record model by compare-record.ts: this module stays light for the browser.
import { csvRow, writtenNumber } from '../lib/csv.ts';
import { AMOUNT_TEXT, compareDecimals, decimalOf } from '../lib/decimal.ts';
import { formatDate } from '../lib/dates.ts';
import { formatAmount } from '../lib/money.ts';
import { organisationFileStem, organisationPath } from '../lib/routes.ts';

/** The global function each `compare/<shard>.js` calls with its organisations. */
export const COMPARE_DATA_FUNCTION = 'orgdirCompareData';

/** The fewest and most organisations a comparison sets side by side. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

/** The amounts of a year, in the order a CompareYear holds them. */
export const AMOUNTS = ['Income', 'Spending', 'Grants', 'Net assets'] as const;

/** The amounts of one year of accounts, as the record writes them ("" when not given). */
export type CompareYear = [year: string, income: string, spending: string, grants: string, netAssets: string];

/**
 * One organisation as the comparison reads it, positional to keep 35,000 of them small: every
 * text as the record gives it ("" when it does not), dates as ISO dates, amounts as written.
 */
export type CompareRecord = [
  id: string,
  name: string,
  county: string,
  charityNumber: string,
  croNumber: string,
  chyNumber: string,
  status: string[],
  sector: string,
  subSector: string,
  governingForm: string,
  incorporated: string,
  employees: string,
  years: CompareYear[],
  funders: [name: string, amount: string][],
  directors: [name: string, appointed: string][],
  codes: string[],
];

/** A record as a shard's script holds it: its shared texts as places in the shard's list of texts. */
type PackedRecord = [
  id: string,
  name: string,
  county: number,
  charityNumber: string,
  croNumber: string,
  chyNumber: string,
  status: number[],
  sector: number,
  subSector: number,
  governingForm: number,
  incorporated: string,
  employees: string,
  years: CompareYear[],
  funders: [name: number, amount: string][],
  directors: [name: string, appointed: string][],
  codes: number[],
];

/**
 * A shard as its script hands it over: the texts many organisations share (county, statuses,
 * sector, sub-sector, governing form, funders' names, codes) once, in a list, and each record naming
 * them by their place in it. At 35,000 organisations that is some 5 MB less of the site.
 */
export type PackedShard = [texts: string[], records: PackedRecord[]];

export function packShard(records: readonly CompareRecord[]): PackedShard {
  const texts: string[] = [];
  const places = new Map<string, number>();
  const at = (text: string): number => {
    let place = places.get(text);
    if (place === undefined) {
      place = texts.push(text) - 1;
      places.set(text, place);
    }
    return place;
  };
  const packed = records.map((record): PackedRecord => [
    record[0],
    record[1],
    at(record[2]),
    record[3],
    record[4],
    record[5],
    record[6].map(at),
    at(record[7]),
    at(record[8]),
    at(record[9]),
    record[10],
    record[11],
    record[12],
    record[13].map(([name, amount]) => [at(name), amount]),
    record[14],
    record[15].map(at),
  ]);
  return [texts, packed];
}

/** The records of a packed shard, as `packShard` was given them; a place past the list reads as "". */
export function unpackShard([texts, records]: PackedShard): CompareRecord[] {
  const text = (place: number): string => texts[place] ?? '';
  return records.map((record) => [
    record[0],
    record[1],
    text(record[2]),
    record[3],
    record[4],
    record[5],
    record[6].map(text),
    text(record[7]),
    text(record[8]),
    text(record[9]),
    record[10],
    record[11],
    record[12],
    record[13].map(([name, amount]) => [text(name), amount]),
    record[14],
    record[15].map(text),
  ]);
}

/** The shard an organisation's comparison record is in: the first two characters of its page's name. */
export function compareShard(id: string): string {
  return organisationFileStem(id).slice(0, 2).padEnd(2, '_');
}

/** The site path of a shard's script. */
export function compareShardPath(shard: string): string {
  return `compare/${shard}.js`;
}

/**
 * The organisation ids an address asks to compare (`?ids=a,b,c`), each once, at most
 * COMPARE_MAX, and only those that can name a page.
 */
export function compareIds(search: string): string[] {
  const ids: string[] = [];
  for (const value of new URLSearchParams(search).getAll('ids').flatMap((list) => list.split(','))) {
    const id = organisationFileStem(value.trim());
    if (/^[a-z0-9_-]{1,100}$/.test(id) && !ids.includes(id)) ids.push(id);
    if (ids.length === COMPARE_MAX) break;
  }
  return ids;
}

/** The address of a comparison, from the compare page: `compare.html?ids=a,b`. */
export function compareQuery(ids: readonly string[]): string {
  return `?ids=${ids.map(organisationFileStem).join(',')}`;
}

/** One line of the comparison: a field and each organisation's value ("" when it has none). */
export interface CompareRow {
  section: 'Registration' | 'Finances' | 'Staff' | 'Funders' | 'Directors' | 'Voluntary codes';
  label: string;
  values: string[];
  /**
   * For a field every organisation has (registration, finances, staff): true when the values are
   * not all the same. For a funder, director or code: true when more than one of them names it.
   */
  marked: boolean;
  /** Amounts as the records write them, for the CSV: a spreadsheet reads them as numbers. */
  written?: string[];
  /** For an amount given by more than one of them: the column of the largest. */
  largest?: number;
}

/** The column of the largest of amounts written, when two or more are given and one is largest. */
function largestOf(written: readonly string[]): number | undefined {
  const given = written
    .map((text, column) => ({ column, text }))
    .filter(({ text }) => AMOUNT_TEXT.test(text))
    .map(({ column, text }) => ({ column, amount: decimalOf(text) }))
    .sort((a, b) => compareDecimals(b.amount, a.amount));
  if (given.length < 2 || compareDecimals(given[0]!.amount, given[1]!.amount) === 0) return undefined;
  return given[0]!.column;
}

/** An amount as written stays a number in the CSV; anything else is text. */
function cellOf(value: string): unknown {
  return AMOUNT_TEXT.test(value) ? writtenNumber(value) : value;
}

/** Names compared as a reader would: case, accents, punctuation and spacing aside. */
function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Newest year first; a year named by its accounts' date ("to 31 March 2022") by that year. */
function yearOrder(year: string): number {
  return Number(/(\d{4})\s*$/.exec(year)?.[1] ?? 0);
}

/** A row of a field every organisation may give, left out when none gives it. */
function fieldRow(
  section: CompareRow['section'],
  label: string,
  values: string[],
  written?: string[],
): CompareRow[] {
  if (values.every((value) => value === '')) return [];
  const largest = written && largestOf(written);
  return [
    {
      section,
      label,
      values,
      marked: new Set(values).size > 1,
      ...(written && { written }),
      ...(largest !== undefined && { largest }),
    },
  ];
}

/** Registration: numbers, status, county, sector, legal form, incorporation. */
function registrationRows(records: readonly CompareRecord[]): CompareRow[] {
  const fields: [string, (record: CompareRecord) => string][] = [
    ['Charity number', (record) => (record[3] === '' ? '' : `RCN ${record[3]}`)],
    ['CRO number', (record) => (record[4] === '' ? '' : `CRO ${record[4]}`)],
    ['CHY number', (record) => (record[5] === '' ? '' : `CHY ${record[5]}`)],
    ['Status', (record) => record[6].join('; ')],
    ['County', (record) => record[2]],
    ['Sector', (record) => record[7]],
    ['Sub-sector', (record) => record[8]],
    ['Legal form', (record) => record[9]],
    ['Incorporated', (record) => formatDate(record[10]) ?? record[10]],
  ];
  return fields.flatMap(([label, value]) => fieldRow('Registration', label, records.map(value)));
}

/** The latest income whatever its year, then every amount of every year any of them gives. */
function financeRows(records: readonly CompareRecord[]): CompareRow[] {
  const latest = fieldRow(
    'Finances',
    'Latest income',
    records.map((record) => {
      const year = record[12][0];
      const amount = year && formatAmount(year[1]);
      return amount ? `${amount} (${year[0]})` : '';
    }),
  );
  // The CSV keeps this row as shown, its year with it; the largest is still marked.
  const largest = largestOf(records.map((record) => record[12][0]?.[1] ?? ''));
  if (latest[0] && largest !== undefined) latest[0].largest = largest;
  const years = [...new Set(records.flatMap((record) => record[12].map((year) => year[0])))].sort(
    (a, b) => yearOrder(b) - yearOrder(a) || a.localeCompare(b),
  );
  const amounts = AMOUNTS.flatMap((label, index) =>
    years.flatMap((year) => {
      const written = records.map(
        (record) => record[12].find((entry) => entry[0] === year)?.[index + 1] ?? '',
      );
      return fieldRow(
        'Finances',
        `${label}, ${year}`,
        written.map((value) => formatAmount(value) ?? value),
        written,
      );
    }),
  );
  return [...latest, ...amounts];
}

/**
 * A row per name any of them lists (a funder, a director, a code), matched by name alone, with
 * each one's value for it; marked when more than one lists it.
 */
function namedRows(
  records: readonly CompareRecord[],
  section: CompareRow['section'],
  entries: (record: CompareRecord) => [name: string, value: string][],
): CompareRow[] {
  const rows = new Map<string, CompareRow>();
  records.forEach((record, column) => {
    for (const [name, value] of entries(record)) {
      const key = nameKey(name);
      if (key === '') continue;
      let row = rows.get(key);
      if (!row) {
        row = { section, label: name.trim(), values: records.map(() => ''), marked: false };
        rows.set(key, row);
      }
      // A name listed twice by one record keeps its first value; an empty value still says "listed".
      if (row.values[column] === '') row.values[column] = value === '' ? 'listed' : value;
    }
  });
  for (const row of rows.values()) row.marked = row.values.filter((value) => value !== '').length > 1;
  return [...rows.values()];
}

/** The rows of a comparison of `records`, in the order the page shows them. */
export function compareRows(records: readonly CompareRecord[]): CompareRow[] {
  return [
    ...registrationRows(records),
    ...financeRows(records),
    ...fieldRow(
      'Staff',
      'Employees',
      records.map((record) => record[11]),
    ),
    ...namedRows(records, 'Funders', (record) =>
      record[13].map(([name, amount]) => [name, formatAmount(amount) ?? amount]),
    ),
    ...namedRows(records, 'Directors', (record) =>
      record[14].map(([name, appointed]) => [
        name,
        appointed === '' ? '' : `since ${formatDate(appointed) ?? appointed}`,
      ]),
    ),
    ...namedRows(records, 'Voluntary codes', (record) => record[15].map((code) => [code, 'yes'])),
  ];
}

/**
 * The comparison as CSV: a row of names and one of pages (`pageAddress` gives a page's address,
 * relative to the site or under its public address), then every row of the page.
 */
export function compareCsv(records: readonly CompareRecord[], pageAddress: (path: string) => string): string {
  return [
    csvRow(['section', 'field', ...records.map((record) => record[1])]),
    csvRow(['', 'Page', ...records.map((record) => pageAddress(organisationPath(record[0])))]),
    ...compareRows(records).map((row) =>
      csvRow([row.section, row.label, ...(row.written ?? row.values).map(cellOf)]),
    ),
  ].join('');
}
