// `npm run bench`: every stage at every size, in order crawl → site → page weight → search → history, each
// size in a folder of its own under the work folder, then the figures written as BENCHMARKS.md and
// JSON.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Browser } from 'playwright';
import { format, resolveConfig } from 'prettier';
import { readManifest } from '../../src/lib/manifest-file.ts';
import { generateDataset } from '../../src/sample-api/dataset.ts';
import {
  checkTargets,
  pairedRatios,
  type BenchmarkResults,
  type PagefindComparison,
  type PhoneComparison,
  type SizeResult,
} from './figures.ts';
import { describeMachine, loadAverage } from './machine.ts';
import { calibrate } from './calibration.ts';
import { auditSite } from './lighthouse.ts';
import { buildNightOfChanges } from './night-of-changes.ts';
import { HISTORY_NIGHTS, runHistoryStage } from './history.ts';
import { benchmarkPagefind, indexWithPagefind, pagefindColdQueries, serveForComparison } from './pagefind.ts';
import { benchmarkSearch, orgdirColdQueries } from './search-timing.ts';
import { PHONE_NETWORK, type NetworkConditions } from '../support/static-server.ts';
import { formatBenchmarkReport } from './report.ts';
import { pairSiteBuilds } from './paired-site.ts';
import { writeCrawledDataFolder } from './sample-crawl.ts';
import {
  measurePageWeight,
  moveAside,
  removeDiscarded,
  runCrawlStage,
  runSearchStage,
  runSiteStage,
  runSweepStage,
  type CrawlStageOptions,
  type WorkerOptions,
} from './stages.ts';

export const STAGES = ['crawl', 'sweep', 'site', 'search', 'history'] as const;
/** Other search engines the benchmark can set beside orgdir's. */
export const COMPARISONS = ['pagefind'] as const;
export type Comparison = (typeof COMPARISONS)[number];
/** Networks the comparison can be served through besides loopback. */
export const NETWORKS: Readonly<Record<'phone', NetworkConditions>> = { phone: PHONE_NETWORK };
export type Network = keyof typeof NETWORKS;
/** Cold loads of each query over a slow network: the targets are medians of at least 5. */
const NETWORK_RUNS = 5;
export type Stage = (typeof STAGES)[number];

/** Lighthouse's audits of one page: its performance score varies from run to run. */
const LIGHTHOUSE_RUNS = 3;

export const BENCHMARK_DEFAULTS = {
  sizes: [1_000, 10_000, 30_000],
  stages: [...STAGES],
  seed: 'orgdir',
  latencyMs: 20,
  jitterMs: 0,
  concurrency: 8,
  /** The search caps of the sweep stage: the sample API's default, and one five times tighter. */
  searchCaps: [500, 100],
  workDir: 'bench-results',
} as const;

export interface BenchmarkOptions {
  sizes: readonly number[];
  stages: readonly Stage[];
  seed: string;
  latencyMs: number;
  jitterMs: number;
  concurrency: number;
  searchCaps: readonly number[];
  /** Engines to time beside orgdir's search on the same site. */
  compare?: readonly Comparison[];
  /** Times the engines compared through this network instead (cold queries only). */
  network?: Network;
  /** Audits each page kind of the site with Lighthouse. */
  lighthouse?: boolean;
  /** Builds the site with this git revision's code and the checkout's in turn, `pairs` times each. */
  paired?: { revision: string; pairs: number };
  /** Holds one folder per size with its data and site; kept between runs. */
  workDir: string;
  /** The command line shown with the figures. */
  command: string;
  launchBrowser: () => Promise<Browser>;
  /** Writes a V8 CPU profile of each crawl and site worker into this folder. */
  profileDir?: string;
  log: (line: string) => void;
}

/** A data folder holding a complete crawl of exactly `organisations` records. */
function hasCompleteData(dataDir: string, organisations: number): boolean {
  const { fields, counts } = readManifest(dataDir);
  return fields.complete === true && counts.stored === organisations;
}

