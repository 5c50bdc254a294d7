// The numbers behind the financial summary's table and chart.
import { formatAmount, spendingOf } from '../lib/money.ts';
import { formatDate } from '../lib/dates.ts';
import { placeBar, zeroAxis } from '../lib/bar-chart.ts';
import type { Amounts, Financials } from './organisation-view.ts';

/** The names of a financial summary's two years, where the record gives them. */
export interface FinancialYears {
  /** "2021" from the record's current year, or "to 31 December 2021" from its accounts date alone. */
  current?: string;
  /** "2020": the year before the current year, when the record gives that year. */
  previous?: string;
}

/**
 * The years the amounts belong to. The current year is the record's own; without it the date the
 * accounts run to still places the current amounts, but not the previous ones.
 */
export function financialYears(financials: { currentYear?: number; accountToDate?: string }): FinancialYears {
  const year = financials.currentYear;
  if (year !== undefined) return { current: String(year), previous: String(year - 1) };
  const accountsTo = formatDate(financials.accountToDate);
  return accountsTo === undefined ? {} : { current: `to ${accountsTo}` };
}

export interface FinancialRow {
  label: string;
  previous?: number;
  current?: number;
  /** The amounts as the record writes them, where the numbers may not say them exactly. */
  previousWritten?: string;
  currentWritten?: string;
}

/** Income, spending, grants and net assets; spending as a positive amount. */
export function financialRows(financials: Financials): FinancialRow[] {
  const written = financials.written;
  const row = (label: string, key: keyof Amounts, previous?: number, current?: number): FinancialRow => {
    // Spending is the expenditure without its sign, as written too.
    const text = (value: string | undefined) => (key === 'expenditure' ? value?.replace(/^-/, '') : value);
    const previousWritten = text(written?.previous[key]);
    const currentWritten = text(written?.current[key]);
    return {
      label,
      ...(previous !== undefined && { previous }),
      ...(current !== undefined && { current }),
      ...(previousWritten !== undefined && { previousWritten }),
      ...(currentWritten !== undefined && { currentWritten }),
    };
  };
  return [
    row('Income', 'income', financials.previous.income, financials.current.income),
    row(
      'Spending',
      'expenditure',
      spendingOf(financials.previous.expenditure)?.amount,
      spendingOf(financials.current.expenditure)?.amount,
    ),
    row('Grants', 'grants', financials.previous.grants, financials.current.grants),
    row('Net assets', 'netAssets', financials.previous.netAssets, financials.current.netAssets),
  ];
}

export interface ChartBar {
  label: string;
  first: boolean;
  current: boolean;
  x: number;
  y: number;
  width: number;
  text: string;
  textX: number;
  textAnchor: 'start' | 'end';
}

export interface Chart {
  width: number;
  height: number;
  /** x of the zero line. */
  zero: number;
  /** The zero line as an SVG path, beside each row's bars only, clear of the labels above them. */
  axis: string;
  bars: ChartBar[];
}

/**
 * Narrower than a phone's column of text (358 px at 390), each measure's label on a line above its
 * two bars: drawn at its own size, the chart keeps its text at 12 px and every figure in view.
 */
const WIDTH = 340;
const VALUE_ROOM = 100;
const LABEL_HEIGHT = 18;
const ROW_HEIGHT = LABEL_HEIGHT + 36;

/** Horizontal bars, previous year above current, around a zero line (net assets can be negative). */
export function financialChart(rows: readonly FinancialRow[]): Chart | undefined {
  const values = rows
    .flatMap((row) => [row.previous, row.current])
    .filter((v): v is number => v !== undefined);
  if (values.length === 0) return undefined;
  const { scale, zero } = zeroAxis(values, { width: WIDTH, labelWidth: 0, valueRoom: VALUE_ROOM });
  const bars: ChartBar[] = [];
  rows.forEach((row, index) => {
    const entries: [number | undefined, boolean, string | undefined][] = [
      [row.previous, false, row.previousWritten],
      [row.current, true, row.currentWritten],
    ];
    entries.forEach(([value, current, written], position) => {
      const y = index * ROW_HEIGHT + LABEL_HEIGHT + position * 15;
      if (value === undefined) {
        bars.push({
          label: row.label,
          first: position === 0,
          current,
          x: zero,
          y,
          width: 0,
          text: 'not given',
          textX: zero + 4,
          textAnchor: 'start',
        });
        return;
      }
      bars.push({
        label: row.label,
        first: position === 0,
        current,
        y,
        ...placeBar(value, scale, zero),
        text: formatAmount(written ?? value) ?? '',
      });
    });
  });
  const axis = rows.map((_, index) => `M${zero} ${index * ROW_HEIGHT + LABEL_HEIGHT - 2}v34`).join('');
  return { width: WIDTH, height: rows.length * ROW_HEIGHT, zero, axis, bars };
}

/** The height of a bar, in the chart's units. */
const BAR_HEIGHT = 12;

/**
 * The bars as one SVG path: a rectangle per bar with a width. One path per series instead of a
 * `<rect>` per bar is about a third of the bytes, on every organisation's page.
 */
export function barsPath(bars: readonly ChartBar[]): string {
  return bars
    .filter((bar) => bar.width > 0)
    .map((bar) => `M${bar.x} ${bar.y}h${bar.width}v${BAR_HEIGHT}h-${bar.width}z`)
    .join('');
}
