// The request queue against a scripted HTTP server on a loopback port: what reaches the server is
// what the API would see.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clock, type CrawlEvent } from '../../../src/crawl/events.ts';
import { ApiClient } from '../../../src/crawl/http-client.ts';
import { keyRedactor } from '../../../src/crawl/redact.ts';
import {
  CrawlStopped,
  rateWindow,
  RequestQueue,
  type RequestQueueOptions,
} from '../../../src/crawl/request-queue.ts';

type Handler = (request: IncomingMessage, response: ServerResponse, arrival: number) => void;

interface ScriptedServer {
  url: string;
  arrivals: { path: string; at: number; key: string | undefined }[];
  peakConcurrent: number;
  close(): Promise<void>;
}

async function scriptedServer(handler: Handler): Promise<ScriptedServer> {
  let concurrent = 0;
  const state: ScriptedServer = {
    url: '',
    arrivals: [],
    peakConcurrent: 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((request, response) => {
    concurrent += 1;
    state.peakConcurrent = Math.max(state.peakConcurrent, concurrent);
    response.on('close', () => (concurrent -= 1));
    const key = request.headers['ocp-apim-subscription-key'];
    state.arrivals.push({
      path: request.url ?? '',
      at: Date.now(),
      key: typeof key === 'string' ? key : undefined,
    });
    handler(request, response, state.arrivals.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/public/v1`;
  return state;
}

function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

function makeClient(server: ScriptedServer, connections: number, requestTimeoutMs: number): ApiClient {
  return new ApiClient({
    apiUrl: server.url,
    key: 'test-key',
    connections,
    connectTimeoutMs: 1000,
    headersTimeoutMs: 5000,
    bodyTimeoutMs: 5000,
    requestTimeoutMs,
    userAgent: 'orgdir-test',
  });
}

const FAST: RequestQueueOptions = {
  concurrency: 4,
  rate: 0,
  maxAttempts: 5,
  maxRateLimitWaits: 5,
  backoffBaseMs: 5,
  backoffMaxMs: 20,
  retryAfterCapMs: 300_000,
  maxConsecutiveFailures: 0,
  deadAfterMs: 0,
};

function setUp(
  server: ScriptedServer,
  options: Partial<RequestQueueOptions> = {},
  requestTimeoutMs = 10_000,
  key = 'test-key',
) {
  const events: CrawlEvent[] = [];
  const merged = { ...FAST, ...options };
  const client = makeClient(server, merged.concurrency, requestTimeoutMs);
  const queue = new RequestQueue(
    (url, signal) => client.get(url, signal),
    merged,
    { event: (event) => events.push(event) },
    keyRedactor(key),
  );
  const get = (path: string) => queue.fetch({ operation: 'organisation', id: path, url: client.url(path) });
  const close = async () => {
    queue.close();
    await client.close();
    await server.close();
  };
  return { queue, client, events, get, close };
}

test('rates become even spacing, or small batches above 20 per second', () => {
  assert.equal(rateWindow(0), undefined);
  assert.deepEqual(rateWindow(5), { interval: 200, intervalCap: 1 });
  assert.deepEqual(rateWindow(0.5), { interval: 2000, intervalCap: 1 });
  assert.deepEqual(rateWindow(1000), { interval: 50, intervalCap: 50 });
});

test('the key goes in its header, and no more requests are in flight than the concurrency', async () => {
  const server = await scriptedServer((_request, response) =>
    setTimeout(() => json(response, 200, { ok: true }), 20),
  );
  const { get, close } = setUp(server, { concurrency: 3 });
  try {
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, index) => get(`/Organisation/${index}`)),
    );
    assert.ok(outcomes.every((outcome) => outcome.kind === 'ok'));
    assert.equal(server.arrivals.length, 30);
    assert.equal(server.peakConcurrent, 3);
    assert.ok(
      server.arrivals.every((arrival) => arrival.key === 'test-key' && !arrival.path.includes('test-key')),
    );
  } finally {
    await close();
  }
});

test('the rate caps how many requests start in any second', async () => {
  const server = await scriptedServer((_request, response) => json(response, 200, {}));
  const starts: number[] = [];
  const client = makeClient(server, 4, 5000);
  const queue = new RequestQueue(
    (url, signal) => {
      starts.push(Date.now());
      return client.get(url, signal);
    },
    { ...FAST, rate: 20 },
    { event() {} },
    keyRedactor('test-key'),
  );
  try {
    const urls = Array.from({ length: 12 }, (_, index) => client.url(`/Organisation/${index}`));
    await Promise.all(urls.map((url) => queue.fetch({ operation: 'organisation', url })));
    // 20 per second is one start every 50 ms. The times are taken a moment after the queue's own
    // decision, so each window of four intervals is allowed 50 ms of that noise.
    for (let index = 4; index < starts.length; index += 1) {
      const window = (starts[index] ?? 0) - (starts[index - 4] ?? 0);
      assert.ok(window >= 150, `four intervals in ${window} ms: ${starts.join(', ')}`);
    }
    assert.ok((starts.at(-1) ?? 0) - (starts[0] ?? 0) >= 500);
  } finally {
    queue.close();
    await client.close();
    await server.close();
  }
});

test('a 429 with Retry-After pauses the whole queue before the next request', async () => {
  // One log for the server's arrivals, the queue's request starts and its pauses, in the order
  // they happened (one process, one event loop: the order is the order of events). A request
  // started before the pause may still arrive after it.
  const log: ({ arrival: number } | { start: number } | { pausedUntil: number } | { unpaused: true })[] = [];
  const server = await scriptedServer((_request, response, arrival) => {
    log.push({ arrival });
    if (arrival === 3)
      json(response, 429, { statusCode: 429, message: 'Rate limit is exceeded.' }, { 'retry-after': '1' });
    else setTimeout(() => json(response, 200, {}), 5);
  });
  const client = makeClient(server, 2, 5000);
  const queue = new RequestQueue(
    (url, signal) => {
      log.push({ start: clock() });
      return client.get(url, signal);
    },
    { ...FAST, concurrency: 2 },
    {
      event: (event) => {
        if (event.type === 'pause') log.push({ pausedUntil: event.until });
        if (event.type === 'unpause') log.push({ unpaused: true });
      },
    },
    keyRedactor('test-key'),
  );
  try {
    const urls = Array.from({ length: 8 }, (_, index) => client.url(`/Organisation/${index}`));
    const outcomes = await Promise.all(urls.map((url) => queue.fetch({ operation: 'organisation', url })));
    assert.ok(outcomes.every((outcome) => outcome.kind === 'ok'));
    const pauseAt = log.findIndex((entry) => 'pausedUntil' in entry);
    const unpauseAt = log.findIndex((entry) => 'unpaused' in entry);
    const pause = log[pauseAt];
    assert.ok(pause !== undefined && 'pausedUntil' in pause);
    assert.ok(unpauseAt > pauseAt, 'the pause ended after it began');
    // 8 requests and one retry, each started and arrived; one pause and its end.
    assert.equal(log.filter((entry) => 'start' in entry).length, 9);
    assert.equal(log.filter((entry) => 'arrival' in entry).length, 9);
    // The 429 paused the queue before any request after it started: every start after the pause
    // came when the queue was started again, no earlier than the instant the pause promised.
    const startsAfterPause = log.slice(pauseAt + 1).filter((entry) => 'start' in entry);
    assert.ok(startsAfterPause.length >= 1);
    for (const entry of startsAfterPause) assert.ok(entry.start >= pause.pausedUntil);
  } finally {
    queue.close();
    await client.close();
    await server.close();
  }
});

test('server errors and cut-off bodies are retried until they succeed', async () => {
  const server = await scriptedServer((_request, response, arrival) => {
    if (arrival === 1) json(response, 503, { statusCode: 503, message: 'busy' });
    else if (arrival === 2) {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"id":"cut', () => response.destroy());
    } else if (arrival === 3) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"id":"cut');
    } else json(response, 200, { id: 'whole' });
  });
  const { get, events, close } = setUp(server);
  try {
    const outcome = await get('/Organisation/a');
    assert.equal(outcome.kind, 'ok');
    assert.deepEqual(outcome.kind === 'ok' && outcome.value, { id: 'whole' });
    assert.equal(outcome.attempts, 4);
    assert.equal(events.filter((event) => event.type === 'retry').length, 3);
  } finally {
    await close();
  }
});

test('a 404 is not retried, and a 400 is final', async () => {
  const server = await scriptedServer((request, response) =>
    json(response, request.url?.endsWith('gone') ? 404 : 400, {}),
  );
  const { get, close } = setUp(server);
  try {
    assert.deepEqual(await get('/Organisation/gone'), { kind: 'not-found', status: 404, attempts: 1 });
    assert.deepEqual(await get('/Organisation/bad'), {
      kind: 'failed',
      status: 400,
      error: 'HTTP 400: {}',
      attempts: 1,
    });
    assert.equal(server.arrivals.length, 2);
  } finally {
    await close();
  }
});

test('a request that keeps failing is given up after its attempts, with the last error', async () => {
  const server = await scriptedServer((_request, response) => json(response, 500, { message: 'broken' }));
  const { get, close } = setUp(server, { maxAttempts: 3 });
  try {
    assert.deepEqual(await get('/Organisation/a'), {
      kind: 'failed',
      status: 500,
      error: 'HTTP 500: broken',
      attempts: 3,
    });
  } finally {
    await close();
  }
});

test('a request that hangs is aborted by its time-out, freeing its slot, and retried', async () => {
  // In the order it happened: arrivals, and the hanging request's connection closed by the client.
  const log: string[] = [];
  const server = await scriptedServer((_request, response, arrival) => {
    log.push(`arrival ${arrival}`);
    if (arrival === 1) {
      response.on('close', () => log.push('first closed'));
      return; // never answers
    }
    json(response, 200, { arrival });
  });
  const { get, close } = setUp(server, { concurrency: 1 }, 200);
  try {
    const outcome = await get('/Organisation/a');
    assert.equal(outcome.kind, 'ok');
    // The first attempt was given up and its connection closed before the retry arrived; a retry
    // slowed past the time-out by a loaded machine is itself retried, so later arrivals may follow.
    assert.deepEqual(log.slice(0, 3), ['arrival 1', 'first closed', 'arrival 2']);
    assert.deepEqual(outcome.kind === 'ok' && outcome.value, {
      arrival: log.filter((e) => e.startsWith('arrival')).length,
    });
    assert.equal(server.peakConcurrent, 1);
  } finally {
    await close();
  }
});

test('a 401 stops every request at once with the API message', async () => {
  const server = await scriptedServer((_request, response, arrival) => {
    if (arrival === 1)
      json(response, 401, { statusCode: 401, message: 'Access denied due to invalid subscription key.' });
    else setTimeout(() => json(response, 200, {}), 50);
  });
  const { get, queue, close } = setUp(server, { concurrency: 1 });
  try {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => get(`/Organisation/${index}`)),
    );
    assert.ok(
      results.every((result) => result.status === 'rejected' && result.reason instanceof CrawlStopped),
    );
    assert.equal(queue.stopped?.kind, 'unauthorised');
    assert.match(queue.stopped?.message ?? '', /HTTP 401: Access denied due to invalid subscription key/);
    assert.equal(server.arrivals.length, 1);
  } finally {
    await close();
  }
});

test('an API that quotes the key in errors, rate limits, redirects, bodies and a refusal: nothing the queue reports or returns holds it', async () => {
  const quoting = (status: number) => ({ statusCode: status, message: `refused for key test-key` });
  const seen = new Map<string, number>();
  const server = await scriptedServer((request, response) => {
    const path = request.url ?? '';
    const times = (seen.get(path) ?? 0) + 1;
    seen.set(path, times);
    if (path.endsWith('/recovers')) {
      if (times === 1) json(response, 500, quoting(500));
      else if (times === 2) json(response, 429, quoting(429), { 'retry-after': '0' });
      else json(response, 200, { id: 'recovers', note: 'call us with test-key' });
    } else if (path.endsWith('/redirected')) {
      response.writeHead(302, { location: 'https://gateway.invalid/?key=test-key' }).end();
    } else if (path.endsWith('/failing')) {
      json(response, 503, quoting(503));
    } else {
      json(response, 401, quoting(401));
    }
  });
  const { get, events, close } = setUp(server, { maxAttempts: 2 });
  try {
    const outcomes = [await get('/Organisation/recovers'), await get('/Organisation/redirected')];
    outcomes.push(await get('/Organisation/failing'));
    const refused = await get('/Organisation/refused').then(
      () => assert.fail('a 401 stops the queue'),
      (error: unknown) => error,
    );
    assert.ok(refused instanceof CrawlStopped);
    assert.deepEqual(
      outcomes.map((outcome) => outcome.kind),
      ['ok', 'failed', 'failed'],
    );
    const everything = JSON.stringify(
      { events, outcomes, refused: refused.message },
      (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString('utf8') : value),
    );
    assert.equal(everything.includes('test-key'), false, everything);
    // Each way of quoting it was met, and redacted rather than dropped.
    for (const where of ['HTTP 500', 'HTTP 429', 'redirect', 'HTTP 503', 'HTTP 401', 'call us with'])
      assert.match(everything, new RegExp(`${where}[^"]*\\[redacted key\\]`), where);
  } finally {
    await close();
  }
});

test('a network error that quotes the key is reported and retried with the key redacted', async () => {
  const events: CrawlEvent[] = [];
  let calls = 0;
  const queue = new RequestQueue(
    async () => {
      calls += 1;
      if (calls === 1) throw new Error('proxy http://user:test-key@proxy.invalid refused the connection');
      return { status: 200, headers: {}, body: Buffer.from('{"ok":true}') };
    },
    FAST,
    { event: (event) => events.push(event) },
    keyRedactor('test-key'),
  );
  try {
    const outcome = await queue.fetch({ operation: 'organisation', id: 'x', url: 'http://api.invalid/x' });
    assert.equal(outcome.kind, 'ok');
    const reported = JSON.stringify(events);
    assert.equal(reported.includes('test-key'), false, reported);
    assert.match(reported, /"type":"request"[^}]*"error":"[^"]*\[redacted key\]/);
    assert.match(reported, /"type":"retry"[^}]*"reason":"[^"]*\[redacted key\]/);
  } finally {
    queue.close();
  }
});