/** One size of register being measured: where its files go and what was measured of it. */
interface SizeRun {
  options: BenchmarkOptions;
  worker: WorkerOptions;
  label: string;
  folder: string;
  dataDir: string;
  siteDir: string;
  result: SizeResult;
  crawlSettings: CrawlStageOptions;
}

function sizeRun(options: BenchmarkOptions, organisations: number, worker: WorkerOptions): SizeRun {
  const folder = resolve(options.workDir, String(organisations));
  const dataDir = join(folder, 'data');
  return {
    options,
    worker,
    label: organisations.toLocaleString('en'),
    folder,
    dataDir,
    siteDir: join(folder, 'site'),
    result: { organisations },
    crawlSettings: {
      organisations,
      seed: options.seed,
      dataDir,
      latencyMs: options.latencyMs,
      jitterMs: options.jitterMs,
      concurrency: options.concurrency,
    },
  };
}

/** The crawl, measured; or, when a later stage needs data and there is none, crawled unmeasured. */
async function crawlFor(run: SizeRun): Promise<void> {
  const { options, label, result, crawlSettings, dataDir } = run;
  if (options.stages.includes('crawl')) {
    options.log(`${label}: crawl at ${options.latencyMs} ms, concurrency ${options.concurrency}…`);
    result.crawl = await runCrawlStage(crawlSettings, run.worker);
    const { crawl } = result;
    options.log(
      `${label}: crawl ${crawl.wallSeconds.toFixed(1)} s for ${crawl.requests} requests, bound ` +
        `${crawl.boundSeconds.toFixed(1)} s (${crawl.ratio.toFixed(2)}×)`,
    );
  } else if (
    (options.stages.includes('site') || options.stages.includes('search') || options.paired !== undefined) &&
    !hasCompleteData(dataDir, result.organisations)
  ) {
    options.log(
      `${label}: no data yet; writing the sample register as a whole crawl stores it (not measured)…`,
    );
    writeCrawledDataFolder(generateDataset({ orgs: result.organisations, seed: options.seed }), dataDir);
  }
}

/** The sweep, once per search cap. */
async function sweepsFor(run: SizeRun): Promise<void> {
  const { options, label, result, crawlSettings, folder } = run;
  if (!options.stages.includes('sweep')) return;
  result.sweeps = [];
  for (const searchCap of options.searchCaps) {
    options.log(`${label}: sweep of a search cut at ${searchCap}…`);
    const sweep = await runSweepStage(
      { ...crawlSettings, dataDir: join(folder, `sweep-${searchCap}`, 'data'), searchCap },
      run.worker,
    );
    result.sweeps.push(sweep);
    options.log(
      `${label}: sweep at cap ${searchCap}: ${(sweep.coverage * 100).toFixed(2)}% stored with ` +
        `${sweep.searches} searches (${(sweep.searchShare * 100).toFixed(1)}%), ${sweep.wallSeconds.toFixed(1)} s ` +
        `(${sweep.ratio.toFixed(2)}× R·L/C), ${sweep.stopped}`,
    );
  }
}

/** The site, measured; or built unmeasured when the search stage needs one and there is none. */
async function siteFor(run: SizeRun, measured: boolean, searched: boolean): Promise<void> {
  const { options, label, result, dataDir, siteDir } = run;
  if (!measured && !(searched && !existsSync(join(siteDir, 'search.html')))) return;
  options.log(`${label}: site${measured ? '' : ' (needed for search, not measured)'}…`);
  const site = await runSiteStage({ dataDir, siteDir }, measured ? run.worker : {});
  if (!measured) return;
  result.site = site;
  options.log(
    `${label}: site ${site.pages} pages rendered in ${site.renderSeconds.toFixed(1)} s ` +
      `(${Math.round(site.pagesPerSecond)} pages/s), whole stage ${site.totalSeconds.toFixed(1)} s, ` +
      `peak ${Math.round(site.peakRssBytes / 1024 ** 2)} MiB; steps ${JSON.stringify(site.timings)}`,
  );
}

