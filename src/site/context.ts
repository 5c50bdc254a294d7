// What a build hands to the pages: the register, the editions and what was written beside them,
// in one object set once per build. The pages take nothing else from the pipeline. Astro renders
// the pages from a bundle it imports into this same process, with its own copy of this module,
// so the object travels through `globalThis`, the tree's only global; a plain `astro build` reads
// the data folder the environment names, and shows no editions.
import { dataDir } from '../config.ts';
import { readRegister, type Register } from '../records/register.ts';
import { NO_EDITIONS, type EditionsView } from '../editions/history.ts';
import { financialSeries, type FinancialYear } from '../money/financial-series.ts';
import { DOWNLOADS_DIR, RECORDS_DOWNLOAD } from '../lib/routes.ts';
import type { ReleaseLink } from '../hosting/release-folder.ts';

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
 * how the pages reach it (src/hosting/release-folder.ts): at the absolute address it is published
 * at when the publisher gave one (ORGDIR_RELEASE_URL), else at its path from the site's root when the
 * release folder is written beside the site, else not at all. Its size and checksum when known
 * before the pages are rendered (the offline copy is written while they are).
 */
export interface ReleaseFile extends ReleaseLink {
  name: string;
  title: string;
  description?: string;
  bytes?: number;
  sha256?: string;
  /** For an archive, the one folder it unpacks into. */
  unpacksInto?: string;
}

export interface SiteContext {
  dataDir: string;
  /** The data folder as the pages render it, read once by the pipeline. */
  register: Register;
  /** What the pages show of the kept editions; `NO_EDITIONS` when the build has none. */
  editions: EditionsView;
  downloads: DownloadFile[];
  /** The offline copies of the whole site, written beside it (not in it). */
  archives: ReleaseFile[];
  /** The SQLite database, written beside the site (not in it). */
  database?: ReleaseFile;
  /** The release folder's name when it is written beside the site folder (`dist-release`). */
  releaseBesideSite?: string;
  /** The site's public address (ORGDIR_SITE_URL), for canonical links; relative links otherwise. */
  siteUrl?: string;
  /** Whether each record is in the site alone, as `record/<id>.json`. */
  recordFiles: boolean;
  /**
   * The publisher's public key (its signify file's text) when the build is signed;
   * absent for an unsigned build, which the About page says.
   */
  publicKey?: string;
}

/** The publisher's public key of a signed build, for the About page; `undefined` when unsigned. */
export function sitePublicKey(): string | undefined {
  return siteContext().publicKey;
}

const CONTEXT = Symbol.for('orgdir.siteContext');

export function setSiteContext(context: SiteContext | undefined): void {
  const store = globalThis as { [CONTEXT]?: SiteContext };
  if (context) store[CONTEXT] = context;
  else delete store[CONTEXT];
}

/** The context of a plain `astro build`, made once when a page first asks. */
let withoutPipeline: SiteContext | undefined;

function contextFromEnvironment(): SiteContext {
  const folder = dataDir();
  return {
    dataDir: folder,
    register: readRegister(folder),
    editions: NO_EDITIONS,
    downloads: [],
    archives: [],
    recordFiles: false,
  };
}

export function siteContext(): SiteContext {
  return (
    (globalThis as { [CONTEXT]?: SiteContext })[CONTEXT] ?? (withoutPipeline ??= contextFromEnvironment())
  );
}

/** The file name of the download holding every record as given (`organisations.json`, or `.gz`). */
export function recordsDownloadName(): string | undefined {
  const prefix = `${DOWNLOADS_DIR}/${RECORDS_DOWNLOAD}`;
  return siteContext()
    .downloads.find((file) => file.path === prefix || file.path === `${prefix}.gz`)
    ?.path.slice(DOWNLOADS_DIR.length + 1);
}

/** The register the pages render from. */
export function siteRegister(): Register {
  return siteContext().register;
}

/**
 * Every year an organisation's editions reported, with the edition that first did and each
 * restatement (src/money/financial-series.ts); none without editions.
 */
export function financialSeriesOf(id: string): FinancialYear[] {
  return financialSeries(siteEditions().financialReports?.get(id.toLowerCase()) ?? []);
}

/** The editions the pages render: those the build was given, or none. */
export function siteEditions(): EditionsView {
  return siteContext().editions;
}
