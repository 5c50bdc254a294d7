import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  countOf,
  describeValue,
  endsMidSentence,
  groupDigits,
  scalarText,
  stringsOf,
  textOf,
  truncate,
  escapedLength,
} from '../../../src/lib/text.ts';

test('an extract that stops part-way through a sentence is recognised', () => {
  assert.equal(endsMidSentence('To relieve poverty and to promote research and'), true);
  assert.equal(endsMidSentence('To relieve poverty'), true);
});

test('an extract that ends a sentence is complete', () => {
  assert.equal(endsMidSentence('To relieve poverty.'), false);
  assert.equal(endsMidSentence('To relieve poverty (in Ireland).  '), false);
  assert.equal(endsMidSentence('Is it charitable?'), false);
});

test('blank, null and mistyped values are absent, never "undefined" or "null"', () => {
  assert.equal(textOf('  '), undefined);
  assert.equal(textOf(' line one  \nline two '), 'line one\nline two');
  assert.equal(textOf(null), undefined);
  assert.equal(textOf(42), undefined);
  assert.equal(scalarText(42), '42');
  assert.equal(scalarText(Number.NaN), undefined);
  assert.deepEqual(stringsOf(['a', '', null, 3, ' b ']), ['a', 'b']);
  assert.deepEqual(stringsOf('a'), []);
});

test('counts read as English', () => {
  assert.equal(countOf(1, 'organisation'), '1 organisation');
  assert.equal(countOf(30000, 'organisation'), '30,000 organisations');
  assert.equal(countOf(2, 'county', 'counties'), '2 counties');
});

test('digits are grouped by thousands as en-IE writes them, for any whole number', () => {
  for (const value of [
    0, 7, 999, 1000, 1234, 99_999, 100_000, 2_547_301, 1_191_591_656, -1, -1234, -1_000_000,
  ]) {
    assert.equal(groupDigits(value), value.toLocaleString('en-IE'), String(value));
  }
  assert.equal(groupDigits(123_456_789_012_345_678_901n), '123,456,789,012,345,678,901');
  assert.equal(groupDigits('1191591656'), '1,191,591,656');
});

test('other data is described as given', () => {
  assert.equal(describeValue({ year: 2021 }), '{"year":2021}');
  assert.equal(describeValue(null), 'not given');
  assert.equal(describeValue(''), '(empty)');
  assert.equal(describeValue([]), '(empty list)');
});

test('a long title is cut at a word and marked', () => {
  assert.equal(truncate('short', 10), 'short');
  assert.equal(truncate('The Governance Code for Community Organisations', 20), 'The Governance Code…');
  assert.ok(truncate('x'.repeat(100), 20).length <= 20);
});

test('a title is cut to fit once escaped for HTML', () => {
  const title = truncate('Arts </script> & Crafts Collective of Kinvara', 30, escapedLength);
  assert.ok(escapedLength(title) <= 30, title);
  assert.equal(escapedLength('a<b&c'), 5 + 3 + 4);
  assert.equal(escapedLength(`St. Ita's "Centre"`), 18 + 4 + 5 + 5);
});