/** The site command of the checkout and of `revision`, built in turn, before anything else loads the machine. */
async function pairFor(
  run: SizeRun,
  { revision, pairs }: { revision: string; pairs: number },
): Promise<void> {
  const { options, label, result, dataDir, folder } = run;
  result.pairedSite = await pairSiteBuilds({
    root: process.cwd(),
    revision,
    organisations: result.organisations,
    dataDir,
    folder,
    pairs,
    moveAside,
    log: options.log,
  });
  const ratios = pairedRatios(result.pairedSite);
  options.log(
    `${label}: against ${revision}: page step CPU per page ${ratios.pageStepCpuPerPage.ratio.toFixed(2)}×, ` +
      `whole command ${ratios.wall.ratio.toFixed(2)}×`,
  );
}

/** Search in Chromium over the built site. */
async function searchFor(run: SizeRun, browser: Browser): Promise<void> {
  const { options, label, result } = run;
  options.log(`${label}: search in Chromium…`);
  result.search = await runSearchStage(run.siteDir, browser, {
    organisations: result.organisations,
    seed: options.seed,
  });
  const slowest = Math.max(...result.search.cold.map((query) => query.firstResultsMs));
  const { search, match } = result.search.mainThread!;
  options.log(
    `${label}: search index ${result.search.index.bytes} bytes; slowest cold query ${slowest} ms; ` +
      `warm keystroke max ${result.search.keystrokes.maxWarmMs} ms; longest task of search.html?q=${search.query} ` +
      `${search.longestTaskMs.join(', ')} ms, of match.html over ${match.lines} lines ${match.longestTaskMs.join(', ')} ms`,
  );
}

/** The editions kept for good: a first edition and ordinary nights, written and measured. */
async function historyFor(run: SizeRun): Promise<void> {
  const { options, label, result, dataDir, folder } = run;
  options.log(`${label}: history, a first edition and ${HISTORY_NIGHTS} nights of 1% changes…`);
  result.history = await runHistoryStage({
    organisations: result.organisations,
    seed: options.seed,
    folder: join(folder, 'history'),
    nights: HISTORY_NIGHTS,
    ...(hasCompleteData(dataDir, result.organisations) ? { crawledDataDir: dataDir } : {}),
    log: options.log,
  });
  const { history } = result;
  options.log(
    `${label}: history: first edition ${history.firstEdition.bytes} bytes; a year scaled ` +
      `${history.year.editionsBytes} bytes, history file ${history.year.historyBytes}; whole stage ${history.wallSeconds.toFixed(1)} s`,
  );
}

export async function runBenchmark(options: BenchmarkOptions): Promise<BenchmarkResults> {
  const startLoad = loadAverage();
  const worker: WorkerOptions =
    options.profileDir === undefined
      ? {}
      : { execArgv: ['--cpu-prof', `--cpu-prof-dir=${resolve(options.profileDir)}`] };
  const sizes: SizeResult[] = [];
  let browser: Browser | undefined;
  try {
    for (const organisations of options.sizes) {
      const run = sizeRun(options, organisations, worker);
      sizes.push(run.result);
      await crawlFor(run);
      await sweepsFor(run);
      if (options.paired !== undefined) await pairFor(run, options.paired);
      const measured = options.stages.includes('site');
      const searched = options.stages.includes('search');
      const comparing = (options.compare ?? []).includes('pagefind');
      const auditing = options.lighthouse === true;
      await siteFor(run, measured, searched || comparing || auditing);
      if (measured || searched) run.result.pageWeight = await measurePageWeight(run.siteDir);
      if (searched) {
        browser ??= await options.launchBrowser();
        await searchFor(run, browser);
      }
      if (comparing) {
        browser ??= await options.launchBrowser();
        if (options.network === undefined) run.result.pagefind = await comparePagefind(run, browser);
        else run.result.phone = await compareOverNetwork(run, browser, NETWORKS[options.network]);
      }
      if (auditing) {
        options.log(`${run.label}: a night of many changes, for the changes pages' audit…`);
        const night = await buildNightOfChanges(join(run.folder, 'night-of-changes'));
        options.log(`${run.label}: Lighthouse audits each page kind…`);
        run.result.lighthouse = await auditSite(run.siteDir, LIGHTHOUSE_RUNS, loadAverage, night);
      }
      if (options.stages.includes('history')) await historyFor(run);
    }
  } finally {
    await browser?.close();
    await removeDiscarded(resolve(options.workDir));
  }
  const calibration = calibrate();
  // Each table row carries the calibration of its own run, which a later --merge keeps beside it.
  for (const size of sizes) {
    for (const figures of [size.site, size.search, size.pagefind, size.phone]) {
      if (figures !== undefined) figures.calibrationMs = calibration.medianMs;
    }
  }
  return {
    date: new Date().toISOString(),
    command: options.command,
    machine: describeMachine(),
    calibration,
    loadAverage: { start: startLoad, end: loadAverage() },
    settings: {
      seed: options.seed,
      latencyMs: options.latencyMs,
      jitterMs: options.jitterMs,
      concurrency: options.concurrency,
    },
    sizes,
    targets: checkTargets(sizes),
  };
}

