// A changed field as the changes pages and an organisation's history show it, with the labels,
// signs and formats of the organisation's own page: the financial summary's amounts are named and
// signed by its table (spending as a positive amount), other fields by the record model's labels.
import { describeDate } from '../lib/dates.ts';
import { formatAmount } from '../lib/money.ts';
import { sameValue } from '../lib/objects.ts';
import { describeValue } from '../lib/text.ts';
import { DATE_TIME_PATTERN } from '../schemas/index.ts';
import { labelOf } from '../records/organisation.ts';
import { financialRows } from './financial.ts';
import type { Amounts, Financials } from './organisation-view.ts';

/** One field that differs between two records: `before` or `after` absent when the field is. */
interface FieldDifference {
  path: string;
  before?: unknown;
  after?: unknown;
}

/** "currentIncome" → "current income". */
function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

/** The label of a top-level field: the record model's, else its own name in words. */
export function topFieldLabel(field: string): string {
  return labelOf(field) ?? words(field).replace(/^./, (letter) => letter.toUpperCase());
}

const AMOUNT_FIELD = /^financialSummary\.(current|prev)(Income|Expenditure|Grants|NetAssets)$/;
const AMOUNT_KEYS: Record<string, keyof Amounts> = {
  Income: 'income',
  Expenditure: 'expenditure',
  Grants: 'grants',
  NetAssets: 'netAssets',
};
const ROW_ORDER: (keyof Amounts)[] = ['income', 'expenditure', 'grants', 'netAssets'];

interface AmountField {
  period: 'current' | 'previous';
  key: keyof Amounts;
}

function amountField(path: string): AmountField | undefined {
  const match = AMOUNT_FIELD.exec(path);
  if (match === null) return undefined;
  return { period: match[1] === 'current' ? 'current' : 'previous', key: AMOUNT_KEYS[match[2]!]! };
}

/** The financial table's row for one amount: its label, and the amount as the table shows it. */
function amountRow({ period, key }: AmountField, value: unknown) {
  const amounts: Amounts = typeof value === 'number' ? { [key]: value } : {};
  const financials: Financials = {
    current: period === 'current' ? amounts : {},
    previous: period === 'previous' ? amounts : {},
  };
  return financialRows(financials)[ROW_ORDER.indexOf(key)]!;
}

/** "Financial summary: spending, previous year" for `financialSummary.prevExpenditure`. */
export function fieldLabel(path: string): string {
  const amount = amountField(path);
  if (amount !== undefined) {
    const row = amountRow(amount, undefined);
    return `${topFieldLabel('financialSummary')}: ${row.label.toLowerCase()}, ${amount.period} year`;
  }
  const [head = '', ...rest] = path.split('.');
  const first = topFieldLabel(head);
  return rest.length === 0 ? first : `${first}: ${rest.map(words).join(', ')}`;
}

/** The most telling text of an array element: its name, or the value as given. */
function elementText(element: unknown): string {
  if (typeof element === 'object' && element !== null && !Array.isArray(element)) {
    const record = element as Record<string, unknown>;
    for (const key of ['name', 'fundSource', 'regulatorName', 'governanceCodeDesc', 'address', 'source']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim() !== '') {
        const amount = key === 'fundSource' ? formatAmount(record['amount']) : undefined;
        return amount === undefined ? value : `${value} (${amount})`;
      }
    }
  }
  return describeValue(element);
}

function valueText(path: string, value: unknown, present: boolean): string {
  if (!present) return 'not given';
  const amount = amountField(path);
  if (amount !== undefined && typeof value === 'number') {
    return formatAmount(amountRow(amount, value)[amount.period]) ?? '';
  }
  if (typeof value === 'string' && DATE_TIME_PATTERN.test(value)) return describeDate(value)?.text ?? value;
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(elementText).join('; ');
  return describeValue(value);
}

export interface ChangeText {
  label: string;
  before: string;
  after: string;
  /** For a list-valued field: the elements that entered and left it. */
  entered?: string[];
  left?: string[];
}

export function describeFieldChange(change: FieldDifference): ChangeText {
  const text: ChangeText = {
    label: fieldLabel(change.path),
    before: valueText(change.path, change.before, 'before' in change),
    after: valueText(change.path, change.after, 'after' in change),
  };
  if (Array.isArray(change.before) && Array.isArray(change.after)) {
    const before = change.before as unknown[];
    const after = change.after as unknown[];
    text.entered = after.filter((item) => !before.some((old) => sameValue(old, item))).map(elementText);
    text.left = before.filter((item) => !after.some((now) => sameValue(now, item))).map(elementText);
  }
  return text;
}
