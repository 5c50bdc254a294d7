// Files written whole or not at all: each is written to a temporary name in its own folder and
// renamed over the real one, and a rename within one file system is atomic, so a crash (kill -9
// included) leaves either the old file or the new one, never half of either.
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { readdir, rename, rm, stat, writeFile } from 'node:fs/promises';

/** The names `temporaryPath` gives: `.<name>.<token>-<n>.tmp`, hidden and easy to sweep up. */
const TEMPORARY_FILE = /^\..+\.tmp$/;

// Unique without asking the system for randomness each time: a token drawn once per process and a
// counter (`randomBytes` per file cost a `getpid` system call for every record of a crawl).
const TEMPORARY_TOKEN = randomBytes(6).toString('hex');
let temporaryFiles = 0;

/** A temporary name beside `path`, unique within this machine's processes. */
function temporaryPath(path: string): string {
  temporaryFiles += 1;
  return join(dirname(path), `.${basename(path)}.${TEMPORARY_TOKEN}-${temporaryFiles}.tmp`);
}

/**
 * Lets `write` fill a temporary file beside `path` (a stream, a pipeline), then renames it into
 * place. On failure the temporary file is removed and `path` is left as it was.
 */
export async function writeAtomically(
  path: string,
  write: (temporary: string) => Promise<void>,
): Promise<void> {
  const temporary = temporaryPath(path);
  try {
    await write(temporary);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Writes `data` to `path` through a temporary file in the same folder and a rename. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await writeAtomically(path, (temporary) => writeFile(temporary, data, { flag: 'wx' }));
}

/**
 * Removes the temporary files a killed process left in `dir` and, `depth` levels down, in its
 * folders; returns how many.
 */
export async function removeTemporaryFiles(dir: string, depth = 1): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && depth > 0) removed += await removeTemporaryFiles(path, depth - 1);
    else if (entry.isFile() && TEMPORARY_FILE.test(entry.name)) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}

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