/** Pagefind's index of the site's organisation pages, written beside the site. */
async function pagefindIndex(run: SizeRun) {
  const { folder, siteDir, label } = run;
  const pagefindDir = join(folder, 'pagefind');
  run.options.log(`${label}: Pagefind indexes the organisation pages…`);
  const index = await indexWithPagefind(siteDir, pagefindDir);
  run.options.log(
    `${label}: Pagefind: ${index.pages} pages, ${index.files} files, ${index.bytes} bytes in ${index.seconds} s; ` +
      'both engines timed…',
  );
  return { index, pagefindDir };
}

/** Both engines' cold queries through `network`, served by one server, each query's runs in turn. */
async function compareOverNetwork(
  run: SizeRun,
  browser: Browser,
  network: NetworkConditions,
): Promise<PhoneComparison> {
  const { siteDir } = run;
  const { pagefindDir } = await pagefindIndex(run);
  const server = await serveForComparison(siteDir, pagefindDir, network);
  try {
    const load = loadAverage();
    const { origin } = server;
    const orgdir = await orgdirColdQueries({ siteDir, browser, origin, runs: NETWORK_RUNS });
    const pagefind = await pagefindColdQueries({ origin, pagefindDir, browser, runs: NETWORK_RUNS });
    return { network, orgdir, pagefind, loadAverage: Math.max(load, loadAverage()) };
  } finally {
    await server.close();
  }
}

/** Pagefind indexes the site, then both engines are timed over one server, orgdir from file:// too. */
async function comparePagefind(run: SizeRun, browser: Browser): Promise<PagefindComparison> {
  const { siteDir } = run;
  const { index, pagefindDir } = await pagefindIndex(run);
  const server = await serveForComparison(siteDir, pagefindDir);
  try {
    const load = loadAverage();
    const runs = 7;
    const orgdirFile = await benchmarkSearch({ siteDir, browser, runs });
    const orgdirHttp = await benchmarkSearch({ siteDir, browser, runs, origin: server.origin });
    const pagefind = await benchmarkPagefind({ origin: server.origin, pagefindDir, browser, runs });
    return { index, pagefind, orgdirHttp, orgdirFile, loadAverage: Math.max(load, loadAverage()) };
  } finally {
    await server.close();
  }
}

/** Writes each file formatted as the repository's formatter would, so that the lint stays clean. */
export async function writeBenchmarkFiles(
  results: BenchmarkResults,
  files: { markdown?: string; json: readonly string[] },
): Promise<void> {
  const write = async (path: string, text: string) => {
    await mkdir(dirname(resolve(path)), { recursive: true });
    const config = (await resolveConfig(resolve(path))) ?? {};
    await writeFile(path, await format(text, { ...config, filepath: resolve(path) }));
  };
  if (files.markdown !== undefined) await write(files.markdown, formatBenchmarkReport(results));
  for (const path of files.json) await write(path, `${JSON.stringify(results, null, 2)}\n`);
}
