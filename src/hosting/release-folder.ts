// The release folder: what a build publishes beside the site rather than in it (docs/publishing.md:
// "The release folder"): the offline copy, and the latest edition for the next night to compare with.

/** The release folder of a site folder: `dist-release/` for `dist/`. */
export function releaseDirOf(siteDir: string): string {
  return `${siteDir.replace(/[\\/]+$/, '')}-release`;
}
