// One function per stage measured: each starts the worker processes it needs, measures, and
// returns its figures (tests/bench/figures.ts).
import { fork, type ChildProcess } from 'node:child_process';
import { mkdir, readdir, readlink, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Browser } from 'playwright';
import { benchmarkSearch } from './search-timing.ts';
import { measureMainThread } from './main-thread.ts';
import type { SampleApiStats } from '../../src/sample-api/server.ts';
import { readManifest } from '../../src/lib/manifest-file.ts';
import {
  crawlBoundSeconds,
  pageWeight,
  type CrawlFigures,
  type PageWeight,
  type SearchFigures,
  type SiteFigures,
  type SweepFigures,
} from './figures.ts';
import { loadAverage } from './machine.ts';
import { processCpuSeconds, watchTreeMemory } from './process-stats.ts';
import type { WorkerAnswer, WorkerJob } from './worker.ts';
import { SITE_NODE_FLAGS } from '../../src/site/node-flags.ts';

const WORKER = new URL('./worker.ts', import.meta.url);

export interface WorkerOptions {
  /** Extra Node flags for the worker, e.g. `--cpu-prof`. */
  execArgv?: readonly string[];
}

interface StartedWorker {
  child: ChildProcess;
  /** The worker's first answer. */
  answer: Promise<WorkerAnswer>;
}

