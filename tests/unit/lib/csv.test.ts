import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csvCell, csvRow, detectSeparator, parseCsv, readCsv } from '../../../src/lib/csv.ts';

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

test('CSV read: each row with the lines it spans, CRLF, LF and CR alike', () => {
  const reading = readCsv('a,b\r\n"x\r\ny",1\nlast,2\rend,3');
  assert.deepEqual(reading.rows, [
    ['a', 'b'],
    ['x\r\ny', '1'],
    ['last', '2'],
    ['end', '3'],
  ]);
  assert.deepEqual(reading.lines, [
    { first: 1, last: 1 },
    { first: 2, last: 3 },
    { first: 4, last: 4 },
    { first: 5, last: 5 },
  ]);
  assert.equal(reading.openQuoteLine, undefined);
  assert.equal(reading.strayQuoteLine, undefined);
});

test('CSV read: a quote never closed is found on the line it opened; text after a closing quote on its line', () => {
  const open = readCsv('name\nfine\n"swallows\nthe\nrest\n');
  assert.equal(open.openQuoteLine, 3);
  assert.deepEqual(open.rows.at(-1), ['swallows\nthe\nrest\n']);
  const stray = readCsv('a,b\n1,"two\n3,"three"x\n');
  assert.equal(stray.strayQuoteLine, 3);
  assert.equal(readCsv('a,"b""c",d\n"e",f').strayQuoteLine, undefined, 'a doubled quote is a quote');
  assert.equal(readCsv('5" floppy,"x"\n').strayQuoteLine, undefined, 'a quote inside a cell is text');
});
