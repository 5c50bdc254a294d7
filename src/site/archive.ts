// What the site's archives (archive-thread.ts, with the writer in tar.ts) share with
// the rest of the build: the site's files in a fixed order, and the checksum beside each archive.
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Every file under `root`, as sorted paths relative to it with forward slashes. */
export function filesUnder(root: string): string[] {
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/**
 * `name.sha256` beside the archive, in the format `sha256sum -c` reads; `name` is relative to
 * `root` or absolute. Returns the checksum.
 */
export async function writeChecksum(root: string, name: string): Promise<string> {
  const hash = createHash('sha256');
  const path = resolve(root, name);
  await pipeline(createReadStream(path), hash);
  const sha256 = hash.digest('hex');
  writeChecksumFile(path, sha256);
  return sha256;
}

/** Writes `path.sha256` for a file whose checksum is already known (`sha256sum -c` reads it). */
export function writeChecksumFile(path: string, sha256: string): void {
  writeFileSync(`${path}.sha256`, `${sha256}  ${basename(path)}\n`);
}
