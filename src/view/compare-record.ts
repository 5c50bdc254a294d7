// Each organisation's comparison record (src/view/compare.ts), from the record model, and the
// shard scripts that carry them to compare.html.
import { isoDate } from '../lib/dates.ts';
import { registrationNumbers } from '../lib/identifiers.ts';
import { scriptSafeJson } from '../lib/json-ld.ts';
import { displayName, type Organisation } from '../records/organisation.ts';
import {
  AMOUNTS,
  COMPARE_DATA_FUNCTION,
  packShard,
  type CompareRecord,
  type CompareYear,
} from './compare.ts';
import { financialRows, financialYears } from './financial.ts';
import { organisationView } from './organisation-view.ts';
import { spendingOf } from '../lib/money.ts';

/** A year of accounts the editions kept (src/money/financial-series.ts), as the comparison reads it. */
interface KnownYear {
  year: number;
  figures: { income?: number; expenditure?: number; grants?: number; netAssets?: number };
}

/** The record's years, then each year only the editions knew, newest first. */
function withEarlierYears(years: readonly CompareYear[], series: readonly KnownYear[]): CompareYear[] {
  const known = new Set(years.map((entry) => entry[0]));
  const text = (value: number | undefined) => (value === undefined ? '' : String(value));
  const earlier = series
    .filter((entry) => !known.has(String(entry.year)))
    .map(({ year, figures }): CompareYear => [
      String(year),
      text(figures.income),
      text(spendingOf(figures.expenditure)?.amount),
      text(figures.grants),
      text(figures.netAssets),
    ]);
  if (earlier.length === 0) return [...years];
  // A year the record names otherwise than by its number stays first, where the record put it.
  const order = (entry: CompareYear) => (/^\d+$/.test(entry[0]) ? Number(entry[0]) : Infinity);
  return [...years, ...earlier].sort((a, b) => order(b) - order(a));
}

/** The text of a shard's script, safe to load as a classic script whatever the records hold. */
export function compareShardScript(records: readonly CompareRecord[]): string {
  const [texts, packed] = packShard(records);
  return `${COMPARE_DATA_FUNCTION}(${scriptSafeJson(texts)},${scriptSafeJson(packed)});\n`;
}

/**
 * What the comparison shows of an organisation, from the record model: every year of accounts
 * known, the two the record gives and the older ones the editions kept (`series`, finances over
 * time), newest first.
 */
export function compareRecordOf(
  organisation: Organisation,
  series: readonly KnownYear[] = [],
): CompareRecord {
  const view = organisationView(organisation);
  const numbers = registrationNumbers(organisation.regulators);
  const number = (kind: string) => numbers.find((entry) => entry.kind === kind)?.number ?? '';
  const years: CompareYear[] = [];
  if (view.financials) {
    const rows = financialRows(view.financials);
    const { current, previous } = financialYears(view.financials);
    const amount = (label: string, which: 'current' | 'previous') => {
      const row = rows.find((entry) => entry.label === label);
      return String(row?.[`${which}Written`] ?? row?.[which] ?? '');
    };
    const year = (name: string, which: 'current' | 'previous'): CompareYear => [
      name,
      ...(AMOUNTS.map((label) => amount(label, which)) as [string, string, string, string]),
    ];
    if (current !== undefined) years.push(year(current, 'current'));
    if (previous !== undefined) years.push(year(previous, 'previous'));
  }
  return [
    organisation.id,
    displayName(organisation),
    view.county ?? '',
    number('charity'),
    number('company'),
    number('chy'),
    view.regulatory,
    view.sector.name ?? '',
    view.subSector.name ?? '',
    view.governingForm ?? '',
    isoDate(view.incorporatedDate) ?? view.incorporatedDate ?? '',
    view.numEmployees ?? '',
    withEarlierYears(
      years.filter((entry) => entry.slice(1).some((value) => value !== '')),
      series,
    ),
    view.funders.map((funder) => [
      funder.source ?? '',
      funder.amountWritten ??
        (funder.amount === undefined ? (funder.amountText ?? '') : String(funder.amount)),
    ]),
    view.directors.map((director) => [
      director.name ?? '',
      isoDate(director.dateAppointed) ?? director.dateAppointed ?? '',
    ]),
    view.governanceCodes.map((code) => code.description ?? '').filter((code) => code !== ''),
  ];
}
