// What a site build is asked: the folders it reads and replaces, how it swaps the new site in,
// what it writes beside the pages, and the key it signs with (src/site/build.ts runs it).
import type { EditionsView } from '../editions/history.ts';
import type { SigningKey } from '../hosting/signed-manifest.ts';
import type { ReadSite } from './site-records.ts';

export interface SiteOptions {
  dataDir: string;
  siteDir: string;
  /**
   * How the new site takes the place of `siteDir`. Default `link`: `siteDir` is a link flipped to
   * the new site in one rename (src/storage/folder-swap.ts), as a web server may be serving it.
   * `rename`: for a folder nobody reads yet, such as a build's staging folder, which the publish
   * then swaps in itself.
   */
  swapIn?: 'link' | 'rename';
  /**
   * Where the database and the offline copies go (the release folder); default
   * `releaseDirOf(siteDir)`. Replaced with the site.
   */
  releaseDir?: string;
  /**
   * Write the offline copy as a .tar.gz (opens with a double click on Windows 11, macOS and
   * Linux). Default true.
   */
  tarGz?: boolean;
  /**
   * The data folder already read, with the records' copies written (`npm run build` reads it
   * once for its edition and its site); without it the site reads the data folder itself.
   */
  read?: ReadSite;
  /**
   * Where the release folder's files are published (ORGDIR_RELEASE_URL); the site links the
   * database and the offline copy there. Without it the site links them in the release folder
   * beside the site (`../dist-release/…`), when it is written there.
   */
  releaseUrl?: string;
  /**
   * The site folder this build becomes once published, when it is rendered elsewhere first
   * (`npm run build` renders into a staging folder): the release folder the pages link beside it
   * is that folder's. Default `siteDir`.
   */
  publishedSiteDir?: string;
  /** The site's public address: canonical links and a sitemap. */
  siteUrl?: string;
  /**
   * Each record alone as `record/<id>.json`, linked from its page (src/site/site-records.ts).
   * Default false; with `read`, the records read decide.
   */
  recordFiles?: boolean;
  /**
   * The publisher's key: the site, the replayed API and the release folder each get a signed
   * manifest (src/hosting/signed-manifest.ts), and the About page shows the public key. Without
   * it the build is unsigned and its About page says so.
   */
  signingKey?: SigningKey;
  /**
   * Whether this build signs the release folder itself (default true); `npm run build` adds the
   * edition to it afterwards and signs it then (src/editions/publish.ts).
   */
  signRelease?: boolean;
  /** Astro's log level; "warn" keeps a build quiet. */
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /**
   * The kept editions the pages show (change history, changes pages, feed). Default: none; the
   * site never looks for an editions folder by itself (scripts/site.ts loads the configured one).
   */
  editions?: EditionsView;
}
