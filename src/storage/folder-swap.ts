// Publishing a folder by renaming: the complete new folder NEXT is built beside the live folder
// LIVE, then LIVE is renamed aside and NEXT renamed into its place. A rename within one file system
// is atomic, so at every instant LIVE is the old folder, the new one or (between the two renames)
// absent; never a mix of both. A crash between the renames is repaired by the next run:
//
// - `replaceFolder` swaps one folder; `repairReplace` then decides from what is on disk, and from
//   whether NEXT was complete (the caller knows what complete means: a crawl's manifest says so).
// - `swapDirectories` swaps several folders all or nothing (the data, the site, the edition), with
//   a journal written before the first rename: from then on the publish is decided, and
//   `repairSwap` rolls it forward (or, when a NEXT has vanished, back to the old folder).
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from './atomic-file.ts';

export interface DirectorySwap {
  /** Short name used in step names and messages: `data`, `site`, `edition`. */
  name: string;
  /** The live folder; it need not exist yet. */
  live: string;
  /** The complete new folder, on the same file system as `live` (beside it). */
  next: string;
}

/** Where a swap puts the live folder between its two renames, unless told otherwise: `LIVE.old`. */
function oldFolder(live: string): string {
  return `${live.replace(/[/\\]+$/, '')}.old`;
}

/** The two renames of one swap. */
async function swapOne(live: string, next: string, aside: string): Promise<void> {
  await rm(aside, { recursive: true, force: true });
  if (existsSync(live)) await rename(live, aside);
  await rename(next, live);
}

/** Puts `next` in the place of `live` (which need not exist); the old folder is removed. */
export async function replaceFolder(live: string, next: string, aside = oldFolder(live)): Promise<void> {
  await swapOne(live, next, aside);
  await rm(aside, { recursive: true, force: true });
}

/**
 * Finishes or undoes a `replaceFolder` that a crash interrupted: with `live` gone, a complete
 * `next` is put in place, otherwise the old folder comes back. Returns what it did, for the log,
 * or `undefined` when no swap was interrupted.
 */
export async function repairReplace(
  live: string,
  next: string,
  isComplete: (dir: string) => Promise<boolean>,
  aside = oldFolder(live),
): Promise<string | undefined> {
  if (!existsSync(aside)) return undefined;
  if (existsSync(live)) {
    await rm(aside, { recursive: true, force: true });
    return `removed ${aside} left by an interrupted swap`;
  }
  if (existsSync(next) && (await isComplete(next))) {
    await rename(next, live);
    await rm(aside, { recursive: true, force: true });
    return `finished an interrupted swap: published the complete ${next}`;
  }
  await rename(aside, live);
  return `undid an interrupted swap: restored the previous ${live}`;
}

/**
 * Copies into `next` the entries of `live` that `next` lacks, except those named in `skip`: a
 * publisher's own files in a data folder (a README) outlive the crawls that replace it.
 */
export async function carryOverEntries(live: string, next: string, skip: readonly string[]): Promise<void> {
  if (!existsSync(live)) return;
  for (const entry of await readdir(live)) {
    if (skip.includes(entry) || existsSync(join(next, entry))) continue;
    await cp(join(live, entry), join(next, entry), { recursive: true });
  }
}

interface Journal {
  version: 1;
  startedAt: string;
  swaps: DirectorySwap[];
}

/** Swaps every `next` in for its `live`. Throws, touching nothing, if a `next` is missing. */
export async function swapDirectories(journalPath: string, swaps: readonly DirectorySwap[]): Promise<void> {
  for (const swap of swaps) {
    if (!existsSync(swap.next)) throw new Error(`cannot publish ${swap.name}: ${swap.next} does not exist`);
  }
  const journal: Journal = { version: 1, startedAt: new Date().toISOString(), swaps: [...swaps] };
  await mkdir(dirname(journalPath), { recursive: true });
  await writeFileAtomic(journalPath, `${JSON.stringify(journal, null, 2)}\n`);
  for (const swap of swaps) {
    await swapOne(swap.live, swap.next, oldFolder(swap.live));
  }
  await finish(journalPath, swaps);
}

async function finish(journalPath: string, swaps: readonly DirectorySwap[]): Promise<void> {
  for (const swap of swaps) await rm(oldFolder(swap.live), { recursive: true, force: true });
  await rm(journalPath, { force: true });
}

/**
 * Finishes a `swapDirectories` that a crash interrupted, as described by its journal. Returns one
 * line per folder it touched, or `undefined` when there was no interrupted swap.
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
      await swapOne(swap.live, swap.next, old);
      done.push(`${swap.name}: made the swap the interrupted publish had not reached`);
    }
  }
  await finish(journalPath, journal.swaps);
  return done;
}
