// crawl() against hostile APIs of the tests' own, on loopback: an API that is down, one whose
// searches fail, one whose searches never stop finding, answers of endless words, a register that
// joins a search's words with OR, a journal written by someone else. Each test names the defence it
// holds (docs/security.md: "The hostile API, round two").
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crawl, type CrawlSummary } from '../../../src/crawl/crawl.ts';
import { startSampleApi } from '../../../src/sample-api/server.ts';
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

/** The folders the tests made, removed once they are done. */
const folders: string[] = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempDataDir(): string {
  const folder = mkdtempSync(join(tmpdir(), 'orgdir-hostile-'));
  folders.push(folder);
  return join(folder, 'data');
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

/** Random words of a fixed seed, for names no search has seen. */
function seededWords(seed: number): () => string {
  let state = seed >>> 0;
  return () => {
    let word = '';
    for (let letter = 0; letter < 7; letter++) {
      state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
      word += String.fromCharCode(97 + (state % 26));
    }
    return word;
  };
}

test('an API whose every search finds 50 new organisations is swept within the bounds the lists set, and the ids that answer 404 count nowhere', async () => {
  const word = seededWords(39);
  let next = 1000;
  const api = await hostileApi((path, search) => {
    const listed = listsAnswer(path);
    if (listed !== undefined) return listed;
    if (search === undefined) return { status: 404, body: { message: 'Resource not found' } };
    // Endless, but for the test's own end: a crawler without a bound of its own stops here.
    if (searches(api).length > 1_000) return { status: 200, body: [] };
    const results = Array.from({ length: 50 }, () => ({
      id: guid(next++),
      name: `${word()} ${word()} Trust`,
    }));
    return { status: 200, body: results };
  });
  try {
    const summary = await run(api, { concurrency: 4 });
    assert.equal(summary.exitCode, 0, summary.message);
    const discovery = summary.manifest?.discovery;
    // Three listed organisations allow 200 searches and 2,000 organisations; 2,000 come in 40.
    assert.ok(searches(api).length <= 200, `${searches(api).length} searches`);
    assert.equal(discovery?.stopped, 'limit');
    // Every found id answered 404: the register is the three listed organisations, not thousands.
    assert.equal(summary.manifest?.counts.stored, 3);
    assert.equal(discovery?.discovered, 0);
    assert.ok((discovery?.estimatedRegister ?? 0) <= 3, String(discovery?.estimatedRegister));
  } finally {
    await api.close();
  }
});

test('an API whose every search finds eight new organisations is asked no more searches than the lists allow, whatever it estimates', async () => {
  const word = seededWords(41);
  let next = 5000;
  const found = new Map<string, { id: string; name: string }>();
  const api = await hostileApi((path, search) => {
    const listed = listsAnswer(path);
    if (listed !== undefined) return listed;
    // Every organisation found has a record, so that the answers' estimate of the register grows.
    const record = /^\/Organisation\/(.+)$/.exec(path)?.[1];
    const organisation = record === undefined ? undefined : found.get(record);
    if (organisation !== undefined)
      return {
        status: 200,
        body: { ...organisation, county: 'Cork', registeredAddress: 'Main Street, Cobh' },
      };
    if (search === undefined) return { status: 404, body: { message: 'Resource not found' } };
    // Endless, but for the test's own end: a crawler without a bound of its own stops here.
    if (searches(api).length > 1_000) return { status: 200, body: [] };
    const results = Array.from({ length: 8 }, () => ({
      id: guid(next++),
      name: `${word()} ${word()} Trust`,
    }));
    for (const result of results) found.set(result.id, result);
    return { status: 200, body: results };
  });
  try {
    const summary = await run(api, { concurrency: 4 });
    assert.equal(summary.exitCode, 0, summary.message);
    // Three listed organisations allow 200 searches: 14% of the register the sweep sees by then
    // would allow more, and its 1,600 organisations found are short of the 2,000 the lists allow.
    assert.equal(searches(api).length, 200);
    assert.equal(summary.manifest?.discovery?.stopped, 'budget');
    assert.equal(summary.manifest?.discovery?.discovered, 1_600);
  } finally {
    await api.close();
  }
});

test("a search that answers nothing, even for the listed organisations' own words, is reported broken, not swept through", async () => {
  const api = await hostileApi((path, search) => {
    const listed = listsAnswer(path);
    if (listed !== undefined) return listed;
    return search === undefined ? { status: 404, body: {} } : { status: 200, body: [] };
  });
  try {
    const summary = await run(api);
    assert.equal(summary.exitCode, 0, summary.message);
    assert.equal(summary.manifest?.discovery?.searchBroken, true);
  } finally {
    await api.close();
  }
});

/** Crawls the sample API of `orgs` organisations, its search cut at `cap`, reading several words as `searchWords` says. */
async function sweepSample(searchWords: 'all' | 'any'): Promise<{ share: number; summary: CrawlSummary }> {
  const api = await startSampleApi({ orgs: 1000, searchLimit: 50, searchWords });
  try {
    const summary = await crawl({
      apiUrl: api.baseUrl,
      key: api.key,
      dataDir: tempDataDir(),
      rate: 0,
      concurrency: 4,
      progress: 'none',
    });
    assert.equal(summary.exitCode, 0, summary.message);
    return { share: (summary.manifest?.counts.stored ?? 0) / api.dataset.ids.length, summary };
  } finally {
    await api.close();
  }
}

test('a register that reads several words as any of them is seen to, and found whole by narrowing with phrases', async () => {
  const { share, summary } = await sweepSample('any');
  assert.equal(summary.manifest?.discovery?.grammar, 'any');
  // The sweep ends at its budget here, 20% of the register in searches, and what it finds then
  // depends on the order the answers come in: 99.4–100% of this register with four in flight
  // (docs/crawling.md), 98.9–99.0% when it does not see that the words are read as any of them.
  assert.ok(share >= 0.993, `${(share * 100).toFixed(2)}% found`);
});

test('the ordinary register, whose words are all read, is still found whole and judged so', async () => {
  const { share, summary } = await sweepSample('all');
  assert.equal(summary.manifest?.discovery?.grammar, 'all');
  assert.ok(share >= 0.995, `${(share * 100).toFixed(2)}% found`);
});

test('a journal line that is not what the crawl writes is not believed: a count of 1e300 reaches no figure', async () => {
  let recordsDown = true;
  const api = await hostileApi((path, search) => {
    if (path === `/Organisation/${guid(3)}` && recordsDown) return DOWN;
    const listed = listsAnswer(path);
    if (listed !== undefined) return listed;
    return search === undefined ? { status: 404, body: {} } : { status: 200, body: [LISTED[0]] };
  });
  const dataDir = tempDataDir();
  try {
    // A record that fails keeps the crawl unfinished: its partial folder, journal and all, is resumed.
    const first = await run(api, { maxAttempts: 1, searchBudget: 80 }, dataDir);
    assert.equal(first.exitCode, 1);
    const journal = join(`${dataDir}.partial`, 'sweep.jsonl');
    assert.equal(existsSync(journal), true);
    appendFileSync(journal, `${JSON.stringify({ query: 'zebra', count: 1e300, ids: [], found: [] })}\n`);
    recordsDown = false;
    const second = await run(api, { maxAttempts: 1, searchBudget: 80 }, dataDir);
    assert.equal(second.exitCode, 0, second.message);
    const discovery = second.manifest?.discovery;
    assert.equal(discovery?.longestAnswer, 1);
    assert.ok(Number.isSafeInteger(discovery?.queries), String(discovery?.queries));
  } finally {
    await api.close();
  }
});
