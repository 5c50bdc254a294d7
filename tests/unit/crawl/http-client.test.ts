// crawl() against the real sample API on a loopback port, with and without its faults.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crawl } from '../../../src/crawl/crawl.ts';
import type { CrawlEvent } from '../../../src/crawl/events.ts';
import type { CrawlOptions } from '../../../src/crawl/options.ts';
import { clock } from '../../../src/crawl/events.ts';
import { startSampleApi, type RunningSampleApi } from '../../../src/sample-api/server.ts';
import { readTree } from '../../support/data-tree.ts';

/** Every folder the tests of this file make is inside this one, removed when they end. */
const TEMP = mkdtempSync(join(tmpdir(), 'orgdir-http-client-tests-'));
after(() => rmSync(TEMP, { recursive: true, force: true }));

/** Backoff and Retry-After shrunk to milliseconds, so that hundreds of faults take seconds. */
const FAST: CrawlOptions = {
  rate: 0,
  concurrency: 4,
  maxAttempts: 15,
  maxRateLimitWaits: 100,
  backoffBaseMs: 2,
  backoffMaxMs: 20,
  retryAfterCapMs: 10,
  // Long enough for a 500-result search on a busy machine, short enough that stalls cost little.
  requestTimeoutMs: 600,
};

function tempDataDir(): string {
  return join(mkdtempSync(join(TEMP, 'orgdir-crawl-sample-')), 'data');
}

/** Every id in a list of the sample API whose record answers. */
function listedIds(api: RunningSampleApi): string[] {
  const { dataset } = api;
  const ids = new Set<string>();
  const lists = [
    dataset.registeredCharities,
    dataset.taxEfficientGifts,
    dataset.housingBodies,
    ...dataset.voluntaryCodes.map((code) => dataset.voluntaryCodeMembers(code.id) ?? []),
  ];
  for (const list of lists) for (const summary of list) ids.add(summary.id);
  for (const gone of dataset.goneIds) ids.delete(gone);
  return [...ids];
}

function withoutManifest(tree: Map<string, Buffer>): Map<string, Buffer> {
  const copy = new Map(tree);
  copy.delete('manifest.json');
  return copy;
}

test('with 10% of errors, rate limits, resets and truncations the crawl stores every organisation, identical to a crawl without faults', async () => {
  const api = await startSampleApi({ port: 0, orgs: 300 });
  const cleanDir = tempDataDir();
  const faultyDir = tempDataDir();
  try {
    const clean = await crawl({
      apiUrl: api.baseUrl,
      key: api.key,
      dataDir: cleanDir,
      discover: true,
      ...FAST,
    });
    assert.equal(clean.exitCode, 0, clean.message);

    api.resetStats();
    api.setFaults({
      faultSeed: 'crawl-test',
      errorRate: 0.1,
      rateLimitRate: 0.1,
      rateLimitWithoutRetryAfter: 0.1,
      resetRate: 0.1,
      truncateRate: 0.1,
      // Each stall costs a whole time-out: fewer of them keep the test quick.
      stallRate: 0.04,
      latencyMs: 2,
      jitterMs: 2,
    });
    const events: CrawlEvent[] = [];
    const faulty = await crawl({
      apiUrl: api.baseUrl,
      key: api.key,
      dataDir: faultyDir,
      discover: true,
      ...FAST,
      reporter: { event: (event) => events.push(event) },
    });
    assert.equal(faulty.exitCode, 0, faulty.message);

    const stats = api.stats();
    // Every kind of fault was met, and survived.
    for (const status of ['429', '500', '503']) assert.ok((stats.statuses[status] ?? 0) > 0, `no ${status}`);
    assert.ok(stats.resets > 0 && stats.truncated > 0 && stats.stalled > 0, JSON.stringify(stats));
    assert.ok(stats.peakConcurrent <= 4, `peak ${stats.peakConcurrent}`);
    // A whole answer is fetched again only when the crawler had given up waiting for it: a busy
    // machine may take longer than the short time-out above to answer, which must cost a second
    // request, never a second copy or a lost record.
    const timedOut = new Set(
      events.flatMap((event) =>
        event.type === 'request' && event.id !== undefined && /time-out/.test(event.error ?? '')
          ? [event.id]
          : [],
      ),
    );
    const servedAgain = Object.entries(stats.organisationsServed).filter(([, count]) => count > 1);
    assert.deepEqual(
      servedAgain.filter(([id]) => !timedOut.has(id)),
      [],
      'records served again without a time-out',
    );

    const cleanTree = withoutManifest(readTree(cleanDir));
    const faultyTree = withoutManifest(readTree(faultyDir));
    assert.deepEqual([...faultyTree.keys()].sort(), [...cleanTree.keys()].sort());
    for (const [path, content] of cleanTree)
      assert.ok(content.equals(faultyTree.get(path) ?? Buffer.alloc(0)), path);
    for (const id of api.dataset.ids) assert.ok(faultyTree.has(`organisations/${id}.json`), id);
    assert.deepEqual(faulty.manifest?.counts, clean.manifest?.counts);
    assert.deepEqual(faulty.manifest?.gone, [...api.dataset.goneIds].sort());
    assert.ok((faulty.manifest?.requests.retries ?? 0) > 50);
  } finally {
    await api.close();
  }
});

