import { test } from 'node:test';
import assert from 'node:assert/strict';
import { amountOf, formatAmount, formatSigned, spendingOf, yearOnYear } from '../../../src/lib/money.ts';

test('amounts are grouped by thousands without a currency symbol', () => {
  assert.equal(formatAmount(45218934), '45,218,934');
  assert.equal(formatAmount(0), '0');
});

test('a negative amount carries a real minus sign, not a hyphen', () => {
  assert.equal(formatAmount(-12500), '\u221212,500');
});

test('anything that is not a number is not an amount', () => {
  for (const value of [null, undefined, 'n/a', Number.NaN, Infinity, {}, []]) {
    assert.equal(formatAmount(value), undefined, String(value));
  }
});

test('a plain decimal string is read as the number it writes', () => {
  assert.equal(amountOf('1234'), 1234);
  assert.equal(amountOf(' -5 '), -5);
  assert.equal(amountOf('1,234'), undefined);
});

test('expenditure given as a negative number reads as a positive amount spent', () => {
  assert.deepEqual(spendingOf(-43981220), { amount: 43981220, givenPositive: false });
});

test('expenditure given as a positive number is kept and flagged', () => {
  assert.deepEqual(spendingOf(8400), { amount: 8400, givenPositive: true });
  assert.equal(spendingOf('n/a'), undefined);
});

test('a signed difference shows its direction', () => {
  assert.equal(formatSigned(1234), '+1,234');
  assert.equal(formatSigned(-1234), '\u22121,234');
  assert.equal(formatSigned(0), '0');
});

test('change year on year gives the difference and the percentage', () => {
  assert.deepEqual(yearOnYear(110, 100), { difference: 10, percent: '+10.0%', text: '+10 (+10.0%)' });
  assert.deepEqual(yearOnYear(90, 100), {
    difference: -10,
    percent: '\u221210.0%',
    text: '\u221210 (\u221210.0%)',
  });
});

test('change from a negative amount is measured against its size', () => {
  assert.equal(yearOnYear(-12500, -4100)?.percent, '\u2212204.9%');
});

test('no percentage is claimed when the previous year is zero', () => {
  assert.equal(yearOnYear(6000000, 0)?.text, '+6,000,000 (previous year zero)');
  assert.equal(yearOnYear(5, 5)?.text, 'no change');
});

test('no change is computed when either year is missing', () => {
  assert.equal(yearOnYear(5, undefined), undefined);
  assert.equal(yearOnYear('n/a', 5), undefined);
});
