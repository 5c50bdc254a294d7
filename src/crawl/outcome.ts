// How a crawl ended, in one sentence and an exit code: what the command line prints, and what a
// publisher's nightly job decides on (docs/crawling.md: "Exit codes").
import type { CrawlManifest } from '../schemas/index.ts';
import type { CrawlStopped } from './request-queue.ts';

export interface CrawlOutcome {
  /** What the command line should exit with: 0 complete, 1 failures or interrupted, 2 configuration. */
  exitCode: 0 | 1 | 2;
  /** One sentence saying how the crawl ended (never containing the key). */
  message: string;
  /** Whether the data folder now holds this crawl's data. */
  published: boolean;
  /** The manifest written (into the data folder when published, into the partial folder otherwise). */
  manifest?: CrawlManifest;
}

export interface FinishedCrawl {
  manifest: CrawlManifest;
  /** Why the crawl stopped before its end, if it did. */
  stopped: CrawlStopped | undefined;
  /** Whether the crawl was published (complete, within the failures allowed). */
  complete: boolean;
  failures: { lists: number; records: number };
  apiUrl: string;
  allowFailures: number;
  dataDir: string;
  partialDir: string;
}

/** The error code undici gives an answer larger than the client allows (src/crawl/http-client.ts). */
const OVERSIZED_ANSWER = 'UND_ERR_RES_EXCEEDED_MAX_SIZE';

/** The outcome of a crawl that ran to its end or was stopped. */
export function crawlOutcome(crawl: FinishedCrawl): CrawlOutcome {
  const { manifest, stopped, complete, dataDir, partialDir } = crawl;
  const counts = `${manifest.counts.stored} organisations stored, ${manifest.counts.gone} gone, ${manifest.counts.failed} failed`;
  const unpublished = (exitCode: 1 | 2, message: string): CrawlOutcome => ({
    exitCode,
    message,
    published: false,
    manifest,
  });
  if (stopped?.kind === 'unauthorised') {
    const missing = /missing/i.test(stopped.message)
      ? 'the key is missing'
      : 'the key is wrong or not allowed';
    return unpublished(
      2,
      `the API refused the subscription key (${stopped.message}): ${missing}; check ORGDIR_API_KEY or --key-file. ${dataDir} is unchanged.`,
    );
  }
  // An answer over the size allowed did arrive: the API is reachable, and what it sent is the problem.
  const oversized = manifest.failures.filter((failure) => failure.error.includes(OVERSIZED_ANSWER));
  const answered =
    oversized.length > 0 || Object.keys(manifest.requests.statuses).some((status) => /^\d+$/.test(status));
  if (!complete && !answered && manifest.failures.length > 0) {
    // Not one answer from the API: the address is wrong or the service is down, and every
    // failure says the same thing.
    return unpublished(
      1,
      `cannot reach the API at ${crawl.apiUrl} (${manifest.failures[0]!.error}); ${dataDir} is unchanged; run again when it answers`,
    );
  }
  if (stopped?.kind === 'failing') {
    return unpublished(
      1,
      `stopped: ${stopped.message} (${counts}); ${dataDir} is unchanged; run again to resume from ${partialDir}`,
    );
  }
  if (stopped !== undefined) {
    return unpublished(
      1,
      `interrupted (${counts}); ${dataDir} is unchanged; run again to resume from ${partialDir}`,
    );
  }
  if (!complete && oversized.length === manifest.failures.length && oversized.length > 0) {
    const first = oversized[0]!;
    return unpublished(
      1,
      `the API sent ${oversized.length} answers larger than the crawler accepts (${first.operation}${first.id === undefined ? '' : ` ${first.id}`}: ${first.error}); ${dataDir} is unchanged; check that ORGDIR_API_URL is the register's API, and the failures in ${partialDir}/manifest.json`,
    );
  }
  const { lists, records } = crawl.failures;
  if (lists + records === 0) {
    return {
      exitCode: 0,
      message: `complete: ${counts}; published to ${dataDir}`,
      published: true,
      manifest,
    };
  }
  const failed = `${lists + records} failures (${lists} of lists, ${records} of records)`;
  return complete
    ? {
        exitCode: 1,
        message: `${failed}, within --allow-failures ${crawl.allowFailures}: ${counts}; published to ${dataDir}`,
        published: true,
        manifest,
      }
    : unpublished(
        1,
        `${failed}: ${counts}; ${dataDir} is unchanged; run again to retry the failures, resuming from ${partialDir}`,
      );
}
