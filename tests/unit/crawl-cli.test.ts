// scripts/crawl.ts as a publisher runs it: a child process against the sample API, killed with -9,
// given a wrong key or none. What it prints and what it leaves on disk are what is checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { crawl } from '../../src/crawl/crawl.ts';
import { startSampleApi, type RunningSampleApi } from '../../src/sample-api/server.ts';
import { filesContaining, readTree } from '../support/data-tree.ts';

const SCRIPT = join(import.meta.dirname, '..', '..', 'scripts', 'crawl.ts');

interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function start(args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; finished: Promise<Finished> } {
  const began = Date.now();
  const child = spawn(process.execPath, [SCRIPT, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const finished = new Promise<Finished>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, ms: Date.now() - began }));
  });
  return { child, finished };
}

/** The environment of a crawl: only what the test gives, so that no key leaks in from outside. */
function crawlEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env['PATH'] ?? '', ...extra };
}

function tempDataDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'orgdir-crawl-cli-')), 'data');
}

async function publishedDataDir(api: RunningSampleApi): Promise<string> {
  const dataDir = tempDataDir();
  const summary = await crawl({ apiUrl: api.baseUrl, key: api.key, dataDir, rate: 0 });
  assert.equal(summary.exitCode, 0, summary.message);
  return dataDir;
}

function assertSameTree(dir: string, before: Map<string, Buffer>): void {
  const after = readTree(dir);
  assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort());
  for (const [path, content] of before) assert.ok(content.equals(after.get(path) ?? Buffer.alloc(0)), path);
}

test('a bad option is one clear line and exit code 2', async () => {
  const { finished } = start(['--concurrency', '0'], crawlEnv({}));
  const result = await finished;
  assert.equal(result.code, 2);
  assert.equal(result.stderr, 'crawl: --concurrency must be at least 1, not 0\n');
});

test('--help documents the options and exits 0', async () => {
  const { finished } = start(['--help'], crawlEnv({}));
  const result = await finished;
  assert.equal(result.code, 0);
  assert.match(result.stdout, /--concurrency N\n\s+Most requests in flight at once\. \(default 4\)/);
});

test('a missing key ends the crawl at once with exit 2 and leaves the data folder as it was', async () => {
  const api = await startSampleApi({ port: 0, orgs: 60 });
  try {
    const dataDir = await publishedDataDir(api);
    const before = readTree(dataDir);
    const { finished } = start([], crawlEnv({ ORGDIR_API_URL: api.baseUrl, ORGDIR_DATA_DIR: dataDir }));
    const result = await finished;
    assert.equal(result.code, 2);
    assert.equal(result.stderr, 'crawl: no API key: set ORGDIR_API_KEY or pass --key-file PATH\n');
    assert.ok(result.ms < 5000, `${result.ms} ms`);
    assertSameTree(dataDir, before);
  } finally {
    await api.close();
  }
});

test('a wrong key ends the crawl within seconds with exit 2, a clear line, the data unchanged and the key unprinted', async () => {
  const api = await startSampleApi({ port: 0, orgs: 60 });
  const wrongKey = `wrong-${randomBytes(12).toString('hex')}`;
  try {
    const dataDir = await publishedDataDir(api);
    const before = readTree(dataDir);
    const env = crawlEnv({ ORGDIR_API_URL: api.baseUrl, ORGDIR_API_KEY: wrongKey, ORGDIR_DATA_DIR: dataDir });
    const { finished } = start(['--progress', 'lines'], env);
    const result = await finished;
    assert.equal(result.code, 2);
    assert.match(
      result.stderr,
      /crawl: the API refused the subscription key \(HTTP 401: Access denied due to invalid subscription key/,
    );
    assert.match(result.stderr, /check ORGDIR_API_KEY or --key-file/);
    assert.ok(result.ms < 10_000, `${result.ms} ms`);
    assert.ok((api.stats().statuses['401'] ?? 0) <= 4);
    assertSameTree(dataDir, before);
    assert.equal(`${result.stdout}${result.stderr}`.includes(wrongKey), false);
    assert.deepEqual(filesContaining(join(dataDir, '..'), wrongKey), []);
  } finally {
    await api.close();
  }
});

test('a unique key appears in no file under the data folder and in no output of a complete crawl', async () => {
  const key = `orgdir-test-${randomBytes(16).toString('hex')}`;
  const api = await startSampleApi({ port: 0, orgs: 120, key, faults: { errorRate: 0.05, resetRate: 0.05 } });
  const dataDir = tempDataDir();
  const keyFile = join(mkdtempSync(join(tmpdir(), 'orgdir-key-')), 'key');
  writeFileSync(keyFile, `${key}\n`);
  try {
    const env = crawlEnv({ ORGDIR_API_URL: api.baseUrl, ORGDIR_DATA_DIR: dataDir });
    const args = [
      '--key-file',
      keyFile,
      '--rate',
      '0',
      '--backoff-base',
      '0.001',
      '--progress',
      'lines',
      '--discover',
    ];
    const result = await start(args, env).finished;
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^complete: 120 organisations stored/);
    assert.equal(`${result.stdout}${result.stderr}`.includes(key), false);
    assert.deepEqual(filesContaining(join(dataDir, '..'), key), []);
  } finally {
    await api.close();
  }
});

