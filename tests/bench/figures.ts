// The benchmark's arithmetic, kept pure so a unit test can hold it: the crawl's bound, the
// site's rates and scaling, page weights, and which target each figure meets.
import { formatBytes } from '../../src/lib/bytes.ts';
import type { SiteMeasure } from '../../src/hosting/limits.ts';
import type { ColdQueryFigures, SearchBenchmark } from './search-timing.ts';
import type { NetworkConditions } from '../support/static-server.ts';
import type { Calibration } from './calibration.ts';
import type { LighthouseFigures } from './lighthouse.ts';
import type { PagefindIndexFigures } from './pagefind.ts';
import { historyChecks, type HistoryFigures } from './history-figures.ts';
import { mainThreadChecks, type MainThreadFigures } from './main-thread-figures.ts';
import { median } from './statistics.ts';

export { median };

/** What the machine was while the figures were taken. */
export interface MachineDescription {
  cpu: string;
  cores: number;
  memoryBytes: number;
  os: string;
  node: string;
}

export interface CrawlFigures {
  organisations: number;
  /** Organisations whose record the crawl stored (must equal `organisations`). */
  stored: number;
  /** Requests the sample API received, by operation, and in all. */
  requests: number;
  requestsByOperation: Record<string, number>;
  latencyMs: number;
  concurrency: number;
  /** From starting the crawl command to its exit. */
  wallSeconds: number;
  /** Seconds from the start at which each phase of the crawl began (lists, discover, organisations). */
  phases: Record<string, number>;
  /** R·L/C: the time the requests take at the set latency and concurrency with no other cost. */
  boundSeconds: number;
  /** wallSeconds / boundSeconds. */
  ratio: number;
  /** Crawler process CPU seconds (user + system). */
  cpuSeconds: number;
  /** The sample API's CPU seconds during the crawl: its share of the two cores. */
  apiCpuSeconds: number;
  peakRssBytes: number;
  loadAverage: number;
}

/** One crawl of a sample API whose search cuts every answer at `searchCap`: what the sweep reached. */
export interface SweepFigures {
  organisations: number;
  searchCap: number;
  /** Organisations on some list. */
  listed: number;
  /** Organisations of the register whose record the crawl stored. */
  stored: number;
  /** stored / organisations. */
  coverage: number;
  /** Searches the sample API answered. */
  searches: number;
  /** searches / organisations. */
  searchShare: number;
  cappedAnswers: number;
  cappedAnswersSplit: number;
  stopped: string;
  requests: number;
  wallSeconds: number;
  boundSeconds: number;
  ratio: number;
  cpuSeconds: number;
}

export interface SiteFigures {
  organisations: number;
  pages: number;
  files: number;
  bytes: number;
  /** Seconds Astro spent rendering pages (the `pages` step). */
  renderSeconds: number;
  /** Pages per second of rendering. */
  pagesPerSecond: number;
  /** Milliseconds of rendering per page. */
  msPerPage: number;
  /** The whole site stage, from reading the data folder to the last archive. */
  totalSeconds: number;
  /** Wall and CPU seconds of each step. */
  timings: Record<string, number>;
  cpuTimings: Record<string, number>;
  /** The stage's peak resident memory once each step had run (it only grows). */
  peakMemory: Record<string, number>;
  peakRssBytes: number;
  loadAverage: number;
  /** The calibration workload's median, in ms, in the run that took these figures. */
  calibrationMs?: number;
  /** What a host sees of the site folder: bytes, files, the widest folder, the largest file. */
  hosting?: SiteMeasure;
  /** The offline copy written beside the site (orgdir-site.tar.gz), in bytes. */
  offlineBytes?: number;
}

/** One build of the site command (`npm run site`), measured from outside its process. */
export interface PairedSiteBuild {
  wallSeconds: number;
  /** CPU seconds of the command's processes together (user and system). */
  cpuSeconds: number;
  /** The most resident memory of the command's processes together (sampled every 100 ms). */
  peakRssBytes: number;
  pages: number;
  /** The page step's wall and CPU seconds, as the command printed them. */
  pageStepSeconds: number;
  pageStepCpuSeconds: number;
  /** Every step's wall and CPU seconds, as the command printed them. */
  steps?: Record<string, { seconds: number; cpuSeconds: number }>;
}

