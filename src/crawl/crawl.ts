// The crawl: voluntary codes and their members, the three group lists (lists.ts), optionally a
// search sweep (sweep.ts), then `Organisation/{id}` once for every distinct id (organisations.ts),
// all into a partial data folder that replaces the data folder only when complete
// (data-folder-writer.ts; docs/crawling.md: "Storage contract", "Resume and publish").
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CrawlManifest } from '../schemas/index.ts';
import { DATA_LAYOUT, DISCOVERED_LIST, GROUP_LISTS } from '../lib/data-layout.ts';
import { readManifest } from '../lib/manifest-file.ts';
import { settleAll } from './worker-pool.ts';
import { exists, removeTemporaryFiles, writeFileAtomic } from '../storage/atomic-file.ts';
import { LockHeldError } from '../storage/lock.ts';
import { WriteFailure } from '../storage/write-failure.ts';
import {
  checkDataFolder,
  dataFolderPaths,
  lockDataFolder,
  publishPartial,
  repairInterruptedSwap,
  type DataFolderPaths,
} from './data-folder-writer.ts';
import { DISCOVERY_QUERIES } from './discovery.ts';
import { silentReporter, type CrawlReporter } from './events.ts';
import { ApiClient } from './http-client.ts';
import { CrawlState, type CrawlContext } from './crawl-state.ts';
import { fetchLists } from './lists.ts';
import { CrawlConfigError, type CrawlOptions, type ResolvedCrawlOptions } from './options.ts';
import { keyFileWarning, resolveCrawlOptions } from './resolve-options.ts';
import { fetchOrganisations } from './organisations.ts';
import { crawlOutcome, type CrawlOutcome } from './outcome.ts';
import { keyRedactor, redactingReporter, type Redact } from './redact.ts';
import { CrawlStopped, RequestQueue } from './request-queue.ts';
import { describeError } from './retry-policy.ts';
import { sweepThenClose } from './sweep.ts';
import { removeSweepJournal } from './sweep/journal.ts';
import { CRAWLER_VERSION } from './version.ts';

export interface CrawlSummary extends CrawlOutcome {
  /** The data folder and the partial folder, once the options were valid. */
  dataDir?: string;
  partialDir?: string;
}

/** Crawls the API into the data folder. Never throws for a crawl that fails; see `exitCode`. */
export async function crawl(input: CrawlOptions): Promise<CrawlSummary> {
  let options: ResolvedCrawlOptions;
  try {
    options = resolveCrawlOptions(input);
    checkDataFolder(options.dataDir);
  } catch (error) {
    if (error instanceof CrawlConfigError) return { exitCode: 2, message: error.message, published: false };
    throw error;
  }
  const redact = keyRedactor(options.key);
  const reporter = redactingReporter(input.reporter ?? silentReporter, redact);
  const keyFileProblem = input.keyFile === undefined ? undefined : keyFileWarning(input.keyFile);
  if (keyFileProblem !== undefined) reporter.event({ type: 'message', level: 'warn', text: keyFileProblem });
  const paths = dataFolderPaths(options.dataDir);
  const where = { dataDir: paths.dataDir, partialDir: paths.partialDir };
  let release: () => Promise<void>;
  try {
    release = await lockDataFolder(paths);
  } catch (error) {
    if (error instanceof LockHeldError || error instanceof WriteFailure)
      return { exitCode: 1, message: error.message, published: false, ...where };
    return { exitCode: 1, message: describeError(error, redact), published: false, ...where };
  }
  try {
    const run = new CrawlRun(options, paths, reporter, redact);
    return { ...(await run.run(input.signal, input.discoverQueries ?? DISCOVERY_QUERIES)), ...where };
  } catch (error) {
    const message = `the crawl broke off: ${describeError(error, redact)}`;
    reporter.event({ type: 'message', level: 'error', text: message });
    return { exitCode: 1, message, published: false, ...where };
  } finally {
    await release();
  }
}

/** The partial folder's manifest, or `undefined` when there is none or it is not whole. */
function manifestOf(dir: string): CrawlManifest | undefined {
  return readManifest(dir).manifest;
}

