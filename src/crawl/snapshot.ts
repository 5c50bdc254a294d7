// A crawl builds its snapshot in DIR.partial beside the data folder and swaps it in only when it
// is complete, so the data folder always holds the last complete crawl. Every file is written to a
// temporary name and renamed, so a crash (kill -9 included) never leaves a half-written file.
//
// The swap: rename DIR to DIR.previous, rename DIR.partial to DIR, remove DIR.previous. A crash
// between the steps is repaired by `repairInterruptedSwap` at the start of the next crawl.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { cp, mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { CRAWLED_ENTRIES } from '../lib/data-layout.ts';

export interface SnapshotPaths {
  /** The published data folder. */
  dataDir: string;
  /** The snapshot being built; kept after an incomplete crawl, for resume. */
  partialDir: string;
  /** The previous data folder, only for the instant of the swap. */
  previousDir: string;
  /** Held by the running crawl: two crawls of one folder would corrupt each other. */
  lockFile: string;
}

export function snapshotPaths(dataDir: string): SnapshotPaths {
  const base = dataDir.replace(/[/\\]+$/, '');
  return {
    dataDir: base,
    partialDir: `${base}.partial`,
    previousDir: `${base}.previous`,
    lockFile: `${base}.lock`,
  };
}

const TEMPORARY_FILE = /^\..+\.tmp$/;

/** Whether a path exists; errors other than "not there" are thrown. */
export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

// A temporary name beside the file, unique without asking the system for randomness each time: a
// token drawn once per process and a counter (`randomBytes` per file cost a `getpid` system call
// for every record of the crawl).
const TEMPORARY_TOKEN = randomBytes(6).toString('hex');
let temporaryFiles = 0;

function temporaryPath(path: string): string {
  temporaryFiles += 1;
  return join(dirname(path), `.${basename(path)}.${TEMPORARY_TOKEN}-${temporaryFiles}.tmp`);
}

/** Writes `data` to `path` through a temporary file in the same folder and a rename. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const temporary = temporaryPath(path);
  try {
    await writeFile(temporary, data, { flag: 'wx' });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Removes temporary files a killed crawl left behind (two levels deep: the layout's depth). */
export async function removeTemporaryFiles(dir: string): Promise<number> {
  let removed = 0;
  const visit = async (folder: string, depth: number): Promise<void> => {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory() && depth > 0) await visit(path, depth - 1);
      else if (entry.isFile() && TEMPORARY_FILE.test(entry.name)) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
  };
  await visit(dir, 1);
  return removed;
}

export class SnapshotLockedError extends Error {
  override name = 'SnapshotLockedError';
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of a data folder; returns its release. A lock left by a process that no longer
 * runs on this machine (a crawl killed with -9) is taken over.
 */
export async function acquireLock(paths: SnapshotPaths): Promise<() => Promise<void>> {
  await mkdir(dirname(paths.lockFile), { recursive: true });
  const owner = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(paths.lockFile, 'wx');
      await handle.writeFile(owner);
      await handle.close();
      return async () => {
        await rm(paths.lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: { pid?: unknown; host?: unknown } = {};
    try {
      holder = JSON.parse(await readFile(paths.lockFile, 'utf8')) as typeof holder;
    } catch {
      // An unreadable lock was cut short by a crash while being written: it is stale.
    }
    const alive = typeof holder.pid === 'number' && holder.host === hostname() && processIsAlive(holder.pid);
    if (alive || (typeof holder.host === 'string' && holder.host !== hostname())) {
      throw new SnapshotLockedError(
        `another crawl (pid ${String(holder.pid)} on ${String(holder.host)}) is writing ${paths.dataDir}; remove ${paths.lockFile} if it is not`,
      );
    }
    await rm(paths.lockFile, { force: true });
  }
  throw new SnapshotLockedError(`cannot take the lock ${paths.lockFile}`);
}

/**
 * Finishes or undoes a swap that a crash interrupted. `isComplete` tells whether the partial
 * snapshot was ready to publish. Returns what it did, for the log, or `undefined`.
 */
export async function repairInterruptedSwap(
  paths: SnapshotPaths,
  isComplete: (dir: string) => Promise<boolean>,
): Promise<string | undefined> {
  if (!(await exists(paths.previousDir))) return undefined;
  if (await exists(paths.dataDir)) {
    await rm(paths.previousDir, { recursive: true, force: true });
    return `removed ${paths.previousDir} left by an interrupted swap`;
  }
  if ((await exists(paths.partialDir)) && (await isComplete(paths.partialDir))) {
    await rename(paths.partialDir, paths.dataDir);
    await rm(paths.previousDir, { recursive: true, force: true });
    return `finished an interrupted swap: published the complete snapshot ${paths.partialDir}`;
  }
  await rename(paths.previousDir, paths.dataDir);
  return `undid an interrupted swap: restored ${paths.dataDir}`;
}

/**
 * Publishes the partial snapshot as the data folder. Entries of the old data folder that the
 * crawler does not write (a README, a publisher's own files) are carried over first.
 */
export async function publishSnapshot(paths: SnapshotPaths): Promise<void> {
  const hadData = await exists(paths.dataDir);
  if (hadData) {
    for (const entry of await readdir(paths.dataDir)) {
      if (CRAWLED_ENTRIES.includes(entry) || (await exists(join(paths.partialDir, entry)))) continue;
      await cp(join(paths.dataDir, entry), join(paths.partialDir, entry), { recursive: true });
    }
    await rm(paths.previousDir, { recursive: true, force: true });
    await rename(paths.dataDir, paths.previousDir);
  }
  await rename(paths.partialDir, paths.dataDir);
  if (hadData) await rm(paths.previousDir, { recursive: true, force: true });
}
