import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fetchPreviousEdition } from '../../../src/editions/carry.ts';
import { readDataFolder, snapshotLines, writeSnapshot, type EditionSnapshot } from '../../../src/editions/edition-file.ts';
import { publishBuild, type PublishOptions } from '../../../src/editions/publish.ts';
import {
  DELTA_FILE,
  readEditionRegister,
  registerHash,
  SNAPSHOT_FILE,
} from '../../../src/editions/register.ts';
import { EditionStore } from '../../../src/editions/store.ts';
import { measureSite } from '../../../src/hosting/measure.ts';
import { releaseDirOf } from '../../../src/hosting/release-folder.ts';
import { generateDataset } from '../../../src/sample-api/dataset.ts';
import { writeDataFolder } from '../../support/data-folder.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-register-'));
after(() => rmSync(root, { recursive: true, force: true }));

const ORGS = 300;
const NIGHTS = 30;

/**
 * The register's snapshot lines, as one text (what "byte-equal" compares), by its SHA-256 and length:
 * a failure then says which edition, not 400 kB of records.
 */
function text(register: EditionSnapshot): string {
  const lines = [...snapshotLines(register)].join('');
  return `${createHash('sha256').update(lines).digest('hex')} ${lines.length}`;
}

/** Serves the files of `folder` over HTTP, as a release host would. */
async function serveFolder(folder: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const name = decodeURIComponent((request.url ?? '').split('/').at(-1) ?? '');
    const file = join(folder, name);
    if (name === '' || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-length': statSync(file).size });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/release/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let day = 0;
/** One night: a build of the sample register's edition `night`, publishing into `paths`. */
async function night(
  paths: { dataDir: string; siteDir: string; editionsDir: string },
  number: number,
  stored: Map<string, string>,
  options: Partial<PublishOptions> = {},
) {
  const dataset = generateDataset({ orgs: ORGS, edition: number });
  // A night on which one record fails to fetch: it is carried over from the edition before.
  const failing = number === 7 ? new Set([dataset.registeredCharities[3]!.id.toLowerCase()]) : new Set<string>();
  const now = new Date(Date.UTC(2026, 0, 1 + day++));
  let crawled: EditionSnapshot | undefined;
  const result = await publishBuild({
    ...paths,
    now: () => now,
    crawl: async (dataDir) => {
      writeDataFolder(dataset, dataDir, { failing });
      return { exitCode: 0, message: 'complete', published: true };
    },
    renderSite: async (dataDir, siteDir) => {
      // What that night's crawl stored, read as the edition reads it.
      crawled = readDataFolder(dataDir);
      mkdirSync(siteDir, { recursive: true });
      writeFileSync(join(siteDir, 'index.html'), 'x');
      return measureSite(siteDir);
    },
    accept: 'a sample register that churns',
    ...options,
  });
  assert.equal(result.exitCode, 0, result.message);
  const id = result.edition!.id;
  // With the record that failed carried over from the night before.
  const register = crawled!;
  if (failing.size > 0) {
    const previous = await readEditionRegister(paths.editionsDir, result.edition!.previous!);
    for (const failed of failing)
      register.organisations.set(failed, { ...previous.organisations.get(failed)!, carriedFrom: result.edition!.previous! });
  }
  stored.set(id, text(register));
  return id;
}

const paths = {
  dataDir: join(root, 'data'),
  siteDir: join(root, 'dist'),
  editionsDir: join(root, 'editions'),
};
const stored = new Map<string, string>();
let nightsRun: Promise<void> | undefined;
/** The thirty nights, built once, by the first test that needs them. */
function nights(): Promise<void> {
  return (nightsRun ??= (async () => {
    for (let number = 1; number <= NIGHTS; number++) await night(paths, number, stored);
  })());
}

test('thirty nights of known changes: every edition is kept, most as deltas, and each rebuilds byte-equal to what its crawl stored', async () => {
  await nights();
  const editions = new EditionStore(paths.editionsDir).list();
  assert.equal(editions.length, NIGHTS, 'nothing was pruned');
  const formats = editions.map((edition) => edition.register?.format);
  assert.equal(formats[0], 'snapshot');
  assert.ok(formats.filter((format) => format === 'delta').length >= NIGHTS / 2, formats.join(' '));
  // The deltas since a keyframe outgrew it at least once: the chain was cut by a later keyframe.
  assert.ok(formats.slice(1).includes('snapshot'), formats.join(' '));
  for (const edition of editions) {
    const folder = join(paths.editionsDir, edition.id);
    assert.equal(existsSync(join(folder, SNAPSHOT_FILE)), edition.register?.format === 'snapshot');
    assert.equal(existsSync(join(folder, DELTA_FILE)), edition.register?.format === 'delta');
    const register = await readEditionRegister(paths.editionsDir, edition.id);
    assert.equal(text(register), stored.get(edition.id), `edition ${edition.id} rebuilds as its crawl stored it`);
    assert.equal(registerHash(register), edition.register?.sha256);
  }
  // The carried record came back carried.
  const carriedNight = await readEditionRegister(paths.editionsDir, editions[6]!.id);
  assert.equal([...carriedNight.organisations.values()].filter((o) => o.carriedFrom !== undefined).length, 1);
  // Only the newest edition keeps the list of former organisations.
  assert.deepEqual(
    editions.filter((edition) => existsSync(join(paths.editionsDir, edition.id, 'former.jsonl.gz'))).map((e) => e.id),
    [editions.at(-1)!.id],
  );
});

test('the release alone brings the whole history to a new machine, every edition rebuilding byte-equal', async () => {
  await nights();
  const release = await serveFolder(releaseDirOf(paths.siteDir));
  const fresh = join(root, 'fresh-editions');
  try {
    const fetched = await fetchPreviousEdition(release.url, fresh, paths.dataDir);
    assert.equal(fetched.problem, undefined);
    assert.equal(fetched.editions, NIGHTS);
  } finally {
    await release.close();
  }
  const editions = new EditionStore(fresh).list();
  assert.deepEqual(
    editions.map((edition) => edition.id),
    [...stored.keys()],
  );
  for (const edition of editions) {
    assert.equal(text(await readEditionRegister(fresh, edition.id)), stored.get(edition.id), edition.id);
  }
  // And the next night goes on from there, as a delta of the last night fetched.
  const next = await night({ ...paths, editionsDir: fresh }, NIGHTS + 1, stored);
  const meta = new EditionStore(fresh).list().at(-1)!;
  assert.equal(meta.id, next);
  assert.equal(meta.previous, editions.at(-1)!.id);
  assert.equal(text(await readEditionRegister(fresh, next)), stored.get(next));
});

test('pruning is a choice: the oldest edition kept is made whole first, and every kept edition still rebuilds', async () => {
  await nights();
  const copy = join(root, 'pruned');
  const store = new EditionStore(copy);
  // A copy of the thirty nights, pruned to the newest ten.
  cpSync(paths.editionsDir, copy, { recursive: true });
  const before = store.list();
  const removed = await store.prune(10);
  assert.deepEqual(removed, before.slice(0, NIGHTS - 10).map((edition) => edition.id));
  const kept = store.list();
  assert.equal(kept[0]!.register?.format, 'snapshot');
  assert.ok(existsSync(join(copy, kept[0]!.id, SNAPSHOT_FILE)));
  for (const edition of kept) assert.equal(text(await readEditionRegister(copy, edition.id)), stored.get(edition.id));
  assert.deepEqual(await store.prune(undefined), [], 'without a number, nothing is removed');
});

test('an edition written by an older orgdir (a whole snapshot, no hash) still reads, and the next night is stored as a delta of it', async () => {
  const dir = join(root, 'older');
  const old = join(dir, '2025-12-31');
  mkdirSync(old, { recursive: true });
  const dataDir = join(root, 'older-data');
  writeDataFolder(generateDataset({ orgs: ORGS }), dataDir);
  const register = readDataFolder(dataDir);
  await writeSnapshot(join(old, SNAPSHOT_FILE), register);
  const changes = { added: [], removed: [], changed: [], membership: [] };
  writeFileSync(join(old, 'changes.json'), JSON.stringify(changes));
  writeFileSync(
    join(old, 'edition.json'),
    JSON.stringify({ id: '2025-12-31', number: 1, date: '2025-12-31', publishedAt: '', previous: null }),
  );
  assert.equal(text(await readEditionRegister(dir, '2025-12-31')), text(register));
  const older = new Map<string, string>();
  const id = await night({ dataDir: join(root, 'older-live'), siteDir: join(root, 'older-dist'), editionsDir: dir }, 2, older);
  const meta = new EditionStore(dir).list().at(-1)!;
  assert.deepEqual([meta.id, meta.register?.format, meta.previous], [id, 'delta', '2025-12-31']);
  assert.equal(text(await readEditionRegister(dir, id)), older.get(id));
});

test('a register that does not rebuild to its hash is refused, naming the edition', async () => {
  await nights();
  const dir = join(root, 'tampered');
  cpSync(paths.editionsDir, dir, { recursive: true });
  const edition = new EditionStore(dir).list().find((meta) => meta.register?.format === 'delta')!;
  // A delta that forgets one organisation's change: the rebuilt register is not the one stored.
  const file = join(dir, edition.id, DELTA_FILE);
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  const forgotten = lines.findIndex((line) => line.startsWith('{"type":"organisation"'));
  assert.ok(forgotten >= 0);
  lines.splice(forgotten, 1);
  writeFileSync(file, gzipSync(lines.join('\n')));
  await assert.rejects(
    readEditionRegister(dir, edition.id),
    new RegExp(`edition ${edition.id}: its register rebuilds to SHA-256 [0-9a-f]{64}, not the ${edition.register!.sha256}`),
  );
});

/** Every byte of the files under `folder`. */
function folderBytes(folder: string): number {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((total, entry) => total + statSync(join(entry.parentPath, entry.name)).size, 0);
}

test('size: a night adds well under 1 MB for 1% of 35,000 organisations changed, counted per organisation changed', async (t) => {
  const place = {
    dataDir: join(root, 'size-data'),
    siteDir: join(root, 'size-dist'),
    editionsDir: join(root, 'size-editions'),
  };
  const orgs = 4000;
  const build = async (edition: number) => {
    const dataset = generateDataset({ orgs, edition });
    const now = new Date(Date.UTC(2026, 5, edition));
    return publishBuild({
      ...place,
      now: () => now,
      crawl: async (dataDir) => {
        writeDataFolder(dataset, dataDir);
        return { exitCode: 0, message: 'complete', published: true };
      },
      renderSite: async (_dataDir, siteDir) => {
        mkdirSync(siteDir, { recursive: true });
        writeFileSync(join(siteDir, 'index.html'), 'x');
        return measureSite(siteDir);
      },
      accept: 'a sample register that churns',
    });
  };
  const first = await build(1);
  assert.equal(first.exitCode, 0, first.message);
  const firstBytes = folderBytes(place.editionsDir);
  const second = await build(2);
  assert.equal(second.exitCode, 0, second.message);
  assert.equal(second.edition?.register?.format, 'delta');
  const added = folderBytes(place.editionsDir) - firstBytes;
  const { changes, counts } = second.edition!;
  const touched = changes.added + changes.removed + changes.changed;
  const perChanged = added / touched;
  const perOrganisation = firstBytes / first.edition!.counts.organisations;
  t.diagnostic(
    `${counts.organisations} organisations; first edition ${firstBytes} bytes (${perOrganisation.toFixed(0)} an organisation); ` +
      `the second adds ${added} bytes for ${touched} organisations changed (${perChanged.toFixed(0)} each)`,
  );
  // 1% of 35,000 organisations is 350: the night's whole edition folder (its delta, changes and
  // edition.json, the list of former organisations moved on) within 1 MB.
  assert.ok(perChanged * 350 <= 1_000_000, `${perChanged.toFixed(0)} bytes per organisation changed`);
});
