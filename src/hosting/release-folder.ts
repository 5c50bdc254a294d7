// The release folder: what a build publishes beside the site rather than in it (docs/publishing.md:
// "The release folder"): the offline copy, and the latest edition for the next night to compare with.
import { basename, dirname, resolve } from 'node:path';

/** The release folder of a site folder: `dist-release/` for `dist/`. */
export function releaseDirOf(siteDir: string): string {
  return `${siteDir.replace(/[\\/]+$/, '')}-release`;
}

/**
 * The release folder's name when it is written beside the site folder (`dist-release` beside
 * `dist`, the default): the pages can then reach its files at `../dist-release/…`, from file://
 * and from any host that serves the two folders side by side. Undefined for one elsewhere.
 */
export function releaseFolderBeside(siteDir: string, releaseDir: string): string | undefined {
  const site = resolve(siteDir);
  const release = resolve(releaseDir);
  return dirname(site) === dirname(release) && site !== release ? basename(release) : undefined;
}

/** How the pages reach one file of the release folder. */
export interface ReleaseLink {
  /** Its absolute address, where the publisher said the release folder is published (ORGDIR_RELEASE_URL). */
  href?: string;
  /** Otherwise its path from the site's root, when the release folder is beside the site: `../dist-release/orgdir.sqlite.gz`. */
  sitePath?: string;
}

/**
 * A release file's link: at the release address when there is one, else beside the site when the
 * release folder is there, else none (the pages then say how to get it).
 */
export function releaseFileLink(
  name: string,
  releaseUrl: string | undefined,
  besideSite: string | undefined,
): ReleaseLink {
  if (releaseUrl !== undefined) return { href: new URL(name, releaseUrl).href };
  if (besideSite !== undefined) return { sitePath: `../${besideSite}/${name}` };
  return {};
}
