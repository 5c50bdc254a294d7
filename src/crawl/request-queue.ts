// Every HTTP attempt of the crawl goes through one p-queue: `concurrency` caps the requests in
// flight, `interval`/`intervalCap` (sliding window) cap the rate, and a 429 or a spent quota
// pauses the whole queue, not only the request that met it. Retries sleep outside the queue, so a
// waiting retry holds no slot.
import PQueue from 'p-queue';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { clock, type CrawlReporter, type Operation } from './events.ts';
import { DownWatch } from './down-watch.ts';
import { QueuePause } from './queue-pause.ts';
import { redactAnswer, type Redact } from './redact.ts';
import {
  backoffDelay,
  classifyAnswer,
  classifyError,
  type Classification,
  type HttpAnswer,
} from './retry-policy.ts';

export interface RequestQueueOptions {
  concurrency: number;
  /** Requests started per second; 0 for no limit. */
  rate: number;
  maxAttempts: number;
  maxRateLimitWaits: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  retryAfterCapMs: number;
  /** Requests in a row that failed after their retries, whatever their operation, that stop the crawl; 0 never. */
  maxConsecutiveFailures: number;
  /** Time of nothing but failed attempts after which the API is taken to be down; 0 never. */
  deadAfterMs: number;
}

export interface ApiRequest {
  operation: Operation;
  /** Organisation id, voluntary code id or search query, for reports. */
  id?: string;
  url: string;
}

export type FetchOutcome =
  | { kind: 'ok'; body: Buffer; value: unknown; attempts: number }
  | { kind: 'not-found'; status: number; attempts: number }
  | { kind: 'failed'; status?: number; error: string; attempts: number };

/**
 * Thrown by every pending `fetch` once the crawl must stop: the key was refused, the crawl was
 * aborted, or so many requests failed in a row, or for so long, that the API looks down.
 */
export type StopKind = 'unauthorised' | 'aborted' | 'failing';

export class CrawlStopped extends Error {
  override name = 'CrawlStopped';
  readonly kind: StopKind;
  readonly status: number | undefined;
  constructor(kind: StopKind, message: string, status?: number) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}

export interface RequestStatistics {
  /** Attempts made, answered or not. */
  attempts: number;
  /** Attempts after the first of a request. */
  retries: number;
  /** Answers by HTTP status, and failures without an answer under "network". */
  statuses: Record<string, number>;
  /** Times the whole queue was paused by a 429 or a spent quota. */
  pauses: number;
}

/**
 * p-queue's window for a rate: one request per `1000 / rate` ms up to 20/s, so requests are spread
 * evenly; above that, batches per 50 ms, so the timer does not fire a thousand times a second.
 */
export function rateWindow(rate: number): { interval: number; intervalCap: number } | undefined {
  if (rate <= 0 || !Number.isFinite(rate)) return undefined;
  if (rate <= 20) return { interval: Math.max(1, Math.round(1000 / rate)), intervalCap: 1 };
  const intervalCap = Math.ceil(rate / 20);
  return { interval: Math.max(1, Math.round((1000 * intervalCap) / rate)), intervalCap };
}

type Get = (url: string, signal: AbortSignal) => Promise<HttpAnswer>;

/**
 * After a time-out the server may not yet know the request was abandoned and still counts it;
 * its slot stays taken a moment longer, so that the service never sees more than `concurrency`.
 */
const ABANDONED_REQUEST_GRACE_MS = 50;

function isTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  const name = (error as { name?: unknown } | undefined)?.name;
  return name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
}

/** How long a 429 or a spent quota pauses the queue: what the service asked (else a back-off), capped. */
function rateLimitWait(
  asked: number | undefined,
  waits: number,
  options: RequestQueueOptions,
  random: () => number,
): number {
  return Math.min(
    asked ?? backoffDelay(waits, options.backoffBaseMs, options.backoffMaxMs, random),
    options.retryAfterCapMs,
  );
}

