// The nightly build's publish flow (docs/publishing.md: "Editions", "The publish guard"):
//
//   repair a publish a crash interrupted
//   crawl into DATA.next (the crawler's own partial, resume and swap happen inside it)
//   with an empty editions folder, fetch the previous edition from the release (ORGDIR_RELEASE_URL),
//     kept only when its files are sound and its organisations are this crawl's (src/editions/carry.ts)
//   read it once (src/editions/prepare.ts); carry over records that failed to fetch from the previous edition
//   publish guard against the previous edition: stop here (exit 1, live data and site untouched)
//     unless every check passed or --accept gave a reason
//   diff with the previous edition; write the new edition as <editions>/<id>.pending
//   render the site into SITE.next, with the editions' pages; measure it against the site budget
//   copy the edition into the release folder beside the site (SITE.next-release)
//   swap DATA.next, SITE.next, the release folder and the edition into place
//     (src/storage/folder-swap.ts), then prune old editions
//
// The live data folder, the live site and the published editions change only in that last step.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CRAWLED_ENTRIES, DATA_LAYOUT } from '../lib/data-layout.ts';
import { carryOverEntries, repairSwap, shownFolderFor, swapDirectories } from '../storage/folder-swap.ts';
import { acquireLock, LockHeldError } from '../storage/lock.ts';
import { checkOutputFolder, markOutputFolder, OutputFolderError } from '../storage/output-folder.ts';
import type { GuardReport } from './guard.ts';
import type { EditionsView } from './history.ts';
import { otherRegisterEditions } from './provenance.ts';
import { EditionStore, type EditionMeta } from './store.ts';
import { carryEdition, fetchPreviousEdition, type ReleaseFetchLimits } from './carry.ts';
import { prepareEdition, type PrepareOptions } from './prepare.ts';
import { readManifest } from '../lib/manifest-file.ts';
import { GITHUB_PAGES_SITE_BYTES, type SiteMeasure } from '../hosting/limits.ts';
import { formatBytes } from '../lib/bytes.ts';
import { releaseDirOf } from '../hosting/release-folder.ts';
import { signFolder, type SigningKey } from '../hosting/signed-manifest.ts';


/** What the publish flow needs to know of a crawl's outcome (a subset of the crawler's summary). */
interface CrawlOutcome {
  exitCode: number;
  message: string;
  /** Whether the crawl's folder now holds this crawl's complete snapshot. */
  published: boolean;
}

export interface PublishOptions extends PrepareOptions {
  /** The live site folder. */
  siteDir: string;
  /**
   * Publish the crawl a previous build left in DATA.next (stopped by the guard) instead of crawling
   * again; with `accept`, this publishes exactly the crawl that was judged.
   */
  reuseCrawl?: boolean;
  /** Crawls the API into the folder given (the staging data folder). */
  crawl: (dataDir: string) => Promise<CrawlOutcome>;
  /**
   * Renders the site of a data folder into a new site folder; the pages read `view`. Answers what a
   * host sees of it (src/hosting/measure.ts), which the site budget is held to.
   */
  renderSite: (dataDir: string, siteDir: string, view: EditionsView) => Promise<SiteMeasure>;
  /**
   * Where the release folder is published (ORGDIR_RELEASE_URL): with an empty editions folder the
   * previous edition is fetched from there.
   */
  releaseUrl?: string;
  /**
   * How long that fetch may take, and a file of it send nothing (--release-timeout,
   * --release-idle-timeout); by default RELEASE_FETCH_LIMITS (src/config.ts).
   */
  releaseLimits?: ReleaseFetchLimits;
  /** The most bytes the new site may have; default GitHub Pages' 1 GB. A bigger site is not published. */
  siteBudget?: number;
  /**
   * The publisher's key: the release folder, once the edition is in it, gets its signed manifest
   * (`renderSite` signs the site and the replayed API).
   */
  signingKey?: SigningKey;
}

export interface PublishResult {
  /** 0 published; 1 stopped (crawl incomplete or guard); 2 the crawl's configuration (a refused key). */
  exitCode: number;
  message: string;
  published: boolean;
  edition?: EditionMeta;
  guard?: GuardReport;
  /** What a host sees of the new site, once it is rendered. */
  site?: SiteMeasure;
}