async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

function storedIds(partialDir: string): Set<string> {
  const folder = join(partialDir, 'organisations');
  if (!existsSync(folder)) return new Set();
  return new Set(readdirSync(folder).flatMap((name) => (name.endsWith('.json') ? [name.slice(0, -5)] : [])));
}

test('SIGTERM stops the crawl cleanly: exit 1, the partial snapshot kept for resume, the lock released', async () => {
  const api = await startSampleApi({ port: 0, orgs: 300, faults: { latencyMs: 20 } });
  const dataDir = tempDataDir();
  try {
    const env = crawlEnv({ ORGDIR_API_URL: api.baseUrl, ORGDIR_API_KEY: api.key, ORGDIR_DATA_DIR: dataDir });
    const { child, finished } = start(['--rate', '0', '--progress', 'none'], env);
    await waitFor(() => storedIds(`${dataDir}.partial`).size >= 10, 'some records');
    child.kill('SIGTERM');
    const result = await finished;
    assert.equal(result.code, 1);
    assert.match(result.stderr, /interrupted \(\d+ organisations stored.*run again to resume/);
    assert.deepEqual(readdirSync(join(dataDir, '..')), ['data.partial']);
    const manifest = JSON.parse(readTree(`${dataDir}.partial`).get('manifest.json')?.toString() ?? '{}');
    assert.equal(manifest.complete, false);
    assert.ok(manifest.counts.stored >= 10);
  } finally {
    await api.close();
  }
});

test('killed with -9 three times at random moments and resumed, the crawl completes and no record is served twice', async () => {
  const normal = { latencyMs: 4, jitterMs: 3 };
  const api = await startSampleApi({ port: 0, orgs: 400, faults: normal });
  const dataDir = tempDataDir();
  const partialDir = `${dataDir}.partial`;
  const env = crawlEnv({ ORGDIR_API_URL: api.baseUrl, ORGDIR_API_KEY: api.key, ORGDIR_DATA_DIR: dataDir });
  const args = ['--rate', '0', '--progress', 'none', '--discover'];
  const total = api.dataset.ids.length;
  // Where each kill lands: during the lists and search sweep, then at a random share of the records.
  const killPoints = [
    () => existsSync(join(partialDir, 'manifest.json')),
    (
      (share) => () =>
        storedIds(partialDir).size >= share * total
    )(0.1 + Math.random() * 0.25),
    (
      (share) => () =>
        storedIds(partialDir).size >= share * total
    )(0.5 + Math.random() * 0.3),
  ];
  try {
    for (const [index, reached] of killPoints.entries()) {
      api.setFaults(normal);
      const { child, finished } = start(args, env);
      await waitFor(reached, `kill point ${index + 1}`);
      if (index === 0) await sleep(Math.random() * 150);
      // A record in transit when the crawler dies has to be fetched again: nothing can help that.
      // So the API holds every new answer, the ones already sent are let land, then the kill.
      api.setFaults({ stallRate: 1 });
      await sleep(100);
      await waitFor(
        () => Object.keys(api.stats().organisationsServed).every((id) => storedIds(partialDir).has(id)),
        'answered records to be stored',
      );
      child.kill('SIGKILL');
      const killed = await finished;
      assert.equal(
        killed.signal,
        'SIGKILL',
        `run ${index + 1} ended before its kill: ${killed.stdout}${killed.stderr}`,
      );
      assert.equal(existsSync(dataDir), false);
    }
    api.setFaults(normal);
    const result = await start(args, env).finished;
    assert.equal(result.code, 0, result.stderr);

    const served = api.stats().organisationsServed;
    assert.equal(Object.keys(served).length, total);
    assert.deepEqual(
      Object.entries(served).filter(([, count]) => count !== 1),
      [],
      'records served more than once',
    );
    const tree = readTree(dataDir);
    for (const id of api.dataset.ids) assert.ok(tree.has(`organisations/${id}.json`), id);
    assert.deepEqual(
      [...tree.keys()].filter((path) => path.endsWith('.tmp')),
      [],
    );
    assert.deepEqual(readdirSync(join(dataDir, '..')), ['data']);
    const manifest = JSON.parse(tree.get('manifest.json')?.toString() ?? '{}') as {
      runs: number;
      complete: boolean;
    };
    assert.equal(manifest.complete, true);
    assert.equal(manifest.runs, 4);
  } finally {
    await api.close();
  }
});
