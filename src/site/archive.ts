// The whole site as one zip inside the site folder: unzipped anywhere, index.html opens from
// file:// and every link works. yazl streams from disk (memory stays flat) and switches to ZIP64
// by itself past 65,534 files, which a 30,000-organisation site exceeds.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

/** Every file under `root`, as sorted paths relative to it with forward slashes. */
export function filesUnder(root: string): string[] {
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/**
 * Zips everything under `root` except `exclude` into `root/name`, with one fixed time on every
 * entry so that the same site gives the same archive. Writes `name.sha256` beside it.
 */
export async function writeZip(
  root: string,
  name: string,
  mtime: Date,
  exclude: readonly string[] = [],
): Promise<void> {
  const skip = new Set([name, `${name}.sha256`, ...exclude]);
  const zip = new yazl.ZipFile();
  for (const path of filesUnder(root)) {
    if (skip.has(path)) continue;
    // Read whole when yazl asks for the entry: one small buffer per page instead of an open, a
    // stat and 64 KiB read buffers per file, which made the archive slower than the pages.
    zip.addReadStreamLazy(path, { mtime, mode: 0o100644 }, (callback) =>
      callback(null, Readable.from([readFileSync(join(root, path))])),
    );
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(join(root, name)));
  const hash = createHash('sha256');
  await pipeline(createReadStream(join(root, name)), hash);
  writeFileSync(join(root, `${name}.sha256`), `${hash.digest('hex')}  ${name}\n`);
}
