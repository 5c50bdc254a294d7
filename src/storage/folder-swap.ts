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
//
// A folder that is read while it is replaced (the site, which a web server may serve straight
// from disk) must never be absent, not even for the instant between two renames, nor until the
// next build after a crash there. Such a folder is shown through a link: LIVE is a symbolic link
// to a hidden folder beside it (`.LIVE.<stamp>`), and a swap renames the new folder to a name of
// its own and then a new link over LIVE. A rename replaces a link in one step, so LIVE shows the
// old folder or the new one at every instant, and a reader that opened a file of the old one
// keeps reading it. The old folder is removed afterwards. Only a live folder that is not a link
// yet (written before links were used) is moved aside once, to become one.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { writeFileAtomic } from './atomic-file.ts';

export interface DirectorySwap {
  /** Short name used in step names and messages: `data`, `site`, `edition`. */
  name: string;
  /** The live folder; it need not exist yet. */
  live: string;
  /** The complete new folder, on the same file system as `live` (beside it). */
  next: string;
  /** Set for a folder shown through a link (see above): where `next` is moved before the link is flipped. */
  shown?: string;
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

const stamp = () => `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;

/** A new name beside `live` for a folder shown through the link `live`: `.LIVE.<stamp>`. */
export function shownFolderFor(live: string): string {
  const trimmed = live.replace(/[/\\]+$/, '');
  return join(dirname(trimmed), `.${basename(trimmed)}.${stamp()}`);
}

/** The folder the link `live` shows, or `undefined` when `live` is not a link. */
async function shownBy(live: string): Promise<string | undefined> {
  try {
    return join(dirname(live), await readlink(live));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EINVAL' || code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Makes the link `live` show `shown`, in one rename. The folder it showed before, and any shown
 * folder a crash left beside it, are removed afterwards.
 */
async function flipLink(given: string, shown: string): Promise<void> {
  // A trailing separator would make the last rename look through the link instead of replacing it.
  const live = given.replace(/[/\\]+$/, '');
  const link = `${shown}.link`;
  await rm(link, { force: true });
  // Relative, so that the pair can be moved or copied together.
  await symlink(basename(shown), link);
  if (existsSync(live) && (await shownBy(live)) === undefined) {
    await rm(oldFolder(live), { recursive: true, force: true });
    await rename(live, oldFolder(live));
  }
  await rename(link, live);
  await rm(oldFolder(live), { recursive: true, force: true });
  await removeShownBesides(live, shown);
}

/** Whether `name`, beside `live`, is a folder `shownFolderFor(live)` named (or, with `links`, the link made for one). */
export function isShownFolderName(live: string, name: string, links = false): boolean {
  const prefix = `.${basename(live.replace(/[/\\]+$/, ''))}.`;
  const made = links ? /^[0-9a-z]+-[0-9a-f]{6}(\.link)?$/ : /^[0-9a-z]+-[0-9a-f]{6}$/;
  return name.startsWith(prefix) && made.test(name.slice(prefix.length));
}

/** Removes the folders (and links) beside `live` that a link swap made, except `shown`. */
async function removeShownBesides(live: string, shown: string): Promise<void> {
  for (const name of readdirSync(dirname(live))) {
    const path = join(dirname(live), name);
    if (isShownFolderName(live, name, true) && path !== shown)
      await rm(path, { recursive: true, force: true });
  }
}

/**
 * Puts `next` in the place of `live` for readers that must never find it absent: `live` becomes
 * (or stays) a link, flipped from the old folder to the new one in one rename.
 */
export async function replaceShownFolder(live: string, next: string): Promise<void> {
  await repairReplace(live, next, async () => false);
  const shown = shownFolderFor(live);
  await rename(next, shown);
  await flipLink(live, shown);
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
    if (swap.shown === undefined) await swapOne(swap.live, swap.next, oldFolder(swap.live));
    else {
      await rename(swap.next, swap.shown);
      await flipLink(swap.live, swap.shown);
    }
  }
  await finish(journalPath, swaps);
}

/** Finishes the swap of a folder shown through a link; its live folder was never absent but in the one move aside. */
async function repairShown(swap: DirectorySwap, shown: string): Promise<string | undefined> {
  if (existsSync(swap.next)) await rename(swap.next, shown);
  if (existsSync(shown) && (await shownBy(swap.live)) !== shown) {
    await flipLink(swap.live, shown);
    return `${swap.name}: finished the interrupted swap (${swap.live} shows the new one)`;
  }
  if (!existsSync(swap.live) && existsSync(oldFolder(swap.live))) {
    await rename(oldFolder(swap.live), swap.live);
    return `${swap.name}: ${swap.next} is missing; restored the previous ${swap.live}`;
  }
  // Flipped already: only the folder shown before may be left.
  if ((await shownBy(swap.live)) === shown) await removeShownBesides(swap.live, shown);
  return undefined;
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
    if (swap.shown !== undefined) {
      const line = await repairShown(swap, swap.shown);
      if (line !== undefined) done.push(line);
      continue;
    }
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
