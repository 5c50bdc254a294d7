import assert from 'node:assert/strict';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { emptySnapshot, type EditionSnapshot } from '../../../src/editions/edition-file.ts';
import { EditionStore, type EditionMeta } from '../../../src/editions/store.ts';
import {
  applyReversePatch,
  collectOrganisationTimelines,
  reversePatch,
  versionRecords,
  type OrganisationTimeline,
} from '../../../src/editions/versions.ts';

test('a reverse patch names each leaf that changed by its keys, with its old value, or none when it was absent', () => {
  const before = { name: 'Old name', financialSummary: { currentIncome: 10, currentGrants: 1 }, gone: [1, 2] };
  const after = { name: 'New name', financialSummary: { currentIncome: 12, prevIncome: 10 }, added: true };
  assert.deepEqual(reversePatch(before, after), [
    { keys: ['name'], value: 'Old name' },
    { keys: ['financialSummary', 'currentIncome'], value: 10 },
    { keys: ['financialSummary', 'prevIncome'] },
    { keys: ['financialSummary', 'currentGrants'], value: 1 },
    { keys: ['added'] },
    { keys: ['gone'], value: [1, 2] },
  ]);
});

test('a key holding a dot is one key, not two', () => {
  assert.deepEqual(reversePatch({ 'a.b': 1 }, { 'a.b': 2 }), [{ keys: ['a.b'], value: 1 }]);
});

test('applying a reverse patch gives the older record back and leaves the newer one as it was', () => {
  const after = { name: 'New name', financialSummary: { currentIncome: 12, prevIncome: 10 }, added: true };
  const frozen = JSON.stringify(after);
  const older = applyReversePatch(after, [
    { keys: ['name'], value: 'Old name' },
    { keys: ['financialSummary', 'currentIncome'], value: 10 },
    { keys: ['financialSummary', 'prevIncome'] },
    { keys: ['added'] },
  ]);
  assert.deepEqual(older, { name: 'Old name', financialSummary: { currentIncome: 10 } });
  assert.equal(JSON.stringify(after), frozen);
});

test("a record's versions are rebuilt newest first from its newest record, unlisted runs included", () => {
  const timeline: OrganisationTimeline = {
    record: { name: 'C', size: 3 },
    versions: [
      { since: 'e1', listed: true, back: [] },
      { since: 'e2', listed: true, back: [{ keys: ['name'], value: 'A' }, { keys: ['size'] }] },
      { since: 'e3', listed: false, back: [] },
      { since: 'e4', listed: true, back: [{ keys: ['name'], value: 'B' }] },
    ],
  };
  assert.deepEqual(versionRecords(timeline), [
    { name: 'C', size: 3 },
    undefined,
    { name: 'B', size: 3 },
    { name: 'A' },
  ]);
});

const root = mkdtempSync(join(tmpdir(), 'orgdir-versions-'));
after(() => rmSync(root, { recursive: true, force: true }));

function register(records: Record<string, Record<string, unknown>>): EditionSnapshot {
  const snapshot = emptySnapshot();
  for (const [id, record] of Object.entries(records)) snapshot.organisations.set(id, { id, record });
  return snapshot;
}

test('the kept editions give each organisation its runs: changed, left, back, and never changed', async () => {
  const dir = join(root, 'editions');
  const store = new EditionStore(dir);
  const [a, b, c] = ['0000000a', '0000000b', '0000000c'].map((end) => `00000000-0000-4000-8000-0000${end}`) as [
    string,
    string,
    string,
  ];
  const nights = [
    register({ [a]: { name: 'A1' }, [b]: { name: 'B' } }),
    register({ [a]: { name: 'A2' }, [b]: { name: 'B' } }),
    register({ [a]: { name: 'A2' }, [b]: { name: 'B' }, [c]: { name: 'C' } }),
    register({ [b]: { name: 'B' }, [c]: { name: 'C' } }),
    register({ [a]: { name: 'A3', extra: 1 }, [b]: { name: 'B' }, [c]: { name: 'C' } }),
  ];
  let previous: { id: string; register: EditionSnapshot } | undefined;
  const ids: string[] = [];
  for (const [index, snapshot] of nights.entries()) {
    const id = `2026-11-0${index + 1}`;
    ids.push(id);
    await store.writePending({
      meta: {
        id,
        number: index + 1,
        date: id,
        publishedAt: `${id}T03:00:00.000Z`,
        previous: previous?.id ?? null,
        crawl: {},
        counts: { organisations: snapshot.organisations.size, carried: 0, lists: {} },
        changes: { added: 0, removed: 0, changed: 0, joined: 0, left: 0 },
        guard: { passed: true, checks: [] },
      } as unknown as EditionMeta,
      snapshot,
      changes: { added: [], removed: [], changed: [], membership: [] },
      former: [],
      ...(previous && { base: previous }),
    });
    renameSync(store.pendingPath(id), store.path(id));
    previous = { id, register: snapshot };
  }
  const timelines = await collectOrganisationTimelines(dir, ids.map((id) => join(dir, id)));
  assert.deepEqual(timelines.get(b), { record: { name: 'B' }, versions: [{ since: ids[0], listed: true, back: [] }] });
  assert.deepEqual(timelines.get(c), { record: { name: 'C' }, versions: [{ since: ids[2], listed: true, back: [] }] });
  assert.deepEqual(timelines.get(a), {
    record: { name: 'A3', extra: 1 },
    versions: [
      { since: ids[0], listed: true, back: [] },
      { since: ids[1], listed: true, back: [{ keys: ['name'], value: 'A1' }] },
      { since: ids[3], listed: false, back: [] },
      { since: ids[4], listed: true, back: [{ keys: ['name'], value: 'A2' }, { keys: ['extra'] }] },
    ],
  });
});
