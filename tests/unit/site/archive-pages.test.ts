import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SiteArchives } from '../../../src/site/archive-thread.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-archive-pages-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** Pages as one batch: their UTF-8 bytes one after another, each page's end noted. */
function batchOf(pages: Record<string, string>) {
  const contents = Object.values(pages).map((page) => Buffer.from(page));
  let end = 0;
  return {
    paths: Object.keys(pages),
    ends: contents.map((content) => (end += content.length)),
    bytes: new Uint8Array(Buffer.concat(contents)),
  };
}

test('pages handed over in batches are archived first, in their order, as written', async () => {
  const site = join(root, 'site');
  const first = { 'org/b.html': '<p>Cúram</p>', 'index.html': '<title>Éire</title>' };
  const second = { 'org/a.html': '<p>A</p>', 'county/deep/c.html': '<p>C – c</p>' };
  for (const [path, page] of Object.entries({ ...first, ...second })) {
    mkdirSync(dirname(join(site, path)), { recursive: true });
    writeFileSync(join(site, path), page);
  }
  writeFileSync(join(site, 'favicon.svg'), '<svg/>');
  const archives = new SiteArchives(site, new Date('2024-05-12T02:41:55Z'), ['site.tar.gz']);
  const batch = batchOf(first);
  await archives.addPages(batch);
  await archives.addPages(batchOf(second));
  // The caller keeps its bytes: each thread was given a copy.
  assert.equal(Buffer.from(batch.bytes).toString(), '<p>Cúram</p><title>Éire</title>');
  await archives.finish();
  const listed = execFileSync('tar', ['-tzf', join(site, 'site.tar.gz')], { encoding: 'utf8' });
  assert.deepEqual(listed.trim().split('\n'), [
    'site/',
    ...[...Object.keys(first), ...Object.keys(second), 'favicon.svg'].map((path) => `site/${path}`),
  ]);
  const out = join(root, 'out');
  mkdirSync(out);
  execFileSync('tar', ['-xzf', join(site, 'site.tar.gz'), '-C', out]);
  for (const [path, page] of Object.entries({ ...first, ...second })) {
    assert.equal(readFileSync(join(out, 'site', path), 'utf8'), page);
  }
});

test('a page handed over in a batch but written otherwise fails the archive', async () => {
  const site = join(root, 'mismatch');
  mkdirSync(site);
  writeFileSync(join(site, 'a.html'), '<p>something else</p>');
  const archives = new SiteArchives(site, new Date(), ['site.tar.gz']);
  await archives.addPages(batchOf({ 'a.html': '<p>a</p>' }));
  await assert.rejects(archives.finish(), /a\.html was archived as rendered \(8 bytes\)/);
});