/** What the reason of a wait adds when the service asked for longer than the cap allows. */
function cappedWait(asked: number | undefined, delayMs: number, options: RequestQueueOptions): string {
  return asked !== undefined && asked > options.retryAfterCapMs
    ? ` (Retry-After ${Math.round(asked / 1000)} s is more than --retry-after-cap; waiting ${Math.round(delayMs / 1000)} s)`
    : '';
}

/** The p-queue of `concurrency` requests in flight, at most `rate` a second. */
function queueFor(options: RequestQueueOptions): PQueue {
  const window = rateWindow(options.rate);
  // Sliding window: fixed windows would allow twice the rate across a boundary.
  return new PQueue({ concurrency: options.concurrency, ...(window && { ...window, strict: true }) });
}

export class RequestQueue {
  readonly #get: Get;
  readonly #options: RequestQueueOptions;
  readonly #reporter: CrawlReporter;
  readonly #redact: Redact;
  readonly #random: () => number;
  readonly #queue: PQueue;
  readonly #stop = new AbortController();
  #stopped: CrawlStopped | undefined;
  readonly #pause: QueuePause;
  readonly #down: DownWatch;
  readonly statistics: RequestStatistics = { attempts: 0, retries: 0, statuses: {}, pauses: 0 };

  constructor(
    get: Get,
    options: RequestQueueOptions,
    reporter: CrawlReporter,
    redact: Redact,
    random: () => number = Math.random,
  ) {
    this.#get = get;
    this.#options = options;
    this.#reporter = reporter;
    this.#redact = redact;
    this.#random = random;
    this.#queue = queueFor(options);
    this.#pause = new QueuePause(this.#queue, reporter, this.statistics);
    this.#down = new DownWatch(options, redact, (message) => this.stop(new CrawlStopped('failing', message)));
  }

  get stopped(): CrawlStopped | undefined {
    return this.#stopped;
  }