/** The site command of this checkout and of an earlier revision, built in turn over the same data. */
export interface PairedSiteFigures {
  organisations: number;
  /** The earlier side: the revision as given, and its commit. */
  against: { revision: string; commit: string };
  /** The checkout's commit, and whether it had changes not yet committed. */
  checkout: { commit: string; changed: boolean };
  pairs: { olderFirst: boolean; against: PairedSiteBuild; checkout: PairedSiteBuild }[];
  /** The calibration workload's median, in ms, before the first build and after the last. */
  calibration: { before: number; after: number };
  loadAverage: number;
}

/** How many times the earlier side's figure the checkout's is smaller: above 1 is better now. */
export interface PairedRatio {
  /** The earlier side's median over the checkout's median. */
  ratio: number;
  /** The same, pair by pair, in the order they ran. */
  pairs: number[];
}

/** "1.09× (pairs 1.11×, 1.02×, 1.07×)": the ratio, then each pair's. */
export function formatPairedRatio(ratio: PairedRatio): string {
  return `${ratio.ratio.toFixed(2)}× (pairs ${ratio.pairs.map((value) => `${value.toFixed(2)}×`).join(', ')})`;
}

function pairedRatio(figures: PairedSiteFigures, measure: (build: PairedSiteBuild) => number): PairedRatio {
  const older = figures.pairs.map(({ against }) => measure(against));
  const newer = figures.pairs.map(({ checkout }) => measure(checkout));
  return { ratio: median(older) / median(newer), pairs: older.map((value, index) => value / newer[index]!) };
}

/** The page step's CPU per page, the whole command's wall time and CPU, and the peak memory, as ratios. */
export function pairedRatios(
  figures: PairedSiteFigures,
): Record<'pageStepCpuPerPage' | 'wall' | 'cpu' | 'peak', PairedRatio> {
  return {
    pageStepCpuPerPage: pairedRatio(figures, (build) => build.pageStepCpuSeconds / build.pages),
    wall: pairedRatio(figures, (build) => build.wallSeconds),
    cpu: pairedRatio(figures, (build) => build.cpuSeconds),
    peak: pairedRatio(figures, (build) => build.peakRssBytes),
  };
}

export interface PageWeight {
  organisationPages: number;
  medianBytes: number;
  largestBytes: number;
  /** The largest page, relative to the site. */
  largestPage: string;
}

export interface SearchFigures extends SearchBenchmark {
  /** The longest tasks of the search page and of the list matcher's page, from file://. */
  mainThread?: MainThreadFigures;
  loadAverage: number;
  /** The calibration workload's median, in ms, in the run that took these figures. */
  calibrationMs?: number;
}

/** orgdir's search beside Pagefind's on the same site, in one browser, one sitting. */
export interface PagefindComparison {
  /** Pagefind's index of the site's organisation pages. */
  index: PagefindIndexFigures;
  pagefind: SearchBenchmark;
  /** orgdir's search served by the same server as Pagefind's. */
  orgdirHttp: SearchBenchmark;
  /** orgdir's search from file://, as the offline copy reads it. */
  orgdirFile: SearchBenchmark;
  loadAverage: number;
  /** The calibration workload's median, in ms, in the run that took these figures. */
  calibrationMs?: number;
}

/** Both engines' cold queries over a phone's network (`--network phone`), one server for both. */
export interface PhoneComparison {
  network: NetworkConditions;
  orgdir: ColdQueryFigures[];
  pagefind: ColdQueryFigures[];
  loadAverage: number;
  /** The calibration workload's median, in ms, in the run that took these figures. */
  calibrationMs?: number;
}

