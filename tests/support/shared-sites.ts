// Sites that several browser test files read and none writes, built once for a whole run of the
// browser tests and shared: `npm run test:e2e` builds them before the first file starts
// (tests/e2e/setup.ts) into one folder it names in ORGDIR_TEST_SITES and removes once the last
// file is done. A file run alone (`node --test tests/e2e/phone.test.ts`) builds the one it asks
// for into a folder of its own, removed when the file is done. Either way a file gets the same
// site, built from the same data, as if it had built it itself.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite } from '../../src/site/build.ts';
import { writeQualityDataFolder } from './sample-data-folder.ts';

/** The hand-made fixture records, as a crawl stores them: read, never written. */
export const FIXTURE_DATA = fileURLToPath(new URL('../fixtures/data/', import.meta.url));

export type SharedSiteName = 'quality' | 'fixtures';

/** The shared sites by name: where each one's data folder is, in its folder `work`, and how it is written. */
const SHARED_SITES: Record<
  SharedSiteName,
  { data: (work: string) => string; write?: (data: string) => void }
> = {
  /** The quality data folder (sample-data-folder.ts: writeQualityDataFolder). */
  quality: { data: (work) => join(work, 'data'), write: (data) => writeQualityDataFolder(data) },
  /** The fixture records alone. */
  fixtures: { data: () => FIXTURE_DATA },
};

export interface SharedSite {
  /** The data folder the site was built from. */
  data: string;
  /** The built site. */
  site: string;
}

/** The environment variable that names the folder of a run's shared sites. */
const SHARED_SITES_VARIABLE = 'ORGDIR_TEST_SITES';

/** The mark a finished build leaves: a build that failed or was stopped has none. */
const BUILT = '.built';

async function buildInto(work: string, name: SharedSiteName): Promise<SharedSite> {
  const data = SHARED_SITES[name].data(work);
  SHARED_SITES[name].write?.(data);
  const site = join(work, 'site');
  await buildSite({ dataDir: data, siteDir: site, tarGz: false, logLevel: 'error' });
  writeFileSync(join(work, BUILT), '');
  return { data, site };
}

/** Builds every shared site under `root`, one folder each, and names `root` for the files that follow. */
export async function buildSharedSites(root: string): Promise<void> {
  for (const name of Object.keys(SHARED_SITES) as SharedSiteName[]) await buildInto(join(root, name), name);
  process.env[SHARED_SITES_VARIABLE] = root;
}

/**
 * The shared site `name`: the run's, when the run built it; else one built now into a folder of
 * its own, removed when the process ends (a test file's process, when it is run alone).
 */
export async function sharedSite(name: SharedSiteName): Promise<SharedSite> {
  const root = process.env[SHARED_SITES_VARIABLE];
  if (root !== undefined && existsSync(join(root, name, BUILT))) {
    const work = join(root, name);
    return { data: SHARED_SITES[name].data(work), site: join(work, 'site') };
  }
  const work = mkdtempSync(join(tmpdir(), `orgdir-${name}-site-`));
  process.once('exit', () => rmSync(work, { recursive: true, force: true }));
  return buildInto(work, name);
}
