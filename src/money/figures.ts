// The register in figures: for each measure of the financial summary (current year), the sum and
// the median of what the organisations report, by county, by sector and by list, and how many
// report it. Every figure here is derived: the register publishes only each organisation's own.
import type { MoneyEntry, MoneyFinancials, MoneyGroup } from './entries.ts';
import { compareNames } from './name-groups.ts';
import { medianOf, sumOf, type Decimal } from '../lib/decimal.ts';

export const MEASURES = [
  { key: 'income', label: 'Income' },
  { key: 'expenditure', label: 'Spending' },
  { key: 'grants', label: 'Grants' },
  { key: 'netAssets', label: 'Net assets' },
] as const;

export type MeasureKey = (typeof MEASURES)[number]['key'];

/** One measure over a set of organisations. */
export interface MeasureFigure {
  /** Organisations that give this figure as a number. */
  reporting: number;
  /** Their sum; `undefined` when none reports it. */
  total?: Decimal;
  median?: Decimal;
}

export interface GroupFigures {
  key: string;
  label: string;
  organisations: number;
  measures: Record<MeasureKey, MeasureFigure>;
}

/** A measure's value for one organisation; spending as a positive amount, as its page shows it. */
function measureOf(
  financials: MoneyFinancials | undefined,
  measure: MeasureKey,
): number | string | undefined {
  const value = financials?.[measure];
  if (value === undefined || measure !== 'expenditure') return value;
  return typeof value === 'string' ? value.replace(/^-/, '') : Math.abs(value);
}

export function figuresOf(entries: readonly MoneyEntry[]): Record<MeasureKey, MeasureFigure> {
  const measures = {} as Record<MeasureKey, MeasureFigure>;
  for (const { key } of MEASURES) {
    const values = entries.flatMap((entry) => {
      const value = measureOf(entry.financials, key);
      return value === undefined ? [] : [value];
    });
    const median = medianOf(values);
    measures[key] = {
      reporting: values.length,
      ...(values.length > 0 && { total: sumOf(values) }),
      ...(median !== undefined && { median }),
    };
  }
  return measures;
}

/**
 * Figures per group. An organisation in several groups (several lists) counts in each; one in
 * none (`groupsOf` gives nothing) counts in none. Groups come in the order `order` gives, the
 * "not given" group ('' key) last.
 */
export function figuresBy(
  entries: readonly MoneyEntry[],
  groupsOf: (entry: MoneyEntry) => readonly MoneyGroup[],
  order: (a: MoneyGroup, b: MoneyGroup) => number = (a, b) => compareNames(a.label, b.label),
): GroupFigures[] {
  const members = new Map<string, { group: MoneyGroup; entries: MoneyEntry[] }>();
  for (const entry of entries) {
    for (const group of groupsOf(entry)) {
      let bucket = members.get(group.key);
      if (!bucket) members.set(group.key, (bucket = { group, entries: [] }));
      bucket.entries.push(entry);
    }
  }
  return [...members.values()]
    .sort((a, b) => (a.group.key === '' ? 1 : 0) - (b.group.key === '' ? 1 : 0) || order(a.group, b.group))
    .map(({ group, entries: inGroup }) => ({
      key: group.key,
      label: group.label,
      organisations: inGroup.length,
      measures: figuresOf(inGroup),
    }));
}
