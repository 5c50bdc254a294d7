// Who funds whom: every funder the records name, with what it gave to whom. A funder is its
// `fundSource` as given; spellings that differ only in case, spacing or punctuation are one
// funder (src/money/name-groups.ts). Totals are exact sums of the amounts as published.
import { writtenNumber } from '../lib/csv.ts';
import type { MoneyEntry, MoneyGroup } from './entries.ts';
import {
  compareNames,
  countsOf,
  distinctSlugs,
  nameKey,
  nameSlug,
  spellingsByUse,
  type Spelling,
} from './name-groups.ts';
import { compareDecimals, sumOf, ZERO, type Decimal } from '../lib/decimal.ts';

/** The group of funder entries that name no funder. */
export const UNNAMED_FUNDER_KEY = '';
/** Its address: a double hyphen and no hash, which no named funder's slug has. */
export const UNNAMED_FUNDER_SLUG = 'not-given--funder';

/** One funder entry of one organisation's record. */
interface FundingRow {
  id: string;
  name: string;
  county: MoneyGroup;
  sector: MoneyGroup;
  /** `fundSource` exactly as this record spells it. */
  source?: string;
  amount?: number;
  amountText?: string;
  /** The amount as the record writes it, when `amount` may not say it exactly: summed and downloaded. */
  amountWritten?: string;
  type?: string;
}

/** What a set of rows adds up to in one county or sector. */
export interface Breakdown {
  key: string;
  label: string;
  organisations: number;
  /** The sum of the amounts given as numbers. */
  total: Decimal;
}

export interface FunderGroup {
  key: string;
  slug: string;
  /** The commonest spelling; "Funder not given" for entries that name none. */
  label: string;
  named: boolean;
  /** Every spelling the records use, commonest first. */
  spellings: Spelling[];
  /** Entries, the largest amount first, then by organisation name. */
  rows: FundingRow[];
  /** The sum of every amount given as a number. */
  total: Decimal;
  /** Distinct organisations. */
  organisations: number;
  /** Entries whose amount is missing or not a number (not in the total). */
  withoutAmount: number;
  /** Funding types, with how many entries give each, commonest first. */
  types: Spelling[];
  byCounty: Breakdown[];
  bySector: Breakdown[];
}

/** The key a funder name is grouped by; entries with no name share UNNAMED_FUNDER_KEY. */
export function funderKey(source: string | undefined): string {
  return source === undefined || source.trim() === '' ? UNNAMED_FUNDER_KEY : nameKey(source);
}

function byAmountThenName(a: FundingRow, b: FundingRow): number {
  if (a.amount !== undefined && b.amount !== undefined && a.amount !== b.amount) return b.amount - a.amount;
  if ((a.amount === undefined) !== (b.amount === undefined)) return a.amount === undefined ? 1 : -1;
  return compareNames(a.name, b.name) || compareNames(a.id, b.id);
}

/** Sums rows by a grouping (county, sector), the largest total first, "not given" last. */
function breakdown(rows: readonly FundingRow[], groupOf: (row: FundingRow) => MoneyGroup): Breakdown[] {
  const groups = new Map<string, { label: string; ids: Set<string>; amounts: (number | string)[] }>();
  for (const row of rows) {
    const { key, label } = groupOf(row);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { label, ids: new Set(), amounts: [] }));
    group.ids.add(row.id);
    if (row.amount !== undefined) group.amounts.push(row.amountWritten ?? row.amount);
  }
  return [...groups]
    .map(([key, group]) => ({
      key,
      label: group.label,
      organisations: group.ids.size,
      total: sumOf(group.amounts),
    }))
    .sort(
      (a, b) =>
        (a.key === '' ? 1 : 0) - (b.key === '' ? 1 : 0) ||
        compareDecimals(b.total, a.total) ||
        compareNames(a.label, b.label),
    );
}

/** Every funder the entries name, the largest total first. */
export function funderGroups(entries: readonly MoneyEntry[]): FunderGroup[] {
  const rowsByKey = new Map<string, FundingRow[]>();
  for (const entry of entries) {
    for (const funder of entry.funders) {
      const key = funderKey(funder.source);
      let rows = rowsByKey.get(key);
      if (!rows) rowsByKey.set(key, (rows = []));
      rows.push({
        id: entry.id,
        name: entry.name,
        county: entry.county,
        sector: entry.sector,
        ...(funder.source !== undefined && { source: funder.source }),
        ...(funder.amount !== undefined && { amount: funder.amount }),
        ...(funder.amountText !== undefined && { amountText: funder.amountText }),
        ...(funder.amountWritten !== undefined && { amountWritten: funder.amountWritten }),
        ...(funder.type !== undefined && { type: funder.type }),
      });
    }
  }
  const groups = [...rowsByKey].map(([key, rows]): FunderGroup => {
    const named = key !== UNNAMED_FUNDER_KEY;
    const spellings = spellingsByUse(countsOf(rows.map((row) => row.source?.trim())));
    const label = named ? spellings[0]!.name : 'Funder not given';
    const amounts = rows.flatMap((row) =>
      row.amount === undefined ? [] : [row.amountWritten ?? row.amount],
    );
    return {
      key,
      slug: named ? nameSlug(key, label) : UNNAMED_FUNDER_SLUG,
      label,
      named,
      spellings,
      rows: [...rows].sort(byAmountThenName),
      total: amounts.length > 0 ? sumOf(amounts) : ZERO,
      organisations: new Set(rows.map((row) => row.id)).size,
      withoutAmount: rows.length - amounts.length,
      types: spellingsByUse(countsOf(rows.map((row) => row.type))),
      byCounty: breakdown(rows, (row) => row.county),
      bySector: breakdown(rows, (row) => row.sector),
    };
  });
  groups.sort(
    (a, b) =>
      Number(!a.named) - Number(!b.named) ||
      compareDecimals(b.total, a.total) ||
      b.organisations - a.organisations ||
      compareNames(a.label, b.label),
  );
  distinctSlugs(groups);
  return groups;
}

export const FUNDING_CSV_HEADER = [
  'organisation_id',
  'organisation_name',
  'county',
  'sector',
  'fund_source',
  'funding_type',
  'amount',
] as const;

/**
 * A funder's entries as CSV cells, one array per entry: the amount as given, number or text. An
 * organisation's page is `org/<organisation_id>.html`: a column for it would add a third to the file.
 */
export function fundingCsvRows(group: FunderGroup): unknown[][] {
  return group.rows.map((row) => [
    row.id,
    row.name,
    row.county.key === '' ? '' : row.county.label,
    row.sector.key === '' ? '' : row.sector.label,
    row.source ?? '',
    row.type ?? '',
    row.amountWritten !== undefined ? writtenNumber(row.amountWritten) : (row.amount ?? row.amountText ?? ''),
  ]);
}
