// One writer at a time: a lock file holding who took it. Two crawls of one data folder, or two
// builds of one editions folder, would otherwise corrupt each other.
//
// Every step that decides who holds the lock is one atomic operation of the file system, so two
// takers can never both win:
//
// - A lock is written whole to a name of its own, then hard-linked to the lock's name. `link`
//   fails when the name exists, so the lock file is never seen empty or half written, and only
//   one taker can create it.
// - A stale lock (its process no longer runs on this machine) is taken over by whoever first
//   creates the takeover claim `LOCK.takeover` (again a link). Holding the claim, the taker reads
//   the lock again and, only if it still holds the very text judged stale, renames its own lock
//   over it. While a stale lock is in place nobody else can change it: its holder is gone, new
//   takers' links fail, and other takers of the same stale lock lack the claim.
// - A claim left by a taker killed within those few system calls is itself stale: it is moved to a
//   name of its own and removed only if it is still the one judged stale.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { asWriteFailure } from './write-failure.ts';

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
  /** Tells two locks of one process apart, so that a taker knows the lock it judged stale. */
  token: string;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** Creates `name` as a link to `source`; false when the name is taken. */
async function linkIfAbsent(source: string, name: string): Promise<boolean> {
  try {
    await link(source, name);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
}

/** The text of a file, or `undefined` when it is not there. */
async function readIfThere(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

interface Judged {
  holder: Partial<Record<keyof LockHolder, unknown>>;
  /** Held by a running process, or by one on another machine (which is never judged stale). */
  held: boolean;
}

function judge(text: string): Judged {
  let holder: Judged['holder'] = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) holder = parsed as Judged['holder'];
  } catch {
    // A lock that does not read as one was not written by a running taker (they link whole files).
  }
  const elsewhere = typeof holder.host === 'string' && holder.host !== hostname();
  const alive = typeof holder.pid === 'number' && holder.host === hostname() && processIsAlive(holder.pid);
  return { holder, held: elsewhere || alive };
}

/** Removes `path` if it still holds `text`; moving it aside first makes the check and the removal one step. */
async function removeIfUnchanged(path: string, text: string, aside: string): Promise<void> {
  try {
    await rename(path, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  if ((await readIfThere(aside)) !== text) await linkIfAbsent(aside, path);
  await rm(aside, { force: true });
}

/**
 * Takes the lock `lockFile` for `holder` (named in the refusal a second taker gets); returns its
 * release. A lock left by a process that no longer runs on this machine (killed with -9) is
 * taken over; a lock taken on another machine is never judged stale.
 */
export async function acquireLock(lockFile: string, holder: string): Promise<() => Promise<void>> {
  try {
    return await takeLock(lockFile, holder);
  } catch (error) {
    // A folder that cannot be written (read-only, full, not ours) is the first thing a run meets
    // here: said as such, not as a bare system error.
    // Named after the lock itself, not the working file a taker writes first.
    const { code } = (error ?? {}) as { code?: unknown };
    const named =
      typeof code === 'string'
        ? Object.assign(new Error(String(error), { cause: error }), { code, path: lockFile })
        : error;
    throw asWriteFailure(named, 'lock', dirname(lockFile));
  }
}

async function takeLock(lockFile: string, holder: string): Promise<() => Promise<void>> {
  await mkdir(dirname(lockFile), { recursive: true });
  const token = randomBytes(8).toString('hex');
  const owner: LockHolder = {
    holder,
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    token,
  };
  const mine = JSON.stringify(owner);
  const own = join(dirname(lockFile), `.${basename(lockFile)}.${token}.tmp`);
  const claim = `${lockFile}.takeover`;
  const aside = `${lockFile}.${token}.stale`;
  await writeFile(own, mine, { flag: 'wx' });
  const release = async () => {
    // Only this taker's own lock is removed: a lock it no longer holds is someone else's.
    await removeIfUnchanged(lockFile, mine, aside);
  };
  try {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      if (await linkIfAbsent(own, lockFile)) return release;
      const found = await readIfThere(lockFile);
      if (found === undefined) continue;
      const { holder: other, held } = judge(found);
      if (held) {
        const name = typeof other.holder === 'string' ? other.holder : holder;
        throw new LockHeldError(
          `another ${name} is running (pid ${String(other.pid)} on ${String(other.host)}); remove ${lockFile} if it is not`,
        );
      }
      if (!(await linkIfAbsent(own, claim))) {
        const claimed = await readIfThere(claim);
        // A taker killed while it held the claim would keep every later taker out.
        if (claimed !== undefined && !judge(claimed).held) await removeIfUnchanged(claim, claimed, aside);
        await new Promise((resolve) => setTimeout(resolve, 5 + attempt * 5));
        continue;
      }
      try {
        if ((await readIfThere(lockFile)) === found) {
          await rename(own, lockFile);
          return release;
        }
      } finally {
        await removeIfUnchanged(claim, mine, aside);
      }
    }
    throw new LockHeldError(`cannot take the lock ${lockFile}: others kept taking it; try again`);
  } finally {
    await rm(own, { force: true });
  }
}
