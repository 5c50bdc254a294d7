import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkTargets, type BenchmarkResults, type SiteFigures } from '../../bench/figures.ts';
import { formatBenchmarkReport } from '../../bench/report.ts';

function site(organisations: number, bytes: number, widest: number, offlineBytes: number): SiteFigures {
  return {
    organisations,
    pages: organisations,
    files: organisations * 2,
    bytes,
    renderSeconds: 10,
    pagesPerSecond: organisations / 10,
    msPerPage: 10_000 / organisations,
    totalSeconds: 20,
    timings: { pages: 10 },
    cpuTimings: { pages: 9 },
    peakMemory: { pages: 1 },
    peakRssBytes: 1,
    loadAverage: 1,
    hosting: {
      bytes,
      files: organisations * 2,
      widestFolder: { path: 'record', entries: widest },
      largestFile: { path: 'downloads/organisations.json.gz', bytes: 12_000_000 },
    },
    offlineBytes,
  };
}

/** A benchmark run's results of these sizes, on a made-up machine. */
function resultsOf(sizes: BenchmarkResults['sizes']): BenchmarkResults {
  return {
    date: '2025-01-02T03:04:05.000Z',
    command: 'npm run bench',
    machine: { cpu: 'Test CPU', cores: 2, memoryBytes: 1, os: 'Linux', node: 'v24.0.0' },
    loadAverage: { start: 1, end: 1 },
    settings: { seed: 'orgdir', latencyMs: 20, jitterMs: 0, concurrency: 8 },
    sizes,
    targets: [],
  };
}

test('the hosting budgets hold up to the real register: 500 MB, 40,000 entries a folder, a 120 MB offline copy', () => {
  const within = checkTargets([
    { organisations: 30_000, site: site(30_000, 420_000_000, 30_000, 72_000_000) },
  ]);
  assert.deepEqual(
    within
      .filter((check) => check.stage === 'hosting')
      .map((check) => [check.target, check.measured, check.met]),
    [
      [
        '30,000 organisations: site ≤ 500 MB, no folder over 40,000 entries',
        '420 MB, widest record/ 30,000',
        true,
      ],
      ['30,000 organisations: offline copy ≤ 120 MB', '72 MB', true],
    ],
  );
  const over = checkTargets([
    { organisations: 35_000, site: site(35_000, 510_000_000, 41_000, 121_000_000) },
  ]);
  assert.deepEqual(
    over.filter((check) => check.stage === 'hosting').map((check) => check.met),
    [false, false],
  );
  // Past the real register's size the figures are reported, not held to its budget.
  const large = checkTargets([
    { organisations: 100_000, site: site(100_000, 1_400_000_000, 100_000, 300_000_000) },
  ]);
  assert.deepEqual(
    large.filter((check) => check.stage === 'hosting'),
    [],
  );
});

test("the report has the site's bytes, files, widest folder, offline copy and each host's verdict at each size", () => {
  const results = resultsOf([
    { organisations: 30_000, site: site(30_000, 420_000_000, 30_000, 72_000_000) },
    { organisations: 100_000, site: site(100_000, 1_400_000_000, 100_000, 240_000_000) },
  ]);
  const report = formatBenchmarkReport(results);
  assert.match(report, /## Hosting\n/);
  assert.match(
    report,
    /\| organisations +\| site +\| files +\| widest folder +\| offline copy +\| GitHub Pages +\| Netlify +\| Cloudflare Pages \(free\) +\| Cloudflare Pages \(paid\) +\| A plain web server +\|/,
  );
  assert.match(
    report,
    /\| 30,000 +\| 420 MB +\| 60,000 +\| record\/ 30,000 +\| 72 MB +\| fits +\| fits +\| too big +\| fits +\| fits +\|/,
  );
  assert.match(
    report,
    /\| 100,000 +\| 1\.4 GB +\| 200,000 +\| record\/ 100,000 +\| 240 MB +\| too big +\| too big +\| too big +\| too big +\| fits +\|/,
  );
});

test("the report says what each of a site's folders costs, largest first, and what each kind of index file costs", () => {
  const measured = site(35_000, 494_200_000, 35_000, 85_800_000);
  measured.hosting!.parts = [
    { path: 'org', bytes: 381_000_000 },
    { path: 'search', bytes: 34_500_000 },
    { path: 'largest', bytes: 6_100_000 },
    { path: '', bytes: 2_000_000 },
  ];
  const byKind = {
    docs: { files: 274, bytes: 9_400_000 },
    facts: { files: 274, bytes: 580_000 },
    terms: { files: 900, bytes: 8_500_000 },
  };
  const results = resultsOf([
    {
      organisations: 35_000,
      site: measured,
      search: {
        index: { files: 1_448, bytes: 18_480_000, byKind },
        clientBytes: 40_000,
        cold: [],
        keystrokes: {
          typed: 'a',
          warmTyped: 'b',
          firstMs: [1],
          warmMs: [1],
          medianFirstMs: 1,
          maxFirstMs: 1,
          medianWarmMs: 1,
          maxWarmMs: 1,
        },
        loadAverage: 1,
      },
    },
  ]);
  const report = formatBenchmarkReport(results);
  assert.match(
    report,
    /\| 35,000 +\| org\/ 381 MB, search\/ 34\.5 MB, largest\/ 6\.1 MB, top-level 2 MB +\|/,
  );
  assert.match(report, /\| 35,000 +\| docs 9\.4 MB \(274\), terms 8\.5 MB \(900\), facts 580 kB \(274\) +\|/);
});
