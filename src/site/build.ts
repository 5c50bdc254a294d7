// The site stage: data folder in, static site out. Each step below is one line of `buildSite`;
// the site is built in a fresh folder beside the target and swapped in only when every step
// succeeded, so a failed build never replaces a good site.
import { existsSync, mkdirSync, renameSync, rmSync, statSync, symlinkSync, unlinkSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as astroBuild, type AstroIntegration } from 'astro';
import { forgetRegisters, keepRegister, type Register } from '../records/register.ts';
import { filesUnder } from './archive.ts';
import { SiteArchives, type ArchiveKind } from './archive-thread.ts';
import { setSiteContext, type DownloadFile, type SiteContext } from './context.ts';
import { setEditionsView, type EditionsView } from '../editions/history.ts';
import { writeDownloads } from './downloads.ts';
import { writeRegisterData } from './register-data.ts';
import { readSiteRecords, type ReadSite } from './site-records.ts';
import { writeSearchIndexInChild } from './search-process.ts';
import type { SearchIndexSummary } from '../search/build-index.ts';
import { writeSearchDocuments } from '../search/site-index.ts';

/** The project root, where astro.config.mjs and src/pages are. */
const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const ARCHIVE_NAME = 'orgdir-site.zip';
export const TAR_ARCHIVE_NAME = 'orgdir-site.tar.gz';

export interface SiteOptions {
  dataDir: string;
  siteDir: string;
  /** Also write the site as a .tar.gz, several times smaller than the zip. Default true. */
  tarGz?: boolean;
  /**
   * The data folder already read, with the records' copies written (`npm run build` reads it
   * once for its edition and its site); without it the site reads the data folder itself.
   */
  read?: ReadSite;
  /** Astro's log level; "warn" keeps a build quiet. */
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /**
   * The kept editions the pages show (change history, changes pages, feed). Default: none; the
   * site never looks for an editions folder by itself (scripts/site.ts loads the configured one).
   */
  editions?: EditionsView;
}

export interface SiteSummary {
  siteDir: string;
  organisations: number;
  pages: number;
  files: number;
  bytes: number;
  downloads: DownloadFile[];
  /** Paths of the archives written. */
  archives: string[];
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
}

/** When Astro started and finished writing pages, to tell its bundling apart from its rendering. */
interface GenerationClock {
  start?: number;
  end?: number;
  /** CPU microseconds of this process at the start and end. */
  cpuStart?: number;
  cpuEnd?: number;
}