function startWorker(job: WorkerJob, options: WorkerOptions = {}): StartedWorker {
  const child = fork(WORKER, [], {
    execArgv: [...process.execArgv, ...(options.execArgv ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  const answer = new Promise<WorkerAnswer>((resolve, reject) => {
    child.once('message', (message) => resolve(message as WorkerAnswer));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`the ${job.kind} worker ended (${signal ?? `exit code ${code}`}) without an answer`)),
    );
  });
  child.send(job);
  return { child, answer };
}

async function expect<K extends WorkerAnswer['kind']>(
  answer: Promise<WorkerAnswer>,
  kind: K,
): Promise<Extract<WorkerAnswer, { kind: K }>> {
  const message = await answer;
  if (message.kind === 'failed') throw new Error(message.error);
  if (message.kind !== kind) throw new Error(`the worker answered ${message.kind}, not ${kind}`);
  return message as Extract<WorkerAnswer, { kind: K }>;
}

/**
 * Moves a folder out of the way, into `discarded/` beside the size folders, to be deleted once
 * every figure is taken: deleting tens of thousands of files slows the file creation of whatever
 * runs in the next half minute (measured: 0.6 ms a file instead of 0.08), which would charge one
 * stage with the clean-up of another. A site folder is a link to the folder it shows
 * (src/storage/folder-swap.ts), and that folder goes too: left beside the link's place, the next
 * build would delete it in its own timed swap (6 s at 30,000 organisations).
 */
export async function moveAside(path: string): Promise<void> {
  const shown = await readlink(path).catch(() => undefined);
  if (shown !== undefined) await moveOneAside(resolve(dirname(path), shown));
  await moveOneAside(path);
}

async function moveOneAside(path: string): Promise<void> {
  const discarded = join(dirname(dirname(path)), DISCARDED);
  await mkdir(discarded, { recursive: true });
  try {
    await rename(path, join(discarded, `${basename(dirname(path))}-${basename(path)}-${Date.now()}`));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

const DISCARDED = 'discarded';

/** Deletes what `moveAside` set aside under the work folder. */
export function removeDiscarded(workDir: string): Promise<void> {
  return rm(join(workDir, DISCARDED), { recursive: true, force: true });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export interface CrawlStageOptions {
  organisations: number;
  seed: string;
  dataDir: string;
  latencyMs: number;
  jitterMs: number;
  concurrency: number;
}

/** What one crawl of a sample API in a worker gave: the crawler's answer and the API's counts. */
interface SampleCrawl {
  crawled: Extract<WorkerAnswer, { kind: 'crawled' }>;
  stats: SampleApiStats;
  apiCpuSeconds: number;
  /** The higher one-minute load average of the start and the end of the crawl. */
  load: number;
}

/**
 * Crawls, with every default of the crawler and no rate limit, a sample API of `organisations`
 * whose search cuts each answer at `searchLimit`; throws when the crawl failed.
 */
async function crawlSampleApi(
  options: CrawlStageOptions,
  searchLimit: number,
  worker?: WorkerOptions,
): Promise<SampleCrawl> {
  const api = startWorker({
    kind: 'sample-api',
    orgs: options.organisations,
    seed: options.seed,
    latencyMs: options.latencyMs,
    jitterMs: options.jitterMs,
    searchLimit,
  });
  try {
    // The crawl publishes by swapping folders and deleting the old one: with an earlier run's
    // data in place, that deletion (1.2 s of a 29.8 s crawl of 10,000) was charged to the crawl.
    await moveAside(options.dataDir);
    await moveAside(`${options.dataDir}.partial`);
    const { baseUrl, key } = await expect(api.answer, 'ready');
    const statsUrl = new URL('/_stats', baseUrl);
    await fetch(statsUrl, { method: 'POST' });
    const apiCpuBefore = processCpuSeconds(api.child.pid!);
    const crawler = startWorker(
      {
        kind: 'crawl',
        apiUrl: baseUrl,
        key,
        dataDir: options.dataDir,
        concurrency: options.concurrency,
        rate: 0,
      },
      worker,
    );
    const load = loadAverage();
    const crawled = await expect(crawler.answer, 'crawled');
    await exited(crawler.child);
    const apiCpuSeconds = processCpuSeconds(api.child.pid!) - apiCpuBefore;
    if (crawled.exitCode !== 0) throw new Error(`the crawl failed: ${crawled.message}`);
    const stats = (await (await fetch(statsUrl)).json()) as SampleApiStats;
    return { crawled, stats, apiCpuSeconds, load: Math.max(load, loadAverage()) };
  } finally {
    api.child.disconnect();
    await exited(api.child);
  }
}

const requestsOf = (stats: SampleApiStats) =>
  Object.values(stats.requests).reduce((sum, count) => sum + count, 0);

/**
 * Crawls a sample API of `organisations` with the search cap raised to the register's size, so
 * that the crawl reaches every organisation (the lists name fewer than half); throws when it did
 * not. R is what the sample API counted, every operation included.
 */
export async function runCrawlStage(
  options: CrawlStageOptions,
  worker?: WorkerOptions,
): Promise<CrawlFigures> {
  const { crawled, stats, apiCpuSeconds, load } = await crawlSampleApi(
    options,
    options.organisations,
    worker,
  );
  const served = Object.keys(stats.organisationsServed).length;
  if (served !== options.organisations || crawled.stored !== options.organisations) {
    throw new Error(
      `the crawl reached ${served} and stored ${crawled.stored} of ${options.organisations} organisations`,
    );
  }
  const requests = requestsOf(stats);
  const boundSeconds = crawlBoundSeconds(requests, options.latencyMs, options.concurrency);
  return {
    organisations: options.organisations,
    stored: crawled.stored,
    requests,
    requestsByOperation: { ...stats.requests },
    latencyMs: options.latencyMs,
    concurrency: options.concurrency,
    wallSeconds: crawled.wallSeconds,
    phases: crawled.phases,
    boundSeconds,
    ratio: crawled.wallSeconds / boundSeconds,
    cpuSeconds: crawled.usage.cpuSeconds,
    apiCpuSeconds,
    peakRssBytes: crawled.usage.peakRssBytes,
    loadAverage: load,
  };
}

/**
 * Crawls a sample API of `organisations` whose search cuts every answer at `searchCap`, as a
 * service like the real one does, with every default of the crawler (the sweep on): how much of
 * the register the sweep reached, with how many searches, in how long.
 */
export async function runSweepStage(
  options: CrawlStageOptions & { searchCap: number },
  worker?: WorkerOptions,
): Promise<SweepFigures> {
  const { crawled, stats } = await crawlSampleApi(options, options.searchCap, worker);
  const { manifest, problem } = readManifest(options.dataDir);
  if (manifest === undefined)
    throw new Error(
      `the crawl left no whole manifest in ${options.dataDir}${problem ? ` (${problem})` : ''}`,
    );
  const served = Object.keys(stats.organisationsServed).length;
  const requests = requestsOf(stats);
  const boundSeconds = crawlBoundSeconds(requests, options.latencyMs, options.concurrency);
  const searches = stats.requests.search;
  return {
    organisations: options.organisations,
    searchCap: options.searchCap,
    listed: manifest.counts.organisations - manifest.counts.discovered,
    stored: served,
    coverage: served / options.organisations,
    searches,
    searchShare: searches / options.organisations,
    cappedAnswers: manifest.discovery?.cappedAnswers ?? 0,
    cappedAnswersSplit: manifest.discovery?.cappedAnswersSplit ?? 0,
    stopped: manifest.discovery?.stopped ?? 'no sweep',
    requests,
    wallSeconds: crawled.wallSeconds,
    boundSeconds,
    ratio: crawled.wallSeconds / boundSeconds,
    cpuSeconds: crawled.usage.cpuSeconds,
  };
}

/** Builds the site from `dataDir` into `siteDir` in a worker and reads its peak memory. */
export async function runSiteStage(
  options: { dataDir: string; siteDir: string },
  worker?: WorkerOptions,
): Promise<SiteFigures> {
  // As for the crawl: deleting the previous site is not the build being measured.
  await moveAside(options.siteDir);
  const load = loadAverage();
  // As `npm run site` runs it.
  const site = startWorker(
    { kind: 'site', ...options },
    { execArgv: [...SITE_NODE_FLAGS, ...(worker?.execArgv ?? [])] },
  );
  const memory = watchTreeMemory(site.child.pid!);
  const built = await expect(site.answer, 'built');
  // The polled peak of the process with its children; the worker's own high-water mark catches a
  // spike between two samples.
  const peakRssBytes = Math.max(memory.stop(), built.usage.peakRssBytes);
  await exited(site.child);
  const { summary } = built;
  const renderSeconds = summary.timings['pages'] ?? Number.NaN;
  return {
    organisations: summary.organisations,
    pages: summary.pages,
    files: summary.files,
    bytes: summary.bytes,
    renderSeconds,
    pagesPerSecond: summary.pages / renderSeconds,
    msPerPage: (renderSeconds * 1000) / summary.pages,
    totalSeconds: built.wallSeconds,
    timings: summary.timings,
    cpuTimings: summary.cpuTimings,
    peakMemory: summary.peakMemory,
    peakRssBytes,
    hosting: summary.hosting,
    ...(summary.archives[0] === undefined ? {} : { offlineBytes: summary.archives[0].bytes }),
    loadAverage: Math.max(load, loadAverage()),
  };
}

/** Sizes of the organisation pages of a built site. */
export async function measurePageWeight(siteDir: string): Promise<PageWeight> {
  const folder = join(siteDir, 'org');
  const names = (await readdir(folder)).filter((name) => name.endsWith('.html'));
  const pages = await Promise.all(
    names.map(async (name) => ({ path: `org/${name}`, bytes: (await stat(join(folder, name))).size })),
  );
  return pageWeight(pages);
}

/**
 * Search in Chromium over the built site from file://, then the longest tasks of the search page
 * and of the list matcher's page given a list made from the sample register it was built from.
 */
export async function runSearchStage(
  siteDir: string,
  browser: Browser,
  register: { organisations: number; seed: string },
): Promise<SearchFigures> {
  const load = loadAverage();
  const figures = await benchmarkSearch({ siteDir, browser });
  const mainThread = await measureMainThread({
    siteDir,
    browser,
    ...register,
    listFile: join(dirname(siteDir), 'match-list.csv'),
  });
  return { ...figures, mainThread, loadAverage: Math.max(load, loadAverage()) };
}
