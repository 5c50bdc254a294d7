import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SiteArchives } from '../../../src/site/archive-thread.ts';
import { filesUnder } from '../../../src/site/archive.ts';

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

test('pages handed over in batches are written into the site and archived first, in their order', async () => {
  const site = join(root, 'site');
  mkdirSync(site);
  const first = { 'org/b.html': '<p>Cúram</p>', 'index.html': '<title>Éire</title>' };
  const second = { 'org/a.html': '<p>A</p>', 'county/deep/c.html': '<p>C – c</p>' };
  const archives = new SiteArchives(site, new Date('2024-05-12T02:41:55Z'), ['site.tar.gz']);
  await archives.addPages(batchOf(first));
  await archives.addPages(batchOf(second));
  await archives.finish();
  for (const [path, page] of Object.entries({ ...first, ...second })) {
    assert.equal(readFileSync(join(site, path), 'utf8'), page);
  }
  const listed = execFileSync('tar', ['-tzf', join(site, 'site.tar.gz')], { encoding: 'utf8' });
  assert.deepEqual(listed.trim().split('\n'), [...Object.keys(first), ...Object.keys(second)]);
  const out = join(root, 'out');
  mkdirSync(out);
  execFileSync('tar', ['-xzf', join(site, 'site.tar.gz'), '-C', out]);
  assert.equal(readFileSync(join(out, 'county/deep/c.html'), 'utf8'), '<p>C – c</p>');
});

test('without an archive the pages handed over are still written, and nothing else', async () => {
  const site = join(root, 'no-archive');
  mkdirSync(site);
  const archives = new SiteArchives(site, new Date(), []);
  await archives.addPages(batchOf({ 'a.html': '<p>a</p>', 'org/b.html': '<p>b</p>' }));
  await archives.finish();
  assert.deepEqual(filesUnder(site), ['a.html', 'org/b.html']);
  assert.equal(readFileSync(join(site, 'org/b.html'), 'utf8'), '<p>b</p>');
});
