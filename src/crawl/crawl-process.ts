// The build's crawl in a process of its own. What a crawl frees (its answers, the sweep's tables) the
// garbage collector takes back, but the process keeps the memory: after a crawl of 35,000
// organisations the build's process still held 507 MB with 16 MB of it live, and under the site's
// render that came on top (the build's largest process 1.04 GiB, against 0.85 GiB for the site's
// render alone). A child process hands all of it back when it ends. The child writes its progress
// to the build's stderr and answers with the crawl's summary.
import { fork } from 'node:child_process';
import { crawl, type CrawlSummary } from './crawl.ts';
import type { CrawlOptions } from './options.ts';
import { createProgressReporter } from './progress.ts';

/** A crawl's options as a child process takes them: no reporter and no signal, which stay here. */
export type CrawlProcessOptions = Omit<CrawlOptions, 'reporter' | 'signal'>;

type ToChild = { type: 'crawl'; options: CrawlProcessOptions } | { type: 'stop' };
type FromChild = { type: 'summary'; summary: CrawlSummary } | { type: 'failed'; error: string };

/**
 * Crawls in a child process, its progress on this process's stderr. Aborting `signal` stops the
 * crawl as Ctrl-C does (the partial folder kept for the next run to resume).
 */
export function crawlInChild(options: CrawlProcessOptions, signal?: AbortSignal): Promise<CrawlSummary> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url), [], {
      // Node runs this .ts file as it is; the parent's flags are for its own work.
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    let answer: FromChild | undefined;
    const stop = () => {
      if (child.connected) child.send({ type: 'stop' } satisfies ToChild);
    };
    signal?.addEventListener('abort', stop, { once: true });
    child.on('message', (message: FromChild) => {
      answer = message;
    });
    child.once('error', reject);
    child.once('exit', (code, exitSignal) => {
      signal?.removeEventListener('abort', stop);
      if (answer?.type === 'summary') resolve(answer.summary);
      else if (answer?.type === 'failed') reject(new Error(answer.error));
      else
        reject(new Error(`the crawl process ended (${exitSignal ?? `exit code ${code}`}) without a summary`));
    });
    child.send({ type: 'crawl', options } satisfies ToChild);
    if (signal?.aborted === true) stop();
  });
}

/** The child's side: one crawl, stopped by the parent's word or by a Ctrl-C of its own. */
function serve(): void {
  const controller = new AbortController();
  // Ctrl-C reaches the whole process group, this process with the build: the first stops the
  // crawl, the second quits at once, as in the build itself.
  const interrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  // A build that went away without a word: stop, keeping what was fetched.
  process.once('disconnect', () => controller.abort());
  process.on('message', (message: ToChild) => {
    if (message.type === 'stop') {
      controller.abort();
      return;
    }
    const { options } = message;
    const reporter = createProgressReporter(
      process.stderr,
      options.progress ?? 'auto',
      options.progressIntervalMs ?? 10_000,
    );
    const send = (answer: FromChild) => {
      if (process.connected) process.send!(answer, () => process.disconnect());
    };
    crawl({ ...options, reporter, signal: controller.signal })
      .finally(() => reporter.stop())
      .then(
        (summary) => send({ type: 'summary', summary }),
        (error: unknown) =>
          send({
            type: 'failed',
            error: error instanceof Error ? (error.stack ?? error.message) : String(error),
          }),
      );
  });
}

if (import.meta.main) serve();