export interface SizeResult {
  organisations: number;
  pagefind?: PagefindComparison;
  /** Search beside Pagefind's over a phone's network. */
  phone?: PhoneComparison;
  crawl?: CrawlFigures;
  sweeps?: SweepFigures[];
  site?: SiteFigures;
  /** The site command beside an earlier revision's (`--against`). */
  pairedSite?: PairedSiteFigures;
  pageWeight?: PageWeight;
  search?: SearchFigures;
  /** Lighthouse's audit of each page kind. */
  lighthouse?: LighthouseFigures;
  /** What keeping every edition costs (tests/bench/history.ts). */
  history?: HistoryFigures;
}

export interface BenchmarkResults {
  /** ISO time the run ended. */
  date: string;
  /** The command that produced these figures. */
  command: string;
  machine: MachineDescription;
  /** The machine's time for a fixed workload during this run: divide a time by it to compare days. */
  calibration?: Calibration;
  /** One-minute load average when the run started and ended. */
  loadAverage: { start: number; end: number };
  settings: { seed: string; latencyMs: number; jitterMs: number; concurrency: number };
  sizes: SizeResult[];
  targets: TargetCheck[];
}

export interface TargetCheck {
  stage:
    | 'crawl'
    | 'sweep'
    | 'site'
    | 'search'
    | 'match'
    | 'pagefind'
    | 'phone'
    | 'page weight'
    | 'hosting'
    | 'lighthouse'
    | 'history';
  target: string;
  /** The figure measured, as shown. */
  measured: string;
  met: boolean;
}

/** The time R requests take at latency L with C in flight and nothing else costing time. */
export function crawlBoundSeconds(requests: number, latencyMs: number, concurrency: number): number {
  if (!(concurrency >= 1)) throw new RangeError('concurrency must be at least 1');
  return (requests * latencyMs) / concurrency / 1000;
}

/** Median and largest of the organisation pages' sizes. */
export function pageWeight(pages: readonly { path: string; bytes: number }[]): PageWeight {
  let largest = { path: '', bytes: 0 };
  for (const page of pages) if (page.bytes > largest.bytes) largest = page;
  return {
    organisationPages: pages.length,
    medianBytes: median(pages.map((page) => page.bytes)),
    largestBytes: largest.bytes,
    largestPage: largest.path,
  };
}

/** How much a page costs at the larger size relative to the smaller (1 = it scales linearly). */
function perPageScaling(small: SiteFigures, large: SiteFigures): number {
  return large.msPerPage / small.msPerPage;
}

export const TARGETS = {
  crawlRatio: 1.15,
  crawlMinRequests: 10_000,
  /** The sweep: share of the register stored, and most searches per organisation. */
  sweepCoverage: 0.995,
  sweepSearchShare: 0.1,
  /** The sweep's targets are set for registers of this size and more. */
  sweepMinOrganisations: 10_000,
  sitePagesPerSecond: 1000,
  sitePeakBytes30k: 1024 ** 3,
  /** The site stage at the hosting budget's size: the largest part of a nightly `npm run build`. */
  sitePeakBytes35k: 0.9 * 1024 ** 3,
  /**
   * Against the site stage of c0339a8, at 30,000 organisations, in paired builds: the page step's
   * CPU per page, and the whole command's wall time, this many times smaller.
   */
  pairedBaseline: 'c0339a8',
  pairedOrganisations: 30_000,
  pairedPageStepCpuRatio: 1.5,
  pairedWallRatio: 1.35,
  siteSeconds100k: 150,
  sitePeakBytes100k: 1.5 * 1024 ** 3,
  siteScaling: 1.3,
  budgetOrganisations: 35_000,
  siteBytes: 500_000_000,
  folderEntries: 40_000,
  offlineBytes: 120_000_000,
  searchColdMs: 1000,
  /** The slowest keystroke of a query the page has not answered before, in a page whose core has loaded. */
  searchWarmKeystrokeMs: 100,
  /** Every organisation page, in bytes (30 kB); the site's own tests hold the fixture pages to it too. */
  organisationPageBytes: 30_000,
  /** Beside Pagefind (its search over http; orgdir's from file://): cold time and worst keystroke. */
  pagefindColdRatio: 0.35,
  pagefindColdMs: 300,
  pagefindKeystrokeRatio: 0.4,
  pagefindKeystrokeMs: 50,
  /** Over a phone's network (`--network phone`): each query's first results, beside Pagefind's, and requests before them. */
  phoneFirstResultsMs: 2000,
  phoneRatio: 0.5,
  phoneRequests: 15,
  /** Index bytes one query may load: a query of words, and one with a phrase. */
  queryWordBytes: 150_000,
  queryPhraseBytes: 300_000,
  /** Lighthouse's scores out of 100 on every page kind (mobile defaults, over http). */
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
} as const;

