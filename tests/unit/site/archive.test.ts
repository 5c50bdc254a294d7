import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { filesUnder } from '../../../src/site/archive.ts';
import { SiteArchives } from '../../../src/site/archive-thread.ts';
import { archiveFolder } from '../../../src/site/tar.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-archive-'));
after(() => rmSync(root, { recursive: true, force: true }));

const LONG = `org/${'a'.repeat(60)}/${'b'.repeat(70)}.html`;
const files: Record<string, string> = {
  'index.html': '<!doctype html><title>x</title>',
  'org/2e427ca3-b6c4-4801-b9f2-ad6c518b45e5.json': '{"name":"Éire"}',
  [LONG]: 'x'.repeat(1000),
  'empty.txt': '',
  // Larger than the tar writer's piece of a megabyte: read and written a piece at a time.
  'downloads/organisations.json': Array.from({ length: 100_000 }, (_, line) => `{"line":${line}}`).join('\n'),
};

test('the tar.gz holds every file with its content, long paths included, and a checksum beside it', async () => {
  const site = join(root, 'site');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(site, path)), { recursive: true });
    writeFileSync(join(site, path), content);
  }
  await new SiteArchives(site, new Date('2024-05-12T02:41:55Z'), ['site.tar.gz']).finish();
  assert.deepEqual(
    filesUnder(site).sort(),
    [...Object.keys(files), 'site.tar.gz', 'site.tar.gz.sha256'].sort(),
  );
  const out = join(root, 'out');
  mkdirSync(out);
  execFileSync('tar', ['-xzf', join(site, 'site.tar.gz'), '-C', out]);
  // Unpacked, the archive makes one folder of its own, named after it, holding the site.
  assert.deepEqual(readdirSync(out), ['site']);
  assert.deepEqual(filesUnder(join(out, 'site')).sort(), Object.keys(files).sort());
  for (const [path, content] of Object.entries(files))
    assert.equal(readFileSync(join(out, 'site', path), 'utf8'), content);
  const listed = execFileSync('tar', ['-tzf', join(site, 'site.tar.gz')], { encoding: 'utf8' })
    .trim()
    .split('\n');
  assert.equal(listed[0], 'site/');
  assert.deepEqual(
    listed.filter((entry) => !entry.startsWith('site/')),
    [],
  );
  assert.match(readFileSync(join(site, 'site.tar.gz.sha256'), 'utf8'), /^[0-9a-f]{64} {2}site\.tar\.gz\n$/);
});

test('an archive unpacks into the folder its name gives', () => {
  assert.equal(archiveFolder('orgdir-site.tar.gz'), 'orgdir-site');
  assert.equal(archiveFolder('copy.tgz'), 'copy');
});
