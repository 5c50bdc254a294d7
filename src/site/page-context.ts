// What a build hands to its pages (src/site/context.ts): the register, the downloads and the
// release folder's files with how the pages reach each (src/hosting/release-folder.ts).
import { releaseFileLink } from '../hosting/release-folder.ts';
import { NO_EDITIONS, type EditionsView } from '../editions/history.ts';
import type { ReleaseFile, SiteContext } from './context.ts';
import type { SigningKey } from '../hosting/signed-manifest.ts';
import { archiveFolder } from './tar.ts';

/** What of a build's options the pages are handed (src/site/site-options.ts: SiteOptions). */
interface PageOptions {
  releaseUrl?: string;
  siteUrl?: string;
  signingKey?: SigningKey;
  editions?: EditionsView;
}

/** How the pages reach a file of the release folder: at the release address, beside the site, or not at all. */
export function releaseLinkOf(
  name: string,
  options: PageOptions,
  folders: { releaseBesideSite: string | undefined },
) {
  return releaseFileLink(name, options.releaseUrl, folders.releaseBesideSite);
}

/** What the pages are handed (src/site/context.ts). */
export function pageContext(
  options: PageOptions,
  built: Pick<SiteContext, 'dataDir' | 'downloads' | 'recordFiles' | 'register'> & {
    releaseBesideSite: string | undefined;
    archives: readonly { name: string; title: string }[];
    databaseFile: ReleaseFile;
  },
): SiteContext {
  return {
    dataDir: built.dataDir,
    downloads: built.downloads,
    archives: built.archives.map(({ name, title }) => ({
      name,
      title,
      unpacksInto: archiveFolder(name),
      ...releaseLinkOf(name, options, built),
    })),
    database: built.databaseFile,
    recordFiles: built.recordFiles,
    register: built.register,
    // Where the release files are linked only beside the site, the pages say so.
    ...(options.releaseUrl === undefined &&
      built.releaseBesideSite !== undefined && { releaseBesideSite: built.releaseBesideSite }),
    ...(options.signingKey && { publicKey: options.signingKey.publicKeyText }),
    editions: options.editions ?? NO_EDITIONS,
    ...(options.siteUrl === undefined ? {} : { siteUrl: options.siteUrl }),
  };
}
