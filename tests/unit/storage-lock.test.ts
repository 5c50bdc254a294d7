import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireLock, LockHeldError } from '../../src/storage/lock.ts';

function lockFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'orgdir-lock-')), 'folder', '.build.lock');
}

test('a second taker is refused with the name of what holds the lock and the file to remove', async () => {
  const file = lockFile();
  const release = await acquireLock(file, 'crawl of /srv/data');
  await assert.rejects(acquireLock(file, 'build'), (error: unknown) => {
    assert.ok(error instanceof LockHeldError);
    assert.match(
      error.message,
      new RegExp(`^another crawl of /srv/data is running \\(pid ${process.pid} on `),
    );
    assert.ok(error.message.includes(`remove ${file}`));
    return true;
  });
  await release();
  await (
    await acquireLock(file, 'build')
  )();
});

test('a lock taken on another machine is never judged stale', async () => {
  const file = lockFile();
  const first = await acquireLock(file, 'build');
  await first();
  writeFileSync(
    file,
    JSON.stringify({ holder: 'build', pid: 1, host: `not-${hostname()}`, since: '2026-01-01' }),
  );
  await assert.rejects(acquireLock(file, 'build'), /another build is running \(pid 1 on not-/);
});

test('an unreadable lock, cut short by a crash, is taken over', async () => {
  const file = lockFile();
  await (
    await acquireLock(file, 'build')
  )();
  writeFileSync(file, '{"pid":');
  const release = await acquireLock(file, 'build');
  assert.equal(JSON.parse(readFileSync(file, 'utf8')).holder, 'build');
  await release();
});
