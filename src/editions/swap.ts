// Publishing by renaming folders, all or nothing across several folders (the data, the site, the
// edition), with a journal so that a build killed half-way (kill -9, a power cut, a cancelled CI
// job) is finished by the next run rather than left as a mix (issue 6, README: "Publish guard").
//
// Each swap is: rename LIVE to LIVE.old, rename NEXT to LIVE, and, once every swap is done, remove
// the .old folders. A rename within one file system is atomic, so at every instant LIVE is either
// the old folder, the new folder, or (between the two renames) absent; never a mix of both.
// The journal is written before the first rename: from then on the publish is decided, and
// `repairSwap` rolls it forward (or, when a NEXT has vanished, back to the old folder).
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface DirectorySwap {
  /** Short name used in step names and messages: `data`, `site`, `edition`. */
  name: string;
  /** The live folder; it need not exist yet. */
  live: string;
  /** The complete new folder, on the same file system as `live` (beside it). */
  next: string;
}

interface Journal {
  version: 1;
  startedAt: string;
  swaps: DirectorySwap[];
}

export function oldFolder(live: string): string {
  return `${live.replace(/[/\\]+$/, '')}.old`;
}

async function writeJournal(path: string, journal: Journal): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(journal, null, 2)}\n`);
  await rename(temporary, path);
}

/** Swaps every `next` in for its `live`. Throws, touching nothing, if a `next` is missing. */
export async function swapDirectories(
  journalPath: string,
  swaps: readonly DirectorySwap[],
): Promise<void> {
  for (const swap of swaps) {
    if (!existsSync(swap.next)) throw new Error(`cannot publish ${swap.name}: ${swap.next} does not exist`);
  }
  await writeJournal(journalPath, { version: 1, startedAt: new Date().toISOString(), swaps: [...swaps] });
  for (const swap of swaps) {
    const old = oldFolder(swap.live);
    await rm(old, { recursive: true, force: true });
    if (existsSync(swap.live)) {
      await rename(swap.live, old);
    }
    await rename(swap.next, swap.live);
  }
  await finish(journalPath, swaps);
}

async function finish(journalPath: string, swaps: readonly DirectorySwap[]): Promise<void> {
  for (const swap of swaps) await rm(oldFolder(swap.live), { recursive: true, force: true });
  await rm(journalPath, { force: true });
}

/**
 * Finishes a publish that a crash interrupted, as described by its journal. Returns one line per
 * folder it touched, or `undefined` when there was no interrupted publish.
 */
export async function repairSwap(journalPath: string): Promise<string[] | undefined> {
  let journal: Journal;
  try {
    journal = JSON.parse(await readFile(journalPath, 'utf8')) as Journal;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // A journal is written whole through a rename; an unreadable one was never committed.
    await rm(journalPath, { force: true });
    return [`removed the unreadable publish journal ${journalPath}`];
  }
  const done: string[] = [];
  for (const swap of journal.swaps) {
    const old = oldFolder(swap.live);
    const live = existsSync(swap.live);
    const next = existsSync(swap.next);
    if (!live && next) {
      await rename(swap.next, swap.live);
      done.push(`${swap.name}: finished the interrupted swap (${swap.live} is the new one)`);
    } else if (!live && existsSync(old)) {
      await rename(old, swap.live);
      done.push(`${swap.name}: ${swap.next} is missing; restored the previous ${swap.live}`);
    } else if (live && next) {
      await rm(old, { recursive: true, force: true });
      await rename(swap.live, old);
      await rename(swap.next, swap.live);
      done.push(`${swap.name}: made the swap the interrupted publish had not reached`);
    }
  }
  await finish(journalPath, journal.swaps);
  return done;
}
