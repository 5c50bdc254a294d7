import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeDate, formatDate, formatDateTime, isoDate, parseApiDate } from '../../../src/lib/dates.ts';

test('an API date-time reads as a calendar date', () => {
  assert.equal(formatDate('2021-12-31T00:00:00'), '31 December 2021');
  assert.equal(isoDate('2021-12-31T00:00:00'), '2021-12-31');
});

test('fractional seconds are accepted', () => {
  assert.equal(formatDate('2022-03-01T10:15:42.5730000'), '1 March 2022');
  assert.equal(formatDateTime('2022-03-01T10:15:42.5730000'), '1 March 2022, 10:15');
});

test('midnight is shown as a date alone', () => {
  assert.equal(formatDateTime('2022-02-14T00:00:00'), '14 February 2022');
});

test('no time zone can move the day', () => {
  assert.equal(formatDate('2021-01-01T00:00:00'), '1 January 2021');
  assert.equal(formatDate('2021-12-31T23:59:59'), '31 December 2021');
});

test('a placeholder year such as 0001 is not a date', () => {
  assert.equal(formatDate('0001-01-01T00:00:00'), undefined);
  assert.equal(isoDate('0001-01-01T00:00:00'), undefined);
});

test('impossible and malformed dates are not dates', () => {
  for (const value of ['2021-02-30T00:00:00', '2021-13-01T00:00:00', 'yesterday', '', null, 20210101]) {
    assert.equal(parseApiDate(value), undefined, String(value));
  }
});

test('a bare date without a time is accepted', () => {
  assert.equal(formatDate('2019-05-03'), '3 May 2019');
});

test('a date for display keeps what the source said when it is not a real date', () => {
  assert.deepEqual(describeDate('1985-07-22T00:00:00'), { text: '22 July 1985', iso: '1985-07-22' });
  assert.deepEqual(describeDate('0001-01-01T00:00:00'), {
    text: 'not given (the source gives 0001-01-01T00:00:00)',
  });
  assert.deepEqual(describeDate('sometime in 1990'), { text: 'sometime in 1990' });
  assert.equal(describeDate(null), undefined);
  assert.equal(describeDate(''), undefined);
});
