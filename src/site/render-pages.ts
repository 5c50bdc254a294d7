// Astro's part of the site stage: it bundles the pages, then renders them; each page is taken
// from Astro as rendered, leaner by the whitespace no browser shows (lean-page.ts), written here
// and archived on the archives' threads; the render is timed apart from the bundling.
import { mkdirSync, symlinkSync, unlinkSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { build as astroBuild, type AstroIntegration } from 'astro';
import { batchPages, type PageBatch, type SiteArchives } from './archive-thread.ts';
import { leanPage } from './lean-page.ts';
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
 * Bytes of pages gathered before they go to the archives' threads in one message: some twenty
 * organisation pages.
 */
const BATCH_BYTES = 256 << 10;

/** A page as it is written: an HTML page already lean. */
interface RenderedPage {
  path: string;
  bytes: Uint8Array;
}

const encoder = new TextEncoder();

/** The bytes of a page Astro rendered, an HTML page made lean (its text, from the response, has no byte order mark). */
async function writtenBytes(path: string, response: Response): Promise<Uint8Array> {
  if (!path.endsWith('.html')) return new Uint8Array(await response.arrayBuffer());
  return encoder.encode(leanPage(await response.text()));
}

/** Rendered pages gathered one after another into one buffer, to be handed over at once. */
class PageGathering {
  #bytes = new Uint8Array(BATCH_BYTES);
  #used = 0;
  #paths: string[] = [];
  #ends: number[] = [];

  /** Whether `room` more bytes fit in what is left. */
  fits(room: number): boolean {
    return this.#used + room <= this.#bytes.byteLength;
  }

  get empty(): boolean {
    return this.#paths.length === 0;
  }

  /** Adds a page; the caller has made sure that it fits (`fits`, or `take` for a fresh buffer). */
  add(page: RenderedPage): void {
    this.#bytes.set(page.bytes, this.#used);
    this.#used += page.bytes.byteLength;
    this.#paths.push(page.path);
    this.#ends.push(this.#used);
  }

  /** The pages gathered so far; the next ones go into a buffer of at least `next` bytes. */
  take(next = 0): PageBatch {
    const batch = { paths: this.#paths, ends: this.#ends, bytes: this.#bytes.subarray(0, this.#used) };
    this.#bytes = new Uint8Array(Math.max(BATCH_BYTES, next));
    this.#used = 0;
    this.#paths = [];
    this.#ends = [];
    return batch;
  }
}

/**
 * Pages written into the site and handed to the archives a batch at a time. The files are written
 * as Astro writes them, by libuv's thread pool, a few at once; but each folder is made once, not
 * once a page.
 */
class PageOutput {
  readonly #outDir: string;
  readonly #archives: SiteArchives;
  readonly #folders = new Set<string>();
  #writing: Promise<unknown> = Promise.resolve();

  constructor(outDir: string, archives: SiteArchives) {
    this.#outDir = outDir;
    this.#archives = archives;
  }

  async write(batch: PageBatch): Promise<void> {
    const writes = batchPages(batch).map(({ path, content }) => {
      const file = join(this.#outDir, path);
      const folder = dirname(file);
      if (!this.#folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        this.#folders.add(folder);
      }
      return writeFile(file, content);
    });
    // A batch's writes start once the one before it is written: two batches at most in memory.
    const previous = this.#writing;
    this.#writing = Promise.all(writes);
    // Surfaced by the next write or by close(); meanwhile it must not go unhandled.
    this.#writing.catch(() => undefined);
    await Promise.all([previous, this.#archives.addPages(batch)]);
  }

  async close(): Promise<void> {
    await this.#writing;
  }
}

/**
 * What the prerenderer gives Astro for a page written here: no body, so Astro neither reads nor
 * writes anything for it. (Astro writes a file only for a response with a body.)
 */
const WRITTEN_HERE = new Response(null, { status: 200 });

/**
 * Times Astro's rendering apart from its bundling, and takes each rendered page from Astro: made
 * leaner (lean-page.ts), written into the site, and handed in batches to the archives' threads.
 */
function pageHooks(clock: GenerationClock, output: PageOutput): AstroIntegration {
  let started = 0;
  let gathered = 0;
  const finished = new Map<number, RenderedPage | undefined>();
  const gathering = new PageGathering();
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
            // Astro renders a few pages at once (build.concurrency); they reach the site and the
            // archives in the order they were started, so that the same site gives the same archives.
            const sequence = started++;
            let rendered: RenderedPage | undefined;
            try {
              const result = await prerenderer.render(request, options);
              const response = result instanceof Response ? result : result.response;
              // Only a page Astro would write as it is; anything else Astro writes, and it is
              // archived from disk at the end.
              if (response.status !== 200 || !response.body) return result;
              const path = renderedFile(request);
              rendered = { path, bytes: await writtenBytes(path, response) };
              return result instanceof Response ? WRITTEN_HERE : { ...result, response: WRITTEN_HERE };
            } finally {
              finished.set(sequence, rendered);
              while (finished.has(gathered)) {
                const page = finished.get(gathered);
                finished.delete(gathered);
                gathered += 1;
                if (!page) continue;
                // Gathered before any wait, so that another page finishing meanwhile comes after.
                const needed = page.bytes.byteLength;
                const full = gathering.fits(needed) ? undefined : gathering.take(needed);
                gathering.add(page);
                if (full) await output.write(full);
              }
            }
          },
          teardown: async () => {
            if (!gathering.empty) await output.write(gathering.take());
            await output.close();
            await prerenderer.teardown?.();
            clock.end = performance.now();
            clock.cpuEnd = cpuMicroseconds();
          },
        })),
    },
  };
}

/** Renders every page; returns the wall and CPU seconds spent on the pages, after Vite's bundling. */
export async function renderPages(
  root: string,
  outDir: string,
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent' | undefined,
  archives: SiteArchives,
): Promise<{ seconds: number; cpuSeconds: number }> {
  const clock: GenerationClock = {};
  // Astro prerenders from a bundle it writes inside outDir, and that bundle imports packages by
  // name: from a site folder outside the project (ORGDIR_SITE_DIR=/var/www/…) Node would look for
  // them beside the site. A link to the project's packages, removed before anything else is
  // written, lets it find them wherever the site goes.
  const packages = join(outDir, 'node_modules');
  symlinkSync(join(root, 'node_modules'), packages, 'dir');
  // Astro bundles the pages for prerendering into `.prerender/` inside the site folder when that
  // folder lies below the working folder, and otherwise into `.astro/` of the working folder, one
  // folder that two builds from one checkout would share (the first to finish deletes it under the
  // other). Working from the site folder's parent keeps each build's bundle in its own folder.
  const workingFolder = process.cwd();
  process.chdir(dirname(resolve(root, outDir)));
  try {
    await astroBuild({
      root,
      outDir,
      logLevel: logLevel ?? 'warn',
      // Astro takes a relative outDir from the root; the pages go where it would write them.
      integrations: [pageHooks(clock, new PageOutput(resolve(root, outDir), archives))],
      // The staging folder is new and already holds the downloads: nothing to empty.
      vite: { build: { emptyOutDir: false } },
    });
  } finally {
    process.chdir(workingFolder);
    unlinkSync(packages);
  }
  return {
    seconds: ((clock.end ?? Number.NaN) - (clock.start ?? Number.NaN)) / 1000,
    cpuSeconds: ((clock.cpuEnd ?? Number.NaN) - (clock.cpuStart ?? Number.NaN)) / 1e6,
  };
}
