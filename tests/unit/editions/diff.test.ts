import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diffSnapshots, fieldChanges } from '../../../src/editions/diff.ts';
import { sameValue } from '../../../src/lib/objects.ts';
import { organisationHistories } from '../../../src/editions/history.ts';
import {
  emptySnapshot,
  listKey,
  type EditionSnapshot,
  type SnapshotList,
} from '../../../src/editions/edition-file.ts';
import type { EditionMeta } from '../../../src/editions/store.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

function snapshot(records: Record<string, unknown>[], lists: SnapshotList[] = []): EditionSnapshot {
  const result = emptySnapshot();
  for (const record of records)
    result.organisations.set(String(record['id']), { id: String(record['id']), record });
  for (const list of lists) result.lists.set(listKey(list), list);
  return result;
}

const list = (name: string, ids: string[], kind: SnapshotList['kind'] = 'list'): SnapshotList => ({
  name,
  kind,
  members: ids.map((id) => ({ id, name: '' })),
});

test('identical snapshots have no changes', () => {
  const records = [{ id: A, name: 'Alpha', financialSummary: { currentIncome: 5 } }];
  const changes = diffSnapshots(snapshot(records), snapshot(structuredClone(records)));
  assert.deepEqual(changes, { added: [], removed: [], changed: [], membership: [] });
});

test('organisations in one snapshot only are added or removed, with their names', () => {
  const changes = diffSnapshots(
    snapshot([
      { id: A, name: 'Alpha' },
      { id: B, name: 'Beta' },
    ]),
    snapshot([
      { id: B, name: 'Beta' },
      { id: C, name: 'Gamma' },
    ]),
  );
  assert.deepEqual(changes.added, [{ id: C, name: 'Gamma' }]);
  assert.deepEqual(changes.removed, [{ id: A, name: 'Alpha' }]);
  assert.deepEqual(changes.changed, []);
});

test('a nested field that changed is named by its path, with the old and the new value', () => {
  const before = { id: A, name: 'Alpha', financialSummary: { currentYear: 2020, currentIncome: 100 } };
  const after = { id: A, name: 'Alpha Ltd', financialSummary: { currentYear: 2021, currentIncome: 100 } };
  assert.deepEqual(fieldChanges(before, after), [
    { path: 'name', before: 'Alpha', after: 'Alpha Ltd' },
    { path: 'financialSummary.currentYear', before: 2020, after: 2021 },
  ]);
});

test('arrays are compared whole, and a field that appears or disappears has one side only', () => {
  const before = { directors: [{ name: 'Áine' }], orgUrl: 'https://a.ie' };
  const after = { directors: [{ name: 'Áine' }, { name: 'Seán' }], extra: 1 };
  assert.deepEqual(fieldChanges(before, after), [
    { path: 'directors', before: [{ name: 'Áine' }], after: [{ name: 'Áine' }, { name: 'Seán' }] },
    { path: 'extra', after: 1 },
    { path: 'orgUrl', before: 'https://a.ie' },
  ]);
});

test('the order of keys does not make a change, but the order of array elements does', () => {
  assert.ok(sameValue({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }));
  assert.ok(!sameValue([1, 2], [2, 1]));
  assert.ok(!sameValue({ a: 1 }, { a: 1, b: undefined }));
});

test('joining and leaving lists and voluntary codes are membership changes, named by the record', () => {
  const records = [
    { id: A, name: 'Alpha' },
    { id: B, name: 'Beta' },
  ];
  const changes = diffSnapshots(
    snapshot(records, [list('taxEfficientGifts', [A, B]), list('housingBodies', [])]),
    snapshot(records, [
      list('taxEfficientGifts', [B]),
      list('housingBodies', [A]),
      list('TRIPLELOCK', [B], 'voluntaryCode'),
    ]),
  );
  assert.deepEqual(changes.membership, [
    { kind: 'list', name: 'housingBodies', joined: [{ id: A, name: 'Alpha' }], left: [] },
    { kind: 'list', name: 'taxEfficientGifts', joined: [], left: [{ id: A, name: 'Alpha' }] },
    { kind: 'voluntaryCode', name: 'TRIPLELOCK', joined: [{ id: B, name: 'Beta' }], left: [] },
  ]);
});

test("an organisation's history lists, newest first, what each kept edition changed for it", () => {
  const meta = (id: string, number: number) => ({ id, number, date: id }) as EditionMeta;
  const histories = organisationHistories([
    {
      meta: meta('2026-01-01', 1),
      changes: { added: [], removed: [], changed: [], membership: [] },
    },
    {
      meta: meta('2026-01-02', 2),
      changes: {
        added: [{ id: C, name: 'Gamma' }],
        removed: [],
        changed: [{ id: A, name: 'Alpha', fields: [{ path: 'name', before: 'A', after: 'Alpha' }] }],
        membership: [{ kind: 'list', name: 'housingBodies', joined: [{ id: A, name: 'Alpha' }], left: [] }],
      },
    },
    {
      meta: meta('2026-01-03', 3),
      changes: { added: [], removed: [{ id: A, name: 'Alpha' }], changed: [], membership: [] },
    },
  ]);
  assert.deepEqual(
    histories.get(A)?.map((entry) => [entry.edition, entry.status, entry.fields.length, entry.joined]),
    [
      ['2026-01-03', 'removed', 0, []],
      ['2026-01-02', undefined, 1, [{ kind: 'list', name: 'housingBodies' }]],
    ],
  );
  assert.equal(histories.get(C)?.[0]?.status, 'added');
  assert.equal(histories.get(B), undefined);
});
