// Measures the search of a built site in Chromium from file:// (or over http), as a reader meets it: index size
// on disk, bytes and time to first results on a cold page, and time per keystroke of queries the
// page has not been asked before (the engine keeps the results of its last 64 words, so a query
// typed twice is answered from memory the second time and says nothing of a reader's wait).
// Called by the benchmark script with a browser it launched.
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page, Request } from 'playwright';
import { median } from './statistics.ts';
import { RESULTS_EVENT, SEARCH_DIR } from '../../src/search/format/options.ts';

export interface BenchmarkQuery {
  kind: string;
  query: string;
}

/** Queries that suit the sample register; pass others for other data. */
const DEFAULT_BENCHMARK_QUERIES: readonly BenchmarkQuery[] = [
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
  /** Every request begun before the first results were drawn: the page, its scripts and styles, the index files. */
  requests?: number;
}

export interface SearchBenchmark {
  /** Files under `search/` and their bytes, by kind (core, terms, positions, docs, facets, client). */
  index: { files: number; bytes: number; byKind: Record<string, { files: number; bytes: number }> };
  clientBytes: number;
  cold: ColdQueryFigures[];
  /**
   * Each keystroke, until its results are shown, of typing `typed` into a page whose index core
   * has loaded and that has answered nothing yet (`firstMs`: a keystroke may load a shard), then
   * of typing `warmTyped`, which shares no word prefix with `typed`, into the same page
   * (`warmMs`: the shards of the first phrase loaded, nothing of this one answered before).
   */
  keystrokes: {
    typed: string;
    warmTyped: string;
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

/** The kind of an index file by its path under `search/`: its folder, or `client` for search.js. */
export function indexFileKind(path: string): string {
  if (path.includes('/')) return path.split('/')[0]!;
  const name = path.replace(/\.js$/, '');
  return name === 'search' ? 'client' : name;
}

/** What the search box holds after each keystroke of typing `text`. */
export function keystrokeTexts(text: string): string[] {
  return Array.from({ length: text.length }, (_, index) => text.slice(0, index + 1));
}

/** Every word prefix that typing `text` one character at a time asks the engine for. */
export function typedPrefixes(text: string): Set<string> {
  const prefixes = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    for (let length = 1; length <= word.length; length += 1) prefixes.add(word.slice(0, length));
  }
  return prefixes;
}

/** The word prefixes of `next` that typing `seen` already asked for: none for an unseen query. */
export function alreadyAsked(seen: string, next: string): string[] {
  const asked = typedPrefixes(seen);
  return [...typedPrefixes(next)].filter((prefix) => asked.has(prefix));
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

/** An engine's files by kind, and each file's size by its path under its folder. */
export async function indexFiles(
  searchDir: string,
  kindOf: (path: string) => string = indexFileKind,
): Promise<{ byKind: SearchBenchmark['index']['byKind']; sizes: Map<string, number> }> {
  const byKind: SearchBenchmark['index']['byKind'] = {};
  const sizes = new Map<string, number>();
  for (const file of await filesUnder(searchDir)) {
    const bytes = (await stat(file)).size;
    const path = relative(searchDir, file).split(sep).join('/');
    sizes.set(path, bytes);
    const kind = kindOf(path);
    const entry = (byKind[kind] ??= { files: 0, bytes: 0 });
    entry.files += 1;
    entry.bytes += bytes;
  }
  return { byKind, sizes };
}

/** Where an engine's index files are served, which of them count as index, and the mark its page sets. */
export interface IndexFolder {
  folderUrl: string;
  sizes: ReadonlyMap<string, number>;
  /** Whether a file read counts as index (not the engine's own code). */
  isIndex: (path: string) => boolean;
  /** The performance mark the page sets when its first results are drawn, with `{ total }`. */
  mark: string;
}

/** One query from a cold page, `runs` times: the time to its first results and the index files it read. */
/**
 * Whether the browser answered a request over http from its own cache, sending nothing: the
 * worker's script, which the page has just read, where the host names the file's version (as
 * the phone network's server does). Its timing then has no request start.
 */
export function answeredFromCache(request: Request): boolean {
  return /^https?:/.test(request.url()) && request.timing().requestStart < 0;
}

async function coldQuery(
  browser: Browser,
  pageUrl: URL,
  benchmarkQuery: BenchmarkQuery,
  index: IndexFolder,
  runs: number,
): Promise<ColdQueryFigures> {
  const times: number[] = [];
  let figures: Omit<ColdQueryFigures, 'firstResultsMs' | 'fastestMs'> | undefined;
  for (let run = 0; run < runs; run += 1) {
    // A new context each time: nothing cached from the previous run.
    const context = await browser.newContext();
    const page = await context.newPage();
    const url = new URL(pageUrl);
    url.searchParams.set('q', benchmarkQuery.query);
    const requested: Request[] = [];
    page.on('request', (request) => requested.push(request));
    await page.goto(url.href, { waitUntil: 'commit' });
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, index.mark);
    const timing = await page.evaluate((mark) => {
      const entry = performance.getEntriesByName(mark)[0] as PerformanceMark;
      return {
        shown: entry.startTime,
        shownAt: performance.timeOrigin + entry.startTime,
        total: (entry.detail as { total: number }).total,
      };
    }, index.mark);
    // What the first results needed: the files asked for before they were drawn, by each
    // request's own start, not by when the benchmark heard of it (the filters' counts, which
    // follow, are left out however fast they come). A request's start is known once its response
    // has come (until then Playwright says 0), so every response is awaited first.
    await Promise.all(requested.map((request) => request.response().catch(() => null)));
    const before = requested.filter((request) => {
      const { startTime } = request.timing();
      return startTime > 0 && startTime <= timing.shownAt && !answeredFromCache(request);
    });
    const read = before
      .map((request) => request.url())
      .filter((name) => name.startsWith(index.folderUrl))
      .map((name) => decodeURIComponent(name.slice(index.folderUrl.length).split('?')[0]!))
      .filter((path) => index.sizes.has(path) && index.isIndex(path));
    times.push(timing.shown);
    figures = {
      ...benchmarkQuery,
      total: timing.total,
      indexFiles: read.length,
      indexBytes: read.reduce((sum, path) => sum + index.sizes.get(path)!, 0),
      requests: before.length,
      runs,
    };
    await context.close();
  }
  return { ...figures!, firstResultsMs: round(median(times)), fastestMs: round(Math.min(...times)) };
}

/** The two passes of typing; the second must ask the engine nothing the first asked. */
export function typingPasses(
  typed = 'galway community development',
  warmTyped = 'sligo youth arts',
): { typed: string; warmTyped: string } {
  const repeated = alreadyAsked(typed, warmTyped);
  if (repeated.length > 0) {
    throw new RangeError(
      `"${warmTyped}" repeats what "${typed}" asked (${repeated.join(', ')}): the engine would answer from memory`,
    );
  }
  return { typed, warmTyped };
}

/**
 * Each keystroke's time to results, by `keystroke` in one page: `typed` into a page that has
 * answered nothing yet, the box emptied, then `warmTyped`.
 */
export async function typeBothPasses(
  passes: { typed: string; warmTyped: string },
  keystroke: (text: string) => Promise<number>,
): Promise<{ first: number[]; warm: number[] }> {
  const first: number[] = [];
  for (const text of keystrokeTexts(passes.typed)) first.push(round(await keystroke(text)));
  await keystroke('');
  const warm: number[] = [];
  for (const text of keystrokeTexts(passes.warmTyped)) warm.push(round(await keystroke(text)));
  return { first, warm };
}

/** Each keystroke's time to results on the search page, both passes in one fresh page. */
async function keystrokeTimes(
  browser: Browser,
  pageUrl: URL,
  passes: { typed: string; warmTyped: string },
): Promise<{ first: number[]; warm: number[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(pageUrl.href);
  await page.waitForFunction(() =>
    document.querySelector('[data-search-status]')?.textContent?.startsWith('Type'),
  );
  const times = await typeBothPasses(passes, (text) => typeAndTime(page, text));
  await context.close();
  return times;
}

/** Where orgdir's search is read from: a built site, from file:// or served over http. */
interface OrgdirSearchOptions {
  siteDir: string;
  browser: Browser;
  /** The search page, relative to the site. Default `search.html`. */
  page?: string;
  /** Where the site is served over http (`http://127.0.0.1:8080`); default: read from file://. */
  origin?: string;
  queries?: readonly BenchmarkQuery[];
  /** Cold page loads per query (default 3); the median and the fastest are reported. */
  runs?: number;
}

/** The search page's address and its index files. */
async function orgdirPage(options: OrgdirSearchOptions) {
  const searchDir = join(options.siteDir, SEARCH_DIR);
  const { byKind, sizes } = await indexFiles(searchDir);
  const pageUrl =
    options.origin === undefined
      ? pathToFileURL(join(options.siteDir, options.page ?? 'search.html'))
      : new URL(options.page ?? 'search.html', `${options.origin}/`);
  const folderUrl = new URL(`${SEARCH_DIR}/`, pageUrl).href;
  const index = { folderUrl, sizes, isIndex: (path: string) => path !== 'search.js', mark: RESULTS_EVENT };
  return { byKind, sizes, pageUrl, index };
}

/** Each query from a cold search page, `runs` times. */
export async function coldQueries(
  browser: Browser,
  pageUrl: URL,
  index: IndexFolder,
  queries: readonly BenchmarkQuery[] = DEFAULT_BENCHMARK_QUERIES,
  runs = 3,
): Promise<ColdQueryFigures[]> {
  const cold: ColdQueryFigures[] = [];
  for (const benchmarkQuery of queries) {
    cold.push(await coldQuery(browser, pageUrl, benchmarkQuery, index, Math.max(1, runs)));
  }
  return cold;
}

/** orgdir's cold queries alone (no typing): what a reader who opens a search link waits for. */
export async function orgdirColdQueries(options: OrgdirSearchOptions): Promise<ColdQueryFigures[]> {
  const { pageUrl, index } = await orgdirPage(options);
  return coldQueries(options.browser, pageUrl, index, options.queries, options.runs);
}

export async function benchmarkSearch(
  options: OrgdirSearchOptions & {
    /** Typed one character at a time into a page that has answered nothing yet. */
    typed?: string;
    /** Typed next into the same page; must share no word prefix with `typed`. */
    warmTyped?: string;
  },
): Promise<SearchBenchmark> {
  const passes = typingPasses(options.typed, options.warmTyped);
  const { byKind, sizes, pageUrl, index } = await orgdirPage(options);
  const cold = await coldQueries(options.browser, pageUrl, index, options.queries, options.runs);
  const { first, warm } = await keystrokeTimes(options.browser, pageUrl, passes);

  return searchFigures(byKind, sizes.get('search.js') ?? 0, cold, { ...passes, first, warm });
}

/** An engine's figures: its files, its cold queries and its keystrokes with their medians and worst. */
export function searchFigures(
  byKind: SearchBenchmark['index']['byKind'],
  clientBytes: number,
  cold: ColdQueryFigures[],
  keys: { typed: string; warmTyped: string; first: number[]; warm: number[] },
): SearchBenchmark {
  const kinds = Object.values(byKind);
  return {
    index: {
      files: kinds.reduce((sum, { files }) => sum + files, 0),
      bytes: kinds.reduce((sum, { bytes }) => sum + bytes, 0),
      byKind,
    },
    clientBytes,
    cold,
    keystrokes: {
      typed: keys.typed,
      warmTyped: keys.warmTyped,
      firstMs: keys.first,
      warmMs: keys.warm,
      medianFirstMs: median(keys.first),
      maxFirstMs: Math.max(0, ...keys.first),
      medianWarmMs: median(keys.warm),
      maxWarmMs: Math.max(0, ...keys.warm),
    },
  };
}
