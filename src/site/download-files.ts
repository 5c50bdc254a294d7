// The downloads as they are offered: a file larger than SMALL_DOWNLOAD is replaced by its gzip
// (organisations.json is 88 MB at 35,000 organisations, 10 MB gzipped); SHA256SUMS lists what is
// in the folder, as downloaded.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { DOWNLOADS_DIR } from '../lib/routes.ts';
import type { DownloadFile } from './context.ts';

/** Files up to this size stay as they are: opened in a browser or a spreadsheet as they come. */
const SMALL_DOWNLOAD = 1 << 20;

const CHECKSUMS = 'SHA256SUMS';

/** Gzips `source` into `target` (no name or time in the header: the same input, the same bytes). */
async function gzipFile(source: string, target: string): Promise<string> {
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(createReadStream(source), createGzip({ level: 9 }), hashing, createWriteStream(target));
  return hash.digest('hex');
}

/**
 * Replaces each download larger than `small` bytes by its `.gz` (the uncompressed size is kept
 * for the downloads page); a file written compressed stays as it is.
 */
export async function offerDownloads(
  siteDir: string,
  files: readonly DownloadFile[],
  small = SMALL_DOWNLOAD,
): Promise<DownloadFile[]> {
  const offered: DownloadFile[] = [];
  for (const file of files) {
    if (file.bytes <= small || file.path.endsWith('.gz')) {
      offered.push(file);
      continue;
    }
    const path = `${file.path}.gz`;
    const sha256 = await gzipFile(join(siteDir, file.path), join(siteDir, path));
    rmSync(join(siteDir, file.path));
    offered.push({
      ...file,
      path,
      title: `${file.title}.gz`,
      bytes: statSync(join(siteDir, path)).size,
      sha256,
      uncompressedBytes: file.bytes,
    });
  }
  return offered;
}

/** Writes SHA256SUMS over `files` as offered, for `sha256sum -c`, and returns it as a download. */
export function writeChecksums(siteDir: string, files: readonly DownloadFile[]): DownloadFile {
  const sums = files.map((file) => `${file.sha256}  ${file.path.slice(DOWNLOADS_DIR.length + 1)}\n`).join('');
  const path = `${DOWNLOADS_DIR}/${CHECKSUMS}`;
  writeFileSync(join(siteDir, path), sums);
  return {
    path,
    title: CHECKSUMS,
    description: 'The checksums of the files above, for sha256sum -c.',
    bytes: Buffer.byteLength(sums),
    sha256: createHash('sha256').update(sums).digest('hex'),
  };
}
