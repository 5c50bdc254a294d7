// One writer at a time: a lock file created exclusively (`wx`), holding who took it. Two crawls of
// one data folder, or two builds of one editions folder, would otherwise corrupt each other.
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { mkdir, open, readFile, rm } from 'node:fs/promises';

export class LockHeldError extends Error {
  override name = 'LockHeldError';
}

/** What a lock file holds. */
interface LockHolder {
  /** What holds the lock, as the refusal names it: `crawl of /srv/data`, `build`. */
  holder: string;
  pid: number;
  host: string;
  since: string;
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
 * Takes the lock `lockFile` for `holder` (named in the refusal a second taker gets); returns its
 * release. A lock left by a process that no longer runs on this machine (killed with -9) is
 * taken over; a lock taken on another machine is never judged stale.
 */
export async function acquireLock(lockFile: string, holder: string): Promise<() => Promise<void>> {
  await mkdir(dirname(lockFile), { recursive: true });
  const owner: LockHolder = { holder, pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(JSON.stringify(owner));
      await handle.close();
      return async () => {
        await rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let found: Partial<Record<keyof LockHolder, unknown>> = {};
    try {
      found = JSON.parse(await readFile(lockFile, 'utf8')) as typeof found;
    } catch {
      // An unreadable lock was cut short by a crash while being written: it is stale.
    }
    const elsewhere = typeof found.host === 'string' && found.host !== hostname();
    const alive = typeof found.pid === 'number' && found.host === hostname() && processIsAlive(found.pid);
    if (alive || elsewhere) {
      const other = typeof found.holder === 'string' ? found.holder : holder;
      throw new LockHeldError(
        `another ${other} is running (pid ${String(found.pid)} on ${String(found.host)}); remove ${lockFile} if it is not`,
      );
    }
    await rm(lockFile, { force: true });
  }
  throw new LockHeldError(`cannot take the lock ${lockFile}`);
}
