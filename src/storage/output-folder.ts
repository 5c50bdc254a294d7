// Folders orgdir replaces whole (the data folder, the site, the release folder) are replaced only
// when they are orgdir's: missing, empty, or carrying the mark every such folder gets when it is
// written. Pointed by mistake at a folder of one's own (`--out ~/www`, an empty path that resolves
// to the working directory), a build would otherwise rename it aside and delete it.
//
// A folder given as a symbolic link is refused too: a build renames a complete new folder into
// the place of the old one, and a rename moves the link, not what it points to, so the folder the
// publisher serves would keep the old content while the build says it published. Only the link
// orgdir makes itself to show the site (src/storage/folder-swap.ts) is orgdir's.
import { lstatSync, readdirSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isShownFolderName } from './folder-swap.ts';

/** The mark of a folder orgdir wrote, in its top level. */
export const OUTPUT_MARK = '.orgdir';

const MARK_TEXT = 'Written by orgdir: the next build replaces this folder whole.\n';

/** A folder that cannot be written: a configuration error, said in one sentence. */
export class OutputFolderError extends Error {
  override name = 'OutputFolderError';
}

/** Marks `dir`, about to be published, as orgdir's. */
export function markOutputFolder(dir: string): void {
  writeFileSync(join(dir, OUTPUT_MARK), MARK_TEXT);
}

/**
 * Throws `OutputFolderError` unless `dir` may be replaced: missing, an empty folder, marked as
 * orgdir's, or recognised by `isOurs` (a data folder written before folders were marked has the
 * crawler's manifest). `what` names the folder in the message: `site folder`, `data folder`.
 */
export function checkOutputFolder(
  given: string,
  what: string,
  isOurs?: (entries: string[]) => boolean,
): void {
  // An empty path resolves to the working directory: never what was meant.
  if (given.trim() === '') throw new OutputFolderError(`the ${what} is an empty path: name a folder`);
  const dir = resolve(given);
  const link = linkTarget(dir);
  if (link !== undefined && !isShownFolderName(dir, link)) {
    const target = resolve(dirname(dir), link);
    throw new OutputFolderError(
      `the ${what} ${dir} is a symbolic link to ${target}: a build puts a new folder in its place by renaming, which would replace the link and leave ${target} as it was; name the folder itself (${target})`,
    );
  }
  let isFolder: boolean;
  try {
    isFolder = statSync(dir).isDirectory();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new OutputFolderError(
      `cannot read the ${what} ${dir} (${(error as NodeJS.ErrnoException).code ?? String(error)}): check its permissions`,
    );
  }
  if (!isFolder) throw new OutputFolderError(`the ${what} ${dir} is a file, not a folder: name a folder`);
  const entries = readdirSync(dir);
  if (entries.length === 0 || entries.includes(OUTPUT_MARK) || isOurs?.(entries) === true) return;
  throw new OutputFolderError(
    `the ${what} ${dir} holds files orgdir did not write (it has no ${OUTPUT_MARK} file), and writing it would replace them: name a new or empty folder, or empty this one yourself`,
  );
}

/** What the link `path` points to, as written; `undefined` when `path` is no link. */
function linkTarget(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}
