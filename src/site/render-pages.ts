// Astro's part of the site stage: it bundles the pages, then renders them; each page reaches the
// archives as Astro writes it, leaner by the whitespace no browser shows (page-bytes.ts), and the
// render is timed apart from the bundling.
import { symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { build as astroBuild, type AstroIntegration } from 'astro';
import type { SiteArchives } from './archive-thread.ts';
import { leanPage } from './page-bytes.ts';
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
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
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
              const path = renderedFile(request);
              let content = new Uint8Array(await response.arrayBuffer());
              if (path.endsWith('.html')) content = encoder.encode(leanPage(decoder.decode(content)));
              rendered = { path, content };
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
