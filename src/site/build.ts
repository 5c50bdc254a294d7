// The site stage: data folder in, static site out. Each step below is one line of `buildSite`;
// the site is built in a fresh folder beside the target and swapped in only when every step
// succeeded, so a failed build never replaces a good site.
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Register } from '../records/register.ts';
import type { SiteArchives } from './archive-thread.ts';
import { setSiteContext, type DownloadFile } from './context.ts';
import { NO_EDITIONS } from '../editions/history.ts';
import { seriesOfReports, type FinancialYear } from '../money/financial-series.ts';
import { describeDownloads, writeDownloads } from './downloads.ts';
import type { RecordLeftOut } from './database.ts';
import type { PackageDatabase, PackageSource } from './datapackage.ts';
import { writeRegisterData } from './register-data.ts';
import { readSiteRecords } from './site-records.ts';
import { offerDownloads } from './download-files.ts';
import { renderPages } from './render-pages.ts';
import { writeSearchIndexInChild } from './search-process.ts';
import { bundleSearchClient } from './bundle-clients.ts';
import { releaseMemory } from './node-flags.ts';
import { writeSearchEngineFiles } from './search-engines.ts';
import type { SiteMeasure } from '../hosting/limits.ts';
import { measureSite } from '../hosting/measure.ts';
import { pageContext, releaseLinkOf } from './page-context.ts';
import { acquireLock, LockHeldError } from '../storage/lock.ts';
import { markOutputFolder, OutputFolderError } from '../storage/output-folder.ts';
import { asWriteFailure } from '../storage/write-failure.ts';
import type { SearchIndexSummary } from '../search/build/write-parts.ts';
import { SEARCH_DIR } from '../search/format/options.ts';
import { writeSearchDocuments } from '../search/build/site-index.ts';
import { listedFormer } from '../editions/former.ts';
import { REPLAYED_API_DIR } from './replayed-api.ts';
import { writePermalinkFiles, type PermalinkFiles } from './organisation-histories.ts';
import { buildFolders, prepareStaging, swapIn, type BuildFolders } from './build-folders.ts';
import { offlineArchives, startArchives, writtenArchives } from './offline-copies.ts';
import { signRelease, signSite } from './sign-build.ts';
import type { SiteOptions } from './site-options.ts';
import { separatePages, timed, type StepTimes } from './step-times.ts';

/** The project root, where astro.config.mjs and src/pages are. */
const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface SiteSummary {
  siteDir: string;
  organisations: number;
  pages: number;
  files: number;
  bytes: number;
  /** What a host sees of the site folder (src/hosting/limits.ts judges it). */
  hosting: SiteMeasure;
  downloads: DownloadFile[];
  /** The offline copies written (beside the site): path, size and SHA-256. */
  archives: { path: string; bytes: number; sha256: string }[];
  /**
   * The database written (beside the site): path, size and SHA-256, and the records it refused
   * (they are on the site and in the other downloads).
   */
  database: { path: string; bytes: number; sha256: string; leftOut: RecordLeftOut[] };
  /** The replayed API (src/site/replayed-api.ts): its folder once swapped in, files and bytes. */
  replayedApi: { path: string; files: number; bytes: number };
  /** Files listed in the signed manifests written, by folder; empty for an unsigned build. */
  signed: { folder: string; files: number }[];
  /** Seconds spent in each step (wall clock). */
  timings: Record<string, number>;
  /** CPU seconds of this process in each step: steadier than wall time on a shared machine. */
  cpuTimings: Record<string, number>;
  /** The process's peak resident memory so far, in bytes, at the end of each step. */
  peakMemory: Record<string, number>;
  /** Files of the data folder that could not be read (the build goes on without them). */
  unreadable: Register['unreadable'];
  /** The search index: documents, words, files and bytes by kind. */
  search: SearchIndexSummary;
  /** The permalink script and the organisations' history scripts (src/site/organisation-histories.ts). */
  permalinks: PermalinkFiles;
}

/**
 * A folder whose every record is unreadable is a broken crawl, not an empty register: a site of
 * no organisations must not replace the one that is live.
 */
function requireOrganisations(register: Register, dataDir: string): void {
  if (register.organisations.length > 0) return;
  const first = register.unreadable[0];
  throw new Error(
    `No readable organisations in ${dataDir}` +
      (first ? ` (${register.unreadable.length} unreadable files; ${first.file}: ${first.reason})` : '') +
      '; the site was left as it was.',
  );
}

