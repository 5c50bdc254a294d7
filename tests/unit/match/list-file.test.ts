import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  decodeList,
  firstInvalidUtf8,
  lengthProblem,
  pastedLines,
  quotingProblem,
  readListFile,
  utf16WithoutMark,
} from '../../../src/match/list-file.ts';
import { readCsv } from '../../../src/lib/csv.ts';
import { MAX_LIST_ROWS } from '../../../src/lib/match-limit.ts';

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Bytes that are mostly UTF-8 (ASCII, accents, symbols, emoji), now and then cut or stray. */
function mostlyUtf8(next: () => number): Uint8Array {
  const pieces = ['a', 'Éire', '☘', '😀', ',', '\n', 'ß'];
  const bytes: number[] = [];
  for (let piece = 0; piece < 6; piece += 1) {
    const roll = next();
    if (roll < 0.15) bytes.push(Math.floor(next() * 256));
    else bytes.push(...Buffer.from(pieces[Math.floor(next() * pieces.length)]!));
  }
  if (next() < 0.2) bytes.pop();
  return Uint8Array.from(bytes);
}

/**
 * The reference: the platform's lenient decoder writes U+FFFD for each invalid part; the bytes of
 * the text before the first of them are the well-formed start.
 */
function referenceInvalidAt(bytes: Uint8Array): number | undefined {
  const text = new TextDecoder('utf-8').decode(bytes);
  const at = text.indexOf('\uFFFD');
  return at < 0 ? undefined : Buffer.byteLength(text.slice(0, at));
}

test('the first byte that is not UTF-8 is the one the platform decoder stops at', () => {
  const next = random(11);
  let invalid = 0;
  for (let sample = 0; sample < 3000; sample += 1) {
    const bytes = mostlyUtf8(next);
    // A replacement character written in the bytes themselves would read as an invalid part.
    if (Buffer.from(bytes).includes(Buffer.from('\uFFFD'))) continue;
    const expected = referenceInvalidAt(bytes);
    assert.equal(firstInvalidUtf8(bytes), expected, Buffer.from(bytes).toString('hex'));
    if (expected !== undefined) invalid += 1;
  }
  assert.ok(invalid > 500 && invalid < 2800, String(invalid));
});

test('UTF-16 without its byte-order mark is told by where its NUL bytes fall', () => {
  const text = 'Ref,Name\nA,Tuam Community Centre CLG\nB,Cumann Lúthchleas Gael\n';
  assert.equal(utf16WithoutMark(Buffer.from(text, 'utf16le')), 'UTF-16LE');
  assert.equal(utf16WithoutMark(Buffer.from(text, 'utf16le').swap16()), 'UTF-16BE');
  assert.equal(utf16WithoutMark(Buffer.from(text)), undefined);
  assert.equal(utf16WithoutMark(Buffer.from('')), undefined);
});

test('a file is read as its byte-order mark says, else as UTF-8; anything else is a problem named with its line', () => {
  const text = 'Ref,Name\nA,Éire ☘\n';
  for (const bytes of [
    Buffer.from(text),
    Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]),
  ])
    assert.deepEqual(decodeList(bytes), { text });
  const utf16 = decodeList(Buffer.from(text, 'utf16le'));
  assert.match('problem' in utf16 ? utf16.problem : '', /UTF-16LE text without the byte-order mark/);
  const latin1 = Buffer.from('Ref,Name\nA,B\nC,Caf\xe9\n', 'latin1');
  const problem = decodeList(latin1);
  const offset = latin1.indexOf(0xe9);
  const line = latin1.subarray(0, offset).toString('latin1').split('\n').length;
  assert.match(
    'problem' in problem ? problem.problem : '',
    new RegExp(`byte ${offset + 1} \\(line ${line}\\) is not UTF-8`),
  );
  const nul = decodeList(Buffer.from('Name\nA\u0000B\n'));
  assert.match('problem' in nul ? nul.problem : '', /NUL byte \(line 2\)/);
});

test('quoting that would merge lines is a problem; a row whose quoted cell holds its line breaks is not', () => {
  assert.equal(quotingProblem(readCsv('Ref,Address\nA,"1 Main St\nTuam"\nB,x\n')), undefined);
  assert.match(quotingProblem(readCsv('Ref,Name\nA,x\nB,"open\nC,y\n')) ?? '', /^Line 3 opens a quoted cell/);
  assert.match(
    quotingProblem(readCsv('Ref,Name\nA,"x\nB,"y"z\n')) ?? '',
    /^Line 3 has text after the closing quote/,
  );
  assert.match(
    quotingProblem(readCsv('Ref,Name\nA,"x\nB,y",extra\n')) ?? '',
    /^Lines 2 to 3 are read as one row, .* 3 cells where the first row has 2/,
  );
});

test('a list is taken up to its limit of rows and refused beyond it', () => {
  assert.equal(lengthProblem(MAX_LIST_ROWS, 'rows'), undefined);
  assert.match(
    lengthProblem(MAX_LIST_ROWS + 1, 'lines') ?? '',
    /^This list has 100,001 lines; the matcher takes up to 100,000 at a time/,
  );
  const at = (rows: number): Buffer => Buffer.from(`Name\n${'x\n'.repeat(rows)}`);
  const taken = readListFile(at(MAX_LIST_ROWS));
  assert.equal('rows' in taken ? taken.rows.length : 0, MAX_LIST_ROWS);
  assert.ok('problem' in readListFile(at(MAX_LIST_ROWS + 1)));
  assert.deepEqual(readListFile(Buffer.from('Ref;Name\r\nA;"B; C"\r\n')), {
    headings: ['Ref', 'Name'],
    rows: [['A', 'B; C']],
  });
});

test('pasted text: one line a name, whatever the line ends; a last empty line is none', () => {
  assert.deepEqual(pastedLines('a\r\nb\rc\n'), ['a', 'b', 'c']);
  assert.deepEqual(pastedLines('a\n\nb'), ['a', '', 'b']);
  assert.deepEqual(pastedLines(''), []);
});
