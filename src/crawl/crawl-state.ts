// What one crawl has learnt so far, shared by its parts (lists.ts, sweep.ts, organisations.ts):
// the organisations to fetch, the failures, the drift and the counts, from which the manifest is
// written (src/schemas/manifest.ts).
import type { CrawlFailure, CrawlManifest } from '../schemas/index.ts';
import { isGuid } from '../lib/data-layout.ts';
import { WorkFeed } from './worker-pool.ts';
import { CoordinateTally, DriftReport } from './drift.ts';
import type { ApiClient } from './http-client.ts';
import type { CrawlReporter, Operation } from './events.ts';
import type { ResolvedCrawlOptions } from './options.ts';
import type { ApiRequest, FetchOutcome, RequestQueue } from './request-queue.ts';

/** One distinct organisation to fetch: its id as the lists gave it. */
export interface ListedOrganisation {
  id: string;
}

/** Untrusted text (an id from a list) shown in a report: quoted and cut short. */
export function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

export class CrawlState {
  readonly drift = new DriftReport();
  readonly coordinates = new CoordinateTally();
  readonly failures: CrawlFailure[] = [];
  readonly gone = new Set<string>();
  /** Distinct organisations by lower-case id. */
  readonly organisations = new Map<string, ListedOrganisation>();
  /** Each distinct organisation once, for the fetching, as the lists and the sweep name them. */
  readonly toFetch = new WorkFeed<[string, ListedOrganisation]>();
  readonly #invalidIds = new Set<string>();
  readonly #redact: (text: string) => string;
  /** Whether the search sweep still runs (sweep.ts), and organisations finished meanwhile. */
  sweeping = false;
  finishedDuringSweep = 0;
  /** Lists and voluntary codes' member lists answered (or read back from an earlier run). */
  listsIn = 0;
  /** Records stored, fetched now or in an earlier run. */
  stored = 0;
  counts: CrawlManifest['counts'] = {
    voluntaryCodes: 0,
    voluntaryCodeMembers: {},
    registeredCharities: 0,
    taxEfficientGifts: 0,
    housingBodies: 0,
    discovered: 0,
    organisations: 0,
    stored: 0,
    gone: 0,
    failed: 0,
  };
  discovery: CrawlManifest['discovery'] = null;
  /** Told of every record as it is stored or read back (the sweep learns from them). */
  onRecord: ((id: string, record: unknown) => void) | undefined;
  /** Told of every organisation whose record answered 404 (the sweep counts it nowhere). */
  onGone: ((id: string) => void) | undefined;
  /** Figures `discovery` again once every record is in. */
  refreshDiscovery: (() => void) | undefined;
  /** Organisations whose record was stored, read back, gone or failed. */
  #settled = 0;
  #fetchingEnded = false;
  #settledWaiters: { count: number; resolve: () => void }[] = [];

  constructor(redact: (text: string) => string) {
    this.#redact = redact;
  }

  fail(failure: CrawlFailure): void {
    this.failures.push({ ...failure, error: this.#redact(failure.error) });
  }

  /** Records a request that got no usable answer; returns the error text. */
  failRequest(
    request: ApiRequest,
    outcome: Exclude<FetchOutcome, { kind: 'ok' }>,
    scope: CrawlFailure['scope'],
  ): string {
    const status = outcome.status;
    const error = outcome.kind === 'not-found' ? `HTTP ${outcome.status}: not found` : outcome.error;
    this.fail({
      operation: request.operation,
      ...(request.id === undefined ? {} : { id: request.id }),
      ...(status === undefined ? {} : { status }),
      error,
      attempts: outcome.attempts,
      scope,
    });
    return error;
  }

  /**
   * Adds a listed id to the crawl. An id that is not a GUID is drift in the list, never a path and
   * never a failed fetch: a few malformed entries in a list say nothing of whether the API answers,
   * and counted as failures they would stop a night's publishing.
   */
  addOrganisation(id: unknown, operation: Operation, where: string): boolean {
    if (isGuid(id)) {
      const key = id.toLowerCase();
      if (this.organisations.has(key)) return false;
      const organisation = { id };
      this.organisations.set(key, organisation);
      this.toFetch.push([key, organisation]);
      return true;
    }
    const text = shown(id);
    if (this.#invalidIds.has(text)) return false;
    this.#invalidIds.add(text);
    if (id === undefined)
      this.drift.add(operation, where, 'id', 'invalid_type', 'an entry without an id: not fetched');
    else
      this.drift.add(
        operation,
        `${where}: ${text}`,
        'id',
        'invalid_format',
        'an id that is not a GUID: not fetched, not stored',
      );
    return false;
  }

  /** One more organisation is settled: stored, read back, gone or failed. */
  recordSettled(): void {
    this.#settled += 1;
    this.#wake();
  }

  /** The fetching of records is over, for whatever reason: no waiter waits for more. */
  fetchingEnded(): void {
    this.#fetchingEnded = true;
    this.#wake();
  }

  /** Resolves once `count` organisations are settled, or the fetching ended. */
  recordsSettled(count: number): Promise<void> {
    if (this.#fetchingEnded || this.#settled >= count) return Promise.resolve();
    return new Promise((resolve) => this.#settledWaiters.push({ count, resolve }));
  }

  #wake(): void {
    const waiting: { count: number; resolve: () => void }[] = [];
    for (const waiter of this.#settledWaiters) {
      if (this.#fetchingEnded || this.#settled >= waiter.count) waiter.resolve();
      else waiting.push(waiter);
    }
    this.#settledWaiters = waiting;
  }

  /** Failures of lists (which keep the data folder as it was) and of records. */
  failureCounts(): { lists: number; records: number } {
    const lists = this.failures.filter((failure) => failure.scope === 'list').length;
    return { lists, records: this.failures.length - lists };
  }
}

/** What every part of a crawl works with. */
export interface CrawlContext {
  options: ResolvedCrawlOptions;
  client: ApiClient;
  queue: RequestQueue;
  state: CrawlState;
  reporter: CrawlReporter;
  redact: (text: string) => string;
  /** A path inside the partial data folder. */
  partial: (relative: string) => string;
  say: (level: 'info' | 'warn' | 'error', text: string) => void;
}
