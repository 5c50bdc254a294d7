// The sample API: every operation of /work/shared/api-spec.md over the deterministic register of
// dataset.ts, on loopback, answering as the real service did behind Azure API Management
// (gateway-style 401/404 bodies, 429/403 with Retry-After when faults are on). See faults.ts.
//
// Choices where the spec is silent:
// - A path spelled otherwise than the spec shows (case, trailing slash, unknown) answers 404
//   `{"statusCode":404,"message":"Resource not found"}`, the gateway's answer, before the key is
//   checked, as the gateway matches an operation before it looks at the subscription.
// - Methods other than GET and HEAD on a known path answer 405 with `Allow: GET, HEAD`: the spec
//   says every operation is a GET, and 405 tells a client developer exactly what is wrong.
// - `Organisation/{id}` with an id that is not a GUID answers 400; a GUID without a record
//   (including the ids of gone records that lists still carry) answers 404. GUIDs match in any case.
// - `search` without a query, or with nothing searchable in it, answers 400.
// - `VoluntaryCodes` lists every code; `VoluntaryCodes/{id}` or `VoluntaryCodes?id=` answers the
//   same shape with that one code (404 when unknown). Entries are `{ id, description }` objects, or
//   plain ids when `voluntaryCodesShape` is 'strings', as the service answered in 2018.
// - Search results carry the organisation's page as `url` and are capped at `searchLimit`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateDataset, type SampleDataset } from './dataset.ts';
import { degradeDataset, type DegradationOptions } from './degradations.ts';
import { FaultInjector, quotaClock, validateFaults, type FaultOptions } from './faults.ts';
import { isEmptyQuery, parseSearchQuery } from './search.ts';

export type { FaultOptions } from './faults.ts';
export type { DegradationOptions } from './degradations.ts';

/** The subscription key the sample API accepts unless told otherwise. Not a secret. */
export const DEMO_SUBSCRIPTION_KEY = 'orgdir-demo-key';
export const API_PREFIX = '/public/v1';
/** Most search results answered for one query. */
export const SEARCH_RESULT_LIMIT = 500;

export const OPERATIONS = [
  'search',
  'voluntaryCodes',
  'voluntaryCodeMembers',
  'registeredCharities',
  'taxEfficientGifts',
  'housingBodies',
  'organisation',
] as const;

export type Operation = (typeof OPERATIONS)[number];

export interface SampleApiOptions {
  /** Default '127.0.0.1'. */
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Organisations with a record; default 2000. Ignored when `dataset` is given. */
  orgs?: number;
  /** Default 'orgdir'. Ignored when `dataset` is given. */
  seed?: string | number;
  /** A dataset already made, to share between servers. */
  dataset?: SampleDataset;
  /** The accepted `Ocp-Apim-Subscription-Key`; default DEMO_SUBSCRIPTION_KEY. */
  key?: string;
  /** Shape of the `VoluntaryCodes` answer; default 'objects'. */
  voluntaryCodesShape?: 'strings' | 'objects';
  /** Default SEARCH_RESULT_LIMIT. */
  searchLimit?: number;
  faults?: FaultOptions;
  /** A bad night of the register: organisations dropped, lists emptied, records failing or blanked. */
  degradations?: DegradationOptions;
  /**
   * Serialise every record at start-up and answer `Organisation/{id}` from those bytes. Default
   * false: it costs start-up time and memory (about 3 KB a record). The benchmark turns it on, so
   * that the service, which shares the machine with the crawler, spends its CPU before the crawl
   * rather than during it, as a real service on machines of its own would.
   */
  prepareRecords?: boolean;
}

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
}

export interface RunningSampleApi {
  /** e.g. http://127.0.0.1:PORT/public/v1 */
  baseUrl: string;
  /** e.g. http://127.0.0.1:PORT */
  origin: string;
  key: string;
  /** The register as served (after `degradations`). */
  dataset: SampleDataset;
  stats(): SampleApiStats;
  resetStats(): void;
  /** Replaces the fault options (and restarts the fault stream and quota window). */
  setFaults(faults: FaultOptions): void;
  close(): Promise<void>;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  };
}

