// The sample API's front door, answering as the real service did behind Azure API Management
// (https://learn.microsoft.com/azure/api-management/): the gateway matches an operation before
// it looks at the subscription key (so an unknown path is a 404 whatever the key), then checks the
// key (401), then the rate limit and quota (429/403 with Retry-After), then lets the faults of
// faults.ts decide; only then does the operation answer (answers.ts). It also keeps the counts
// that tests and the benchmark read from /_stats.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody, json, type Answer, type OperationAnswers } from './answers.ts';
import { FaultInjector, quotaClock, validateFaults, type FaultOptions } from './faults.ts';
import { matchRoute, OPERATIONS, type Operation, type Route } from './routes.ts';
import { SAMPLE_DATA_HEADER, SAMPLE_DATA_VALUE } from '../lib/sample-data.ts';

export interface SampleApiStats {
  /** Requests per operation, whatever their answer. */
  requests: Record<Operation, number>;
  /** Requests under /public/v1 that matched no operation. */
  unmatchedRequests: number;
  /** Answers by status code, faults included ("200": n). */
  statuses: Record<string, number>;
  /** Connections reset instead of answered. */
  resets: number;
  /** Answers cut short (also counted under their status). */
  truncated: number;
  /** Requests left unanswered on purpose (stall faults). */
  stalled: number;
  peakConcurrent: number;
  currentConcurrent: number;
  /** Complete 200 answers of `Organisation/{id}`, per id. */
  organisationsServed: Record<string, number>;
  /** Complete 200 answers of `search`, per query as sent. */
  searchesServed: Record<string, number>;
}

/** The gateway's own answers, word for word. */
const MESSAGES = {
  missingKey:
    'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.',
  invalidKey:
    'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
  notFound: 'Resource not found',
} as const;

function emptyStats(): SampleApiStats {
  return {
    requests: Object.fromEntries(OPERATIONS.map((operation) => [operation, 0])) as Record<Operation, number>,
    unmatchedRequests: 0,
    statuses: {},
    resets: 0,
    truncated: 0,
    stalled: 0,
    peakConcurrent: 0,
    currentConcurrent: 0,
    organisationsServed: {},
    searchesServed: {},
  };
}

function rateLimited(seconds: number | undefined): Answer {
  return seconds === undefined
    ? { status: 429, body: errorBody(429, 'Rate limit is exceeded. Try again later.') }
    : {
        status: 429,
        body: errorBody(429, `Rate limit is exceeded. Try again in ${seconds} seconds.`),
        headers: { 'Retry-After': String(seconds) },
      };
}

/** The gateway's refusal of a request, before any fault or answer: method, key, limits. */
function refusalOf(
  request: IncomingMessage,
  key: string,
  injector: FaultInjector,
  inFlight: number,
): Answer | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return { status: 405, body: errorBody(405, 'Method not allowed'), headers: { Allow: 'GET, HEAD' } };
  }
  const given = request.headers['ocp-apim-subscription-key'];
  const presented = Array.isArray(given) ? given[0] : given;
  if (presented === undefined || presented === '') {
    return { status: 401, body: errorBody(401, MESSAGES.missingKey) };
  }
  if (presented !== key) return { status: 401, body: errorBody(401, MESSAGES.invalidKey) };
  if (injector.overConcurrency(inFlight)) return rateLimited(injector.options.retryAfterSeconds ?? 1);
  const quotaWait = injector.quotaRetryAfter(Date.now());
  if (quotaWait !== undefined) {
    return {
      status: 403,
      body: errorBody(
        403,
        `Out of call volume quota. Quota will be replenished in ${quotaClock(quotaWait)}.`,
      ),
      headers: { 'Retry-After': String(quotaWait) },
    };
  }
  return undefined;
}

export class Gateway {
  readonly #key: string;
  readonly #answers: OperationAnswers;
  #faults: FaultInjector;
  #stats = emptyStats();
  #inFlight = 0;
  readonly #timers = new Set<NodeJS.Timeout>();

  constructor(key: string, answers: OperationAnswers, faults: FaultOptions) {
    this.#key = key;
    this.#answers = answers;
    this.#faults = new FaultInjector(faults);
  }

  /** Replaces the fault options (and restarts the fault stream and quota window). */
  setFaults(faults: FaultOptions): void {
    validateFaults(faults);
    this.#faults = new FaultInjector(faults);
  }

