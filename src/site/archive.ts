// The whole site as one zip inside the site folder: unzipped anywhere, index.html opens from
// file:// and every link works. The zip writer (zip.ts) keeps only a few files in memory at once
// and switches to ZIP64 past 65,535 files, which a 30,000-organisation site exceeds.
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { TarGzWriter } from './tar.ts';
import { writeZipFile } from './zip.ts';

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
  const paths = filesUnder(root).filter((path) => !skip.has(path));
  await writeZipFile(root, paths, join(root, name), { mtime, mode: 0o100644 });
  await writeChecksum(root, name);
}

/** `name.sha256` beside the archive, in the format `sha256sum -c` reads. */
export async function writeChecksum(root: string, name: string): Promise<void> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(join(root, name)), hash);
  writeFileSync(join(root, `${name}.sha256`), `${hash.digest('hex')}  ${name}\n`);
}

/**
 * The same site as a gzipped tar (tar.ts), with one fixed time on every entry. Writes
 * `name.sha256` beside it.
 */
export async function writeTarGz(
  root: string,
  name: string,
  mtime: Date,
  exclude: readonly string[] = [],
): Promise<void> {
  const skip = new Set([name, `${name}.sha256`, ...exclude]);
  const tar = new TarGzWriter(join(root, name), mtime);
  try {
    tar.addFiles(
      root,
      filesUnder(root).filter((path) => !skip.has(path)),
    );
  } finally {
    tar.close();
  }
  await writeChecksum(root, name);
}
