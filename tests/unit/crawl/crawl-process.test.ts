// The build's crawl in a child process: the same crawl as in the build's own process, stopped by
// the build's signal as Ctrl-C stops it.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { crawl } from '../../../src/crawl/crawl.ts';
import { crawlInChild } from '../../../src/crawl/crawl-process.ts';
import { ORGANISATION_FILE_PATTERN } from '../../../src/lib/data-layout.ts';
import { startSampleApi } from '../../../src/sample-api/server.ts';
import { readTree } from '../../support/data-tree.ts';
import { until } from '../../support/wait.ts';

/** Every folder the tests of this file make is inside this one, removed when they end. */
const TEMP = mkdtempSync(join(tmpdir(), 'orgdir-crawl-process-tests-'));
after(() => rmSync(TEMP, { recursive: true, force: true }));

function tempDataDir(): string {
  return join(mkdtempSync(join(TEMP, 'orgdir-crawl-process-')), 'data');
}

function storedIds(dir: string): Set<string> {
  const ids = new Set<string>();
  try {
    for (const name of readdirSync(join(dir, 'organisations'))) {
      const id = ORGANISATION_FILE_PATTERN.exec(name)?.[1];
      if (id !== undefined) ids.add(id.toLowerCase());
    }
  } catch {
    // No folder yet: none stored.
  }
  return ids;
}

const recordsIn = (dir: string) => storedIds(dir).size;

test('a crawl in a child process stores what the same crawl stores in this one, and says so', async (t) => {
  const api = await startSampleApi({ port: 0, orgs: 200 });
  t.after(() => api.close());
  const options = { apiUrl: api.baseUrl, key: api.key, rate: 0, progress: 'none' as const };
  const here = await crawl({ ...options, dataDir: tempDataDir() });
  const dataDir = tempDataDir();
  const there = await crawlInChild({ ...options, dataDir });
  assert.equal(there.exitCode, 0, there.message);
  assert.equal(there.published, true);
  assert.equal(there.dataDir, dataDir);
  assert.deepEqual(there.manifest?.counts, here.manifest?.counts);
  assert.ok(there.manifest !== undefined && there.manifest.counts.stored > 100);
  const hereRecords = readTree(join(here.dataDir!, 'organisations'));
  const thereRecords = readTree(join(dataDir, 'organisations'));
  assert.deepEqual([...thereRecords.keys()].sort(), [...hereRecords.keys()].sort());
  for (const [name, bytes] of hereRecords) assert.ok(bytes.equals(thereRecords.get(name)!), name);
});

test('the signal stops the child crawl with the partial folder kept, and the next one resumes it', async (t) => {
  const api = await startSampleApi({ port: 0, orgs: 300, faults: { latencyMs: 20 } });
  t.after(() => api.close());
  const dataDir = tempDataDir();
  const options = { apiUrl: api.baseUrl, key: api.key, rate: 0, progress: 'none' as const, dataDir };
  const controller = new AbortController();
  const stopped = crawlInChild(options, controller.signal);
  await until(() => recordsIn(`${dataDir}.partial`) >= 10, 'some records');
  controller.abort();
  const first = await stopped;
  assert.equal(first.exitCode, 1);
  assert.equal(first.published, false);
  assert.match(first.message, /interrupted/);
  assert.equal(first.manifest?.complete, false);
  const kept = storedIds(`${dataDir}.partial`);
  assert.ok(kept.size >= 10);
  const second = await crawlInChild(options);
  assert.equal(second.exitCode, 0, second.message);
  assert.equal(second.manifest?.runs, 2);
  // The records kept at the stop were not asked for again.
  const served = new Map(
    Object.entries(api.stats().organisationsServed).map(([id, count]) => [id.toLowerCase(), count]),
  );
  for (const id of kept) assert.equal(served.get(id), 1, id);
  assert.equal(recordsIn(dataDir), second.manifest?.counts.stored);
});
