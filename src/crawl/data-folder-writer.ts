// Where a crawl writes: it builds the new data folder in DIR.partial beside DIR (every file
// written whole, src/storage/atomic-file.ts) and swaps it in only when it is complete, so DIR
// always holds the last complete crawl. DIR.lock keeps a second crawl of DIR out; DIR.previous
// holds the old folder for the instant of the swap, and a crash then is repaired by
// `repairInterruptedSwap` at the start of the next crawl (src/storage/folder-swap.ts).
import { CRAWLED_ENTRIES, DATA_LAYOUT } from '../lib/data-layout.ts';
import { carryOverEntries, repairReplace, replaceFolder } from '../storage/folder-swap.ts';
import { acquireLock } from '../storage/lock.ts';
import { checkOutputFolder, markOutputFolder, OutputFolderError } from '../storage/output-folder.ts';
import { CrawlConfigError } from './options.ts';

export interface DataFolderPaths {
  /** The published data folder. */
  dataDir: string;
  /** The data folder being built; kept after an incomplete crawl, for resume. */
  partialDir: string;
  /** The previous data folder, only for the instant of the swap. */
  previousDir: string;
  /** Held by the running crawl: two crawls of one folder would corrupt each other. */
  lockFile: string;
}

export function dataFolderPaths(dataDir: string): DataFolderPaths {
  const base = dataDir.replace(/[/\\]+$/, '');
  return {
    dataDir: base,
    partialDir: `${base}.partial`,
    previousDir: `${base}.previous`,
    lockFile: `${base}.lock`,
  };
}

/**
 * Checks, before anything is fetched, that the crawl may publish into `dataDir`: a new or empty
 * folder, one a crawl wrote (it has the crawler's manifest, or the mark of src/storage/output-folder.ts).
 */
export function checkDataFolder(dataDir: string): void {
  try {
    checkOutputFolder(dataDir, 'data folder', (entries) => entries.includes(DATA_LAYOUT.manifest));
  } catch (error) {
    if (error instanceof OutputFolderError)
      throw new CrawlConfigError(`${error.message} (--data-dir or ORGDIR_DATA_DIR)`);
    throw error;
  }
}

/** Takes the crawl's lock of the data folder; returns its release. */
export function lockDataFolder(paths: DataFolderPaths): Promise<() => Promise<void>> {
  return acquireLock(paths.lockFile, `crawl of ${paths.dataDir}`);
}

/**
 * Finishes or undoes a swap that a crash interrupted. `isComplete` tells whether the partial
 * folder was ready to publish. Returns what it did, for the log, or `undefined`.
 */
export function repairInterruptedSwap(
  paths: DataFolderPaths,
  isComplete: (dir: string) => Promise<boolean>,
): Promise<string | undefined> {
  return repairReplace(paths.dataDir, paths.partialDir, isComplete, paths.previousDir);
}

/**
 * Publishes the partial folder as the data folder. Entries of the old data folder that the
 * crawler does not write (a README, a publisher's own files) are carried over first.
 */
export async function publishPartial(paths: DataFolderPaths): Promise<void> {
  await carryOverEntries(paths.dataDir, paths.partialDir, CRAWLED_ENTRIES);
  markOutputFolder(paths.partialDir);
  await replaceFolder(paths.dataDir, paths.partialDir, paths.previousDir);
}
