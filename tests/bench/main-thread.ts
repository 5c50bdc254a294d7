// The longest tasks of the search page and of the list matcher's page in Chromium from file://,
// over a built site (tests/bench/main-thread-figures.ts says what they mean). Called by the
// search stage with the browser the benchmark launched.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright';
import { csvRow } from '../../src/lib/csv.ts';
import { MAX_LIST_ROWS } from '../../src/lib/match-limit.ts';
import { RESULTS_EVENT } from '../../src/search/format/options.ts';
import { SHOWN_ROWS } from '../../src/match/worker.ts';
import { listLines, sampleMatchEntries } from './match-timing.ts';
import type { MainThreadFigures, PageThread } from './main-thread-figures.ts';

/** Every long task of every page of `context`, from the page's start, kept on the page's window. */
async function watchLongTasks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/**
 * A task is reported once it has ended and the page has drawn what it did: waits until the page
 * has drawn twice and gone idle, then gives the durations of the tasks begun at `since` (ms on
 * the page's clock) or later.
 */
async function longTasksSince(page: Page, since: number): Promise<number[]> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve()))),
      ),
  );
  return page.evaluate(
    (from) =>
      (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks
        .filter((task) => task.start >= from)
        .map((task) => task.duration),
    since,
  );
}

/** One run's figures from its long tasks. */
function runOf(tasks: readonly number[]): { longest: number; count: number } {
  return { longest: Math.round(Math.max(0, ...tasks)), count: tasks.length };
}

/** The search page opened cold with `query`, `runs` times, each until its results and filters' counts are drawn. */
async function searchPageThread(
  browser: Browser,
  siteDir: string,
  query: string,
  runs: number,
): Promise<MainThreadFigures['search']> {
  const thread: PageThread = { longestTaskMs: [], longTasks: [] };
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext();
    try {
      await watchLongTasks(context);
      const page = await context.newPage();
      const url = pathToFileURL(join(siteDir, 'search.html'));
      url.searchParams.set('q', query);
      await page.goto(url.href, { waitUntil: 'commit' });
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, RESULTS_EVENT, {
        timeout: 120_000,
      });
      // The filters are counted after the results are drawn: a count in an option's label.
      await page.waitForFunction(
        () =>
          /\(\d/.test(
            document.querySelector('select[data-search-filter="county"] option:not([value=""])')
              ?.textContent ?? '',
          ),
        undefined,
        { timeout: 120_000 },
      );
      const { longest, count } = runOf(await longTasksSince(page, 0));
      thread.longestTaskMs.push(longest);
      thread.longTasks.push(count);
    } finally {
      await context.close();
    }
  }
  return { query, ...thread };
}

/** match.html given the file at `listFile`, `runs` times, each from the click on Match until the rows it shows are drawn. */
async function matchPageThread(
  browser: Browser,
  siteDir: string,
  list: { file: string; lines: number },
  runs: number,
): Promise<MainThreadFigures['match']> {
  const thread: MainThreadFigures['match'] = {
    lines: list.lines,
    seconds: [],
    longestTaskMs: [],
    longTasks: [],
  };
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext();
    try {
      await watchLongTasks(context);
      const page = await context.newPage();
      await page.goto(pathToFileURL(join(siteDir, 'match.html')).href);
      await page.locator('input[type="file"]').setInputFiles(list.file);
      await page.locator('[data-match-column]').waitFor({ state: 'visible', timeout: 120_000 });
      const from = await page.evaluate(() => performance.now());
      const started = performance.now();
      await page.getByRole('button', { name: 'Match', exact: true }).click();
      await page.waitForFunction(
        () => document.querySelector('[data-match-status]')?.textContent?.startsWith('Matched'),
        undefined,
        { timeout: 600_000, polling: 100 },
      );
      thread.seconds.push(Math.round((performance.now() - started) / 100) / 10);
      await page.waitForFunction(
        (shown) => document.querySelectorAll('tbody[data-match-rows] tr').length === shown,
        Math.min(SHOWN_ROWS, list.lines),
      );
      const { longest, count } = runOf(await longTasksSince(page, from));
      thread.longestTaskMs.push(longest);
      thread.longTasks.push(count);
    } finally {
      await context.close();
    }
  }
  return thread;
}

export interface MainThreadOptions {
  siteDir: string;
  browser: Browser;
  /** The sample register the site was built from, whose names and words the list is made of. */
  organisations: number;
  seed: string;
  /** Where the list's CSV file is written. */
  listFile: string;
  /** Distinct lines of the list: the most match.html takes, by default. */
  lines?: number;
  /** Cold loads of the search page (default 3) and matches of the list (default 1). */
  searchRuns?: number;
  matchRuns?: number;
  /** The search page's query: a common word, whose results and counts are the most to draw. */
  query?: string;
}

/** Both pages' longest tasks over the built site. */
export async function measureMainThread(options: MainThreadOptions): Promise<MainThreadFigures> {
  const lines = listLines(
    sampleMatchEntries(options.seed, options.organisations),
    options.lines ?? MAX_LIST_ROWS,
    options.seed,
  );
  await writeFile(options.listFile, ['Name\r\n', ...lines.map(({ line }) => csvRow([line]))].join(''));
  const search = await searchPageThread(
    options.browser,
    options.siteDir,
    options.query ?? 'the',
    options.searchRuns ?? 3,
  );
  const match = await matchPageThread(
    options.browser,
    options.siteDir,
    { file: options.listFile, lines: lines.length },
    options.matchRuns ?? 1,
  );
  return { search, match };
}