/** Where a build stages what it is about to publish: beside each live folder. */
export function stagingPaths(options: Pick<PublishOptions, 'dataDir' | 'siteDir'>) {
  const site = `${options.siteDir}.next`;
  return { data: `${options.dataDir}.next`, site, release: releaseDirOf(site) };
}


function reuseStagedCrawl(stagingDir: string): CrawlOutcome {
  return readManifest(stagingDir).fields.complete === true
    ? { exitCode: 0, message: `reusing the crawl in ${stagingDir}`, published: true }
    : { exitCode: 1, message: `there is no complete crawl in ${stagingDir} to reuse`, published: false };
}

async function repairUnderLock(editionsDir: string): Promise<string[]> {
  const store = new EditionStore(editionsDir);
  const repaired = (await repairSwap(store.journalPath)) ?? [];
  const removed = await store.removePending();
  return [...repaired, ...removed.map((name) => `removed ${name}, left by a killed build`)];
}

/** Runs `work` holding the build lock of an editions folder, or says who holds it. */
async function underBuildLock<T>(
  editionsDir: string,
  work: () => Promise<T>,
): Promise<T | { locked: string }> {
  let release: () => Promise<void>;
  try {
    release = await acquireLock(join(editionsDir, BUILD_LOCK), 'build');
  } catch (error) {
    if (!(error instanceof LockHeldError)) throw error;
    return { locked: error.message };
  }
  try {
    return await work();
  } finally {
    await release();
  }
}

const BUILD_LOCK = '.build.lock';

/** Finishes a publish that a killed build left half-done; returns what it did. */
export async function repairPublish(editionsDir: string): Promise<string[]> {
  const result = await underBuildLock(editionsDir, () => repairUnderLock(editionsDir));
  if ('locked' in result) throw new Error(result.locked);
  return result;
}

/** One build at a time per editions folder: a second one would repair a publish under way. */
export async function publishBuild(options: PublishOptions): Promise<PublishResult> {
  const result = await underBuildLock(options.editionsDir, () => publishLocked(options));
  return 'locked' in result ? { exitCode: 1, message: result.locked, published: false } : result;
}


/**
 * Renders the site of the new edition and measures it; within the budget, swaps data, site,
 * release folder and edition in and prunes old editions. Over it, publishes nothing.
 */
async function renderAndSwap(
  options: PublishOptions,
  store: EditionStore,
  id: string,
  view: EditionsView,
): Promise<{ site: SiteMeasure; overBudget?: number }> {
  const staging = stagingPaths(options);
  const abandon = async () => {
    for (const folder of [store.pendingPath(id), staging.site, staging.release])
      await rm(folder, { recursive: true, force: true });
  };
  await rm(staging.site, { recursive: true, force: true });
  await rm(staging.release, { recursive: true, force: true });
  let site: SiteMeasure;
  try {
    site = await options.renderSite(staging.data, staging.site, view);
  } catch (error) {
    await abandon();
    throw error;
  }
  const budget = options.siteBudget ?? GITHUB_PAGES_SITE_BYTES;
  if (site.bytes > budget) {
    await abandon();
    return { site, overBudget: budget };
  }
  await carryEdition(options.editionsDir, store.pendingPath(id), staging.release);
  for (const folder of [staging.data, staging.site, staging.release]) markOutputFolder(folder);
  if (options.signingKey) await signFolder(staging.release, options.signingKey);
  // Entries of the live data folder that the crawler does not write (a README) move with it.
  await carryOverEntries(options.dataDir, staging.data, CRAWLED_ENTRIES);
  await swapDirectories(
    store.journalPath,
    [
      { name: 'data', live: options.dataDir, next: staging.data },
      // A web server may be serving the site: it is shown through a link, never absent.
      { name: 'site', live: options.siteDir, next: staging.site, shown: shownFolderFor(options.siteDir) },
      { name: 'release', live: releaseDirOf(options.siteDir), next: staging.release },
      { name: 'edition', live: store.path(id), next: store.pendingPath(id) },
    ],
  );
  const pruned = await store.prune(options.keep);
  if (pruned.length > 0)
    options.log?.(`removed ${pruned.length} editions beyond the ${options.keep} kept: ${pruned.join(', ')}`);
  return { site };
}


/**
 * Fetches the previous edition from `releaseUrl` into the empty editions folder, saying how it
 * went; answers why nothing was fetched, when nothing was.
 */
