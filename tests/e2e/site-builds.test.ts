// Two site builds from one checkout: each of its own site folder goes ahead beside the other (Astro's
// bundle of the pages is each build's own), and a second build of the same folder is refused at once,
// before it writes anything, while the first finishes.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { siteLockFile } from '../../src/site/build.ts';
import { SITE_NODE_FLAGS } from '../../src/site/node-flags.ts';
import { PROJECT } from '../support/build-place.ts';
import { startChild, type ChildOwner } from '../support/child-process.ts';

const FIXTURE = join(PROJECT, 'tests/fixtures/data');
const root = mkdtempSync(join(tmpdir(), 'orgdir-site-builds-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** `npm run site` from the project's own folder, as a publisher runs it, into `siteDir`. */
function site(t: ChildOwner, siteDir: string) {
  return startChild(
    t,
    process.execPath,
    [...SITE_NODE_FLAGS, join(PROJECT, 'scripts/site.ts'), '--no-tar-gz'],
    {
      cwd: PROJECT,
      env: {
        PATH: process.env['PATH'] ?? '',
        ORGDIR_DATA_DIR: FIXTURE,
        ORGDIR_SITE_DIR: siteDir,
        ORGDIR_EDITIONS_DIR: join(root, 'no-editions'),
        ASTRO_TELEMETRY_DISABLED: '1',
      },
    },
  );
}

test('two builds from one checkout into two site folders both succeed', async (t) => {
  const first = join(root, 'a', 'dist');
  const second = join(root, 'b', 'dist');
  const [one, two] = await Promise.all([site(t, first).finished, site(t, second).finished]);
  assert.equal(one.code, 0, one.stderr);
  assert.equal(two.code, 0, two.stderr);
  for (const dir of [first, second]) {
    assert.ok(existsSync(join(dir, 'index.html')), dir);
    assert.ok(existsSync(join(dir, 'org')), dir);
  }
});

test('a second build of the same site folder is refused at once, and the first completes', async (t) => {
  const dir = join(root, 'c', 'dist');
  const first = site(t, dir);
  let firstDone = false;
  void first.finished.then(() => (firstDone = true));
  // The second starts once the first holds the folder: its lock file is the signal.
  while (!existsSync(siteLockFile(dir)) && !firstDone) await delay(20);
  assert.ok(!firstDone, 'the first build ended before it took the lock');
  const second = await site(t, dir).finished;
  assert.equal(second.code, 2, second.stderr);
  assert.match(second.stderr, /the site folder is busy: another site build of .*dist is running \(pid \d+/);
  const one = await first.finished;
  assert.equal(one.code, 0, one.stderr);
  assert.ok(existsSync(join(dir, 'index.html')));
  assert.equal(existsSync(siteLockFile(dir)), false, 'the lock is given back');
  // Nothing of the refused build is left beside the site: no staging folder of its own.
  assert.deepEqual(
    readdirSync(join(root, 'c')).filter((name) => name.startsWith('.orgdir-building-')),
    [],
  );
});
