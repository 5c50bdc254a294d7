import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SiteArchives } from '../../../src/site/archive-thread.ts';
import { filesUnder } from '../../../src/site/archive.ts';
import { readZip } from '../../support/zip.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-archive-thread-'));
after(() => rmSync(root, { recursive: true, force: true }));

test('both archives written on their threads hold the site, without the files left out', async () => {
  const site = join(root, 'site');
  mkdirSync(join(site, 'org'), { recursive: true });
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Éire</title>');
  writeFileSync(join(site, 'org/a.json'), '{"name":"Cúram"}');
  writeFileSync(join(site, 'left-out.txt'), 'not archived');
  const mtime = new Date('2024-05-12T02:41:55Z');
  await new SiteArchives(site, mtime, [
    { kind: 'zip', name: 'site.zip' },
    { kind: 'tar.gz', name: 'site.tar.gz' },
  ]).finish(['left-out.txt']);
  const zipped = readZip(join(site, 'site.zip'));
  assert.deepEqual([...zipped.keys()].sort(), ['index.html', 'org/a.json']);
  assert.equal(zipped.get('org/a.json')!.toString('utf8'), '{"name":"Cúram"}');
  const out = join(root, 'out');
  mkdirSync(out);
  execFileSync('tar', ['-xzf', join(site, 'site.tar.gz'), '-C', out]);
  assert.deepEqual(filesUnder(out), ['index.html', 'org/a.json']);
  for (const name of ['site.zip', 'site.tar.gz'])
    assert.match(
      readFileSync(join(site, `${name}.sha256`), 'utf8'),
      new RegExp(`^[0-9a-f]{64}  ${name.replace('.', '\\.')}\\n$`),
    );
});

test('a failure on the thread rejects with its reason', async () => {
  await assert.rejects(
    new SiteArchives(join(root, 'no-such-site'), new Date(), [{ kind: 'zip', name: 'site.zip' }]).finish(),
    /site\.zip: .*ENOENT/s,
  );
});

test('pages added as rendered come first, every other file after them', async () => {
  const site = join(root, 'rendered');
  mkdirSync(join(site, 'org'), { recursive: true });
  writeFileSync(join(site, 'org/b.json'), '{"name":"B"}');
  const archives = new SiteArchives(site, new Date('2024-05-12T02:41:55Z'), [
    { kind: 'zip', name: 'site.zip' },
    { kind: 'tar.gz', name: 'site.tar.gz' },
  ]);
  const page = Buffer.from('<!doctype html><title>B</title>');
  writeFileSync(join(site, 'org/b.html'), page);
  await archives.add('org/b.html', page);
  writeFileSync(join(site, 'favicon.svg'), '<svg/>');
  await archives.finish();
  assert.deepEqual([...readZip(join(site, 'site.zip')).keys()], ['org/b.html', 'favicon.svg', 'org/b.json']);
  const listed = execFileSync('tar', ['-tzf', join(site, 'site.tar.gz')], { encoding: 'utf8' });
  assert.deepEqual(listed.trim().split('\n'), ['org/b.html', 'favicon.svg', 'org/b.json']);
});

test('a page archived as rendered but written otherwise fails the archive', async () => {
  const site = join(root, 'mismatch');
  mkdirSync(site, { recursive: true });
  const archives = new SiteArchives(site, new Date(), [{ kind: 'zip', name: 'site.zip' }]);
  await archives.add('index.html', Buffer.from('<p>rendered</p>'));
  writeFileSync(join(site, 'index.html'), '<p>something else was written</p>');
  await assert.rejects(archives.finish(), /index\.html was archived as rendered \(15 bytes\)/);
});
