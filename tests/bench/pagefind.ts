// orgdir's search beside Pagefind's on the same site: Pagefind (from npm) indexes the built
// organisation pages, both are served over http by one plain server on loopback, and both are
// timed in the same browser the same way: cold time to the first page of results shown, the bytes
// each query fetched, and each keystroke's wait. Pagefind cannot run from file:// (it fetches its
// index and a WebAssembly module), so orgdir is timed over http too, beside its file:// figures.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { createIndex, close } from 'pagefind';
import { DEFAULT_LIMIT } from '../../src/search/browser/engine.ts';
import {
  coldQueries,
  indexFiles,
  searchFigures,
  typeBothPasses,
  typingPasses,
  type BenchmarkQuery,
  type ColdQueryFigures,
  type SearchBenchmark,
} from './search-timing.ts';
import { serveSite, type NetworkConditions, type SiteServer } from '../support/static-server.ts';

/** Where Pagefind's files are served, and the page that drives them. */
const PAGEFIND_PATH = 'pagefind';
const PAGEFIND_PAGE = 'pagefind-search.html';
const PAGEFIND_EVENT = 'pagefind-results';

export interface PagefindIndexFigures {
  pages: number;
  files: number;
  bytes: number;
  seconds: number;
}

/** Indexes the organisation pages of a built site into `<outputDir>/pagefind`. */
export async function indexWithPagefind(siteDir: string, outputDir: string): Promise<PagefindIndexFigures> {
  const started = performance.now();
  try {
    const { index, errors } = await createIndex({ forceLanguage: 'en' });
    if (index === undefined) throw new Error(`Pagefind: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: siteDir, glob: 'org/*.html' });
    if (added.errors.length > 0) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath: join(outputDir, PAGEFIND_PATH) });
    if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
    const { sizes } = await indexFiles(join(outputDir, PAGEFIND_PATH), pagefindFileKind);
    return {
      pages: added.page_count,
      files: sizes.size,
      bytes: [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0),
      seconds: Math.round((performance.now() - started) / 100) / 10,
    };
  } finally {
    await close();
  }
}

/**
 * The page that asks Pagefind, as its documentation's JavaScript API does: one search, then the
 * data of the first page of results, shown as a list of links with their excerpts.
 */
export function pagefindPage(resultsShown = DEFAULT_LIMIT): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pagefind</title></head>
<body><input type="search" aria-label="Search"><p data-count></p><ol data-results></ol>
<script type="module">
const pagefind = await import('./${PAGEFIND_PATH}/pagefind.js');
await pagefind.init();
const list = document.querySelector('[data-results]');
const count = document.querySelector('[data-count]');
let ticket = 0;
window.pagefindSearch = async (query) => {
  const current = ++ticket;
  const search = await pagefind.search(query);
  const shown = await Promise.all((search?.results ?? []).slice(0, ${resultsShown}).map((result) => result.data()));
  if (current !== ticket) return -1;
  count.textContent = (search?.results.length ?? 0) + ' results';
  list.replaceChildren(...shown.map((data) => {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = data.url;
    link.textContent = data.meta.title ?? data.url;
    const excerpt = document.createElement('p');
    excerpt.innerHTML = data.excerpt;
    item.append(link, excerpt);
    return item;
  }));
  return search?.results.length ?? 0;
};
const query = new URL(location.href).searchParams.get('q');
if (query) {
  const total = await window.pagefindSearch(query);
  requestAnimationFrame(() => performance.mark('${PAGEFIND_EVENT}', { detail: { total } }));
}
</script></body></html>
`;
}

/**
 * Serves the site, Pagefind's files and the Pagefind page over http on loopback: uncompressed, or
 * through `network` (gzipped, a round trip an answer, one shared downlink).
 */
export function serveForComparison(
  siteDir: string,
  pagefindDir: string,
  network?: NetworkConditions,
): Promise<SiteServer> {
  return serveSite(siteDir, {
    mounts: { [PAGEFIND_PATH]: join(pagefindDir, PAGEFIND_PATH) },
    pages: { [`/${PAGEFIND_PAGE}`]: pagefindPage() },
    ...(network && { network }),
  });
}

/** One keystroke's wait in the Pagefind page: the search, the data of the results shown, a frame. */
function pagefindKeystroke(page: Page, text: string): Promise<number> {
  return page.evaluate(async (value) => {
    const started = performance.now();
    const search = (window as unknown as { pagefindSearch: (query: string) => Promise<number> })
      .pagefindSearch;
    await search(value);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return performance.now() - started;
  }, text);
}

interface PagefindSearchOptions {
  origin: string;
  pagefindDir: string;
  browser: Browser;
  queries?: readonly BenchmarkQuery[];
  runs?: number;
}

/** Pagefind's page and its index files, as served from `origin`. */
async function pagefindPageOf(options: PagefindSearchOptions) {
  const { sizes, byKind } = await indexFiles(join(options.pagefindDir, PAGEFIND_PATH), pagefindFileKind);
  const index = {
    folderUrl: `${options.origin}/${PAGEFIND_PATH}/`,
    sizes,
    isIndex: (path: string) => pagefindFileKind(path) !== 'client',
    mark: PAGEFIND_EVENT,
  };
  return { byKind, index, pageUrl: new URL(`${options.origin}/${PAGEFIND_PAGE}`) };
}

/** Pagefind's cold queries alone (no typing). */
export async function pagefindColdQueries(options: PagefindSearchOptions): Promise<ColdQueryFigures[]> {
  const { index, pageUrl } = await pagefindPageOf(options);
  return coldQueries(options.browser, pageUrl, index, options.queries, options.runs);
}

export async function benchmarkPagefind(
  options: PagefindSearchOptions & { typed?: string; warmTyped?: string },
): Promise<SearchBenchmark> {
  const passes = typingPasses(options.typed, options.warmTyped);
  const { byKind, index, pageUrl } = await pagefindPageOf(options);
  const cold = await coldQueries(options.browser, pageUrl, index, options.queries, options.runs);

  const context = await options.browser.newContext();
  const page = await context.newPage();
  await page.goto(pageUrl.href);
  await page.waitForFunction(() => 'pagefindSearch' in window);
  const { first, warm } = await typeBothPasses(passes, (text) => pagefindKeystroke(page, text));
  await context.close();
  return searchFigures(byKind, byKind['client']?.bytes ?? 0, cold, { ...passes, first, warm });
}

/** Pagefind's files by what they hold: its scripts and WebAssembly, metadata, index, fragments. */
export function pagefindFileKind(path: string): string {
  if (/\.(js|css|wasm)$|^wasm\./.test(path) || path.includes('.pagefind')) {
    if (!path.startsWith('index/') && !path.startsWith('fragment/')) return 'client';
  }
  if (path.startsWith('index/')) return 'index';
  if (path.startsWith('fragment/')) return 'fragments';
  if (path.startsWith('filter/')) return 'filters';
  return path.endsWith('.pf_meta') ? 'meta' : 'other';
}
