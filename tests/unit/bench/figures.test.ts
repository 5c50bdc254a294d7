import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  checkTargets,
  crawlBoundSeconds,
  median,
  mergeResults,
  pageWeight,
  type BenchmarkResults,
  type SiteFigures,
} from '../../bench/figures.ts';
import { formatBenchmarkReport, markdownTable } from '../../bench/report.ts';
import { benchmarkResults } from '../../support/benchmark-results.ts';

function site(organisations: number, pages: number, renderSeconds: number, peakMiB: number): SiteFigures {
  return {
    organisations,
    pages,
    files: pages * 2,
    bytes: pages * 20_000,
    renderSeconds,
    pagesPerSecond: pages / renderSeconds,
    msPerPage: (renderSeconds * 1000) / pages,
    totalSeconds: renderSeconds * 2,
    timings: { pages: renderSeconds, archive: 1 },
    cpuTimings: { pages: renderSeconds * 0.9, archive: 0.8 },
    peakMemory: { pages: peakMiB * 1024 ** 2, archive: peakMiB * 1024 ** 2 },
    peakRssBytes: peakMiB * 1024 ** 2,
    loadAverage: 1.5,
  };
}

test('the crawl bound is requests times latency over concurrency', () => {
  assert.equal(crawlBoundSeconds(10_000, 20, 8), 25);
  assert.equal(crawlBoundSeconds(1, 0, 4), 0);
  assert.throws(() => crawlBoundSeconds(10, 20, 0), RangeError);
});

test('page weight gives the median and names the largest page', () => {
  const weight = pageWeight([
    { path: 'org/a.html', bytes: 10 },
    { path: 'org/b.html', bytes: 40 },
    { path: 'org/c.html', bytes: 20 },
    { path: 'org/d.html', bytes: 30 },
  ]);
  assert.deepEqual(weight, {
    organisationPages: 4,
    medianBytes: 25,
    largestBytes: 40,
    largestPage: 'org/b.html',
  });
  assert.equal(median([]), 0);
  assert.equal(median([3, 1, 2]), 2);
});

test('a crawl below 10,000 requests is not held to its bound', () => {
  const crawl = (requests: number, wallSeconds: number) => ({
    organisations: requests,
    stored: requests,
    requests,
    requestsByOperation: {},
    latencyMs: 20,
    concurrency: 8,
    wallSeconds,
    phases: { lists: 0, organisations: 1 },
    boundSeconds: crawlBoundSeconds(requests, 20, 8),
    ratio: wallSeconds / crawlBoundSeconds(requests, 20, 8),
    cpuSeconds: 1,
    apiCpuSeconds: 1,
    peakRssBytes: 1,
    loadAverage: 1,
  });
  const checks = checkTargets([
    { organisations: 1_000, crawl: crawl(1_000, 10) },
    { organisations: 10_000, crawl: crawl(12_000, 33) },
  ]);
  assert.equal(checks.length, 1);
  assert.equal(checks[0]!.met, true);
  assert.match(checks[0]!.measured, /^1\.10×/);
});

test('site targets compare 30,000 with 1,000 organisations and hold 100,000 to time and memory', () => {
  const checks = checkTargets([
    { organisations: 1_000, site: site(1_000, 1_100, 1.1, 300) },
    { organisations: 30_000, site: site(30_000, 31_000, 40, 900) },
    { organisations: 100_000, site: site(100_000, 101_000, 100, 1600) },
  ]);
  const byTarget = Object.fromEntries(checks.map((check) => [check.target, check]));
  assert.equal(byTarget['30,000 organisations: ≥ 1,000 pages/s']!.met, false);
  assert.equal(byTarget['30,000 organisations: peak memory ≤ 1 GiB']!.met, true);
  assert.equal(byTarget['per-page cost at 30,000 ≤ 1.3× that at 1,000']!.measured, '1.29×');
  assert.equal(byTarget['100,000 organisations: whole stage ≤ 2.5 min']!.met, false);
  assert.equal(byTarget['100,000 organisations: peak memory ≤ 1.5 GiB']!.met, false);
});

test('a Markdown table pads its columns and escapes a pipe in a cell', () => {
  assert.equal(
    markdownTable(['a', 'long header'], [['x|y', '1']]),
    ['| a    | long header |', '| ---- | ----------- |', '| x\\|y | 1           |'].join('\n'),
  );
});

