// What a build hands to the pages besides the data folder. Astro renders the pages from a bundle
// it imports into this same process, so the pipeline passes its context through `globalThis`;
// a plain `astro build` gets the defaults from the environment.
import { dataDir } from '../config.ts';
import { registerOf, type Register } from '../records/register.ts';
import { DOWNLOADS_DIR, RECORDS_DOWNLOAD } from '../lib/routes.ts';

/** One file of the downloads page. */
export interface DownloadFile {
  /** Path from the site root, e.g. "downloads/organisations.csv". */
  path: string;
  title: string;
  description: string;
  bytes: number;
  sha256: string;
  /** For a gzipped download, its size once unpacked. */
  uncompressedBytes?: number;
}

/**
 * A file published beside the site, in the release folder (docs/publishing.md: "The release folder"): its name, and
 * the absolute address it is published at when the publisher gave one (ORGDIR_RELEASE_URL). Its
 * size and checksum when known before the pages are rendered (the offline copy is written while
 * they are).
 */
export interface ReleaseFile {
  name: string;
  title: string;
  href?: string;
  description?: string;
  bytes?: number;
  sha256?: string;
}

export interface SiteContext {
  dataDir: string;
  downloads: DownloadFile[];
  /** The offline copies of the whole site, written beside it (not in it). */
  archives: ReleaseFile[];
  /** The SQLite database, written beside the site (not in it). */
  database?: ReleaseFile;
  /** The site's public address (ORGDIR_SITE_URL), for canonical links; relative links otherwise. */
  siteUrl?: string;
  /** Whether each record is in the site alone, as `record/<id>.json`. */
  recordFiles: boolean;
}

const CONTEXT = Symbol.for('orgdir.siteContext');

export function setSiteContext(context: SiteContext | undefined): void {
  const store = globalThis as { [CONTEXT]?: SiteContext };
  if (context) store[CONTEXT] = context;
  else delete store[CONTEXT];
}

export function siteContext(): SiteContext {
  return (
    (globalThis as { [CONTEXT]?: SiteContext })[CONTEXT] ?? {
      dataDir: dataDir(),
      downloads: [],
      archives: [],
      recordFiles: false,
    }
  );
}

/** The file name of the download holding every record as given (`organisations.json`, or `.gz`). */
export function recordsDownloadName(): string | undefined {
  const prefix = `${DOWNLOADS_DIR}/${RECORDS_DOWNLOAD}`;
  return siteContext()
    .downloads.find((file) => file.path === prefix || file.path === `${prefix}.gz`)
    ?.path.slice(DOWNLOADS_DIR.length + 1);
}

/** The snapshot the pages render from. */
export function siteRegister(): Register {
  return registerOf(siteContext().dataDir);
}
