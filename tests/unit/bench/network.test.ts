// The phone's network the benchmark can put between the static server and the browser: a round
// trip before each answer and one more for a new connection, one downlink that answers in flight
// share, and text gzipped as a host sends it.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { phoneChecks, type PhoneComparison } from '../../bench/figures.ts';
import { formatBenchmarkReport } from '../../bench/report.ts';
import { answeredFromCache } from '../../bench/search-timing.ts';
import { PHONE_NETWORK, serveSite } from '../../support/static-server.ts';

const site = mkdtempSync(join(tmpdir(), 'orgdir-network-'));
after(() => rmSync(site, { recursive: true, force: true }));
const noise = [randomBytes(40_000), randomBytes(40_000)];
writeFileSync(join(site, 'a.bin'), noise[0]!);
writeFileSync(join(site, 'b.bin'), noise[1]!);
const text = 'orgdirSearchPart("terms/1", "b", "[1,2,3]");\n'.repeat(2_000);
writeFileSync(join(site, 'part.js'), text);

/** One answer, its headers and raw bytes (not decoded), with the milliseconds it took to come in whole. */
function get(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer; ms: number }>(
    (resolve, reject) => {
      request(url, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

test('answers in flight together share one downlink, each after its connection and a round trip', async () => {
  // 100 ms round trips and 80 kB/s: each 40 kB answer alone would take 0.7 s; both together 1.2 s.
  const server = await serveSite(site, { network: { roundTripMs: 100, downlinkBitsPerSecond: 640_000 } });
  try {
    const [a, b] = await Promise.all([get(`${server.root}a.bin`), get(`${server.root}b.bin`)]);
    assert.deepEqual([a.body, b.body], noise);
    const last = Math.max(a.ms, b.ms);
    assert.ok(
      last >= 200 + 1_000,
      `both answers came in ${Math.round(last)} ms: the downlink was not shared`,
    );
    assert.ok(Math.min(a.ms, b.ms) >= 200 + 400, 'a fresh connection pays its handshake and a round trip');
  } finally {
    await server.close();
  }
});

test('text is sent gzipped to a browser that accepts it, other files as they are', async () => {
  const server = await serveSite(site, { network: PHONE_NETWORK });
  try {
    const gzipped = await get(`${server.root}part.js`, { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.ok(gzipped.body.length < text.length / 10);
    assert.equal(gunzipSync(gzipped.body).toString(), text);
    const plain = await get(`${server.root}part.js`);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body.toString(), text);
    const binary = await get(`${server.root}a.bin`, { 'accept-encoding': 'gzip' });
    assert.equal(binary.headers['content-encoding'], undefined);
  } finally {
    await server.close();
  }
});

test("over a phone's network each file is named by its version, as nginx names it, and a browser holding that version is told so", async () => {
  const server = await serveSite(site, { network: { roundTripMs: 20, downlinkBitsPerSecond: 8_000_000 } });
  try {
    const first = await get(`${server.root}part.js`);
    const etag = first.headers['etag'];
    assert.equal(typeof etag, 'string');
    assert.ok(!Number.isNaN(Date.parse(String(first.headers['last-modified']))));
    // No Cache-Control: how long the browser may keep it is left to the browser, as nginx leaves it.
    assert.equal(first.headers['cache-control'], undefined);
    const again = await get(`${server.root}part.js`, { 'if-none-match': String(etag) });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    assert.equal(again.headers['etag'], etag);
    const other = await get(`${server.root}a.bin`);
    assert.notEqual(other.headers['etag'], etag);
    const stale = await get(`${server.root}part.js`, { 'if-none-match': '"another"' });
    assert.equal(stale.status, 200);
    assert.equal(stale.body.toString(), text);
  } finally {
    await server.close();
  }
});

test('without a network the server answers at loopback speed, uncompressed', async () => {
  const server = await serveSite(site);
  try {
    const answer = await get(`${server.root}part.js`, { 'accept-encoding': 'gzip' });
    assert.equal(answer.headers['content-encoding'], undefined);
    assert.equal(answer.headers['etag'], undefined);
    assert.equal(answer.body.toString(), text);
  } finally {
    await server.close();
  }
});

const cold = (query: string, firstResultsMs: number, requests: number) => ({
  kind: 'query',
  query,
  total: 5,
  firstResultsMs,
  fastestMs: firstResultsMs,
  runs: 5,
  indexFiles: requests - 3,
  indexBytes: 50_000,
  requests,
});

test("a phone's figures meet their targets only within 2 s, half Pagefind's time and 15 requests", () => {
  const phone: PhoneComparison = {
    network: PHONE_NETWORK,
    orgdir: [cold('galway', 1_400, 9), cold('"social housing"', 1_800, 16), cold('commun', 1_600, 12)],
    pagefind: [cold('galway', 3_000, 20), cold('"social housing"', 4_000, 30), cold('commun', 3_000, 25)],
    loadAverage: 1,
  };
  assert.deepEqual(
    phoneChecks(10_000, phone).map(({ met }) => met),
    [true, false, false],
  );
  const report = formatBenchmarkReport({
    date: '2026-11-28T00:00:00.000Z',
    command: 'npm run bench -- --compare pagefind --network phone',
    machine: { cpus: 2, cpuModel: 'test', memoryBytes: 1, platform: 'linux', node: 'v24' },
    calibration: { runs: [10], medianMs: 10 },
    loadAverage: { start: 1, end: 1 },
    settings: { seed: 'orgdir', latencyMs: 0, jitterMs: 0, concurrency: 1 },
    sizes: [{ organisations: 10_000, phone }],
    targets: [],
  } as never);
  assert.match(report, /## Search on a phone's network/);
  assert.match(report, /\| 10,000 +\| `"social housing"` +\| 1800 ms +\| 4000 ms +\| 0\.45× +\| 16 \/ 30 /);
});

test('a request the browser answered from its own cache is not counted as sent', () => {
  const request = (url: string, requestStart: number) =>
    ({ url: () => url, timing: () => ({ requestStart }) }) as unknown as Parameters<
      typeof answeredFromCache
    >[0];
  assert.equal(answeredFromCache(request('http://127.0.0.1:8080/search/search.js', -1)), true);
  assert.equal(answeredFromCache(request('http://127.0.0.1:8080/search/search.js', 0.6)), false);
  // From file:// nothing is sent over a network, and every file read counts.
  assert.equal(answeredFromCache(request('file:///site/search/terms/1.js', -1)), false);
});
