// Measures the search of a built site in Chromium from file://, as a reader meets it: index size
// on disk, bytes and time to first results on a cold page, and time per keystroke once warm.
// Called by the benchmark script with a browser it launched.
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright';
import { RESULTS_EVENT, SEARCH_DIR } from './options.ts';

export interface BenchmarkQuery {
  kind: string;
  query: string;
}

/** Queries that suit the sample register; pass others for other data. */
export const DEFAULT_BENCHMARK_QUERIES: readonly BenchmarkQuery[] = [
  { kind: 'one word', query: 'galway' },
  { kind: 'prefix', query: 'commun' },
  { kind: 'phrase', query: '"social housing"' },
  { kind: 'phrase and word', query: '"community development" cork' },
];

export interface ColdQueryFigures extends BenchmarkQuery {
  /** Matches found. */
  total: number;
  /** From the start of navigation to the results in the page: the median of the runs, and the fastest. */
  firstResultsMs: number;
  fastestMs: number;
  runs: number;
  /** Index files read for this query, and their bytes (the client script not included). */
  indexFiles: number;
  indexBytes: number;
}

export interface SearchBenchmark {
  /** Files under `search/` and their bytes, by kind (core, terms, positions, docs, facets, client). */
  index: { files: number; bytes: number; byKind: Record<string, { files: number; bytes: number }> };
  clientBytes: number;
  cold: ColdQueryFigures[];
  /**
   * Each keystroke of typing `typed` into a page whose core has loaded, until its results are
   * shown: the first time (a keystroke may load a shard) and again once warm.
   */
  keystrokes: {
    typed: string;
    firstMs: number[];
    warmMs: number[];
    medianFirstMs: number;
    maxFirstMs: number;
    medianWarmMs: number;
    maxWarmMs: number;
  };
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0
    ? 0
    : sorted.length % 2 === 1
      ? sorted[middle]!
      : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Waits in the page for the next results event and returns the milliseconds since `since` (page clock). */
async function typeAndTime(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (value) =>
      new Promise<number>((resolve) => {
        const container = document.querySelector('[data-search]')!;
        const input = container.querySelector<HTMLInputElement>('input[type="search"]')!;
        const started = performance.now();
        container.addEventListener(
          'orgdir-search-results',
          () => requestAnimationFrame(() => resolve(performance.now() - started)),
          { once: true },
        );
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    text,
  );
}

export async function benchmarkSearch(options: {
  siteDir: string;
  browser: Browser;
  /** The search page, relative to the site. Default `search.html`. */
  page?: string;
  queries?: readonly BenchmarkQuery[];
  /** Cold page loads per query (default 3); the median and the fastest are reported. */
  runs?: number;
  /** Typed one character at a time into a warm page. */
  typed?: string;
}): Promise<SearchBenchmark> {
  const searchDir = join(options.siteDir, SEARCH_DIR);
  const byKind: SearchBenchmark['index']['byKind'] = {};
  const sizes = new Map<string, number>();
  for (const file of await filesUnder(searchDir)) {
    const bytes = (await stat(file)).size;
    const path = relative(searchDir, file).split(sep).join('/');
    sizes.set(path, bytes);
    const kind = path.includes('/')
      ? path.split('/')[0]!
      : path.replace(/\.js$/, '') === 'search'
        ? 'client'
        : path.replace(/\.js$/, '');
    const entry = (byKind[kind] ??= { files: 0, bytes: 0 });
    entry.files += 1;
    entry.bytes += bytes;
  }
  const pageUrl = pathToFileURL(join(options.siteDir, options.page ?? 'search.html'));

  const cold: ColdQueryFigures[] = [];
  const runs = Math.max(1, options.runs ?? 3);
  for (const benchmarkQuery of options.queries ?? DEFAULT_BENCHMARK_QUERIES) {
    const times: number[] = [];
    let figures: Omit<ColdQueryFigures, 'firstResultsMs' | 'fastestMs'> | undefined;
    for (let run = 0; run < runs; run += 1) {
      // A new context each time: nothing cached from the previous run.
      const context = await options.browser.newContext();
      const page = await context.newPage();
      const url = new URL(pageUrl);
      url.searchParams.set('q', benchmarkQuery.query);
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await page.goto(url.href, { waitUntil: 'commit' });
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, RESULTS_EVENT);
      const timing = await page.evaluate((mark) => {
        const entry = performance.getEntriesByName(mark)[0] as PerformanceMark;
        return { shown: entry.startTime, total: (entry.detail as { total: number }).total };
      }, RESULTS_EVENT);
      const indexFiles = requested
        .filter((name) => name.startsWith('file:'))
        .map((name) => relative(searchDir, fileURLToPath(name)).split(sep).join('/'))
        .filter((path) => sizes.has(path) && path !== 'search.js');
      times.push(timing.shown);
      figures = {
        ...benchmarkQuery,
        total: timing.total,
        indexFiles: indexFiles.length,
        indexBytes: indexFiles.reduce((sum, path) => sum + sizes.get(path)!, 0),
        runs,
      };
      await context.close();
    }
    cold.push({ ...figures!, firstResultsMs: round(median(times)), fastestMs: round(Math.min(...times)) });
  }

  const typed = options.typed ?? 'galway community development';
  const context = await options.browser.newContext();
  const page = await context.newPage();
  await page.goto(pageUrl.href);
  await page.waitForFunction(() =>
    document.querySelector('[data-search-status]')?.textContent?.startsWith('Type'),
  );
  // The first time each keystroke may load a shard; the second time everything it needs is loaded.
  const first: number[] = [];
  for (let length = 1; length <= typed.length; length += 1)
    first.push(round(await typeAndTime(page, typed.slice(0, length))));
  await typeAndTime(page, '');
  const warm: number[] = [];
  for (let length = 1; length <= typed.length; length += 1)
    warm.push(round(await typeAndTime(page, typed.slice(0, length))));
  await context.close();

  const kinds = Object.values(byKind);
  return {
    index: {
      files: kinds.reduce((sum, { files }) => sum + files, 0),
      bytes: kinds.reduce((sum, { bytes }) => sum + bytes, 0),
      byKind,
    },
    clientBytes: sizes.get('search.js') ?? 0,
    cold,
    keystrokes: {
      typed,
      firstMs: first,
      warmMs: warm,
      medianFirstMs: median(first),
      maxFirstMs: Math.max(0, ...first),
      medianWarmMs: median(warm),
      maxWarmMs: Math.max(0, ...warm),
    },
  };
}
