import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  acquireLock,
  publishSnapshot,
  removeTemporaryFiles,
  repairInterruptedSwap,
  snapshotPaths,
  SnapshotLockedError,
  writeFileAtomic,
} from '../../src/crawl/snapshot.ts';

function tempDataDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'orgdir-snapshot-')), 'data');
}

function write(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

test('an atomic write leaves the whole file and no temporary file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'orgdir-atomic-'));
  const path = join(dir, 'record.json');
  await writeFileAtomic(path, '{"a":1}');
  await writeFileAtomic(path, Buffer.from('{"a":2}'));
  assert.equal(readFileSync(path, 'utf8'), '{"a":2}');
  assert.deepEqual(readdirSync(dir), ['record.json']);
});

test('temporary files of a killed crawl are removed, records are not', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'orgdir-tmp-'));
  write(join(dir, 'organisations', 'a.json'), '{}');
  write(join(dir, 'organisations', '.a.json.0123.tmp'), '{"half');
  write(join(dir, '.manifest.json.77.tmp'), '{');
  assert.equal(await removeTemporaryFiles(dir), 2);
  assert.deepEqual(readdirSync(join(dir, 'organisations')), ['a.json']);
  assert.deepEqual(readdirSync(dir).sort(), ['organisations']);
});

test('publishing swaps the snapshot in, keeps files the crawler does not own, and leaves nothing beside', async () => {
  const dataDir = tempDataDir();
  const paths = snapshotPaths(dataDir);
  write(join(dataDir, 'organisations', 'old.json'), 'old');
  write(join(dataDir, 'README.md'), 'readme');
  write(join(dataDir, 'manifest.json'), 'old manifest');
  write(join(paths.partialDir, 'organisations', 'new.json'), 'new');
  write(join(paths.partialDir, 'manifest.json'), 'new manifest');
  await publishSnapshot(paths);
  assert.deepEqual(readdirSync(join(dataDir, 'organisations')), ['new.json']);
  assert.equal(readFileSync(join(dataDir, 'manifest.json'), 'utf8'), 'new manifest');
  assert.equal(readFileSync(join(dataDir, 'README.md'), 'utf8'), 'readme');
  assert.deepEqual(readdirSync(join(dataDir, '..')), ['data']);
});

test('the first publish needs no previous data folder', async () => {
  const dataDir = tempDataDir();
  const paths = snapshotPaths(dataDir);
  write(join(paths.partialDir, 'manifest.json'), '{}');
  await publishSnapshot(paths);
  assert.deepEqual(readdirSync(dataDir), ['manifest.json']);
});

test('a crash after the old folder moved away restores it when the snapshot was not complete', async () => {
  const dataDir = tempDataDir();
  const paths = snapshotPaths(dataDir);
  write(join(paths.previousDir, 'manifest.json'), 'last good');
  write(join(paths.partialDir, 'manifest.json'), 'unfinished');
  const done = await repairInterruptedSwap(paths, async () => false);
  assert.match(done ?? '', /restored/);
  assert.equal(readFileSync(join(dataDir, 'manifest.json'), 'utf8'), 'last good');
  assert.equal(existsSync(paths.previousDir), false);
  assert.equal(existsSync(paths.partialDir), true);
});

test('a crash after the old folder moved away publishes a complete snapshot', async () => {
  const dataDir = tempDataDir();
  const paths = snapshotPaths(dataDir);
  write(join(paths.previousDir, 'manifest.json'), 'last good');
  write(join(paths.partialDir, 'manifest.json'), 'complete');
  await repairInterruptedSwap(paths, async () => true);
  assert.equal(readFileSync(join(dataDir, 'manifest.json'), 'utf8'), 'complete');
  assert.equal(existsSync(paths.previousDir), false);
  assert.equal(existsSync(paths.partialDir), false);
});

test('a crash after the new folder moved in only leaves the old one to remove', async () => {
  const dataDir = tempDataDir();
  const paths = snapshotPaths(dataDir);
  write(join(paths.previousDir, 'manifest.json'), 'old');
  write(join(dataDir, 'manifest.json'), 'new');
  await repairInterruptedSwap(paths, async () => true);
  assert.equal(readFileSync(join(dataDir, 'manifest.json'), 'utf8'), 'new');
  assert.equal(existsSync(paths.previousDir), false);
  assert.equal(await repairInterruptedSwap(paths, async () => true), undefined);
});

test('a second crawl of the same folder is refused while the first runs', async () => {
  const paths = snapshotPaths(tempDataDir());
  const release = await acquireLock(paths);
  await assert.rejects(acquireLock(paths), SnapshotLockedError);
  await release();
  const again = await acquireLock(paths);
  await again();
});

test('the lock of a crawl killed with -9 is taken over', async () => {
  const paths = snapshotPaths(tempDataDir());
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  const deadPid = Number(child.stdout.toString());
  const { hostname } = await import('node:os');
  write(paths.lockFile, JSON.stringify({ pid: deadPid, host: hostname(), since: '2026-01-01T00:00:00Z' }));
  const release = await acquireLock(paths);
  assert.match(readFileSync(paths.lockFile, 'utf8'), new RegExp(`"pid":${process.pid}`));
  await release();
});