/**
 * Starts the index in a process of its own, from the documents written, and the search client's
 * bundle in esbuild's: this process meanwhile compresses the database and writes the list
 * matcher's files. The search step's time is the index process's wall time, and none of this
 * process's CPU is counted in it.
 */
function startSearchIndex(
  documentsFile: string,
  staging: string,
  times: StepTimes,
): Promise<SearchIndexSummary> {
  const searchStarted = performance.now();
  times.timings['search'] = 0;
  times.cpuTimings['search'] = 0;
  const searchClient = bundleSearchClient();
  searchClient.catch(() => undefined);
  const searching = writeSearchIndexInChild(documentsFile, staging).then(async (summary) => {
    times.timings['search'] = Math.round(performance.now() - searchStarted) / 1000;
    return withSearchClient(summary, staging, await searchClient);
  });
  // Awaited later, after the database; a failure meanwhile must not go unhandled.
  searching.catch(() => undefined);
  return searching;
}

/** The site's size and files as a host sees them, and how many of its files are pages. */
function measureBuiltSite(staging: string): { hosting: SiteMeasure; pageFiles: number } {
  let pageFiles = 0;
  const hosting = measureSite(staging, (path) => {
    if (path.endsWith('.html')) pageFiles += 1;
  });
  return { hosting, pageFiles };
}

/** The database as the summary gives it: where it is once the release folder is swapped in. */
function releasedDatabase(
  database: { name: string; bytes: number; sha256: string },
  leftOut: RecordLeftOut[],
  releaseDir: string,
): SiteSummary['database'] {
  return { path: join(releaseDir, database.name), bytes: database.bytes, sha256: database.sha256, leftOut };
}

/** The downloads written, offered (large ones gzipped) and described for the downloads page. */
async function writeSiteDownloads(
  register: Register,
  staging: string,
  records: DownloadFile,
  sources: readonly PackageSource[],
  databaseFile: PackageDatabase,
  seriesOf: ((id: string) => FinancialYear[]) | undefined,
): Promise<DownloadFile[]> {
  const offered = await offerDownloads(staging, writeDownloads(register, staging, records, seriesOf));
  return describeDownloads(register, staging, offered, sources, databaseFile);
}

/** What a build still runs when a step fails: stopped, and waited for before its folder goes. */
interface Running {
  archives?: SiteArchives | undefined;
  searching?: Promise<SearchIndexSummary>;
}

/** After a failed step: the archives stopped, the index process ended, the staging folders gone. */
async function discardBuild(running: Running, { staging, releaseStaging }: BuildFolders): Promise<void> {
  await running.archives?.abandon();
  // The index process writes into the staging folder: let it finish before the folder goes.
  await running.searching?.catch(() => undefined);
  // A page step that failed may still have page writes in flight: a folder emptied under them
  // fills again (ENOTEMPTY), so its removal is tried again a few times.
  const retried = { recursive: true, force: true, maxRetries: 10, retryDelay: 50 };
  rmSync(staging, retried);
  rmSync(releaseStaging, retried);
}

/**
 * The database step, then what the register's reading and this step left behind handed back to
 * the system: at 100,000 organisations the index process, running beside this one, has its
 * largest moments after this step (130–310 MB handed back; docs/performance.md, "Memory").
 */
async function writeRegisterDataAndRelease(
  ...args: Parameters<typeof writeRegisterData>
): ReturnType<typeof writeRegisterData> {
  const written = await writeRegisterData(...args);
  releaseMemory();
  return written;
}

/** The lock beside a site folder that one build at a time holds: `dist` → `dist.lock`. */
export function siteLockFile(siteDir: string): string {
  return `${resolve(siteDir)}.lock`;
}

/**
 * Builds the site, holding its folder's lock: a second build of the same site folder is refused at
 * once (OutputFolderError, naming who holds it) before it writes anything, and one of another
 * folder goes ahead beside it.
 */
export async function buildSite(options: SiteOptions): Promise<SiteSummary> {
  const folders = buildFolders(options);
  let release: () => Promise<void>;
  try {
    release = await acquireLock(siteLockFile(folders.siteDir), `site build of ${folders.siteDir}`);
  } catch (error) {
    if (error instanceof LockHeldError)
      throw new OutputFolderError(`the site folder is busy: ${error.message}`);
    throw error;
  }
  try {
    return await buildSiteLocked(options, folders);
  } finally {
    await release();
  }
}

