// The signed manifests a build writes when it has the publisher's key: the site's, the replayed
// API's and the release folder's (src/hosting/signed-manifest.ts), each named by where it will be
// once swapped in.
import { join } from 'node:path';
import { signFolder, type SigningKey } from '../hosting/signed-manifest.ts';
import type { BuildFolders } from './build-folders.ts';
import { REPLAYED_API_DIR } from './replayed-api.ts';
import type { SiteOptions } from './site-options.ts';

/** A folder's signed manifest written, and what it lists, named by where it will be once swapped in. */
async function signedFolder(
  folder: string,
  key: SigningKey,
  swappedIn: string,
): Promise<{ folder: string; files: number }> {
  return { folder: swappedIn, files: (await signFolder(folder, key)).files };
}

/** The site's and the replayed API's signed manifests, when the build has a key. */
export async function signSite(options: SiteOptions, folders: BuildFolders) {
  const key = options.signingKey;
  if (!key) return [];
  const api = (dir: string) => join(dir, REPLAYED_API_DIR);
  return [
    await signedFolder(folders.staging, key, folders.siteDir),
    await signedFolder(api(folders.releaseStaging), key, api(folders.releaseDir)),
  ];
}

/** The release folder's signed manifest, when this build has a key and signs it (`signRelease`). */
export async function signRelease(options: SiteOptions, folders: BuildFolders) {
  if (!options.signingKey || options.signRelease === false) return [];
  return [await signedFolder(folders.releaseStaging, options.signingKey, folders.releaseDir)];
}