/** A key with the characters encoders change; its first three characters occur nowhere else. */
const SLASH_KEY = 'Qk7/pL+w9=Zr/3+Tn8==';

/** Where a test finds the key: as sent, JSON-escaped, percent-encoded in either case, or its start. */
function slashKeyForms(text: string): string[] {
  const percent = encodeURIComponent(SLASH_KEY);
  const forms = [
    SLASH_KEY,
    SLASH_KEY.replaceAll('/', '\\/'),
    SLASH_KEY.replaceAll('+', '\\u002B'),
    percent,
    percent.toLowerCase(),
  ];
  const found = forms.filter((form) => text.includes(form));
  // Any part of the key left at a cut starts with its first characters.
  if (/qk7/i.test(text)) found.push('the start of the key');
  return found;
}

// Checked by taking each protection out: with the queue classifying answers without its redactor
// (the message cut to 200 characters before it is redacted), the cut 503's start of the key is
// found; with the redactor matching only the key as sent, the escaped and encoded forms are.
test('a key with / + = given back JSON-escaped, percent-encoded or across the cut of a long message: nothing the queue reports or returns holds any of it', async () => {
  const jsonEscaped = SLASH_KEY.replaceAll('/', '\\/').replaceAll('+', '\\u002B').replaceAll('=', '\\u003d');
  const percentLower = encodeURIComponent(SLASH_KEY).toLowerCase();
  const server = await scriptedServer((request, response) => {
    const path = request.url ?? '';
    if (path.endsWith('/record')) {
      const body = `{"id":"record","legalObjectsExtract":"Quote ${jsonEscaped} when you call"}`;
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } else if (path.endsWith('/encoded')) {
      json(response, 500, { statusCode: 500, message: `backend refused key=${percentLower}` });
    } else if (path.endsWith('/redirected')) {
      const location = `https://gateway.invalid/signin?subscription-key=${encodeURIComponent(SLASH_KEY)}`;
      response.writeHead(302, { location }).end();
    } else {
      // The key straddles the 200th character of the message.
      json(response, 503, { statusCode: 503, message: `${'busy '.repeat(38)}${SLASH_KEY} try later` });
    }
  });
  const { get, events, close } = setUp(server, { maxAttempts: 2 }, 10_000, SLASH_KEY);
  try {
    const outcomes = [
      await get('/Organisation/record'),
      await get('/Organisation/encoded'),
      await get('/Organisation/redirected'),
      await get('/Organisation/cut'),
    ];
    assert.deepEqual(
      outcomes.map((outcome) => outcome.kind),
      ['ok', 'failed', 'failed', 'failed'],
    );
    const record = outcomes[0];
    assert.ok(record?.kind === 'ok');
    // The record as stored and as read (decoded): pages and search are built from the second.
    assert.deepEqual(slashKeyForms(record.body.toString('utf8')), []);
    assert.deepEqual(record.value, {
      id: 'record',
      legalObjectsExtract: 'Quote [redacted key] when you call',
    });
    const everything = JSON.stringify({ events, outcomes }, (_key, value: unknown) =>
      Buffer.isBuffer(value) ? value.toString('utf8') : value,
    );
    assert.deepEqual(slashKeyForms(everything), []);
    for (const where of ['backend refused key=', 'subscription-key='])
      assert.match(everything, new RegExp(`${where}\\[redacted key\\]`), where);
    const cut = outcomes[3];
    assert.ok(cut?.kind === 'failed');
    assert.match(cut.error, /^HTTP 503: (busy ){38}\[redacted key\]/);
  } finally {
    await close();
  }
});

