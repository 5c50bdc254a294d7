import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import { Agent, request } from 'undici';
import { FaultInjector } from '../../../src/sample-api/faults.ts';
import { startSampleApi, type RunningSampleApi } from '../../../src/sample-api/server.ts';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: unknown;
}

// A fresh connection pool per test: faults that drop connections must not leak into the next test.
let dispatcher = new Agent();

async function get(api: RunningSampleApi, path: string, timeoutMs?: number): Promise<Reply> {
  const response = await request(path.startsWith('/_') ? api.origin + path : api.baseUrl + path, {
    headers: { 'Ocp-Apim-Subscription-Key': api.key },
    dispatcher,
    ...(timeoutMs === undefined ? {} : { headersTimeout: timeoutMs }),
  });
  const text = await response.body.text();
  return {
    status: response.statusCode,
    headers: response.headers,
    json: text === '' ? undefined : JSON.parse(text),
  };
}

/** Sends one request on a raw socket and returns every byte received until the server closes it. */
function rawGet(api: RunningSampleApi, path: string): Promise<{ head: string; body: Buffer }> {
  const { hostname, port, pathname } = new URL(api.baseUrl + path);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write(
        `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\nOcp-Apim-Subscription-Key: ${api.key}\r\nConnection: close\r\n\r\n`,
      );
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      resolve({ head: all.subarray(0, split).toString('latin1'), body: all.subarray(split + 4) });
    });
  });
}

describe('the quota of the fault injector', () => {
  test('is replenished when its window has passed since the window opened', () => {
    const faults = new FaultInjector({ quota: 2, quotaRetryAfterSeconds: 10 });
    assert.equal(faults.quotaRetryAfter(1_000), undefined);
    assert.equal(faults.quotaRetryAfter(2_000), undefined);
    assert.equal(faults.quotaRetryAfter(4_500), 7);
    assert.equal(faults.quotaRetryAfter(10_999), 1);
    assert.equal(faults.quotaRetryAfter(11_000), undefined);
  });
});

describe('sample API faults', () => {
  let api: RunningSampleApi;
  let organisationPath: string;
  before(async () => {
    api = await startSampleApi({ orgs: 300 });
    organisationPath = `/Organisation/${api.dataset.ids[0] ?? ''}`;
  });
  after(() => api.close());
  beforeEach(async () => {
    await dispatcher.close();
    dispatcher = new Agent();
    api.setFaults({});
    api.resetStats();
  });

  test('no faults by default: every request is answered 200', async () => {
    for (let i = 0; i < 20; i++) assert.equal((await get(api, '/housingBodies/')).status, 200);
  });

  test('a 429 over the rate limit carries Retry-After and the gateway message', async () => {
    api.setFaults({ rateLimitRate: 1, retryAfterSeconds: 7 });
    const reply = await get(api, '/registeredCharities/');
    assert.equal(reply.status, 429);
    assert.equal(reply.headers['retry-after'], '7');
    assert.deepEqual(reply.json, {
      statusCode: 429,
      message: 'Rate limit is exceeded. Try again in 7 seconds.',
    });
  });

  test('some 429s come without Retry-After when asked to', async () => {
    api.setFaults({ rateLimitRate: 1, rateLimitWithoutRetryAfter: 1 });
    const reply = await get(api, '/registeredCharities/');
    assert.equal(reply.status, 429);
    assert.equal(reply.headers['retry-after'], undefined);
  });

  test('an error rate answers both 500 and 503 with JSON bodies', async () => {
    api.setFaults({ errorRate: 1 });
    const statuses = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const reply = await get(api, '/taxEfficientGifts');
      statuses.add(reply.status);
      assert.equal((reply.json as { statusCode: number }).statusCode, reply.status);
    }
    assert.deepEqual([...statuses].sort(), [500, 503]);
  });

  test('a connection reset reaches the client as a socket error and is counted', async () => {
    api.setFaults({ resetRate: 1 });
    await assert.rejects(get(api, organisationPath), (error: Error & { code?: string }) => {
      assert.match(`${error.name} ${error.code ?? ''} ${error.message}`, /Socket|ECONNRESET|closed/i);
      return true;
    });
    assert.equal(api.stats().resets, 1);
    assert.deepEqual(api.stats().organisationsServed, {});
  });

  test('a truncated body is shorter than its Content-Length and is not counted as served', async () => {
    api.setFaults({ truncateRate: 1 });
    const { head, body } = await rawGet(api, organisationPath);
    assert.match(head, /^HTTP\/1\.1 200/);
    const announced = Number(/content-length: (\d+)/i.exec(head)?.[1]);
    assert.ok(body.length < announced, `${body.length} bytes of ${announced}`);
    const stats = api.stats();
    assert.equal(stats.truncated, 1);
    assert.equal(stats.statuses['200'], 1);
    assert.deepEqual(stats.organisationsServed, {});
  });

  test('a stalled request is never answered and the client times out', async () => {
    api.setFaults({ stallRate: 1 });
    await assert.rejects(get(api, '/housingBodies/', 200), /timeout/i);
    assert.equal(api.stats().stalled, 1);
  });

  test('requests beyond maxConcurrent in flight are answered 429 with Retry-After', async () => {
    api.setFaults({ maxConcurrent: 2, latencyMs: 300, retryAfterSeconds: 2 });
    const replies = await Promise.all(Array.from({ length: 8 }, () => get(api, '/housingBodies/')));
    const limited = replies.filter((reply) => reply.status === 429);
    assert.ok(replies.filter((reply) => reply.status === 200).length >= 2);
    assert.ok(limited.length >= 1);
    for (const reply of limited) assert.equal(reply.headers['retry-after'], '2');
    assert.ok(api.stats().peakConcurrent >= 3);
  });

  test('a spent quota answers 403 with Retry-After and the gateway message', async () => {
    api.setFaults({ quota: 3, quotaRetryAfterSeconds: 30 });
    for (let i = 0; i < 3; i++) assert.equal((await get(api, '/housingBodies/')).status, 200);
    const spent = await get(api, '/housingBodies/');
    assert.equal(spent.status, 403);
    const retryAfter = Number(spent.headers['retry-after']);
    assert.ok(retryAfter > 0 && retryAfter <= 30, `Retry-After ${retryAfter}`);
    assert.match(
      (spent.json as { message: string }).message,
      /^Out of call volume quota\. Quota will be replenished in 00:00:[0-3]\d\.$/,
    );
  });

  test('latency delays every answer by at least the latency asked for', async () => {
    api.setFaults({ latencyMs: 120 });
    const started = performance.now();
    assert.equal((await get(api, '/housingBodies/')).status, 200);
    assert.ok(performance.now() - started >= 115);
  });

  test('the same fault seed gives the same faults in the same order; another seed other faults', async () => {
    const run = async (faultSeed: string) => {
      api.setFaults({ faultSeed, errorRate: 0.3, rateLimitRate: 0.2 });
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) statuses.push((await get(api, '/taxEfficientGifts')).status);
      return statuses;
    };
    const first = await run('a');
    assert.deepEqual(await run('a'), first);
    assert.notDeepEqual(await run('b'), first);
    assert.ok(first.includes(200) && first.some((status) => status !== 200));
  });

  test('faults leave /_stats alone and every faulty answer is counted', async () => {
    api.setFaults({ errorRate: 1 });
    await get(api, '/housingBodies/');
    const stats = await get(api, '/_stats');
    assert.equal(stats.status, 200);
    const statuses = (stats.json as { statuses: Record<string, number> }).statuses;
    assert.equal((statuses['500'] ?? 0) + (statuses['503'] ?? 0), 1);
  });
});
