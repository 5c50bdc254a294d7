// Amounts as the register publishes them: whole units of a currency the API never names (euro in
// Irish data). Expenditure arrives negative (src/schemas/financial-summary.ts); readers expect spending.
import { add, AMOUNT_TEXT, approximate, decimalOf, formatDecimal, negated, type Decimal } from './decimal.ts';

const grouped = new Intl.NumberFormat('en-IE', { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('en-IE', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/** A real minus sign reads better than a hyphen and is not taken for a dash. */
const MINUS = '\u2212';

/** A finite number (also when written as a plain decimal string), or `undefined`. */
export function amountOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

/**
 * "1,234,567" or "−1,234"; `undefined` when there is no number to show. An amount as a record
 * writes it (JSON text: 30 digits, an exponent) is shown in full, every digit as written.
 */
export function formatAmount(value: unknown): string | undefined {
  if (typeof value === 'string' && AMOUNT_TEXT.test(value.trim())) return formatDecimal(decimalOf(value));
  const amount = amountOf(value);
  if (amount === undefined) return undefined;
  const text = grouped.format(Math.abs(amount));
  return amount < 0 ? MINUS + text : text;
}

/** A signed difference: "+1,234", "−1,234", "0". */
export function formatSigned(value: number): string {
  if (value === 0) return '0';
  return (value > 0 ? '+' : MINUS) + grouped.format(Math.abs(value));
}

export interface Spending {
  /** What was spent, as a positive amount. */
  amount: number;
  /** True when the API gave expenditure as a positive number, against its own convention. */
  givenPositive: boolean;
}

/** The API's negative expenditure as the amount spent. */
export function spendingOf(expenditure: unknown): Spending | undefined {
  const amount = amountOf(expenditure);
  if (amount === undefined) return undefined;
  return { amount: Math.abs(amount), givenPositive: amount > 0 };
}

export interface Change {
  difference: number;
  /** "+12.5%"; absent when the previous amount is zero (no meaningful ratio). */
  percent?: string;
  /** "+1,234 (+12.5%)", "no change" or "+1,234 (previous year zero)". */
  text: string;
}

/** An amount as an exact decimal: a number, or the JSON text of one as a record writes it. */
function exactAmount(value: unknown): Decimal | undefined {
  if (typeof value === 'string' && AMOUNT_TEXT.test(value.trim())) return decimalOf(value);
  const amount = amountOf(value);
  return amount === undefined ? undefined : decimalOf(amount);
}

/**
 * Change from the previous year to the current one; `undefined` when either is missing. Each is a
 * number or an amount as the record writes it (30 digits, an exponent).
 */
export function yearOnYear(current: unknown, previous: unknown): Change | undefined {
  const now = exactAmount(current);
  const before = exactAmount(previous);
  if (now === undefined || before === undefined) return undefined;
  // Subtracted as decimals: two amounts near the largest floating-point number differ by more
  // than it, and the page must not print an infinity.
  const exact = add(now, negated(before));
  const difference = approximate(exact);
  const signed = (exact.units > 0n ? '+' : '') + formatDecimal(exact);
  if (exact.units === 0n) return { difference, text: 'no change' };
  if (before.units === 0n) return { difference, text: `${signed} (previous year zero)` };
  const ratio = (difference / Math.abs(approximate(before))) * 100;
  if (!Number.isFinite(ratio)) return { difference, text: signed };
  const percentText = (ratio > 0 ? '+' : ratio < 0 ? MINUS : '') + percent.format(Math.abs(ratio)) + '%';
  return { difference, percent: percentText, text: `${signed} (${percentText})` };
}
