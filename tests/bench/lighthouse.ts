// Lighthouse's audit of the site's page kinds, as a reader on a phone meets them: mobile defaults
// (a simulated slow device and network), the site served over http by a plain server. Each page
// kind is represented by its heaviest page, so that the figure is the worst a reader meets.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../support/chromium.ts';
import type { NightOfChanges } from './night-of-changes.ts';
import { serveSite } from '../support/static-server.ts';

export interface AuditedPage {
  kind: string;
  /** The page's path in the site, with its query. */
  path: string;
}

/** One run's figures of a page. */
interface RunScores {
  /** Lighthouse's scores out of 100. */
  performance: number;
  accessibility: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  largestContentfulPaintMs: number;
  /** The accessibility audits that failed, by Lighthouse's id. */
  accessibilityFailures: string[];
  /** What Lighthouse reported going wrong in the run, when its scores still stood. */
  problem?: string;
}

/** A page kind's figures: those of its run with the median performance score. */
export interface PageAudit extends AuditedPage, RunScores {
  runs: number;
}

export interface LighthouseFigures {
  version: string;
  pages: PageAudit[];
  loadAverage: number;
  /** What the night whose changes pages were audited published as changed. */
  nightOfChanges?: NightOfChanges['changes'];
}

/** The query the search page is audited with. */
export const AUDITED_QUERY = '"older people"';

/** The largest file of `folder` with the extension, relative to the site, and its size; undefined when none. */
async function heaviestIn(
  siteDir: string,
  folder: string,
  extension = '.html',
): Promise<{ path: string; bytes: number } | undefined> {
  let heaviest: { path: string; bytes: number } | undefined;
  let names: string[];
  try {
    names = await readdir(join(siteDir, folder));
  } catch {
    return undefined;
  }
  for (const name of names.filter((candidate) => candidate.endsWith(extension))) {
    const path = folder === '' ? name : `${folder}/${name}`;
    const { size } = await stat(join(siteDir, path));
    if (heaviest === undefined || size > heaviest.bytes) heaviest = { path, bytes: size };
  }
  return heaviest;
}

/** Where the site of a night of many changes is served beside the audited site. */
const NIGHT_MOUNT = 'night';

/**
 * Each page kind a reader meets, represented by its heaviest page in the built site. The changes
 * pages are those of `nightSiteDir` when given (a night of many changes, served under
 * `night/`), else the site's own.
 */
export async function pagesToAudit(siteDir: string, nightSiteDir?: string): Promise<AuditedPage[]> {
  // A night's changes are on `changes.html` or, when they are many, on pages of `changes/`.
  const changesSite = nightSiteDir ?? siteDir;
  const pagedChanges = await heaviestIn(changesSite, 'changes');
  const changesPath =
    pagedChanges !== undefined && pagedChanges.bytes > (await stat(join(changesSite, 'changes.html'))).size
      ? pagedChanges.path
      : 'changes.html';
  const found: (AuditedPage | undefined)[] = [
    { kind: 'home', path: 'index.html' },
    await heaviestIn(siteDir, 'org').then(
      (heaviest) => heaviest && { kind: 'organisation', path: heaviest.path },
    ),
    { kind: 'search with a query', path: `search.html?q=${encodeURIComponent(AUDITED_QUERY)}` },
    { kind: 'list matcher', path: 'match.html' },
    { kind: 'figures', path: 'figures.html' },
    await heaviestIn(siteDir, 'funder').then(
      (heaviest) => heaviest && { kind: 'funder', path: heaviest.path },
    ),
    {
      kind: 'what changed',
      path: nightSiteDir === undefined ? changesPath : `${NIGHT_MOUNT}/${changesPath}`,
    },
  ];
  return found.filter((page): page is AuditedPage => page !== undefined);
}

const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

async function auditOnce(url: string, port: number): Promise<{ version: string; scores: RunScores }> {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (result === undefined) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // A runtime error can leave the scores standing (a response body the protocol was slow to hand
  // over, on a busy machine): it is kept beside them; without a score there is no figure.
  if (typeof lhr.categories['performance']?.score !== 'number') {
    throw new Error(`Lighthouse could not score ${url}: ${lhr.runtimeError?.message ?? 'no score'}`);
  }
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const value = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  const accessibilityFailures = (lhr.categories['accessibility']?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  return {
    version: lhr.lighthouseVersion,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      totalBlockingTimeMs: value('total-blocking-time'),
      cumulativeLayoutShift: value('cumulative-layout-shift'),
      largestContentfulPaintMs: value('largest-contentful-paint'),
      accessibilityFailures,
      ...(lhr.runtimeError === undefined ? {} : { problem: lhr.runtimeError.message }),
    },
  };
}

/**
 * Audits each page kind `runs` times in one Chromium and keeps the run of median performance;
 * the changes pages from the night of many changes when one is given.
 */
export async function auditSite(
  siteDir: string,
  runs: number,
  loadAverage: () => number,
  night?: NightOfChanges,
): Promise<LighthouseFigures> {
  const pages = await pagesToAudit(siteDir, night?.siteDir);
  const server = await serveSite(siteDir, night && { mounts: { [NIGHT_MOUNT]: night.siteDir } });
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  let version = '';
  const load = loadAverage();
  try {
    const audits: PageAudit[] = [];
    for (const page of pages) {
      const results: RunScores[] = [];
      for (let run = 0; run < runs; run += 1) {
        const audit = await auditOnce(`${server.origin}/${page.path}`, chrome.port);
        version = audit.version;
        results.push(audit.scores);
      }
      const ranked = results.sort((a, b) => a.performance - b.performance);
      const chosen = ranked[Math.floor(ranked.length / 2)]!;
      audits.push({ ...page, ...chosen, runs });
    }
    return {
      version,
      pages: audits,
      loadAverage: Math.max(load, loadAverage()),
      ...(night && { nightOfChanges: night.changes }),
    };
  } finally {
    chrome.kill();
    await server.close();
  }
}