test('the report names the machine, the load, the command and each stage measured', () => {
  const results: BenchmarkResults = {
    date: '2025-01-02T03:04:05.000Z',
    command: 'npm run bench -- --sizes 1000',
    machine: { cpu: 'Test CPU', cores: 2, memoryBytes: 24 * 1024 ** 3, os: 'Linux', node: 'v24.0.0' },
    loadAverage: { start: 0.5, end: 1.25 },
    settings: { seed: 'orgdir', latencyMs: 20, jitterMs: 0, concurrency: 8 },
    sizes: [
      {
        organisations: 1_000,
        site: site(1_000, 1_100, 1.1, 300),
        pageWeight: {
          organisationPages: 1000,
          medianBytes: 14_000,
          largestBytes: 16_400,
          largestPage: 'org/x.html',
        },
      },
    ],
    targets: [],
  };
  const report = formatBenchmarkReport(results);
  assert.match(report, /^# Benchmarks\n/);
  assert.match(report, /`npm run bench -- --sizes 1000`/);
  assert.match(report, /Test CPU, 2 cores, 24 GiB of memory, Linux, Node\.js v24\.0\.0/);
  assert.match(report, /load average 0\.5 at the start and 1\.3 at the end/);
  assert.doesNotMatch(report, /pessimistic/);
  const loaded = formatBenchmarkReport({ ...results, loadAverage: { start: 3, end: 7 } });
  assert.match(loaded, /pessimistic/);
  assert.match(report, /\| 1,000 +\| 1,100 +\| 1\.1 s +\| 1,000 +\| 1\.00 /);
  assert.match(report, /\| 1,000 +\| 1,000 +\| 14 kB +\| 16 kB +\| `org\/x\.html` +\|/);
  assert.doesNotMatch(report, /## Crawl|## Search|## Targets/);
});

test('each site row gives the calibration of the run that took it, or a dash for a row without one', () => {
  const report = formatBenchmarkReport(
    benchmarkResults({
      calibration: { workload: 'fixed', medianMs: 250, runs: 7 },
      sizes: [
        { organisations: 1_000, site: site(1_000, 1_100, 1.1, 300) },
        { organisations: 30_000, site: { ...site(30_000, 31_000, 40, 900), calibrationMs: 191.7 } },
      ],
    }),
  );
  assert.match(report, /took 250 ms \(median of 7\) on this machine during the last run/);
  assert.match(report, /\| 1,000 +\|.*\| 1\.5 +\| – +\|\n/);
  assert.match(report, /\| 30,000 +\|.*\| 1\.5 +\| 191\.7 ms +\|\n/);
});

test('a merged run replaces the stages it measured and keeps the others', () => {
  const base: BenchmarkResults = {
    date: '2025-01-02T03:04:05.000Z',
    command: 'npm run bench',
    machine: { cpu: 'Test CPU', cores: 2, memoryBytes: 1, os: 'Linux', node: 'v24.0.0' },
    loadAverage: { start: 1, end: 2 },
    settings: { seed: 'orgdir', latencyMs: 20, jitterMs: 0, concurrency: 8 },
    sizes: [{ organisations: 30_000, site: site(30_000, 31_000, 40, 900) }],
    targets: [],
  };
  const later: BenchmarkResults = {
    ...base,
    command: 'npm run bench -- --sizes 100000,30000 --stages site',
    loadAverage: { start: 3, end: 4 },
    sizes: [
      { organisations: 100_000, site: site(100_000, 101_000, 100, 1200) },
      { organisations: 30_000, site: site(30_000, 31_000, 20, 800) },
    ],
  };
  const merged = mergeResults(
    { ...base, sizes: [{ ...base.sizes[0]!, pageWeight: pageWeight([{ path: 'org/a.html', bytes: 9 }]) }] },
    later,
  );
  assert.deepEqual(
    merged.sizes.map((size) => size.organisations),
    [30_000, 100_000],
  );
  assert.equal(merged.sizes[0]!.site!.renderSeconds, 20);
  assert.equal(merged.sizes[0]!.pageWeight!.largestBytes, 9);
  assert.equal(merged.command, 'npm run bench, then npm run bench -- --sizes 100000,30000 --stages site');
  assert.deepEqual(merged.loadAverage, { start: 1, end: 4 });
  assert.ok(merged.targets.some((check) => check.target.startsWith('100,000 organisations')));
});