// Checked by taking the protection out: with the queue describing a thrown error without its
// redactor, the description is cut at 200 characters first and the start of the key is reported.
test('a network error whose long message holds the key percent-encoded across the cut is reported without any of it', async () => {
  const events: CrawlEvent[] = [];
  let calls = 0;
  const queue = new RequestQueue(
    async () => {
      calls += 1;
      if (calls === 1) {
        const proxy = `http://user:${encodeURIComponent(SLASH_KEY)}@proxy.invalid`;
        throw new Error(`${'the proxy refused the connection; '.repeat(5)}proxy ${proxy}`);
      }
      return { status: 200, headers: {}, body: Buffer.from('{"ok":true}') };
    },
    FAST,
    { event: (event) => events.push(event) },
    keyRedactor(SLASH_KEY),
  );
  try {
    const outcome = await queue.fetch({ operation: 'organisation', id: 'x', url: 'http://api.invalid/x' });
    assert.equal(outcome.kind, 'ok');
    const reported = JSON.stringify(events);
    assert.deepEqual(slashKeyForms(reported), []);
    assert.match(reported, /"type":"retry"[^}]*"reason":"[^"]*proxy http:\/\/user:\[redacted key\]/);
  } finally {
    queue.close();
  }
});

// Checked by taking the protection out: without the bound, all three answers are received at once
// (1.8 MB against a bound of 1.5 MB) and no request is dropped.
test('answers received at once are bounded together: the one that would pass the bound is dropped and asked again', async () => {
  const chunk = Buffer.alloc(100 * 1024, 0x20);
  let allArrived: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (allArrived = resolve));
  const server = await scriptedServer(async (_request, response, arrival) => {
    // 600 KB of JSON in six slow pieces; the first three answers start together once all three
    // were asked for, so that they are in flight together whatever the machine's load.
    if (arrival === 3) allArrived();
    await arrived;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('[');
    let sent = 0;
    const next = () => {
      if (response.destroyed) return;
      if (sent === 6) {
        response.end(']');
        return;
      }
      sent += 1;
      response.write(chunk);
      setTimeout(next, 40);
    };
    next();
  });
  const client = new ApiClient({
    apiUrl: server.url,
    key: SLASH_KEY,
    connections: 3,
    connectTimeoutMs: 1000,
    headersTimeoutMs: 5000,
    bodyTimeoutMs: 5000,
    requestTimeoutMs: 10_000,
    userAgent: 'orgdir-test',
    maxAnswerBytes: 1024 * 1024,
    maxAnswerBytesInFlight: 1.5 * 1024 * 1024,
  });
  const events: CrawlEvent[] = [];
  const queue = new RequestQueue(
    (url, signal) => client.get(url, signal),
    { ...FAST, concurrency: 3, maxAttempts: 8, backoffBaseMs: 200, backoffMaxMs: 800 },
    { event: (event) => events.push(event) },
    keyRedactor(SLASH_KEY),
  );
  try {
    const outcomes = await Promise.all(
      ['a', 'b', 'c'].map((id) => queue.fetch({ operation: 'search', id, url: client.url(`/search/${id}`) })),
    );
    assert.deepEqual(
      outcomes.map((outcome) => outcome.kind === 'ok' && outcome.body.length),
      [614_402, 614_402, 614_402],
    );
    const retries = events.filter((event) => event.type === 'retry');
    assert.ok(retries.length >= 1, 'an answer was dropped');
    for (const retry of retries) {
      assert.match(
        retry.type === 'retry' ? retry.reason : '',
        /^AnswersOverMemoryBound: the answers being received at once would hold more than 1\.5 MiB: this one is dropped at [\d.]+ MiB and asked again$/,
      );
    }
  } finally {
    queue.close();
    await client.close();
    await server.close();
  }
});

// Checked by taking the cap out (the runner of `npm run test:mutation` does it, and raises it):
// the whole answer is then read, parsed and returned.
test('an answer larger than 256 MiB is refused while it is received, and not asked again', async () => {
  const piece = Buffer.alloc(1024 * 1024, 0x20);
  const server = await scriptedServer(async (_request, response) => {
    // JSON of 256 MiB and two bytes, written as fast as the client reads it.
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('[');
    for (let sent = 0; sent < 256 && !response.destroyed; sent += 1) {
      if (!response.write(piece)) await once(response, 'drain').catch(() => undefined);
    }
    if (!response.destroyed) response.end(']');
  });
  // The client's own default cap: no maxAnswerBytes given; time enough to send it on a busy machine.
  const { get, close } = setUp(server, {}, 300_000);
  try {
    const outcome = await get('/registeredCharities/');
    assert.equal(outcome.kind, 'failed');
    assert.match(outcome.kind === 'failed' ? outcome.error : '', /UND_ERR_RES_EXCEEDED_MAX_SIZE/);
    assert.equal(outcome.attempts, 1);
    assert.equal(server.arrivals.length, 1);
  } finally {
    await close();
  }
});
