import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csvCell, csvRow, detectSeparator, parseCsv } from '../../../src/lib/csv.ts';

test('cells that a spreadsheet would run as a formula are defused', () => {
  assert.equal(csvCell('=HYPERLINK("http://evil.example")'), `"'=HYPERLINK(""http://evil.example"")"`);
  assert.equal(csvCell('+353 1 234'), "'+353 1 234");
  assert.equal(csvCell('-5'), "'-5");
  assert.equal(csvCell('@SUM(A1)'), "'@SUM(A1)");
});

test('numbers, even negative ones, stay numbers', () => {
  assert.equal(csvCell(-43981220), '-43981220');
  assert.equal(csvCell(Number.NaN), '');
});

test('commas, quotes and line breaks are quoted as RFC 4180 says', () => {
  assert.equal(csvCell('a, b'), '"a, b"');
  assert.equal(csvCell('say "hi"'), '"say ""hi"""');
  assert.equal(csvCell('line\nbreak'), '"line\nbreak"');
});

test('a row ends with CRLF and absent values are empty', () => {
  assert.equal(csvRow(['a', undefined, null, 1]), 'a,,,1\r\n');
});

test('CSV: quoted separators, quotes and line breaks stay in their cell', () => {
  assert.deepEqual(parseCsv('name,note\r\n"Smith, Jones & Co","said ""hi""\nthere"\r\nPlain,\n'), [
    ['name', 'note'],
    ['Smith, Jones & Co', 'said "hi"\nthere'],
    ['Plain', ''],
  ]);
});

test('CSV: semicolons and tabs are found as the separator; a byte order mark is dropped', () => {
  assert.equal(detectSeparator('name;number\nA;1'), ';');
  assert.equal(detectSeparator('name\tnumber\nA\t1'), '\t');
  assert.equal(detectSeparator('"a;b;c",d\n'), ',');
  assert.deepEqual(parseCsv('\uFEFFname;number\nA;1'), [
    ['name', 'number'],
    ['A', '1'],
  ]);
});