test('the sample API never sees more requests in flight than --concurrency', async () => {
  const api = await startSampleApi({ port: 0, orgs: 300, faults: { latencyMs: 10, jitterMs: 5 } });
  try {
    const summary = await crawl({
      apiUrl: api.baseUrl,
      key: api.key,
      dataDir: tempDataDir(),
      ...FAST,
      concurrency: 2,
    });
    assert.equal(summary.exitCode, 0, summary.message);
    assert.equal(api.stats().peakConcurrent, 2);
  } finally {
    await api.close();
  }
});

test("listed records are fetched while the search sweep runs, and the sweep's finds after it", async () => {
  const api = await startSampleApi({ port: 0, orgs: 300, faults: { latencyMs: 2 } });
  const events: CrawlEvent[] = [];
  try {
    const summary = await crawl({
      apiUrl: api.baseUrl,
      key: api.key,
      dataDir: tempDataDir(),
      discover: true,
      discoverQueries: ['Cork', 'Dublin', 'Galway', 'Kerry', 'Mayo', 'Sligo'],
      ...FAST,
      // Fewer slots than queries: the later searches queue behind records.
      concurrency: 2,
      reporter: { event: (event) => events.push(event) },
    });
    assert.equal(summary.exitCode, 0, summary.message);
    const requests = events.filter((event) => event.type === 'request');
    const lastSearch = requests.findLastIndex((event) => event.operation === 'search');
    const firstRecord = requests.findIndex((event) => event.operation === 'organisation');
    assert.ok(
      firstRecord >= 0 && firstRecord < lastSearch,
      `record ${firstRecord}, last search ${lastSearch}`,
    );
    // The phase of the records begins after the sweep, counting those already done.
    const phases = events.filter((event) => event.type === 'phase');
    assert.deepEqual(
      phases.map((event) => event.phase),
      ['lists', 'discover', 'organisations', 'publish'],
    );
    const organisations = phases[2]!;
    const finishedBefore = events
      .slice(0, events.indexOf(organisations))
      .filter((event) => event.type === 'organisation').length;
    assert.equal(organisations.done, finishedBefore);
    assert.ok(finishedBefore > 0);
    assert.equal(organisations.total, summary.manifest?.counts.organisations);
    const counts = summary.manifest?.counts;
    assert.ok(counts !== undefined && counts.discovered > 0);
    assert.equal(counts.stored + counts.gone, counts.organisations);
  } finally {
    await api.close();
  }
});

