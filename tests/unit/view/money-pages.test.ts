import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decimalOf } from '../../../src/lib/decimal.ts';
import { largestTotalFirst } from '../../../src/view/money-pages.ts';

test("the register in figures ranks groups by one measure's total, the largest first, those reporting none last", () => {
  const totals: [string, string | undefined, string | undefined][] = [
    ['Carlow', '500', '7'],
    ['Cork', '12345678901234567890123456789', undefined],
    ['Dublin', undefined, '9'],
    ['Galway', '-20', '1'],
    ['Kerry', '500.5', undefined],
    ['Sligo', undefined, undefined],
    ['Mayo', '500', '8'],
  ];
  const groups = totals.map(([label, income, grants]) => ({
    label,
    measures: {
      income: income === undefined ? {} : { total: decimalOf(income) },
      grants: grants === undefined ? {} : { total: decimalOf(grants) },
    },
  }));
  // The reference: reported totals compared as exact numbers in tenths, the rest after in the order given.
  const reference = (key: 'income' | 'grants') => {
    const tenths = (text: string) => {
      const [whole, fraction = '0'] = text.split('.');
      return BigInt(whole!) * 10n + (whole!.startsWith('-') ? -1n : 1n) * BigInt(fraction);
    };
    const reported = totals.filter((row) => row[key === 'income' ? 1 : 2] !== undefined);
    const ranked = reported
      .map((row, index) => ({ label: row[0], value: tenths(row[key === 'income' ? 1 : 2]!), index }))
      .sort((a, b) => (a.value === b.value ? a.index - b.index : a.value > b.value ? -1 : 1))
      .map((row) => row.label);
    return [
      ...ranked,
      ...totals.filter((row) => row[key === 'income' ? 1 : 2] === undefined).map((row) => row[0]),
    ];
  };
  for (const key of ['income', 'grants'] as const)
    assert.deepEqual(
      largestTotalFirst(groups, key).map((group) => group.label),
      reference(key),
      key,
    );
});
