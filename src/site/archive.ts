// What the site's archives (archive-thread.ts, with the writers in zip.ts and tar.ts) share with
// the rest of the build: the site's files in a fixed order, and the checksum beside each archive.
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Every file under `root`, as sorted paths relative to it with forward slashes. */
export function filesUnder(root: string): string[] {
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** `name.sha256` beside the archive, in the format `sha256sum -c` reads. */
export async function writeChecksum(root: string, name: string): Promise<void> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(join(root, name)), hash);
  writeFileSync(join(root, `${name}.sha256`), `${hash.digest('hex')}  ${name}\n`);
}