test('a 429 with Retry-After: 2 stops every request for at least two seconds', async () => {
  const api = await startSampleApi({ port: 0, orgs: 300, faults: { latencyMs: 5 } });
  const events: CrawlEvent[] = [];
  let stored = 0;
  // What the API had received when the pause began and when it ended, read as the crawler says so.
  let seenAtPause: number | undefined;
  let seenAtUnpause: number | undefined;
  const total = () => Object.values(api.stats().requests).reduce((sum, count) => sum + count, 0);
  try {
    const summary = await crawl({
      apiUrl: api.baseUrl,
      key: api.key,
      dataDir: tempDataDir(),
      rate: 0,
      concurrency: 4,
      reporter: {
        event(event) {
          events.push(event);
          if (event.type === 'organisation' && ++stored === 20) {
            api.setFaults({ latencyMs: 5, rateLimitRate: 1, retryAfterSeconds: 2 });
          }
          if (event.type === 'pause' && seenAtPause === undefined) {
            api.setFaults({ latencyMs: 5 });
            seenAtPause = total();
          }
          if (event.type === 'unpause' && seenAtUnpause === undefined) seenAtUnpause = total();
        },
      },
    });
    assert.equal(summary.exitCode, 0, summary.message);
    const firstPause = events.find((event) => event.type === 'pause');
    assert.ok(firstPause?.type === 'pause');
    assert.equal(firstPause.delayMs, 2000);
    const pausedAt = firstPause.until - firstPause.delayMs;
    const lastPauseEnd = Math.max(
      ...events.flatMap((event) => (event.type === 'pause' ? [event.until] : [])),
    );
    const startedInPause = events.filter(
      (event) => event.type === 'request' && event.startedAt >= pausedAt && event.startedAt < lastPauseEnd,
    );
    assert.deepEqual(startedInPause, []);
    assert.ok(events.some((event) => event.type === 'request' && event.startedAt >= pausedAt + 2000));
    // And as the API saw it: during the pause only requests sent before it can have arrived.
    const inFlightAtPause = events.filter(
      (event) => event.type === 'request' && event.startedAt < pausedAt && event.endedAt > pausedAt,
    ).length;
    assert.ok(seenAtPause !== undefined && seenAtUnpause !== undefined);
    assert.ok(
      seenAtUnpause - seenAtPause <= inFlightAtPause,
      `${seenAtUnpause - seenAtPause} requests arrived during the pause; ${inFlightAtPause} were in flight`,
    );
    assert.ok(clock() - pausedAt >= 2000);
  } finally {
    await api.close();
  }
});

test('a spent quota (403 with Retry-After) waits for the quota to come back, and loses nothing', async () => {
  const api = await startSampleApi({ port: 0, orgs: 150, faults: { quota: 60, quotaRetryAfterSeconds: 1 } });
  const dataDir = tempDataDir();
  try {
    const summary = await crawl({ apiUrl: api.baseUrl, key: api.key, dataDir, rate: 0 });
    assert.equal(summary.exitCode, 0, summary.message);
    assert.ok((api.stats().statuses['403'] ?? 0) > 0);
    assert.ok((summary.manifest?.requests.pauses ?? 0) > 0);
    for (const id of listedIds(api)) assert.ok(existsSync(join(dataDir, 'organisations', `${id}.json`)), id);
  } finally {
    await api.close();
  }
});

test('voluntary codes answered as plain strings, as in 2018, are crawled the same way', async () => {
  const api = await startSampleApi({ port: 0, orgs: 100, voluntaryCodesShape: 'strings' });
  try {
    const summary = await crawl({ apiUrl: api.baseUrl, key: api.key, dataDir: tempDataDir(), rate: 0 });
    assert.equal(summary.exitCode, 0, summary.message);
    assert.deepEqual(
      Object.keys(summary.manifest?.counts.voluntaryCodeMembers ?? {}),
      api.dataset.voluntaryCodes.map((code) => code.id),
    );
  } finally {
    await api.close();
  }
});