/** The options a crawl's manifest records: those that shape what the data folder holds. */
function manifestOptions(options: ResolvedCrawlOptions): CrawlManifest['options'] {
  return {
    concurrency: options.concurrency,
    rate: options.rate,
    searchParam: options.searchParam,
    voluntaryCodesPath: options.voluntaryCodesPath,
    discover: options.discover,
    searchBudget: options.searchBudget,
    allowFailures: options.allowFailures,
    maxAttempts: options.maxAttempts,
  };
}

/** One crawl under the lock: resume or start the partial folder, fetch, then publish or keep it. */
class CrawlRun {
  readonly #paths: DataFolderPaths;
  readonly #client: ApiClient;
  readonly #context: CrawlContext;
  #startedAt = new Date().toISOString();
  #runs = 1;
  #sampleData = false;
  #previousRequests: CrawlManifest['requests'] = { attempts: 0, retries: 0, pauses: 0, statuses: {} };

  constructor(
    options: ResolvedCrawlOptions,
    paths: DataFolderPaths,
    reporter: CrawlReporter,
    redact: Redact,
  ) {
    this.#paths = paths;
    const client = new ApiClient({
      apiUrl: options.apiUrl,
      key: options.key,
      connections: options.concurrency,
      connectTimeoutMs: options.connectTimeoutMs,
      headersTimeoutMs: options.headersTimeoutMs,
      bodyTimeoutMs: options.bodyTimeoutMs,
      requestTimeoutMs: options.requestTimeoutMs,
      userAgent: `orgdir-crawler/${CRAWLER_VERSION}`,
    });
    this.#client = client;
    this.#context = {
      options,
      client,
      queue: new RequestQueue((url, signal) => client.get(url, signal), options, reporter, redact),
      state: new CrawlState(redact),
      reporter,
      redact,
      partial: (relative) => join(paths.partialDir, relative),
      say: (level, text) => reporter.event({ type: 'message', level, text }),
    };
  }

  async run(signal: AbortSignal | undefined, discoverQueries: readonly string[]): Promise<CrawlOutcome> {
    const context = this.#context;
    const { queue } = context;
    const onAbort = () => queue.stop(new CrawlStopped('aborted', 'the crawl was interrupted'));
    if (signal?.aborted === true) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const repaired = await repairInterruptedSwap(
        this.#paths,
        async (dir) => manifestOf(dir)?.complete === true,
      );
      if (repaired !== undefined) context.say('warn', repaired);
      await this.#openPartial();

      let stopped: CrawlStopped | undefined;
      try {
        context.reporter.event({ type: 'phase', phase: 'lists', total: GROUP_LISTS.length + 1 });
        await fetchLists(context);
        // Not one list came back: the API is down, and a sweep of searches would only fail too.
        if (context.state.listsIn === 0)
          throw new CrawlStopped('failing', 'every list failed after its retries; the API looks down');
        if (!context.options.discover) {
          await rm(context.partial(`${DATA_LAYOUT.lists}/${DISCOVERED_LIST}.json`), { force: true });
          await removeSweepJournal(context);
        }
        // The sweep and the listed records share the request slots: the sweep's answers are large
        // (up to 4 MB each for 30,000 organisations), and alone it took 3.6 s against a bound of
        // 0.6 s, while the listed records, which need nothing from it, waited.
        await settleAll([sweepThenClose(context, discoverQueries), fetchOrganisations(context)]);
      } catch (error) {
        if (!(error instanceof CrawlStopped)) throw error;
        stopped = error;
      }
      return await this.#finish(stopped);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      queue.close();
      await this.#client.close();
    }
  }

  /** Resumes the partial folder when it is of this API and recent enough; otherwise starts over. */
  async #openPartial(): Promise<void> {
    const { options, say } = this.#context;
    const { partialDir } = this.#paths;
    if (await exists(partialDir)) {
      const previous = manifestOf(partialDir);
      const ageHours = previous === undefined ? 0 : (Date.now() - Date.parse(previous.startedAt)) / 3_600_000;
      let reason: string | undefined;
      if (options.fresh) reason = '--fresh';
      else if (previous === undefined) reason = 'it has no readable manifest';
      else if (previous.apiUrl !== options.apiUrl) reason = `it is of another API (${previous.apiUrl})`;
      else if (!(ageHours <= options.resumeMaxAgeHours)) {
        reason = `it started ${ageHours.toFixed(1)} h ago, more than --resume-max-age ${options.resumeMaxAgeHours} h`;
      }
      if (reason === undefined && previous !== undefined) {
        this.#startedAt = previous.startedAt;
        this.#runs = previous.runs + 1;
        this.#sampleData = previous.sampleData === true;
        this.#previousRequests = previous.requests;
        const removed = await removeTemporaryFiles(partialDir);
        say(
          'info',
          `resuming the unfinished crawl started ${previous.startedAt} (run ${this.#runs})${removed > 0 ? `; removed ${removed} temporary files` : ''}`,
        );
      } else {
        say('info', `starting over: discarding the unfinished crawl in ${partialDir} because ${reason}`);
        await rm(partialDir, { recursive: true, force: true });
      }
    }
    for (const folder of [DATA_LAYOUT.organisations, DATA_LAYOUT.lists, DATA_LAYOUT.voluntaryCodeMembers]) {
      await mkdir(this.#context.partial(folder), { recursive: true });
    }
    await this.#writeManifest(this.#manifest(false, null));
  }

  #manifest(complete: boolean, finishedAt: string | null): CrawlManifest {
    const { options, queue, state } = this.#context;
    const statistics = queue.statistics;
    const statuses = { ...this.#previousRequests.statuses };
    for (const [status, count] of Object.entries(statistics.statuses))
      statuses[status] = (statuses[status] ?? 0) + count;
    return {
      crawlerVersion: CRAWLER_VERSION,
      apiUrl: options.apiUrl,
      // A resumed crawl may ask nothing more of the API: the first run's answers said so too.
      ...((this.#client.sampleData || this.#sampleData) && { sampleData: true as const }),
      startedAt: this.#startedAt,
      finishedAt,
      runs: this.#runs,
      complete,
      options: manifestOptions(options),
      counts: {
        ...state.counts,
        stored: state.stored,
        gone: state.gone.size,
        failed: state.failureCounts().records,
      },
      gone: [...state.gone].sort(),
      failures: [...state.failures].sort(
        (a, b) =>
          a.scope.localeCompare(b.scope) ||
          a.operation.localeCompare(b.operation) ||
          (a.id ?? '').localeCompare(b.id ?? ''),
      ),
      drift: state.drift.findings(),
      coordinates: {
        registeredAddress: { ...state.coordinates.registeredAddress },
        otherAddresses: { ...state.coordinates.otherAddresses },
      },
      discovery: state.discovery,
      requests: {
        attempts: this.#previousRequests.attempts + statistics.attempts,
        retries: this.#previousRequests.retries + statistics.retries,
        pauses: this.#previousRequests.pauses + statistics.pauses,
        statuses,
      },
    };
  }

  async #writeManifest(manifest: CrawlManifest): Promise<void> {
    await writeFileAtomic(
      this.#context.partial(DATA_LAYOUT.manifest),
      `${this.#context.redact(JSON.stringify(manifest, null, 2))}\n`,
    );
  }

  async #finish(stopped: CrawlStopped | undefined): Promise<CrawlOutcome> {
    const { options, state, reporter } = this.#context;
    state.refreshDiscovery?.();
    const failures = state.failureCounts();
    const complete =
      stopped === undefined && failures.lists === 0 && failures.records <= options.allowFailures;
    const manifest = this.#manifest(complete, new Date().toISOString());
    await this.#writeManifest(manifest);
    if (complete) {
      // The journal serves only a resume of the sweep; a complete crawl needs no resume.
      await removeSweepJournal(this.#context);
      reporter.event({ type: 'phase', phase: 'publish', total: 1 });
      await publishPartial(this.#paths);
    }
    return crawlOutcome({
      manifest,
      stopped,
      complete,
      failures,
      apiUrl: options.apiUrl,
      allowFailures: options.allowFailures,
      dataDir: this.#paths.dataDir,
      partialDir: this.#paths.partialDir,
    });
  }
}