function cpuMicroseconds(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** The site file a prerendered request is written to: its URL's path, as Astro's build names it. */
function renderedFile(request: Request): string {
  return decodeURIComponent(new URL(request.url).pathname).replace(/^\/+/, '');
}

/**
 * Times Astro's rendering apart from its bundling, and hands each rendered page to the archives
 * as Astro writes it.
 */
function pageHooks(clock: GenerationClock, archives: SiteArchives): AstroIntegration {
  let started = 0;
  let archived = 0;
  const finished = new Map<number, { path: string; content: Uint8Array } | undefined>();
  return {
    name: 'orgdir:page-hooks',
    hooks: {
      'astro:build:start': ({ setPrerenderer }) =>
        setPrerenderer((prerenderer) => ({
          ...prerenderer,
          setup: async () => {
            clock.start = performance.now();
            clock.cpuStart = cpuMicroseconds();
            await prerenderer.setup?.();
          },
          render: async (request, options) => {
            // Astro renders a few pages at once (build.concurrency); they reach the archives in
            // the order they were started, so that the same site gives the same archives.
            const sequence = started++;
            let rendered: { path: string; content: Uint8Array } | undefined;
            try {
              const result = await prerenderer.render(request, options);
              const response = result instanceof Response ? result : result.response;
              // Only a page Astro writes as it is; anything else is archived from disk at the end.
              if (response.status !== 200 || !response.body) return result;
              const content = new Uint8Array(await response.arrayBuffer());
              rendered = { path: renderedFile(request), content };
              const copy = new Response(content, { status: response.status, headers: response.headers });
              return result instanceof Response ? copy : { ...result, response: copy };
            } finally {
              finished.set(sequence, rendered);
              while (finished.has(archived)) {
                const page = finished.get(archived);
                finished.delete(archived);
                archived += 1;
                if (page) await archives.add(page.path, page.content);
              }
            }
          },
          teardown: async () => {
            await prerenderer.teardown?.();
            clock.end = performance.now();
            clock.cpuEnd = cpuMicroseconds();
          },
        })),
    },
  };
}

/** Renders every page; returns the wall and CPU seconds spent on the pages, after Vite's bundling. */
async function renderPages(
  root: string,
  outDir: string,
  logLevel: SiteOptions['logLevel'],
  archives: SiteArchives,
): Promise<{ seconds: number; cpuSeconds: number }> {
  const clock: GenerationClock = {};
  // Astro prerenders from a bundle it writes inside outDir, and that bundle imports packages by
  // name: from a site folder outside the project (ORGDIR_SITE_DIR=/var/www/…) Node would look for
  // them beside the site. A link to the project's packages, removed before anything else is
  // written, lets it find them wherever the site goes.
  const packages = join(outDir, 'node_modules');
  symlinkSync(join(root, 'node_modules'), packages, 'dir');
  try {
    await astroBuild({
      root,
      outDir,
      logLevel: logLevel ?? 'warn',
      integrations: [pageHooks(clock, archives)],
      // The staging folder is new and already holds the downloads: nothing to empty.
      vite: { build: { emptyOutDir: false } },
    });
  } finally {
    unlinkSync(packages);
  }
  return {
    seconds: ((clock.end ?? Number.NaN) - (clock.start ?? Number.NaN)) / 1000,
    cpuSeconds: ((clock.cpuEnd ?? Number.NaN) - (clock.cpuStart ?? Number.NaN)) / 1e6,
  };
}

/** Replaces `target` with `staging` in two renames; the old site is removed afterwards. */
async function swapInto(staging: string, target: string): Promise<void> {
  const previous = join(dirname(target), `.orgdir-previous-${basename(target)}-${process.pid}-${Date.now()}`);
  if (existsSync(target)) renameSync(target, previous);
  renameSync(staging, target);
  await rm(previous, { recursive: true, force: true });
}

/** The crawl's end as the archive's file time; the build time when the manifest has none. */
function archiveTime(register: Register): Date {
  const finished = register.manifest.finishedAt;
  const date = typeof finished === 'string' ? new Date(finished) : new Date(Number.NaN);
  return Number.isNaN(date.getTime()) ? new Date() : date;
}

export async function buildSite(options: SiteOptions): Promise<SiteSummary> {
  const dataDir = resolve(options.dataDir);
  const siteDir = resolve(options.siteDir);
  const tarGz = options.tarGz ?? true;
  if (!existsSync(join(dataDir, 'organisations'))) {
    throw new Error(`No organisations in ${dataDir}: run the crawl first (or set ORGDIR_DATA_DIR).`);
  }
  // A new name per build: Astro imports its page bundle from here, and a second build in the same
  // process must not find the first one's module in the import cache.
  const staging = join(
    dirname(siteDir),
    `.orgdir-building-${basename(siteDir)}-${process.pid}-${Date.now()}`,
  );
  rmSync(staging, { recursive: true, force: true });
  if (options.read) renameSync(options.read.folder, staging);
  else mkdirSync(staging, { recursive: true });
  const timings: Record<string, number> = {};
  const cpuTimings: Record<string, number> = {};
  const peakMemory: Record<string, number> = {};
  const step = async <T>(name: string, run: () => T | Promise<T>): Promise<T> => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = await run();
    const used = process.cpuUsage(cpu);
    timings[name] = Math.round(performance.now() - started) / 1000;
    cpuTimings[name] = Math.round((used.user + used.system) / 1000) / 1000;
    // maxRSS is in kilobytes.
    peakMemory[name] = process.resourceUsage().maxRSS * 1024;
    return result;
  };

  forgetRegisters();
  let siteArchives: SiteArchives | undefined;
  let searching: Promise<SearchIndexSummary> | undefined;
  const documentsFile = `${staging}.search-documents.jsonl`;
  try {
    const { register, records, database } =
      options.read ?? (await step('read', () => readSiteRecords(dataDir, staging)));
    keepRegister(register);
    // A folder whose every record is unreadable is a broken crawl, not an empty register: a site
    // of no organisations must not replace the one that is live.
    if (register.organisations.length === 0) {
      const first = register.unreadable[0];
      throw new Error(
        `No readable organisations in ${dataDir}` +
          (first ? ` (${register.unreadable.length} unreadable files; ${first.file}: ${first.reason})` : '') +
          '; the site was left as it was.',
      );
    }
    // The index is built in a process of its own from the documents written here; meanwhile this
    // process compresses the database and writes the list matcher's files. The search step's time
    // is the index process's wall time, and none of this process's CPU is counted in it.
    await step('documents', () => writeSearchDocuments(register, documentsFile));
    const searchStarted = performance.now();
    timings['search'] = 0;
    cpuTimings['search'] = 0;
    searching = writeSearchIndexInChild(documentsFile, staging).then((summary) => {
      timings['search'] = Math.round(performance.now() - searchStarted) / 1000;
      return summary;
    });
    // Awaited below, after the database; a failure meanwhile must not go unhandled.
    searching.catch(() => undefined);
    const data = await step('database', () => writeRegisterData(register, database, staging));
    const search = await searching;
    rmSync(documentsFile, { force: true });
    const downloads = await step('downloads', () =>
      writeDownloads(register, staging, records, { files: [data.database], sources: data.sources }),
    );
    const archives: { kind: ArchiveKind; path: string; title: string }[] = [
      { kind: 'zip', path: ARCHIVE_NAME, title: 'The whole site as one zip file, for reading offline' },
    ];
    if (tarGz) {
      archives.push({
        kind: 'tar.gz',
        path: TAR_ARCHIVE_NAME,
        title: 'The whole site as a .tar.gz (smaller)',
      });
    }
    // The archives are written on threads of their own while Astro renders on this one: each
    // page as it comes, then the rest of the site.
    const writing = new SiteArchives(
      staging,
      archiveTime(register),
      archives.map(({ kind, path }) => ({ kind, name: path })),
    );
    siteArchives = writing;
    const context: SiteContext = { dataDir, downloads, archives };
    setSiteContext(context);
    setEditionsView(options.editions);
    // Astro first bundles the pages (a cost that does not grow with the register), then renders them.
    const pages = await step('bundle', () => renderPages(PROJECT_ROOT, staging, options.logLevel, writing));
    const rounded = (value: number) => Math.round(value * 1000) / 1000;
    timings['bundle'] = rounded(timings['bundle']! - pages.seconds);
    cpuTimings['bundle'] = rounded(cpuTimings['bundle']! - pages.cpuSeconds);
    timings['pages'] = rounded(pages.seconds);
    cpuTimings['pages'] = rounded(pages.cpuSeconds);
    peakMemory['pages'] = peakMemory['bundle']!;
    delete peakMemory['bundle'];
    // What is left: the rest of the site into the archives, and waiting for them.
    await step('archives', () => writing.finish());
    siteArchives = undefined;

    const files = filesUnder(staging);
    const bytes = files.reduce((total, path) => total + statSync(join(staging, path)).size, 0);
    await step('swap', () => swapInto(staging, siteDir));
    return {
      siteDir,
      organisations: register.organisations.length,
      pages: files.filter((path) => path.endsWith('.html')).length,
      files: files.length,
      bytes,
      downloads,
      archives: archives.map((archive) => join(siteDir, archive.path)),
      timings,
      cpuTimings,
      peakMemory,
      unreadable: register.unreadable,
      search,
    };
  } catch (error) {
    await siteArchives?.abandon();
    // The index process writes into the staging folder: let it finish before the folder goes.
    await searching?.catch(() => undefined);
    rmSync(staging, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(documentsFile, { force: true });
    setSiteContext(undefined);
    setEditionsView(undefined);
    forgetRegisters();
  }
}
