// The offline copies of the site: which a build writes, each begun on a thread of its own while
// the pages render (src/site/archive-thread.ts), and what was written once they are done.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Register } from '../records/register.ts';
import { SiteArchives } from './archive-thread.ts';
import type { BuildFolders } from './build-folders.ts';
import type { SiteOptions } from './site-options.ts';

export const TAR_ARCHIVE_NAME = 'orgdir-site.tar.gz';

/** The crawl's end as the archive's file time; the build time when the manifest has none. */
function archiveTime(register: Register): Date {
  const finished = register.manifest.finishedAt;
  const date = typeof finished === 'string' ? new Date(finished) : new Date(Number.NaN);
  return Number.isNaN(date.getTime()) ? new Date() : date;
}

/** The offline copies a build writes, by its options. */
export function offlineArchives(options: SiteOptions): { name: string; title: string }[] {
  if (!(options.tarGz ?? true)) return [];
  return [
    {
      name: TAR_ARCHIVE_NAME,
      title: 'The whole site as one .tar.gz, for reading offline (Windows 11, macOS, Linux)',
    },
  ];
}

/** The offline copies of the site, each begun on a thread of its own, into the release's staging folder. */
export function startArchives(
  register: Register,
  archives: readonly { name: string }[],
  { staging, releaseStaging }: BuildFolders,
): SiteArchives {
  return new SiteArchives(
    staging,
    archiveTime(register),
    archives.map(({ name }) => join(releaseStaging, name)),
  );
}

/** The offline copies written, at the paths they will have once the release folder is swapped in. */
export function writtenArchives(
  archives: readonly { name: string }[],
  { releaseStaging, releaseDir }: BuildFolders,
): { path: string; bytes: number; sha256: string }[] {
  return archives.map(({ name }) => {
    const path = join(releaseStaging, name);
    const sha256 = readFileSync(`${path}.sha256`, 'utf8').slice(0, 64);
    return { path: join(releaseDir, name), bytes: statSync(path).size, sha256 };
  });
}
