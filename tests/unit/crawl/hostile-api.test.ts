// crawl() against hostile APIs of the tests' own, on loopback: an API that is down, one whose
// searches fail, one whose searches never stop finding, answers of endless words, a register that
// joins a search's words with OR, a journal written by someone else. Each test names the defence it
// holds (docs/security.md: "The hostile API, round two").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crawl, type CrawlSummary } from '../../../src/crawl/crawl.ts';
import type { CrawlOptions } from '../../../src/crawl/options.ts';

const KEY = 'hostile-round-two-key';

interface HostileApi {
  url: string;
  /** Every path asked, below the base path. */
  requests: string[];
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown } | 'reset';

/** A loopback API that answers each path as `answer` says. */
async function hostileApi(answer: (path: string, search: string | undefined) => Answer): Promise<HostileApi> {
  const requests: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').replace(/^\/public\/v1/, '');
    requests.push(path);
    const url = new URL(path, 'http://x');
    const search = url.pathname === '/search' ? (url.searchParams.get('id') ?? '') : undefined;
    const reply = answer(url.pathname, search);
    if (reply === 'reset') {
      request.socket.destroy();
      return;
    }
    response.writeHead(reply.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/public/v1`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function tempDataDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'orgdir-hostile-')), 'data');
}

function guid(n: number): string {
  return `0b6a3c1e-0000-4a2b-8c3d-${n.toString(16).padStart(12, '0')}`;
}

function run(api: HostileApi, options: CrawlOptions = {}, dataDir = tempDataDir()): Promise<CrawlSummary> {
  return crawl({
    apiUrl: api.url,
    key: KEY,
    dataDir,
    rate: 0,
    backoffBaseMs: 1,
    backoffMaxMs: 5,
    maxAttempts: 3,
    progress: 'none',
    ...options,
  });
}

const searches = (api: HostileApi) => api.requests.filter((path) => path.startsWith('/search'));

const DOWN: Answer = { status: 503, body: { message: 'Service Unavailable' } };

/** Three listed organisations with records, on the one list that has any. */
const LISTED = [1, 2, 3].map((n) => ({ id: guid(n), name: `Listed Trust ${n}` }));

function listsAnswer(path: string): Answer | undefined {
  if (path === '/VoluntaryCodes') return { status: 200, body: [] };
  if (path === '/registeredCharities/') return { status: 200, body: LISTED };
  if (path === '/taxEfficientGifts' || path === '/housingBodies/') return { status: 200, body: [] };
  const record = /^\/Organisation\/(.+)$/.exec(path)?.[1];
  const listed = LISTED.find((organisation) => organisation.id === record);
  if (listed !== undefined)
    return { status: 200, body: { ...listed, county: 'Cork', registeredAddress: 'Main Street, Cobh' } };
  return undefined;
}

test('a dead API ends the crawl once every attempt has failed for --dead-after, with its exit code, not after every retry of every list and search', async () => {
  const api = await hostileApi(() => DOWN);
  try {
    // Retries as slow as the defaults' shape: without the watchdog each list alone takes 25 s.
    const summary = await run(api, {
      backoffBaseMs: 400,
      backoffMaxMs: 10_000,
      maxAttempts: 8,
      deadAfterMs: 1000,
    });
    assert.equal(summary.exitCode, 1);
    assert.match(summary.message, /every attempt for 1 s failed without an answer .*the API looks down/);
    assert.equal(searches(api).length, 0);
    assert.ok(api.requests.length <= 16, `${api.requests.length} requests`);
  } finally {
    await api.close();
  }
});

test('when every list fails the crawl stops before its search sweep', async () => {
  const api = await hostileApi(() => DOWN);
  try {
    const summary = await run(api, { maxAttempts: 2, deadAfterMs: 0, maxConsecutiveFailures: 0 });
    assert.equal(summary.exitCode, 1);
    assert.match(summary.message, /every list failed after its retries; the API looks down/);
    assert.deepEqual(searches(api), []);
  } finally {
    await api.close();
  }
});

test('searches that fail in a row count toward --max-consecutive-failures like records do', async () => {
  const api = await hostileApi((path) => listsAnswer(path) ?? DOWN);
  try {
    const summary = await run(api, {
      maxAttempts: 2,
      deadAfterMs: 0,
      maxConsecutiveFailures: 5,
      concurrency: 2,
    });
    assert.equal(summary.exitCode, 1);
    assert.match(summary.message, /5 requests in a row failed after their retries .*the API looks down/);
    // Five searches failed twice each, and those in flight besides: far from the 67 first searches.
    assert.ok(searches(api).length <= 20, `${searches(api).length} searches asked`);
  } finally {
    await api.close();
  }
});
