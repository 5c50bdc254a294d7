import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, test } from 'node:test';
import { readDataFolder, readSnapshot, snapshotLines, writeSnapshot } from '../../../src/editions/edition-file.ts';
import { EditionStore, type EditionMeta } from '../../../src/editions/store.ts';
import { generateDataset } from '../../../src/sample-api/dataset.ts';
import { writeDataFolder } from '../../support/data-folder.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-store-'));
after(() => rmSync(root, { recursive: true, force: true }));

const dataset = generateDataset({ orgs: 150 });
const dataDir = join(root, 'data');
writeDataFolder(dataset, dataDir);

test('a data folder reads into every stored record and every list, with lower-case ids', () => {
  const snapshot = readDataFolder(dataDir);
  const listed = new Set(dataset.registeredCharities.map((entry) => entry.id));
  for (const id of listed) if (dataset.organisation(id)) assert.ok(snapshot.organisations.has(id));
  assert.equal(
    snapshot.lists.get('list:registeredCharities')?.members.length,
    dataset.registeredCharities.length,
  );
  assert.equal(
    snapshot.lists.get('voluntaryCode:GOVERNANCECODE')?.description,
    dataset.voluntaryCodes.find((code) => code.id === 'GOVERNANCECODE')?.description,
  );
  assert.equal(snapshot.lists.get('voluntaryCode:SORP')?.members.length, 0);
});

test('a snapshot written and read back is the same; the file holds its lines grouped by sub-sector, county and name', async () => {
  const snapshot = readDataFolder(dataDir);
  const [first] = snapshot.organisations.values();
  first!.carriedFrom = '2026-01-01';
  const path = join(root, 'snapshot.jsonl.gz');
  await writeSnapshot(path, snapshot);
  assert.deepEqual(await readSnapshot(path), snapshot);
  const lines = gunzipSync(readFileSync(path)).toString('utf8').trimEnd().split('\n');
  // The same lines as the register's hash covers, in another order.
  assert.deepEqual([...lines].sort(), [...snapshotLines(snapshot)].map((line) => line.trimEnd()).sort());
  const organisations = lines
    .slice(0, snapshot.organisations.size)
    .map((line) => JSON.parse(line) as { type: string; id: string; record: Record<string, string> });
  assert.ok(organisations.every((line) => line.type === 'organisation'));
  const key = ({ id, record }: { id: string; record: Record<string, string> }) =>
    [record['subSectorCode'], record['county'], record['name'], id];
  const expected = [...organisations].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const at = x.findIndex((part, index) => part !== y[index]);
    return at < 0 ? 0 : x[at]! < y[at]! ? -1 : 1;
  });
  assert.deepEqual(organisations.map((line) => line.id), expected.map((line) => line.id));
  const lists = lines.slice(snapshot.organisations.size).map((line) => JSON.parse(line) as { type: string });
  assert.ok(lists.every((line) => line.type === 'list'));
  const again = join(root, 'again.jsonl.gz');
  await writeSnapshot(again, await readSnapshot(path));
  assert.deepEqual(readFileSync(again), readFileSync(path));
});

test('editions are named by their date, with a number for a second one that day', () => {
  const dir = join(root, 'editions');
  const store = new EditionStore(dir);
  const day = new Date('2026-11-22T03:00:00Z');
  assert.deepEqual(store.nextEdition(day), { id: '2026-11-22', number: 1, date: '2026-11-22' });
  // An edition folder counts once its edition.json is written.
  mkdirSync(join(dir, '2026-11-22'), { recursive: true });
  assert.equal(store.list().length, 0);
  writeMeta(dir, { id: '2026-11-22', number: 1 } as EditionMeta);
  assert.deepEqual(store.nextEdition(day), { id: '2026-11-22-2', number: 2, date: '2026-11-22' });
});

test('pending and half-removed editions are cleared, published ones kept', async () => {
  const dir = join(root, 'cleared');
  const store = new EditionStore(dir);
  for (const name of ['2026-01-01', '2026-01-02.pending', '.2025-12-01.removing'])
    mkdirSync(join(dir, name), { recursive: true });
  writeMeta(dir, { id: '2026-01-01', number: 1 } as EditionMeta);
  assert.deepEqual((await store.removePending()).sort(), ['.2025-12-01.removing', '2026-01-02.pending']);
  assert.ok(existsSync(join(dir, '2026-01-01')));
  assert.equal(store.latest()?.id, '2026-01-01');
});

function writeMeta(dir: string, meta: EditionMeta): void {
  mkdirSync(join(dir, meta.id), { recursive: true });
  writeFileSync(join(dir, meta.id, 'edition.json'), JSON.stringify(meta));
}

test('a record nested deeper than JSON.stringify can write goes into the edition without that field', async () => {
  // Checked by taking the protection out (readDataFolder keeping the record whole): writing the
  // snapshot ends in "Maximum call stack size exceeded", and with it the nightly build.
  const deepDir = join(root, 'deep');
  writeDataFolder(generateDataset({ orgs: 20 }), deepDir);
  const id = '0d0d0d0d-0000-4000-8000-00000000000d';
  const levels = 20_000;
  writeFileSync(
    join(deepDir, 'organisations', `${id}.json`),
    `{"id":"${id}","name":"Deep Trust","nested":${'['.repeat(levels)}${']'.repeat(levels)}}`,
  );
  const snapshot = readDataFolder(deepDir);
  assert.deepEqual(snapshot.organisations.get(id)?.record, { id, name: 'Deep Trust' });
  const path = join(root, 'deep-snapshot.jsonl.gz');
  await writeSnapshot(path, snapshot);
  assert.deepEqual((await readSnapshot(path)).organisations.get(id)?.record, { id, name: 'Deep Trust' });
});

test("a kept edition's files are read through their schemas: changes that are not an edition's are refused, naming the file", () => {
  const store = new EditionStore(join(root, 'odd-changes'));
  mkdirSync(store.path('2026-02-01'), { recursive: true });
  writeFileSync(join(store.path('2026-02-01'), 'changes.json'), JSON.stringify({ added: 'everyone' }));
  assert.throws(() => store.readChanges('2026-02-01'), /changes\.json is not an edition's file \(added: /);
});
