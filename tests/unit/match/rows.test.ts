import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchRows, PROGRESS_EVERY } from '../../../src/match/rows.ts';

test('every line gets its own answer, in order; a repeated line is asked once; progress is heard at each step and at the end', () => {
  const total = PROGRESS_EVERY * 2 + 7;
  const lines = Array.from({ length: total }, (_, at) => `line ${at % 1000}`);
  const asked: string[] = [];
  const heard: [number, number][] = [];
  const results = matchRows(
    lines,
    (line) => {
      asked.push(line);
      return { line, length: line.length };
    },
    (done, of) => heard.push([done, of]),
  );
  assert.deepEqual(
    results.map((result) => result.line),
    lines,
  );
  assert.equal(asked.length, new Set(lines).size);
  assert.deepEqual(heard, [
    [PROGRESS_EVERY, total],
    [PROGRESS_EVERY * 2, total],
    [total, total],
  ]);
  assert.deepEqual(
    matchRows(
      [],
      () => 0,
      () => assert.fail('nothing to report'),
    ),
    [],
  );
});
