// An editions folder of another register beside a data folder: `npm run site` must not show that
// register's editions, gone organisations or counts as this one's, and must say why.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { readDataFolder } from '../../../src/editions/edition-file.ts';
import { otherRegisterEditions } from '../../../src/editions/provenance.ts';
import { EditionStore, type EditionMeta } from '../../../src/editions/store.ts';
import { runChild } from '../../support/child-process.ts';
import { writeSampleDataFolder } from '../../support/sample-data-folder.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const root = mkdtempSync(join(tmpdir(), 'orgdir-provenance-'));
after(() => rmSync(root, { recursive: true, force: true }));

const ours = join(root, 'ours');
const theirs = join(root, 'theirs');
writeSampleDataFolder(ours, { seed: 'ours', orgs: 25 });
writeSampleDataFolder(theirs, { seed: 'theirs', orgs: 40 });
writeFileSync(join(ours, 'manifest.json'), JSON.stringify({ apiUrl: 'https://ours.example/public/v1' }));
const TOMBSTONE = '0c0c0c0c-0000-4000-8000-00000000000c';

/** One published edition of the data folder `dataDir` into `editionsDir`, with one organisation gone. */
async function publishEditionOf(dataDir: string, editionsDir: string): Promise<void> {
  const store = new EditionStore(editionsDir);
  const snapshot = readDataFolder(dataDir);
  const meta = {
    id: '2026-05-01',
    number: 1,
    date: '2026-05-01',
    publishedAt: '2026-05-01T03:00:00.000Z',
    previous: null,
    crawl: { apiUrl: 'https://theirs.example/public/v1' },
    counts: { organisations: snapshot.organisations.size, carried: 0, lists: {} },
    changes: { added: 0, removed: 0, changed: 0, joined: 0, left: 0 },
    guard: { passed: true, checks: [] },
  } as unknown as EditionMeta;
  const former = [
    {
      id: TOMBSTONE,
      name: 'Their Gone Trust',
      lastSeen: '2026-04-30',
      goneSince: '2026-05-01',
      record: { id: TOMBSTONE, name: 'Their Gone Trust' },
    },
  ];
  const changes = { added: [], removed: [], changed: [], membership: [] };
  await store.writePending({ meta, snapshot, changes, former });
  renameSync(store.pendingPath(meta.id), store.path(meta.id));
}

const editions = join(root, 'editions');
await publishEditionOf(theirs, editions);

test('editions with none of the data folder’s organisations are said to be of another register; one in common is enough to be ours', () => {
  const message = otherRegisterEditions(editions, ours);
  assert.match(message ?? '', /are of another register/);
  assert.ok(message!.includes(editions) && message!.includes(ours));
  assert.ok(
    message!.includes('https://theirs.example/public/v1') && message!.includes('https://ours.example'),
  );
  assert.equal(otherRegisterEditions(editions, theirs), undefined);
  assert.equal(otherRegisterEditions(join(root, 'no-editions'), ours), undefined);
  // A register's nights share most organisations: a single one in common keeps the editions.
  const [sharedId] = readDataFolder(theirs).organisations.keys();
  const mixed = join(root, 'mixed');
  writeSampleDataFolder(mixed, { seed: 'ours', orgs: 25 });
  writeFileSync(
    join(mixed, 'organisations', `${sharedId}.json`),
    readFileSync(join(theirs, 'organisations', `${sharedId}.json`)),
  );
  assert.equal(otherRegisterEditions(editions, mixed), undefined);
});

test('npm run site over one register beside another register’s editions builds without them and says so', async (t) => {
  // Checked by taking the protection out (scripts/site.ts loading the editions whatever they are):
  // the site then has the other register's gone organisation as org/<id>.html, and its changes
  // page lists "Edition 1", which is what this test fails on.
  const site = join(root, 'site');
  const result = await runChild(
    t,
    process.execPath,
    [join(ROOT, 'scripts', 'site.ts'), '--data', ours, '--out', site, '--no-tar-gz'],
    {
      cwd: root,
      env: { PATH: process.env['PATH'] ?? '', ASTRO_TELEMETRY_DISABLED: '1', ORGDIR_EDITIONS_DIR: editions },
    },
  );
  assert.equal(result.code, 0, result.stderr);
  assert.match(
    result.stderr,
    /site: the editions in .* are of another register: .*the site shows no editions/,
  );
  assert.ok(existsSync(join(site, 'index.html')));
  assert.ok(
    !existsSync(join(site, 'org', `${TOMBSTONE}.html`)),
    'no page of the other register’s gone organisation',
  );
  for (const page of ['index.html', 'changes.html']) {
    if (existsSync(join(site, page)))
      assert.doesNotMatch(readFileSync(join(site, page), 'utf8'), /Edition 1/, page);
  }
});
