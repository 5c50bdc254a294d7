// Where a site build reads and writes: the data folder, the site and release folders it replaces,
// and the staging folders beside them that it builds in and swaps in only when every step
// succeeded, so a failed build never replaces a good site.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { releaseDirOf, releaseFolderBeside } from '../hosting/release-folder.ts';
import { replaceFolder, replaceShownFolder } from '../storage/folder-swap.ts';
import { checkOutputFolder } from '../storage/output-folder.ts';
import type { SiteOptions } from './site-options.ts';

/** Where a build reads and writes: the folders it replaces, and the staging folders beside them. */
export interface BuildFolders {
  /** The release folder's name beside the published site folder, for the pages' links; none when elsewhere. */
  releaseBesideSite: string | undefined;
  dataDir: string;
  siteDir: string;
  releaseDir: string;
  staging: string;
  releaseStaging: string;
}

/** The build's folders, each checked before anything is written. */
export function buildFolders(options: SiteOptions): BuildFolders {
  checkOutputFolder(options.siteDir, 'site folder');
  if (options.releaseDir !== undefined) checkOutputFolder(options.releaseDir, 'release folder');
  const dataDir = resolve(options.dataDir);
  const siteDir = resolve(options.siteDir);
  const releaseDir = resolve(options.releaseDir ?? releaseDirOf(siteDir));
  checkOutputFolder(releaseDir, 'release folder');
  if (!existsSync(join(dataDir, 'organisations'))) {
    throw new Error(`No organisations in ${dataDir}: run the crawl first (or set ORGDIR_DATA_DIR).`);
  }
  // A new name per build: Astro imports its page bundle from here, and a second build in the same
  // process must not find the first one's module in the import cache.
  const staging = join(
    dirname(siteDir),
    `.orgdir-building-${basename(siteDir)}-${process.pid}-${Date.now()}`,
  );
  const releaseStaging = join(
    dirname(releaseDir),
    `.orgdir-building-${basename(releaseDir)}-${process.pid}-${Date.now()}`,
  );
  const published = options.publishedSiteDir ?? siteDir;
  const releaseBesideSite = releaseFolderBeside(published, options.releaseDir ?? releaseDirOf(published));
  return { releaseBesideSite, dataDir, siteDir, releaseDir, staging, releaseStaging };
}

/** Empties the staging folders (the site's is the records' folder, when they were read already). */
export function prepareStaging(options: SiteOptions, { staging, releaseStaging }: BuildFolders): void {
  rmSync(staging, { recursive: true, force: true });
  if (options.read) renameSync(options.read.folder, staging);
  else mkdirSync(staging, { recursive: true });
  // Every build writes the database into the release folder, so every build replaces it: one
  // that writes no offline copy (--no-tar-gz) leaves none from an earlier build beside a site it
  // does not match.
  rmSync(releaseStaging, { recursive: true, force: true });
  mkdirSync(releaseStaging, { recursive: true });
}

/** The site and the release folder take the place of the old ones. */
export async function swapIn(
  options: SiteOptions,
  { siteDir, staging, releaseDir, releaseStaging }: BuildFolders,
) {
  if (options.swapIn === 'rename') await replaceFolder(siteDir, staging);
  else await replaceShownFolder(siteDir, staging);
  await replaceFolder(releaseDir, releaseStaging);
}
