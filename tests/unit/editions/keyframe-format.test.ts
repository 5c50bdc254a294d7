// Keyframes as this orgdir writes them (their lines grouped for gzip, edition-file.ts
// `storedSnapshotLines`) beside those of an earlier one (sorted by id, at gzip's default level):
// one editions folder may hold both, and every edition reads back to the register it stored.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { after, test } from 'node:test';
import { readDataFolder, snapshotLines, type EditionSnapshot } from '../../../src/editions/edition-file.ts';
import { writeHistoryBundle } from '../../../src/editions/history-bundle.ts';
import {
  readEditionRegister,
  registerHash,
  SNAPSHOT_FILE,
  walkEditionRegisters,
  writeEditionRegister,
  type RegisterStorage,
} from '../../../src/editions/register.ts';
import { generateDataset } from '../../../src/sample-api/dataset.ts';
import { writeDataFolder } from '../../support/data-folder.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-keyframes-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** The sample register's edition `number`, as a crawl's data folder reads into an edition. */
function register(number: number): EditionSnapshot {
  const dataDir = join(root, `data-${number}`);
  writeDataFolder(generateDataset({ orgs: 200, edition: number }), dataDir);
  return readDataFolder(dataDir);
}

/** The register's lines in the order the hash covers them, as one text. */
function text(snapshot: EditionSnapshot): string {
  return [...snapshotLines(snapshot)].join('');
}

function writeMeta(folder: string, id: string, number: number, previous: string | null, storage: RegisterStorage) {
  const meta = { id, number, date: id, publishedAt: `${id}T03:00:00.000Z`, previous, register: storage };
  writeFileSync(join(folder, 'edition.json'), JSON.stringify(meta));
  writeFileSync(join(folder, 'changes.json'), JSON.stringify({ added: [], removed: [], changed: [], membership: [] }));
}

test('a keyframe of an earlier orgdir (sorted by id, default gzip) reads beside keyframes and deltas written now, each against its hash', async () => {
  const editionsDir = join(root, 'editions');
  const registers = [1, 2, 3, 4].map(register);
  const ids = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'];
  const folders = ids.map((id) => join(editionsDir, id));
  for (const folder of folders) mkdirSync(folder, { recursive: true });

  // The first, as an earlier orgdir wrote it: the hashed text itself, gzipped at the default level.
  writeFileSync(join(folders[0]!, SNAPSHOT_FILE), gzipSync(text(registers[0]!)));
  writeMeta(folders[0]!, ids[0]!, 1, null, { format: 'snapshot', sha256: registerHash(registers[0]!) });
  // A delta of it, a keyframe written now, and a delta of that.
  const bases = [
    { editionsDir, id: ids[0]!, register: registers[0]! },
    undefined,
    { editionsDir, id: ids[2]!, register: registers[2]! },
  ];
  for (let index = 1; index < 4; index++) {
    const storage = await writeEditionRegister(folders[index]!, registers[index]!, bases[index - 1]);
    writeMeta(folders[index]!, ids[index]!, index + 1, ids[index - 1]!, storage);
  }
  const formats = ids.map((id) => JSON.parse(readFileSync(join(editionsDir, id, 'edition.json'), 'utf8')).register.format);
  assert.deepEqual(formats, ['snapshot', 'delta', 'snapshot', 'delta']);

  // The new keyframe holds the same lines as the old one would, in another order.
  const stored = gunzipSync(readFileSync(join(folders[2]!, SNAPSHOT_FILE))).toString('utf8');
  assert.notEqual(stored, text(registers[2]!));
  assert.deepEqual(stored.split('\n').sort(), text(registers[2]!).split('\n').sort());

  for (const [index, id] of ids.entries())
    assert.equal(text(await readEditionRegister(editionsDir, id)), text(registers[index]!), id);
  const walked: string[] = [];
  await walkEditionRegisters(editionsDir, folders, ({ register: walkedRegister }) => {
    walked.push(text(walkedRegister));
  }, { check: true });
  assert.deepEqual(walked, registers.map(text));

  // The release's history file joins the old gzip and the new as they are: one gzip text of both.
  const history = join(root, 'orgdir-editions.jsonl.gz');
  await writeHistoryBundle(folders, history);
  const lines = gunzipSync(readFileSync(history)).toString('utf8').split('\n');
  const editionLines = lines.filter((line) => line.startsWith('{"type":"edition"'));
  assert.deepEqual(editionLines.map((line) => JSON.parse(line).edition.id), ids);
  const firstAt = lines.indexOf(text(registers[0]!).split('\n')[0]!);
  assert.deepEqual(lines.slice(firstAt, firstAt + registers[0]!.organisations.size), text(registers[0]!).split('\n').slice(0, registers[0]!.organisations.size));
  for (const line of stored.trimEnd().split('\n')) assert.ok(lines.includes(line));
});
