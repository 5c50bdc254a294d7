// A child process of the benchmark. Each stage runs in a process of its own so that its time,
// CPU and peak memory are its own, and the sample API answers from another thread than the
// crawler's, as a real service would. The parent sends one job over IPC and gets one answer.
//
// Each job imports only its own modules: loading the site build (Astro) in the crawl's process
// cost 0.8 s of CPU and its memory, counted as the crawler's.
import type { SiteSummary } from '../../src/site/build.ts';
import { usageOf, type ProcessUsage } from './process-stats.ts';

export type WorkerJob =
  | {
      kind: 'sample-api';
      orgs: number;
      seed: string;
      latencyMs: number;
      jitterMs: number;
      /** Most results of one search: the benchmark's discovery must reach every organisation. */
      searchLimit: number;
    }
  | {
      kind: 'crawl';
      apiUrl: string;
      key: string;
      dataDir: string;
      concurrency: number;
      /** Requests per second; 0 for no limit. */
      rate: number;
    }
  | { kind: 'site'; dataDir: string; siteDir: string };

/** CPU and memory of the worker process, from `process.resourceUsage()`. */
export type WorkerUsage = ProcessUsage;

export type WorkerAnswer =
  | { kind: 'ready'; baseUrl: string; key: string }
  | {
      kind: 'crawled';
      exitCode: number;
      message: string;
      stored: number;
      wallSeconds: number;
      /** Seconds from the start of the crawl at which each phase began. */
      phases: Record<string, number>;
      usage: WorkerUsage;
    }
  | { kind: 'built'; summary: SiteSummary; wallSeconds: number; usage: WorkerUsage }
  | { kind: 'failed'; error: string };

function usage(): WorkerUsage {
  return usageOf(process.resourceUsage());
}

function answer(message: WorkerAnswer): Promise<void> {
  return new Promise((resolve, reject) =>
    process.send!(message, (error: Error | null) => (error ? reject(error) : resolve())),
  );
}

async function run(job: WorkerJob): Promise<void> {
  if (job.kind === 'sample-api') {
    const { startSampleApi } = await import('../../src/sample-api/server.ts');
    const api = await startSampleApi({
      port: 0,
      orgs: job.orgs,
      seed: job.seed,
      searchLimit: job.searchLimit,
      prepareRecords: true,
      faults: { latencyMs: job.latencyMs, jitterMs: job.jitterMs },
    });
    await answer({ kind: 'ready', baseUrl: api.baseUrl, key: api.key });
    // Serves until the parent goes away.
    process.once('disconnect', () => void api.close().then(() => process.exit(0)));
    return;
  }
  if (job.kind === 'crawl') {
    const { crawl } = await import('../../src/crawl/crawl.ts');
    const started = performance.now();
    const phases: Record<string, number> = {};
    const summary = await crawl({
      reporter: {
        event(event) {
          if (event.type === 'phase') phases[event.phase] = (performance.now() - started) / 1000;
        },
      },
      apiUrl: job.apiUrl,
      key: job.key,
      dataDir: job.dataDir,
      concurrency: job.concurrency,
      rate: job.rate,
      discover: true,
      fresh: true,
    });
    const wallSeconds = (performance.now() - started) / 1000;
    await answer({
      kind: 'crawled',
      exitCode: summary.exitCode,
      message: summary.message,
      stored: summary.manifest?.counts.stored ?? 0,
      wallSeconds,
      phases,
      usage: usage(),
    });
    process.exit(0);
  }
  process.env['ASTRO_TELEMETRY_DISABLED'] ??= '1';
  const { buildSite } = await import('../../src/site/build.ts');
  const started = performance.now();
  const summary = await buildSite({ dataDir: job.dataDir, siteDir: job.siteDir, logLevel: 'warn' });
  const wallSeconds = (performance.now() - started) / 1000;
  await answer({ kind: 'built', summary, wallSeconds, usage: usage() });
  process.exit(0);
}

process.once('message', (job: WorkerJob) => {
  run(job).catch(async (error: unknown) => {
    await answer({
      kind: 'failed',
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    process.exit(1);
  });
});