function json(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

function errorBody(statusCode: number, message: string): Buffer {
  return json({ statusCode, message });
}

interface Route {
  operation: Operation;
  /** The path parameter, decoded, when the operation has one. */
  argument?: string;
}

/** Matches a path below /public/v1 exactly as the spec spells it (case and trailing slash included). */
function matchRoute(path: string): Route | undefined {
  switch (path) {
    case '/search':
      return { operation: 'search' };
    case '/VoluntaryCodes':
      return { operation: 'voluntaryCodes' };
    case '/registeredCharities/':
      return { operation: 'registeredCharities' };
    case '/taxEfficientGifts':
      return { operation: 'taxEfficientGifts' };
    case '/housingBodies/':
      return { operation: 'housingBodies' };
    default:
      break;
  }
  const match = /^\/(VoluntaryCodes|VoluntaryCodeMembers|Organisation)\/([^/]+)$/.exec(path);
  if (match === null) return undefined;
  let argument: string;
  try {
    argument = decodeURIComponent(match[2] ?? '');
  } catch {
    return undefined;
  }
  const operation =
    match[1] === 'VoluntaryCodes'
      ? 'voluntaryCodes'
      : match[1] === 'VoluntaryCodeMembers'
        ? 'voluntaryCodeMembers'
        : 'organisation';
  return { operation, argument };
}

interface Answer {
  status: number;
  body: Buffer;
  headers?: Record<string, string>;
  /** The organisation whose record this is, for `organisationsServed`. */
  organisationId?: string;
}

export async function startSampleApi(options: SampleApiOptions = {}): Promise<RunningSampleApi> {
  const host = options.host ?? '127.0.0.1';
  const key = options.key ?? DEMO_SUBSCRIPTION_KEY;
  const shape = options.voluntaryCodesShape ?? 'objects';
  const searchLimit = options.searchLimit ?? SEARCH_RESULT_LIMIT;
  const generated =
    options.dataset ??
    generateDataset({
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(options.orgs === undefined ? {} : { orgs: options.orgs }),
    });
  const degraded =
    options.degradations === undefined ? undefined : degradeDataset(generated, options.degradations);
  const dataset = degraded?.dataset ?? generated;
  const failing = degraded?.failing ?? new Set<string>();
  let faults = new FaultInjector(options.faults ?? {});
  let stats = emptyStats();
  let inFlight = 0;
  const timers = new Set<NodeJS.Timeout>();

  // List bodies never change: serialise them once, now, so the first request is as quick as the rest.
  const codeEntry = (code: { id: string; description: string }) =>
    shape === 'strings' ? code.id : { id: code.id, description: code.description };
  const lists = {
    registeredCharities: json(dataset.registeredCharities),
    taxEfficientGifts: json(dataset.taxEfficientGifts),
    housingBodies: json(dataset.housingBodies),
    voluntaryCodes: json(dataset.voluntaryCodes.map(codeEntry)),
  };
  const codeMemberBodies = new Map<string, Buffer>();
  /** Record bytes by lower-case id, when `prepareRecords`; made at 0.1 ms a record otherwise. */
  const recordBodies = new Map<string, { id: string; body: Buffer }>();
  if (options.prepareRecords === true) {
    for (const id of dataset.ids) {
      const record = dataset.organisation(id);
      if (record !== undefined)
        recordBodies.set(id.toLowerCase(), { id: String(record['id']), body: json(record) });
    }
  }

  function answerOperation(route: Route, query: URLSearchParams): Answer {
    switch (route.operation) {
      case 'registeredCharities':
      case 'taxEfficientGifts':
      case 'housingBodies':
        return { status: 200, body: lists[route.operation] };
      case 'voluntaryCodes': {
        const codeId = route.argument ?? (query.get('id') || undefined);
        if (codeId === undefined) return { status: 200, body: lists.voluntaryCodes };
        const code = dataset.voluntaryCodes.find((candidate) => candidate.id === codeId);
        if (code === undefined) return { status: 404, body: errorBody(404, 'Voluntary code not found') };
        return { status: 200, body: json([codeEntry(code)]) };
      }
      case 'voluntaryCodeMembers': {
        const codeId = route.argument ?? '';
        let body = codeMemberBodies.get(codeId);
        if (body === undefined) {
          const members = dataset.voluntaryCodeMembers(codeId);
          if (members === undefined) return { status: 404, body: errorBody(404, 'Voluntary code not found') };
          body = json(members);
          codeMemberBodies.set(codeId, body);
        }
        return { status: 200, body };
      }
      case 'organisation': {
        const id = route.argument ?? '';
        if (!GUID.test(id))
          return { status: 400, body: errorBody(400, 'The organisation id must be a GUID') };
        if (failing.has(id.toLowerCase()))
          return { status: 500, body: errorBody(500, 'Internal server error') };
        const prepared = recordBodies.get(id.toLowerCase());
        if (prepared !== undefined) return { status: 200, body: prepared.body, organisationId: prepared.id };
        const record = dataset.organisation(id);
        if (record === undefined) return { status: 404, body: errorBody(404, 'Organisation not found') };
        return { status: 200, body: json(record), organisationId: String(record['id']) };
      }
      case 'search': {
        const raw = query.get('id');
        if (raw === null || raw.trim() === '') {
          return { status: 400, body: errorBody(400, 'The search query (parameter id) is required') };
        }
        const parsed = parseSearchQuery(raw);
        if (isEmptyQuery(parsed)) {
          return { status: 400, body: errorBody(400, 'The search query has no word to search for') };
        }
        return { status: 200, body: json(dataset.search(parsed, searchLimit)) };
      }
    }
  }

  function send(response: ServerResponse, answer: Answer, truncateAt?: number): void {
    const status = String(answer.status);
    stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
    response.writeHead(answer.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(answer.body.length),
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
        stats.organisationsServed[organisationId] = (stats.organisationsServed[organisationId] ?? 0) + 1;
      });
    }
    response.end(answer.body);
  }

  function after(delayMs: number, action: () => void): void {
    if (delayMs <= 0) {
      action();
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, delayMs);
    timers.add(timer);
  }

  function handleApi(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    query: URLSearchParams,
  ): void {
    const route = matchRoute(path);
    if (route === undefined) {
      stats.unmatchedRequests++;
      send(response, { status: 404, body: errorBody(404, MESSAGES.notFound) });
      return;
    }
    stats.requests[route.operation]++;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      send(response, {
        status: 405,
        body: errorBody(405, 'Method not allowed'),
        headers: { Allow: 'GET, HEAD' },
      });
      return;
    }
    const given = request.headers['ocp-apim-subscription-key'];
    const presented = Array.isArray(given) ? given[0] : given;
    if (presented === undefined || presented === '') {
      send(response, { status: 401, body: errorBody(401, MESSAGES.missingKey) });
      return;
    }
    if (presented !== key) {
      send(response, { status: 401, body: errorBody(401, MESSAGES.invalidKey) });
      return;
    }

    const injector = faults;
    if (injector.overConcurrency(inFlight)) {
      const seconds = injector.options.retryAfterSeconds ?? 1;
      send(response, {
        status: 429,
        body: errorBody(429, `Rate limit is exceeded. Try again in ${seconds} seconds.`),
        headers: { 'Retry-After': String(seconds) },
      });
      return;
    }
    const quotaWait = injector.quotaRetryAfter(Date.now());
    if (quotaWait !== undefined) {
      send(response, {
        status: 403,
        body: errorBody(
          403,
          `Out of call volume quota. Quota will be replenished in ${quotaClock(quotaWait)}.`,
        ),
        headers: { 'Retry-After': String(quotaWait) },
      });
      return;
    }
    const decision = injector.decide();
    switch (decision.kind) {
      case 'rateLimit': {
        const seconds = decision.retryAfterSeconds;
        send(
          response,
          seconds === undefined
            ? { status: 429, body: errorBody(429, 'Rate limit is exceeded. Try again later.') }
            : {
                status: 429,
                body: errorBody(429, `Rate limit is exceeded. Try again in ${seconds} seconds.`),
                headers: { 'Retry-After': String(seconds) },
              },
        );
        return;
      }
      case 'stall':
        stats.stalled++;
        return;
      case 'reset':
        after(decision.latencyMs, () => {
          stats.resets++;
          request.socket.resetAndDestroy();
        });
        return;
      case 'error':
        after(decision.latencyMs, () => {
          if (response.destroyed) return;
          const message = decision.status === 500 ? 'Internal server error' : 'Service unavailable';
          send(response, { status: decision.status, body: errorBody(decision.status, message) });
        });
        return;
      case 'none': {
        // The answer is made at once and sent when the latency is up: the latency is what the
        // client waits, the service's own work included, as it would be of a real service. Made
        // after the wait, its cost would come on top and a crawl could never reach R·L/C.
        const started = performance.now();
        let answer: Answer;
        try {
          answer = answerOperation(route, query);
        } catch (error) {
          console.error(error);
          answer = { status: 500, body: errorBody(500, 'Internal server error') };
        }
        after(decision.latencyMs - (performance.now() - started), () => {
          if (response.destroyed) return;
          send(response, answer, decision.truncateAt);
        });
        return;
      }
    }
  }

  function handleStats(request: IncomingMessage, response: ServerResponse): void {
    if (request.method === 'POST') {
      resetStats();
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
    const body = json(currentStats());
    response.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(body.length),
      'Cache-Control': 'no-store',
    });
    response.end(body);
  }

  function currentStats(): SampleApiStats {
    return structuredClone({ ...stats, currentConcurrent: inFlight });
  }

  function resetStats(): void {
    stats = emptyStats();
    stats.peakConcurrent = inFlight;
  }

  const server: Server = createServer((request, response) => {
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://sample-api.invalid');
    } catch {
      response.writeHead(400).end();
      return;
    }
    const path = url.pathname;
    if (path === '/_stats') {
      handleStats(request, response);
      return;
    }
    inFlight++;
    stats.peakConcurrent = Math.max(stats.peakConcurrent, inFlight);
    response.once('close', () => {
      inFlight--;
    });
    if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) {
      handleApi(request, response, path.slice(API_PREFIX.length), url.searchParams);
    } else {
      stats.unmatchedRequests++;
      send(response, { status: 404, body: errorBody(404, MESSAGES.notFound) });
    }
  });
  // Benchmarks open many keep-alive connections; do not let Node's defaults cut them short.
  server.keepAliveTimeout = 30_000;
  server.headersTimeout = 60_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${hostForUrl}:${address.port}`;

  return {
    baseUrl: `${origin}${API_PREFIX}`,
    origin,
    key,
    dataset,
    stats: currentStats,
    resetStats,
    setFaults(next) {
      validateFaults(next);
      faults = new FaultInjector(next);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeAllConnections();
      });
    },
  };
}
