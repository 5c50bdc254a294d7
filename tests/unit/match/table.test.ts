import { test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import {
  decodeMatchTable,
  encodeMatchTable,
  MATCH_TABLE_FUNCTION,
  matchTableScript,
} from '../../../src/match/table.ts';
import { likelyColumn, type MatchEntry } from '../../../src/match/matcher.ts';

const ENTRIES: MatchEntry[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Tuam Community Centre CLG',
    altNames: ['TCC', 'Tuam Centre'],
    county: 'Galway',
    numbers: [
      { kind: 'charity', number: '20000031' },
      { kind: 'company', number: '123456' },
      { kind: 'chy', number: '12345' },
    ],
  },
  { id: '22222222-2222-4222-8222-222222222222', name: 'No "numbers" </script>', altNames: [], numbers: [] },
];

test('the table script hands the entries to the global function, and they read back the same', () => {
  let received: unknown;
  vm.runInNewContext(matchTableScript(encodeMatchTable(ENTRIES)), {
    [MATCH_TABLE_FUNCTION]: (table: unknown) => (received = table),
  });
  assert.deepEqual(decodeMatchTable(received), ENTRIES);
});

test('malformed rows are skipped', () => {
  assert.deepEqual(decodeMatchTable({ rows: [['only', 'two']], version: 1 }), []);
  assert.deepEqual(decodeMatchTable({ rows: [[1, 2, 3, 4]] }), []);
  assert.deepEqual(decodeMatchTable(null), []);
});

test('the column to match is the first whose heading names names or numbers', () => {
  assert.equal(likelyColumn(['Amount', 'Grantee', 'Year']), 1);
  assert.equal(likelyColumn(['Ref', 'Organisation name']), 1);
  assert.equal(likelyColumn(['A', 'B']), 0);
});