  stats(): SampleApiStats {
    return structuredClone({ ...this.#stats, currentConcurrent: this.#inFlight });
  }

  resetStats(): void {
    this.#stats = emptyStats();
    this.#stats.peakConcurrent = this.#inFlight;
  }

  /** Stops the answers still waiting for their latency. */
  cancelPending(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  /** Counts a request in flight until its response closes. */
  track(response: ServerResponse): void {
    this.#inFlight++;
    this.#stats.peakConcurrent = Math.max(this.#stats.peakConcurrent, this.#inFlight);
    response.once('close', () => {
      this.#inFlight--;
    });
  }

  /** Answers a path outside every operation, as the gateway does. */
  notFound(response: ServerResponse): void {
    this.#stats.unmatchedRequests++;
    this.#send(response, { status: 404, body: errorBody(404, MESSAGES.notFound) });
  }

  /** Answers a request for `path` below /public/v1. */
  handle(request: IncomingMessage, response: ServerResponse, path: string, query: URLSearchParams): void {
    const route = matchRoute(path);
    if (route === undefined) {
      this.notFound(response);
      return;
    }
    this.#stats.requests[route.operation]++;
    const refusal = refusalOf(request, this.#key, this.#faults, this.#inFlight);
    if (refusal !== undefined) {
      this.#send(response, refusal);
      return;
    }
    this.#answerWithFaults(request, response, route, query);
  }

  #answerWithFaults(
    request: IncomingMessage,
    response: ServerResponse,
    route: Route,
    query: URLSearchParams,
  ): void {
    const decision = this.#faults.decide();
    switch (decision.kind) {
      case 'rateLimit':
        this.#send(response, rateLimited(decision.retryAfterSeconds));
        return;
      case 'stall':
        this.#stats.stalled++;
        return;
      case 'reset':
        this.#after(decision.latencyMs, () => {
          this.#stats.resets++;
          request.socket.resetAndDestroy();
        });
        return;
      case 'error':
        this.#after(decision.latencyMs, () => {
          if (response.destroyed) return;
          const message = decision.status === 500 ? 'Internal server error' : 'Service unavailable';
          this.#send(response, { status: decision.status, body: errorBody(decision.status, message) });
        });
        return;
      case 'none': {
        // The answer is made at once and sent when the latency is up: the latency is what the
        // client waits, the service's own work included, as it would be of a real service. Made
        // after the wait, its cost would come on top and a crawl could never reach R·L/C.
        const started = performance.now();
        let answer: Answer;
        try {
          answer = this.#answers.answer(route, query);
        } catch (error) {
          console.error(error);
          answer = { status: 500, body: errorBody(500, 'Internal server error') };
        }
        this.#after(decision.latencyMs - (performance.now() - started), () => {
          if (response.destroyed) return;
          this.#send(response, answer, decision.truncateAt);
        });
        return;
      }
    }
  }

  #send(response: ServerResponse, answer: Answer, truncateAt?: number): void {
    const stats = this.#stats;
    const status = String(answer.status);
    stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
    response.writeHead(answer.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(answer.body.length),
      // Every answer says that its register is made up: the crawl records it, the pages say so.
      [SAMPLE_DATA_HEADER]: SAMPLE_DATA_VALUE,
      ...answer.headers,
    });
    if (truncateAt !== undefined && response.req.method !== 'HEAD') {
      stats.truncated++;
      // Announce the whole body, send part of it, then drop the connection.
      const cut = Math.min(answer.body.length - 1, Math.floor(answer.body.length * truncateAt));
      response.write(answer.body.subarray(0, Math.max(0, cut)), () => response.socket?.destroy());
      return;
    }
    const organisationId = answer.organisationId;
    if (organisationId !== undefined && answer.status === 200 && response.req.method === 'GET') {
      response.once('finish', () => {
        // Read at the end: a reset of the counts meanwhile starts them afresh.
        const served = this.#stats.organisationsServed;
        served[organisationId] = (served[organisationId] ?? 0) + 1;
      });
    }
    const searchQuery = answer.searchQuery;
    if (searchQuery !== undefined && answer.status === 200 && response.req.method === 'GET') {
      response.once('finish', () => {
        const served = this.#stats.searchesServed;
        served[searchQuery] = (served[searchQuery] ?? 0) + 1;
      });
    }
    response.end(answer.body);
  }

  #after(delayMs: number, action: () => void): void {
    if (delayMs <= 0) {
      action();
      return;
    }
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      action();
    }, delayMs);
    this.#timers.add(timer);
  }

  /** GET: the counts; POST: starts them afresh (a benchmark between its runs). */
  handleStats(request: IncomingMessage, response: ServerResponse): void {
    if (request.method === 'POST') {
      this.resetStats();
      response.writeHead(204).end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, {
        Allow: 'GET, HEAD, POST',
        'Content-Type': 'application/json; charset=utf-8',
      });
      response.end(errorBody(405, 'Method not allowed'));
      return;
    }
    const body = json(this.stats());
    response.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(body.length),
      'Cache-Control': 'no-store',
    });
    response.end(body);
  }
}
