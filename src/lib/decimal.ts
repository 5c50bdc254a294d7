// Sums and medians of published amounts, exact. The register's totals run to billions and some
// amounts carry cents: adding them as floating-point numbers would drift in the last digits, and
// a reader who adds the rows up must get the total shown. Amounts are added as decimal integers.

import { groupDigits } from './text.ts';

/** A decimal number: `units` × 10^−`scale`. */
export interface Decimal {
  units: bigint;
  scale: number;
}

export const ZERO: Decimal = { units: 0n, scale: 0 };

/**
 * The JSON text of an amount that `decimalOf` takes: a number of at most 400 digits and an exponent
 * of at most three, so that no record can make a sum work with a power of ten of a billion digits.
 */
export const AMOUNT_TEXT = /^-?\d{1,400}(?:\.\d{1,400})?(?:[eE][+-]?\d{1,3})?$/;

/**
 * An amount as an exact decimal: a number as JavaScript writes it (its shortest round-trip form),
 * or the JSON text of a number as a record writes it (30 digits, an exponent: see
 * src/records/record-json.ts), which a floating-point number would round.
 */
export function decimalOf(amount: number | string): Decimal {
  if (typeof amount === 'number' && !Number.isFinite(amount))
    throw new RangeError(`not a finite amount: ${amount}`);
  if (typeof amount === 'number' && Number.isSafeInteger(amount)) return { units: BigInt(amount), scale: 0 };
  const text = String(amount).trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match || (typeof amount === 'string' && !AMOUNT_TEXT.test(text)))
    throw new RangeError(`not a decimal amount: ${amount}`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  let units = BigInt(`${whole}${fraction}`);
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return normalised({ units: sign === '-' ? -units : units, scale });
}

/** Drops trailing zero decimals: 1.50 is 1.5. */
function normalised(value: Decimal): Decimal {
  let { units, scale } = value;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return { units, scale };
}

function atScale(value: Decimal, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

export function add(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return normalised({ units: atScale(a, scale) + atScale(b, scale), scale });
}

export function negated(value: Decimal): Decimal {
  return { units: -value.units, scale: value.scale };
}

/** The exact sum of the amounts. */
export function sumOf(amounts: Iterable<number | string>): Decimal {
  let total = ZERO;
  for (const amount of amounts) total = add(total, decimalOf(amount));
  return total;
}

export function compareDecimals(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const difference = atScale(a, scale) - atScale(b, scale);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/**
 * The median, exact: the middle amount, or halfway between the two middle ones.
 * `undefined` for no amounts.
 */
export function medianOf(amounts: readonly (number | string)[]): Decimal | undefined {
  if (amounts.length === 0) return undefined;
  const sorted = amounts.map(decimalOf).sort(compareDecimals);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle]!;
  const both = add(sorted[middle - 1]!, sorted[middle]!);
  // Half of a decimal is five tenths of it: exact at one more decimal place.
  return normalised({ units: both.units * 5n, scale: both.scale + 1 });
}

const MINUS = '\u2212';

/** In full, digits grouped: "1,191,591,656", "1,234.5", "−12". */
export function formatDecimal(value: Decimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale);
  const text = groupDigits(whole) + (fraction ? `.${fraction}` : '');
  return negative && value.units !== 0n ? MINUS + text : text;
}

/**
 * The value as a floating-point number, for drawing (never for a figure that is printed): the
 * nearest one, and the largest finite one for a value beyond it, so that a chart is never drawn
 * from an infinity.
 */
export function approximate(value: Decimal): number {
  const number = Number(`${value.units}e${-value.scale}`);
  return Math.max(-Number.MAX_VALUE, Math.min(Number.MAX_VALUE, number));
}

const SCALES: readonly [number, string][] = [
  [1e12, 'trillion'],
  [1e9, 'billion'],
  [1e6, 'million'],
];
/** Made at first use: a page that never rounds a figure (search) does not load the locale's data. */
let rounded: Intl.NumberFormat | undefined;
const roundedFormat = (): Intl.NumberFormat =>
  (rounded ??= new Intl.NumberFormat('en-IE', { maximumFractionDigits: 1 }));
const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/**
 * A rounded reading of a large figure, "1.2 billion"; past a thousand trillion a power of ten,
 * "1.2 × 10²⁹", read from the decimal's digits. `undefined` when the full figure is short enough.
 */
export function roundedFigure(value: Decimal): string | undefined {
  const sign = value.units < 0n ? MINUS : '';
  const digits = (value.units < 0n ? -value.units : value.units).toString();
  const power = digits.length - 1 - value.scale;
  if (power >= 15) {
    const lead = roundedFormat().format(Number(`${digits[0]}.${digits.slice(1, 4)}`));
    const exponent = [...String(power)].map((digit) => SUPERSCRIPTS[Number(digit)]).join('');
    return `about ${sign}${lead} × 10${exponent}`;
  }
  const size = Math.abs(approximate(value));
  for (const [scale, word] of SCALES) {
    if (size >= scale) return `about ${sign}${roundedFormat().format(size / scale)} ${word}`;
  }
  return undefined;
}
