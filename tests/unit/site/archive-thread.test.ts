import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SiteArchives } from '../../../src/site/archive-thread.ts';
import { filesUnder } from '../../../src/site/archive.ts';
import { asWriteFailure, WriteFailure } from '../../../src/storage/write-failure.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-archive-thread-'));
after(() => rmSync(root, { recursive: true, force: true }));

test('the archive written on its thread holds the site, without the files left out', async () => {
  const site = join(root, 'site');
  mkdirSync(join(site, 'org'), { recursive: true });
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Éire</title>');
  writeFileSync(join(site, 'org/a.json'), '{"name":"Cúram"}');
  writeFileSync(join(site, 'left-out.txt'), 'not archived');
  const mtime = new Date('2024-05-12T02:41:55Z');
  await new SiteArchives(site, mtime, ['site.tar.gz']).finish(['left-out.txt']);
  const out = join(root, 'out');
  mkdirSync(out);
  execFileSync('tar', ['-xzf', join(site, 'site.tar.gz'), '-C', out]);
  assert.deepEqual(filesUnder(out), ['site/index.html', 'site/org/a.json']);
  assert.equal(readFileSync(join(out, 'site/org/a.json'), 'utf8'), '{"name":"Cúram"}');
  assert.match(readFileSync(join(site, 'site.tar.gz.sha256'), 'utf8'), /^[0-9a-f]{64} {2}site\.tar\.gz\n$/);
});

test('a failure on the thread rejects with its reason', async () => {
  await assert.rejects(
    new SiteArchives(join(root, 'no-such-site'), new Date(), ['site.tar.gz']).finish(),
    /site\.tar\.gz: .*ENOENT/s,
  );
});

// Checked by sending the thread's error across as a message alone again (src/site/archive-thread.ts):
// the build then ended with the thread's bare stack trace, the disk being full said nowhere.
test('a full disk while the offline copy is written is said as a full disk, naming the archive', async () => {
  const site = join(root, 'full');
  mkdirSync(site, { recursive: true });
  writeFileSync(join(site, 'index.html'), 'x'.repeat(100_000));
  // Every write to /dev/full fails with ENOSPC, as on a full disk: the archive is written through the link.
  symlinkSync('/dev/full', join(site, 'site.tar.gz'));
  const failure = await new SiteArchives(site, new Date(), ['site.tar.gz']).finish().then(
    () => undefined,
    (error: unknown) => error,
  );
  assert.equal((failure as { code?: unknown }).code, 'ENOSPC');
  const said = asWriteFailure(failure, 'archives', root);
  assert.ok(said instanceof WriteFailure, String(said));
  assert.equal(
    said.message,
    `the archives step could not write ${join(site, 'site.tar.gz')}: the disk is full (ENOSPC); free space on the disk that holds ${root}, then run again`,
  );
});

test('pages added as rendered come first, every other file after them', async () => {
  const site = join(root, 'rendered');
  mkdirSync(join(site, 'org'), { recursive: true });
  writeFileSync(join(site, 'org/b.json'), '{"name":"B"}');
  const archives = new SiteArchives(site, new Date('2024-05-12T02:41:55Z'), ['site.tar.gz']);
  const page = Buffer.from('<!doctype html><title>B</title>');
  writeFileSync(join(site, 'org/b.html'), page);
  await archives.add('org/b.html', page);
  writeFileSync(join(site, 'favicon.svg'), '<svg/>');
  await archives.finish();
  const listed = execFileSync('tar', ['-tzf', join(site, 'site.tar.gz')], { encoding: 'utf8' });
  assert.deepEqual(listed.trim().split('\n'), [
    'site/',
    'site/org/b.html',
    'site/favicon.svg',
    'site/org/b.json',
  ]);
});

test('a page archived as rendered but written otherwise fails the archive', async () => {
  const site = join(root, 'mismatch');
  mkdirSync(site, { recursive: true });
  const archives = new SiteArchives(site, new Date(), ['site.tar.gz']);
  await archives.add('index.html', Buffer.from('<p>rendered</p>'));
  writeFileSync(join(site, 'index.html'), '<p>something else was written</p>');
  await assert.rejects(archives.finish(), /index\.html was archived as rendered \(15 bytes\)/);
});