/** Lighthouse's scores of each page kind against their targets. */
function lighthouseChecks(size: SizeResult): TargetCheck[] {
  const label = size.organisations.toLocaleString('en');
  return (size.lighthouse?.pages ?? []).map((page) => ({
    stage: 'lighthouse',
    target: `${label} organisations, ${page.kind}: performance ≥ ${TARGETS.lighthousePerformance} and accessibility ${TARGETS.lighthouseAccessibility}`,
    measured: `${page.performance} and ${page.accessibility}`,
    met:
      page.performance >= TARGETS.lighthousePerformance &&
      page.accessibility >= TARGETS.lighthouseAccessibility,
  }));
}

/** The slowest keystroke of both passes. */
function worstKeystroke(search: SearchBenchmark): number {
  return Math.max(0, ...search.keystrokes.firstMs, ...search.keystrokes.warmMs);
}

/** The targets orgdir's search is held to beside Pagefind's, at one size. */
export function pagefindChecks(organisations: number, comparison: PagefindComparison): TargetCheck[] {
  const label = organisations.toLocaleString('en');
  const checks: TargetCheck[] = [];
  for (const ours of comparison.orgdirFile.cold) {
    const theirs = comparison.pagefind.cold.find((query) => query.query === ours.query);
    if (theirs === undefined) continue;
    const ratio = ours.firstResultsMs / theirs.firstResultsMs;
    checks.push({
      stage: 'pagefind',
      target: `${label} organisations, \`${ours.query}\`: cold first results from file:// ≤ ${TARGETS.pagefindColdRatio}× Pagefind's over http and ≤ ${TARGETS.pagefindColdMs} ms`,
      measured: `${Math.round(ours.firstResultsMs)} ms against ${Math.round(theirs.firstResultsMs)} ms (${ratio.toFixed(2)}×)`,
      met: ratio <= TARGETS.pagefindColdRatio && ours.firstResultsMs <= TARGETS.pagefindColdMs,
    });
    const phrase = ours.query.includes('"');
    const limit = phrase ? TARGETS.queryPhraseBytes : TARGETS.queryWordBytes;
    checks.push({
      stage: 'pagefind',
      target: `${label} organisations, \`${ours.query}\`: index bytes loaded ≤ ${formatBytes(limit)}`,
      measured: `${formatBytes(ours.indexBytes)} (Pagefind ${formatBytes(theirs.indexBytes)})`,
      met: ours.indexBytes <= limit,
    });
  }
  const ours = worstKeystroke(comparison.orgdirFile);
  const theirs = worstKeystroke(comparison.pagefind);
  checks.push({
    stage: 'pagefind',
    target: `${label} organisations: worst keystroke ≤ ${TARGETS.pagefindKeystrokeRatio}× Pagefind's and ≤ ${TARGETS.pagefindKeystrokeMs} ms`,
    measured: `${Math.round(ours)} ms against ${Math.round(theirs)} ms (${(ours / theirs).toFixed(2)}×)`,
    met: ours / theirs <= TARGETS.pagefindKeystrokeRatio && ours <= TARGETS.pagefindKeystrokeMs,
  });
  return checks;
}

