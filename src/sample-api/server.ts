// The sample API: every operation of the register's public API (docs/sample-api.md) over
// the deterministic register of dataset.ts, on loopback, answering as the real service did behind
// Azure API Management (gateway.ts: gateway-style 401/404 bodies, 429/403 with Retry-After when
// faults are on, faults.ts); the operations' answers are in answers.ts, their paths in routes.ts.
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
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OperationAnswers } from './answers.ts';
import { generateDataset, type SampleDataset } from './dataset.ts';
import { degradeDataset, type DegradationOptions } from './degradations.ts';
import type { FaultOptions } from './faults.ts';
import { Gateway, type SampleApiStats } from './gateway.ts';
import { API_PREFIX } from './routes.ts';
import type { SearchWords } from './search.ts';

export type { FaultOptions } from './faults.ts';
export type { DegradationOptions } from './degradations.ts';
export type { SampleApiStats } from './gateway.ts';

/** The subscription key the sample API accepts unless told otherwise. Not a secret. */
export const DEMO_SUBSCRIPTION_KEY = 'orgdir-demo-key';
/** Most search results answered for one query. */
export const SEARCH_RESULT_LIMIT = 500;

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
  /** How a query of several words is read; default `all`, as the spec's register does. */
  searchWords?: SearchWords;
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

export async function startSampleApi(options: SampleApiOptions = {}): Promise<RunningSampleApi> {
  const host = options.host ?? '127.0.0.1';
  const key = options.key ?? DEMO_SUBSCRIPTION_KEY;
  const generated =
    options.dataset ??
    generateDataset({
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(options.orgs === undefined ? {} : { orgs: options.orgs }),
    });
  const degraded =
    options.degradations === undefined ? undefined : degradeDataset(generated, options.degradations);
  const dataset = degraded?.dataset ?? generated;
  const answers = new OperationAnswers(dataset, degraded?.failing ?? new Set<string>(), {
    voluntaryCodesShape: options.voluntaryCodesShape ?? 'objects',
    searchLimit: options.searchLimit ?? SEARCH_RESULT_LIMIT,
    searchWords: options.searchWords ?? 'all',
    prepareRecords: options.prepareRecords === true,
  });
  const gateway = new Gateway(key, answers, options.faults ?? {});

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
      gateway.handleStats(request, response);
      return;
    }
    gateway.track(response);
    if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) {
      gateway.handle(request, response, path.slice(API_PREFIX.length), url.searchParams);
    } else {
      gateway.notFound(response);
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
    stats: () => gateway.stats(),
    resetStats: () => gateway.resetStats(),
    setFaults: (next) => gateway.setFaults(next),
    close() {
      gateway.cancelPending();
      return new Promise((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeAllConnections();
      });
    },
  };
}
