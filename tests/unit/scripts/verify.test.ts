// npm run verify: its exit codes as documented (docs/publishing.md, "A release anyone can verify"),
// each failing file named, on a folder on disk and at a web address.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runChild } from '../../support/child-process.ts';
import { readSigningKey, signFolder } from '../../../src/hosting/signed-manifest.ts';
import { serveSite } from '../../support/static-server.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');

function verify(t: TestContext, cwd: string, args: string[]) {
  return runChild(t, process.execPath, [join(ROOT, 'scripts', 'verify.ts'), ...args], {
    cwd,
    env: { PATH: process.env['PATH'] ?? '' },
  });
}

test('npm run verify: 0 for a signed folder, 1 naming a changed file or a wrong key, 2 for a usage mistake', async (t) => {
  const work = mkdtempSync(join(tmpdir(), 'orgdir-verify-'));
  t.after(() => rmSync(work, { recursive: true, force: true }));
  const site = join(work, 'site');
  mkdirSync(join(site, 'org'), { recursive: true });
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>orgdir</title>');
  writeFileSync(join(site, 'org', 'a.html'), 'an organisation');
  // The repository's documented place for the key, which verify reads by default.
  mkdirSync(join(work, 'keys'));
  execFileSync('signify-openbsd', [
    '-G',
    '-n',
    '-p',
    join(work, 'keys', 'release.pub'),
    '-s',
    join(work, 'keys', 'release.sec'),
  ]);
  execFileSync('signify-openbsd', ['-G', '-n', '-p', join(work, 'other.pub'), '-s', join(work, 'other.sec')]);
  await signFolder(site, readSigningKey(readFileSync(join(work, 'keys', 'release.sec'), 'utf8')));

  const good = await verify(t, work, ['site']);
  assert.equal(good.code, 0, good.stderr);
  assert.match(good.stdout, /signature good, 2 files verified/);

  const server = await serveSite(site);
  t.after(() => server.close());
  const overHttp = await verify(t, work, [server.root]);
  assert.equal(overHttp.code, 0, overHttp.stderr);

  const wrongKey = await verify(t, work, ['site', '--key', join(work, 'other.pub')]);
  assert.equal(wrongKey.code, 1);
  assert.match(wrongKey.stderr, /SHA256\.sig was signed with another key/);

  writeFileSync(join(site, 'org', 'a.html'), 'an organisatioN');
  for (const where of ['site', server.root]) {
    const changed = await verify(t, work, [where]);
    assert.equal(changed.code, 1, where);
    assert.match(changed.stderr, /^verify: org\/a\.html: changed/m, where);
  }

  assert.equal((await verify(t, work, [])).code, 2);
  const noKey = await verify(t, work, ['site', '--key', join(work, 'missing.pub')]);
  assert.equal(noKey.code, 2);
  assert.match(noKey.stderr, /cannot be read/);
  const unsigned = await verify(t, work, ['keys']);
  assert.equal(unsigned.code, 1);
  assert.match(unsigned.stderr, /unsigned/);
});