/** The targets orgdir's search is held to over a phone's network, beside Pagefind's on the same one. */
export function phoneChecks(organisations: number, comparison: PhoneComparison): TargetCheck[] {
  const label = organisations.toLocaleString('en');
  return comparison.orgdir.flatMap((ours) => {
    const theirs = comparison.pagefind.find((query) => query.query === ours.query);
    if (theirs === undefined) return [];
    const ratio = ours.firstResultsMs / theirs.firstResultsMs;
    return [
      {
        stage: 'phone',
        target: `${label} organisations, \`${ours.query}\` over a phone's network: first results ≤ ${TARGETS.phoneFirstResultsMs} ms and ≤ ${TARGETS.phoneRatio}× Pagefind's, ≤ ${TARGETS.phoneRequests} requests before them`,
        measured: `${Math.round(ours.firstResultsMs)} ms against ${Math.round(theirs.firstResultsMs)} ms (${ratio.toFixed(2)}×), ${ours.requests ?? '?'} requests (Pagefind ${theirs.requests ?? '?'})`,
        met:
          ours.firstResultsMs <= TARGETS.phoneFirstResultsMs &&
          ratio <= TARGETS.phoneRatio &&
          ours.requests !== undefined &&
          ours.requests <= TARGETS.phoneRequests,
      },
    ];
  });
}

const GIB = 1024 ** 3;

function gib(bytes: number): string {
  return `${(bytes / GIB).toFixed(2)} GiB`;
}

/** The crawl's wall time against its bound, at each size with requests enough to tell. */
function crawlChecks(sizes: readonly SizeResult[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const size of sizes) {
    const { crawl } = size;
    if (crawl !== undefined && crawl.requests >= TARGETS.crawlMinRequests) {
      checks.push({
        stage: 'crawl',
        target: `${size.organisations.toLocaleString('en')} organisations: wall time ≤ ${TARGETS.crawlRatio}× R·L/C`,
        measured: `${crawl.ratio.toFixed(2)}× (${crawl.wallSeconds.toFixed(1)} s against ${crawl.boundSeconds.toFixed(1)} s)`,
        met: crawl.ratio <= TARGETS.crawlRatio,
      });
    }
  }
  return checks;
}

/** The sweep's coverage, searches and wall time, at each size large enough and each search cap. */
function sweepChecks(sizes: readonly SizeResult[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const size of sizes) {
    if (size.organisations < TARGETS.sweepMinOrganisations) continue;
    for (const sweep of size.sweeps ?? []) {
      const where = `${size.organisations.toLocaleString('en')} organisations, search cap ${sweep.searchCap}`;
      checks.push(
        {
          stage: 'sweep',
          target: `${where}: stored ≥ ${(TARGETS.sweepCoverage * 100).toFixed(1)}% of the register`,
          measured: `${(sweep.coverage * 100).toFixed(2)}% (${sweep.stored.toLocaleString('en')})`,
          met: sweep.coverage >= TARGETS.sweepCoverage,
        },
        {
          stage: 'sweep',
          target: `${where}: searches ≤ ${TARGETS.sweepSearchShare * 100}% of the organisations`,
          measured: `${(sweep.searchShare * 100).toFixed(1)}% (${sweep.searches.toLocaleString('en')})`,
          met: sweep.searchShare <= TARGETS.sweepSearchShare,
        },
        {
          stage: 'sweep',
          target: `${where}: wall time ≤ ${TARGETS.crawlRatio}× R·L/C`,
          measured: `${sweep.ratio.toFixed(2)}× (${sweep.wallSeconds.toFixed(1)} s against ${sweep.boundSeconds.toFixed(1)} s)`,
          met: sweep.ratio <= TARGETS.crawlRatio,
        },
      );
    }
  }
  return checks;
}