async function buildSiteLocked(options: SiteOptions, folders: BuildFolders): Promise<SiteSummary> {
  const { dataDir, siteDir, releaseDir, staging, releaseStaging } = folders;
  const archives = offlineArchives(options);
  prepareStaging(options, folders);
  const times: StepTimes = { timings: {}, cpuTimings: {}, peakMemory: {}, current: 'prepare' };
  const step = <T>(name: string, run: () => T | Promise<T>): Promise<T> => timed(times, name, run);

  const running: Running = {};
  const documentsFile = `${staging}.search-documents.jsonl`;
  try {
    const { register, records, database, recordFiles, replayedApi } =
      options.read ??
      (await step('read', () =>
        readSiteRecords(dataDir, staging, { recordFiles: options.recordFiles ?? false }),
      ));
    requireOrganisations(register, dataDir);
    const api = await step('api', () =>
      replayedApi.complete(staging, releaseStaging, dataDir, register.manifest.options?.voluntaryCodesPath),
    );
    const former = listedFormer(options.editions ?? NO_EDITIONS, register);
    await step('documents', () => writeSearchDocuments(register, former, documentsFile));
    running.searching = startSearchIndex(documentsFile, staging, times);
    const seriesOf = seriesOfReports(options.editions?.financialReports);
    const data = await step('database', () =>
      writeRegisterDataAndRelease(register, database, staging, releaseStaging, former, seriesOf),
    );
    const search = await running.searching;
    rmSync(documentsFile, { force: true });
    const databaseFile = { ...data.database, ...releaseLinkOf(data.database.name, options, folders) };
    const downloads = await step('downloads', () =>
      writeSiteDownloads(register, staging, records, data.sources, databaseFile, seriesOf),
    );
    // The archives are written on threads of their own while Astro renders on this one: each
    // page as it comes, then the rest of the site.
    const writing = startArchives(register, archives, folders);
    running.archives = writing;
    const { releaseBesideSite } = folders;
    const built = { dataDir, downloads, archives, databaseFile, recordFiles, register, releaseBesideSite };
    setSiteContext(pageContext(options, built));
    const pages = await step('bundle', () => renderPages(PROJECT_ROOT, staging, options.logLevel, writing));
    separatePages(times, pages);
    const permalinks = await step('permalinks', () => writeBesidePages(staging, options));
    // After the bundle (Astro empties the folder it renders into), before the archives: the
    // offline copy holds exactly the site, its mark included.
    markOutputFolder(staging);
    markOutputFolder(releaseStaging);
    // Signed before the archives take the rest of the site: the offline copy carries the site's
    // signed manifest, and can be verified once unpacked.
    const signed = await step('sign', () => signSite(options, folders));
    // What is left: the rest of the site into the archives, and waiting for them.
    await step('archives', () => writing.finish());
    running.archives = undefined;
    signed.push(...(await signRelease(options, folders)));
    const { hosting, pageFiles } = measureBuiltSite(staging);
    const written = writtenArchives(archives, folders);
    await step('swap', () => swapIn(options, folders));
    return {
      siteDir,
      organisations: register.organisations.length,
      pages: pageFiles,
      files: hosting.files,
      bytes: hosting.bytes,
      hosting,
      downloads,
      archives: written,
      database: releasedDatabase(data.database, database.summary.leftOut, releaseDir),
      replayedApi: { path: join(releaseDir, REPLAYED_API_DIR), ...api },
      signed,
      timings: times.timings,
      cpuTimings: times.cpuTimings,
      peakMemory: times.peakMemory,
      unreadable: register.unreadable,
      search,
      permalinks,
    };
  } catch (error) {
    await discardBuild(running, folders);
    throw asWriteFailure(error, times.current, dirname(siteDir));
  } finally {
    rmSync(documentsFile, { force: true });
    setSiteContext(undefined);
  }
}

/** What a site holds beside its pages: the search engines' files, the permalink and history scripts. */
function writeBesidePages(staging: string, options: SiteOptions): Promise<PermalinkFiles> {
  writeSearchEngineFiles(staging, options.siteUrl);
  return writePermalinkFiles(staging, options.editions ?? NO_EDITIONS);
}

/** The search page's client written beside the index parts (the index step replaces the folder). */
function withSearchClient(
  summary: SearchIndexSummary,
  siteDir: string,
  script: Uint8Array,
): SearchIndexSummary {
  writeFileSync(join(siteDir, SEARCH_DIR, 'search.js'), script);
  const bytes = script.byteLength;
  return {
    ...summary,
    byKind: { ...summary.byKind, client: { files: 1, bytes } },
    files: summary.files + 1,
    bytes: summary.bytes + bytes,
  };
}