  /** Stops the crawl: waiting requests are dropped, running ones aborted, `fetch` throws `error`. */
  stop(error: CrawlStopped): void {
    if (this.#stopped !== undefined) return;
    this.#stopped = error;
    this.#pause.clear();
    this.#down.clear();
    this.#stop.abort(error);
    this.#queue.clear();
  }

  /** Stops the whole queue for `delayMs` (extending a pause already running). */
  pauseFor(delayMs: number, reason: string): void {
    if (this.#stopped === undefined) this.#pause.extend(delayMs, reason);
  }

  #count(key: string): void {
    this.statistics.statuses[key] = (this.statistics.statuses[key] ?? 0) + 1;
  }

  /** One attempt inside a queue slot: the slot is held until the body is read or the request fails. */
  async #attempt(
    request: ApiRequest,
    attempt: number,
  ): Promise<{ classification: Classification; body?: Buffer }> {
    const signal = this.#stop.signal;
    let startedAt = clock();
    const task = async () => {
      startedAt = clock();
      this.statistics.attempts += 1;
      try {
        return await this.#get(request.url, signal);
      } catch (error) {
        if (isTimeout(error) && !signal.aborted) await sleep(ABANDONED_REQUEST_GRACE_MS);
        throw error;
      }
    };
    const id = request.id === undefined ? {} : { id: request.id };
    const report = (result: { status: number } | { error: string }) =>
      this.#reporter.event({
        type: 'request',
        operation: request.operation,
        ...id,
        attempt,
        startedAt,
        endedAt: clock(),
        ...result,
      });
    try {
      const answer = await this.#queue.add(task, { signal, priority: attempt > 1 ? 1 : 0 });
      this.#count(String(answer.status));
      report({ status: answer.status });
      // undici writes the next request of a freed connection in the next check phase (setImmediate),
      // so a body parsed, validated and stored now holds it back: with the record written
      // synchronously, a crawl at 20 ms a request took 22.5 ms a request one at a time, 21.0 ms a
      // turn later; a search answer of 4 MB takes tens of milliseconds to parse. Not for other
      // statuses: a 429 must pause the queue before more requests start.
      if (answer.status >= 200 && answer.status < 300) await nextTurn();
      return { classification: classifyAnswer(answer, Date.now(), this.#redact), body: answer.body };
    } catch (error) {
      if (this.#stopped !== undefined) throw this.#stopped;
      const classification = classifyError(error, this.#redact);
      this.#count('network');
      report({ error: this.#redact(classification.reason) });
      return { classification };
    }
  }

  /** Fetches one resource, retrying as the retry policy says. Throws only `CrawlStopped`. */
  async fetch(request: ApiRequest): Promise<FetchOutcome> {
    const options = this.#options;
    let attempts = 0;
    let failures = 0;
    let waits = 0;
    for (;;) {
      if (this.#stopped !== undefined) throw this.#stopped;
      attempts += 1;
      if (attempts > 1) this.statistics.retries += 1;
      const { classification, body } = await this.#attempt(request, attempts);
      if (classification.kind === 'transient') {
        if (this.#stopped === undefined) this.#down.attemptFailed(classification.reason);
      } else this.#down.answered();
      switch (classification.kind) {
        case 'success': {
          const kept = redactAnswer(body ?? Buffer.alloc(0), classification.value, this.#redact);
          if (kept === undefined) {
            const reason = 'the answer gives the key back in a form that could not be taken out of it';
            return this.#failed(`${reason}: not stored`, attempts, undefined);
          }
          return { kind: 'ok', body: kept.body, value: kept.value, attempts };
        }
        case 'not-found':
          return { kind: 'not-found', status: classification.status, attempts };
        case 'final':
          return this.#failed(classification.reason, attempts, classification.status);
        case 'unauthorised': {
          const stop = new CrawlStopped(
            'unauthorised',
            this.#redact(classification.reason),
            classification.status,
          );
          this.stop(stop);
          throw stop;
        }
        case 'rate-limited': {
          waits += 1;
          if (waits > options.maxRateLimitWaits) {
            return this.#failed(
              `still rate-limited after ${waits - 1} waits: ${classification.reason}`,
              attempts,
              classification.status,
            );
          }
          const delayMs = rateLimitWait(classification.retryAfterMs, waits, options, this.#random);
          const reason = this.#redact(
            `${classification.reason}${cappedWait(classification.retryAfterMs, delayMs, options)}`,
          );
          this.#retryEvent(request, attempts, reason, delayMs);
          this.pauseFor(delayMs, reason);
          break;
        }
        case 'transient': {
          failures += 1;
          if (failures >= options.maxAttempts) {
            return this.#failed(classification.reason, attempts, classification.status);
          }
          const backoff = backoffDelay(failures, options.backoffBaseMs, options.backoffMaxMs, this.#random);
          const delayMs = Math.max(
            backoff,
            Math.min(classification.retryAfterMs ?? 0, options.retryAfterCapMs),
          );
          this.#retryEvent(request, attempts, this.#redact(classification.reason), delayMs);
          try {
            await sleep(delayMs, undefined, { signal: this.#stop.signal });
          } catch {
            throw this.#stopped ?? new CrawlStopped('aborted', 'the crawl was stopped');
          }
          break;
        }
      }
    }
  }

  #retryEvent(request: ApiRequest, attempt: number, reason: string, delayMs: number): void {
    const id = request.id === undefined ? {} : { id: request.id };
    this.#reporter.event({ type: 'retry', operation: request.operation, ...id, attempt, reason, delayMs });
  }

  /** A request that failed after its retries: so many in a row, of any operation, stop the crawl. */
  #failed(reason: string, attempts: number, status: number | undefined): FetchOutcome {
    const error = this.#redact(reason);
    this.#down.requestFailed(error);
    return status === undefined
      ? { kind: 'failed', error, attempts }
      : { kind: 'failed', status, error, attempts };
  }

  /** Stops the timers, so that a finished crawl leaves nothing scheduled. */
  close(): void {
    this.#pause.clear();
    this.#down.clear();
    this.#queue.clear();
  }
}