/** The site stage's speed, memory and scaling at 30,000 and 100,000 organisations. */
function siteChecks(sizes: readonly SizeResult[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const at = (organisations: number) => sizes.find((size) => size.organisations === organisations);
  const site30k = at(30_000)?.site;
  if (site30k !== undefined) {
    checks.push(
      {
        stage: 'site',
        target: '30,000 organisations: ≥ 1,000 pages/s',
        measured: `${Math.round(site30k.pagesPerSecond).toLocaleString('en')} pages/s`,
        met: site30k.pagesPerSecond >= TARGETS.sitePagesPerSecond,
      },
      {
        stage: 'site',
        target: '30,000 organisations: peak memory ≤ 1 GiB',
        measured: gib(site30k.peakRssBytes),
        met: site30k.peakRssBytes <= TARGETS.sitePeakBytes30k,
      },
    );
    const site1k = at(1_000)?.site;
    if (site1k !== undefined) {
      const scaling = perPageScaling(site1k, site30k);
      checks.push({
        stage: 'site',
        target: `per-page cost at 30,000 ≤ ${TARGETS.siteScaling}× that at 1,000`,
        measured: `${scaling.toFixed(2)}×`,
        met: scaling <= TARGETS.siteScaling,
      });
    }
  }
  const site35k = at(TARGETS.budgetOrganisations)?.site;
  if (site35k !== undefined) {
    checks.push({
      stage: 'site',
      target: '35,000 organisations: peak memory ≤ 0.9 GiB',
      measured: gib(site35k.peakRssBytes),
      met: site35k.peakRssBytes <= TARGETS.sitePeakBytes35k,
    });
  }
  const site100k = at(100_000)?.site;
  if (site100k !== undefined) {
    checks.push(
      {
        stage: 'site',
        target: '100,000 organisations: whole stage ≤ 2.5 min',
        measured: `${(site100k.totalSeconds / 60).toFixed(2)} min`,
        met: site100k.totalSeconds <= TARGETS.siteSeconds100k,
      },
      {
        stage: 'site',
        target: '100,000 organisations: peak memory ≤ 1.5 GiB',
        measured: gib(site100k.peakRssBytes),
        met: site100k.peakRssBytes <= TARGETS.sitePeakBytes100k,
      },
    );
  }
  return checks;
}

/** The site's size and widest folder, and the offline copy's size, against the budgets. */
function hostingChecks(size: SizeResult): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const hosting = size.site?.hosting;
  // The budgets are set for the real register, at most 35,000 organisations: half GitHub Pages'
  // 1 GB, and folders Netlify takes with room to spare.
  if (hosting !== undefined && size.organisations <= TARGETS.budgetOrganisations) {
    const label = size.organisations.toLocaleString('en');
    checks.push({
      stage: 'hosting',
      target: `${label} organisations: site ≤ ${formatBytes(TARGETS.siteBytes, 'limit')}, no folder over ${TARGETS.folderEntries.toLocaleString('en')} entries`,
      measured: `${formatBytes(hosting.bytes, 'limit')}, widest ${hosting.widestFolder.path || '(root)'}/ ${hosting.widestFolder.entries.toLocaleString('en')}`,
      met: hosting.bytes <= TARGETS.siteBytes && hosting.widestFolder.entries <= TARGETS.folderEntries,
    });
    const offline = size.site?.offlineBytes;
    if (offline !== undefined) {
      checks.push({
        stage: 'hosting',
        target: `${label} organisations: offline copy ≤ ${formatBytes(TARGETS.offlineBytes, 'limit')}`,
        measured: formatBytes(offline, 'limit'),
        met: offline <= TARGETS.offlineBytes,
      });
    }
  }
  return checks;
}

