import { test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import {
  decodeMatchTable,
  encodeMatchTable,
  MATCH_TABLE_FUNCTION,
  matchTableScript,
} from '../../../src/match/table.ts';
import { likelyColumn } from '../../../src/match/line-query.ts';
import type { MatchEntry } from '../../../src/match/matcher.ts';

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
  // Separators and escapes of the table's text inside names: each must come back as it was.
  {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Tab\there, line\nthere, back\\slash \\t, CR\r, ☘ Éire',
    altNames: ['\\', '\t', ''],
    county: 'Cork\\',
    numbers: [{ kind: 'chy', number: '7' }],
  },
  // No longer on the register: flagged with the date it went.
  {
    id: '44444444-4444-4444-8444-444444444444',
    name: 'Gone Housing Trust',
    altNames: ['Gone Trust'],
    numbers: [{ kind: 'charity', number: '20000044' }],
    goneSince: '2026-11-20',
  },
];

/** What the page receives: the argument the table script calls the global function with. */
function received(script: string): unknown {
  let argument: unknown;
  vm.runInNewContext(script, { [MATCH_TABLE_FUNCTION]: (table: unknown) => (argument = table) });
  return argument;
}

test('the table script hands one string to the global function, and the entries read back the same', () => {
  const text = received(matchTableScript(encodeMatchTable(ENTRIES)));
  assert.equal(typeof text, 'string');
  assert.deepEqual(decodeMatchTable(text), ENTRIES);
});

test('one line per organisation: no separator of a name splits it', () => {
  const text = received(matchTableScript(encodeMatchTable(ENTRIES))) as string;
  assert.equal(text.split('\n').length, ENTRIES.length);
  assert.equal(text.split('\n')[0]!.split('\t').length, 5 + ENTRIES[0]!.altNames.length);
});

test('malformed lines are skipped, and anything but a string is no table', () => {
  assert.deepEqual(decodeMatchTable('only\ttwo'), []);
  assert.deepEqual(decodeMatchTable('a\tb\tc\td'), []);
  assert.deepEqual(decodeMatchTable({ rows: [['a', 'b', 'c', 'd']] }), []);
  assert.deepEqual(decodeMatchTable(null), []);
  assert.deepEqual(decodeMatchTable(''), []);
});

test('the column to match is the first whose heading names names or numbers', () => {
  assert.equal(likelyColumn(['Amount', 'Grantee', 'Year']), 1);
  assert.equal(likelyColumn(['Ref', 'Organisation name']), 1);
  assert.equal(likelyColumn(['A', 'B']), 0);
});
