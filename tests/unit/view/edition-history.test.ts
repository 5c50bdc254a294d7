import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  historyScriptPath,
  permalinkAttributes,
  stateAt,
  type HistoryData,
} from '../../../src/view/edition-history.ts';

const EDITIONS = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'];
const history: HistoryData = {
  fields: [
    ['Name', 'Today Trust'],
    ['Employees', '12'],
  ],
  versions: [
    ['2026-11-05', []],
    ['2026-11-04', 0],
    ['2026-11-03', [[0, 'Older Trust']]],
    [
      '2026-11-02',
      [
        [0, 'Oldest Trust'],
        [1, 'not given'],
      ],
    ],
  ],
};

test("an edition's values are those of the version it fell in, beside today's", () => {
  assert.deepEqual(stateAt(EDITIONS, '2026-11-05', history), { kind: 'listed', differences: [] });
  assert.deepEqual(stateAt(EDITIONS, '2026-11-03', history), {
    kind: 'listed',
    differences: [{ label: 'Name', then: 'Older Trust', today: 'Today Trust' }],
  });
  assert.deepEqual(stateAt(EDITIONS, '2026-11-02', history), {
    kind: 'listed',
    differences: [
      { label: 'Name', then: 'Oldest Trust', today: 'Today Trust' },
      { label: 'Employees', then: 'not given', today: '12' },
    ],
  });
});

test('each older version is a step from the newer one: a field written once stays, and one written without text is as today again', () => {
  const steps: HistoryData = {
    fields: [
      ['Name', 'Today Trust'],
      ['Employees', '12'],
    ],
    versions: [
      ['2026-11-04', []],
      [
        '2026-11-03',
        [
          [0, 'Older Trust'],
          [1, '10'],
        ],
      ],
      ['2026-11-02', [[1]]],
      ['2026-11-01', [[0, 'Oldest Trust']]],
    ],
  };
  assert.deepEqual(stateAt(EDITIONS, '2026-11-03', steps), {
    kind: 'listed',
    differences: [
      { label: 'Name', then: 'Older Trust', today: 'Today Trust' },
      { label: 'Employees', then: '10', today: '12' },
    ],
  });
  assert.deepEqual(stateAt(EDITIONS, '2026-11-02', steps), {
    kind: 'listed',
    differences: [{ label: 'Name', then: 'Older Trust', today: 'Today Trust' }],
  });
  assert.deepEqual(stateAt(EDITIONS, '2026-11-01', steps), {
    kind: 'listed',
    differences: [{ label: 'Name', then: 'Oldest Trust', today: 'Today Trust' }],
  });
});

test('editions before it was first seen, or while it was gone, say it was not on the register; others are unknown', () => {
  assert.deepEqual(stateAt(EDITIONS, '2026-11-04', history), { kind: 'unlisted' });
  assert.deepEqual(stateAt(EDITIONS, '2026-11-01', history), { kind: 'unlisted' });
  assert.deepEqual(stateAt(EDITIONS, '2025-01-01', history), { kind: 'unknown' });
});

test('an organisation that never changed needs only the edition it was first seen in', () => {
  assert.deepEqual(stateAt(EDITIONS, '2026-11-01', { since: '2026-11-03' }), { kind: 'unlisted' });
  assert.deepEqual(stateAt(EDITIONS, '2026-11-03', { since: '2026-11-03' }), {
    kind: 'listed',
    differences: [],
  });
  assert.deepEqual(stateAt(EDITIONS, '2026-11-01', {}), { kind: 'listed', differences: [] });
  assert.deepEqual(stateAt(EDITIONS, 'nonsense', {}), { kind: 'unknown' });
});

test('a page says as little as it can: a history script, a first edition after the oldest, or nothing', () => {
  assert.deepEqual(permalinkAttributes([{ since: 'a' }, { since: 'b' }], 'a'), { 'data-history': '' });
  assert.deepEqual(permalinkAttributes([{ since: 'b' }], 'a'), { 'data-since': 'b' });
  assert.deepEqual(permalinkAttributes([{ since: 'a' }], 'a'), {});
  assert.deepEqual(permalinkAttributes(undefined, 'a'), {});
});

test('organisations whose page names share their first three characters share a history script', () => {
  assert.equal(historyScriptPath('2E427CA3-B6C4-4801-B9F2-AD6C518B45E5'), 'history/2e4.js');
  assert.equal(historyScriptPath('2e4fffff-0000-4000-8000-000000000000'), 'history/2e4.js');
});