/** Search's first results and keystrokes, and the organisation pages' weight. */
function readerChecks(size: SizeResult): TargetCheck[] {
  const checks: TargetCheck[] = [];
  if (size.pagefind !== undefined) checks.push(...pagefindChecks(size.organisations, size.pagefind));
  if (size.phone !== undefined) checks.push(...phoneChecks(size.organisations, size.phone));
  const { search, pageWeight: weight } = size;
  const label = size.organisations.toLocaleString('en');
  if (search !== undefined) {
    const slowest = Math.max(0, ...search.cold.map((query) => query.firstResultsMs));
    // Both passes type queries the page has not answered before: a reader's keystrokes.
    const keystrokeTimes = [...search.keystrokes.firstMs, ...search.keystrokes.warmMs];
    const slowestKeystroke = Math.max(0, ...keystrokeTimes);
    const keystrokeCount = keystrokeTimes.length;
    checks.push(
      {
        stage: 'search',
        target: `${label} organisations: cold first results < ${TARGETS.searchColdMs} ms`,
        measured: `${Math.round(slowest)} ms (slowest query's median of ${search.cold[0]?.runs ?? 0} loads)`,
        met: slowest < TARGETS.searchColdMs,
      },
      {
        stage: 'search',
        target: `${label} organisations: keystroke on a new query < ${TARGETS.searchWarmKeystrokeMs} ms`,
        measured: `${slowestKeystroke} ms (slowest of ${keystrokeCount} keystrokes)`,
        met: slowestKeystroke < TARGETS.searchWarmKeystrokeMs,
      },
    );
    if (search.mainThread !== undefined)
      checks.push(...mainThreadChecks(size.organisations, search.mainThread));
  }
  if (weight !== undefined) {
    checks.push({
      stage: 'page weight',
      target: `${label} organisations: every organisation page ≤ 30 kB`,
      measured: `largest ${formatBytes(weight.largestBytes)}, median ${formatBytes(weight.medianBytes)}`,
      met: weight.largestBytes <= TARGETS.organisationPageBytes,
    });
  }
  return checks;
}

/** The paired builds' ratios against the baseline revision, where they were taken against it. */
function pairedChecks(size: SizeResult): TargetCheck[] {
  const paired = size.pairedSite;
  if (
    paired === undefined ||
    paired.organisations !== TARGETS.pairedOrganisations ||
    !paired.against.commit.startsWith(TARGETS.pairedBaseline)
  ) {
    return [];
  }
  const ratios = pairedRatios(paired);
  const label = `${paired.organisations.toLocaleString('en')} organisations, against ${TARGETS.pairedBaseline}`;
  return [
    {
      stage: 'site',
      target: `${label}: page step CPU per page ≥ ${TARGETS.pairedPageStepCpuRatio}× smaller`,
      measured: formatPairedRatio(ratios.pageStepCpuPerPage),
      met: ratios.pageStepCpuPerPage.ratio >= TARGETS.pairedPageStepCpuRatio,
    },
    {
      stage: 'site',
      target: `${label}: whole \`npm run site\` ≥ ${TARGETS.pairedWallRatio}× faster`,
      measured: formatPairedRatio(ratios.wall),
      met: ratios.wall.ratio >= TARGETS.pairedWallRatio,
    },
  ];
}

/** Every target the measured sizes can speak to, and whether it holds. */
export function checkTargets(sizes: readonly SizeResult[]): TargetCheck[] {
  return [
    ...crawlChecks(sizes),
    ...sweepChecks(sizes),
    ...siteChecks(sizes),
    ...sizes.flatMap((size) => [
      ...pairedChecks(size),
      ...hostingChecks(size),
      ...readerChecks(size),
      ...lighthouseChecks(size),
      ...(size.history === undefined ? [] : historyChecks(size.history)),
    ]),
  ];
}

/**
 * Adds a run's figures to an earlier run's: each stage measured now replaces that stage at that
 * size, the rest stays, and the targets are checked again. Both commands are kept.
 */
export function mergeResults(earlier: BenchmarkResults, later: BenchmarkResults): BenchmarkResults {
  const sizes = new Map(earlier.sizes.map((size) => [size.organisations, { ...size }]));
  for (const size of later.sizes) {
    const merged = sizes.get(size.organisations) ?? { organisations: size.organisations };
    for (const stage of [
      'crawl',
      'sweeps',
      'site',
      'pairedSite',
      'pageWeight',
      'search',
      'pagefind',
      'phone',
      'lighthouse',
      'history',
    ] as const) {
      if (size[stage] !== undefined) Object.assign(merged, { [stage]: size[stage] });
    }
    sizes.set(size.organisations, merged);
  }
  const ordered = [...sizes.values()].sort((a, b) => a.organisations - b.organisations);
  return {
    ...later,
    command: `${earlier.command}, then ${later.command}`,
    loadAverage: {
      start: earlier.loadAverage.start,
      end: later.loadAverage.end,
    },
    sizes: ordered,
    targets: checkTargets(ordered),
  };
}
