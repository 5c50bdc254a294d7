// A record file's text read as JSON, with its amounts as written. JSON.parse reads every number
// into a floating-point number: a 30-digit amount loses its last digits, one of 22 digits or more
// comes back in exponent form, 1.50 loses its zero. An amount that a floating-point number would
// not give back as the record writes it is kept as raw JSON (`JSON.rawJSON`): JSON.stringify
// writes it back unchanged, and the record model reads its text (docs/site.md: "Follow the money": sums
// are exact, of the amounts as published).
import { financialSummarySchema } from '../schemas/financial-summary.ts';
import { funderSchema } from '../schemas/funder.ts';

interface RawJson {
  readonly rawJSON: string;
}

/** Node 24's JSON.rawJSON and JSON.isRawJSON, which TypeScript's libraries do not describe yet. */
const json = JSON as unknown as {
  rawJSON(text: string): RawJson;
  isRawJSON(value: unknown): value is RawJson;
};

/** The fields that hold amounts: every whole number of the financial summary, and a funder's amount. */
const AMOUNT_FIELDS: ReadonlySet<string> = new Set([
  ...Object.keys(financialSummarySchema.shape).filter(
    (key) => key !== 'currentYear' && key !== 'accountToDate',
  ),
  ...Object.keys(funderSchema.shape).filter((key) => key === 'amount'),
]);

/**
 * A number a floating-point number may not give back as written: 16 digits or more, an exponent,
 * a decimal ending in zero, minus zero. Only a record that has one is read the slower way.
 */
const WRITTEN_OTHERWISE = /[:[,]\s*(?:-?\d{16}|-?\d+(?:\.\d+)?[eE]|-?\d+\.\d*0(?!\d)|-0(?![.\deE\d]))/;

/** The amount as the record writes it, when it was kept so (see `parseRecord`). */
export function writtenAmount(value: unknown): string | undefined {
  return json.isRawJSON(value) ? value.rawJSON : undefined;
}

/** Parses a record file's text; amounts a floating-point number would not keep are kept as written. */
export function parseRecord(text: string): unknown {
  if (!WRITTEN_OTHERWISE.test(text)) return JSON.parse(text);
  const reviver = (key: string, value: unknown, context?: { source?: string }): unknown =>
    typeof value === 'number' &&
    AMOUNT_FIELDS.has(key) &&
    context?.source !== undefined &&
    context.source !== String(value)
      ? json.rawJSON(context.source)
      : value;
  return JSON.parse(text, reviver as (key: string, value: unknown) => unknown);
}
