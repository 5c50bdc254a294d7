import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  writeFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  dataFolderPaths,
  lockDataFolder,
  publishPartial,
  repairInterruptedSwap,
} from '../../../src/crawl/data-folder-writer.ts';
import { LockHeldError } from '../../../src/storage/lock.ts';

/** Every folder the tests of this file make is inside this one, removed when they end. */
const TEMP = mkdtempSync(join(tmpdir(), 'orgdir-data-folder-writer-tests-'));
after(() => rmSync(TEMP, { recursive: true, force: true }));

function tempDataDir(): string {
  return join(mkdtempSync(join(TEMP, 'orgdir-data-folder-')), 'data');
}

function write(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

test('publishing swaps the snapshot in, keeps files the crawler does not own, and leaves nothing beside', async () => {
  const dataDir = tempDataDir();
  const paths = dataFolderPaths(dataDir);
  write(join(dataDir, 'organisations', 'old.json'), 'old');
  write(join(dataDir, 'README.md'), 'readme');
  write(join(dataDir, 'manifest.json'), 'old manifest');
  write(join(paths.partialDir, 'organisations', 'new.json'), 'new');
  write(join(paths.partialDir, 'manifest.json'), 'new manifest');
  await publishPartial(paths);
  assert.deepEqual(readdirSync(join(dataDir, 'organisations')), ['new.json']);
  assert.equal(readFileSync(join(dataDir, 'manifest.json'), 'utf8'), 'new manifest');
  assert.equal(readFileSync(join(dataDir, 'README.md'), 'utf8'), 'readme');
  assert.deepEqual(readdirSync(join(dataDir, '..')), ['data']);
});

test('the first publish needs no previous data folder', async () => {
  const dataDir = tempDataDir();
  const paths = dataFolderPaths(dataDir);
  write(join(paths.partialDir, 'manifest.json'), '{}');
  await publishPartial(paths);
  assert.deepEqual(readdirSync(dataDir).sort(), ['.orgdir', 'manifest.json']);
});

test('a crash after the old folder moved away restores it when the snapshot was not complete', async () => {
  const dataDir = tempDataDir();
  const paths = dataFolderPaths(dataDir);
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
  const paths = dataFolderPaths(dataDir);
  write(join(paths.previousDir, 'manifest.json'), 'last good');
  write(join(paths.partialDir, 'manifest.json'), 'complete');
  await repairInterruptedSwap(paths, async () => true);
  assert.equal(readFileSync(join(dataDir, 'manifest.json'), 'utf8'), 'complete');
  assert.equal(existsSync(paths.previousDir), false);
  assert.equal(existsSync(paths.partialDir), false);
});

test('a crash after the new folder moved in only leaves the old one to remove', async () => {
  const dataDir = tempDataDir();
  const paths = dataFolderPaths(dataDir);
  write(join(paths.previousDir, 'manifest.json'), 'old');
  write(join(dataDir, 'manifest.json'), 'new');
  await repairInterruptedSwap(paths, async () => true);
  assert.equal(readFileSync(join(dataDir, 'manifest.json'), 'utf8'), 'new');
  assert.equal(existsSync(paths.previousDir), false);
  assert.equal(await repairInterruptedSwap(paths, async () => true), undefined);
});

test('a second crawl of the same folder is refused while the first runs', async () => {
  const paths = dataFolderPaths(tempDataDir());
  const release = await lockDataFolder(paths);
  await assert.rejects(lockDataFolder(paths), LockHeldError);
  await release();
  const again = await lockDataFolder(paths);
  await again();
});

test('the lock of a crawl killed with -9 is taken over', async () => {
  const paths = dataFolderPaths(tempDataDir());
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  const deadPid = Number(child.stdout.toString());
  const { hostname } = await import('node:os');
  write(paths.lockFile, JSON.stringify({ pid: deadPid, host: hostname(), since: '2026-01-01T00:00:00Z' }));
  const release = await lockDataFolder(paths);
  assert.match(readFileSync(paths.lockFile, 'utf8'), new RegExp(`"pid":${process.pid}`));
  await release();
});