async function fetchFromRelease(
  options: PublishOptions,
  releaseUrl: string,
  stagingData: string,
  log: (line: string) => void,
): Promise<string | undefined> {
  const fetched = await fetchPreviousEdition(releaseUrl, options.editionsDir, stagingData, options.releaseLimits);
  log(
    fetched.problem === undefined
      ? `editions: the folder was empty; fetched ${
          fetched.editions === undefined ? 'the previous edition' : `the history, ${fetched.editions} editions up to`
        } ${fetched.id} from ${releaseUrl}`
      : `editions: the folder is empty and no previous edition could be fetched (${fetched.problem}); this build is a first edition`,
  );
  return fetched.problem;
}

async function publishLocked(options: PublishOptions): Promise<PublishResult> {
  const log = options.log ?? (() => {});
  const store = new EditionStore(options.editionsDir);
  const staging = stagingPaths(options);

  for (const line of await repairUnderLock(options.editionsDir)) log(`repair: ${line}`);

  // Before the crawl: hours of crawling must not end in a refusal to write the folders.
  try {
    checkOutputFolder(options.dataDir, 'data folder', (entries) => entries.includes(DATA_LAYOUT.manifest));
    checkOutputFolder(options.siteDir, 'site folder');
    checkOutputFolder(releaseDirOf(options.siteDir), 'release folder');
  } catch (error) {
    if (!(error instanceof OutputFolderError)) throw error;
    return { exitCode: 2, message: `nothing was built: ${error.message}`, published: false };
  }

  const crawl = options.reuseCrawl === true ? reuseStagedCrawl(staging.data) : await options.crawl(staging.data);
  if (!crawl.published) {
    return {
      exitCode: crawl.exitCode === 0 ? 1 : crawl.exitCode,
      message: `the crawl did not complete, nothing was published: ${crawl.message}`,
      published: false,
    };
  }

  // The Actions cache forgets; the last release does not. Fetched after the crawl, because what
  // anyone answering at the release address sends is kept only once its organisations are seen to
  // be tonight's register's: a foreign edition kept would stop this build and every later one.
  const unfetched =
    options.releaseUrl !== undefined && store.list().length === 0
      ? await fetchFromRelease(options, options.releaseUrl, staging.data, log)
      : undefined;

  // Judged against another register's last edition, every organisation would be added and every
  // one of theirs would get a page here as gone: a folder named wrongly, not a night's news.
  const otherRegister = otherRegisterEditions(options.editionsDir, staging.data);
  if (otherRegister !== undefined) {
    return {
      exitCode: 2,
      message:
        `${otherRegister}; nothing was published, the live data and site are unchanged. Set ` +
        `ORGDIR_EDITIONS_DIR to this register's editions folder (an empty one starts a first edition).`,
      published: false,
    };
  }

  const prepared = await prepareEdition(options, store, staging.data);
  if (prepared.stopped) {
    const { stopped: _stopped, ...result } = prepared;
    return result;
  }
  const { meta, view, organisations, previousId, failedChecks } = prepared;
  const { id, guard } = meta;
  const { site, overBudget } = await renderAndSwap(options, store, id, view);
  if (overBudget !== undefined) {
    return {
      exitCode: 1,
      message: `the new site is ${formatBytes(site.bytes, 'limit')}, over the budget of ${formatBytes(overBudget, 'limit')} (--site-budget); nothing was published, the live data and site are unchanged`,
      published: false,
      guard,
      site,
    };
  }

  const summary = `${meta.changes.added} added, ${meta.changes.removed} removed, ${meta.changes.changed} changed`;
  // A first edition because the release could not be fetched is said as such: the guard had no
  // previous edition, and on a machine without a live data folder it checked the crawl alone.
  const first =
    unfetched === undefined
      ? 'the first edition'
      : `a first edition: no previous edition could be fetched, so the publish guard ${
          guard.firstEdition ? 'checked only the crawl itself' : 'compared with the live data folder'
        }`;
  return {
    exitCode: 0,
    message: `published edition ${id} (${organisations} organisations; ${
      previousId === undefined ? first : `${summary} since ${previousId}`
    })${guard.passed ? '' : `, accepted despite ${failedChecks.length} failed checks: ${options.accept}`}`,
    published: true,
    edition: meta,
    guard,
    site,
  };
}
