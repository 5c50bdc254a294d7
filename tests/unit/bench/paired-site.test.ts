// The paired site builds (`npm run bench -- --against REV`): how each side's command is found and
// its output read, how pairs become ratios, and which targets they are judged on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  checkTargets,
  mergeResults,
  pairedRatios,
  type PairedSiteBuild,
  type PairedSiteFigures,
} from '../../bench/figures.ts';
import { parseSiteLog, siteCommandOf } from '../../bench/paired-site.ts';
import { childrenCpuSecondsOf } from '../../bench/process-stats.ts';
import { formatBenchmarkReport } from '../../bench/report.ts';
import { benchmarkResults } from '../../support/benchmark-results.ts';

test("each side runs its own package.json's site script, with its own Node flags", () => {
  const flagged = JSON.stringify({
    scripts: { site: 'node --max-semi-space-size=8 --expose-gc scripts/site.ts' },
  });
  assert.deepEqual(siteCommandOf(flagged), ['--max-semi-space-size=8', '--expose-gc', 'scripts/site.ts']);
  assert.deepEqual(siteCommandOf(JSON.stringify({ scripts: { site: 'node scripts/site.ts' } })), [
    'scripts/site.ts',
  ]);
  assert.throws(() => siteCommandOf(JSON.stringify({ scripts: { site: 'astro build' } })), /not "node/);
  assert.throws(() => siteCommandOf(JSON.stringify({ scripts: {} })), /none/);
});

test("the page count and each step's wall and CPU seconds are read from the site command's output", () => {
  const output = [
    'site: 10000 organisations, 11017 pages, 13337 files (140 MB) in 40.9 s, 434 pages/s → /tmp/site10',
    'site: steps read 4.277 s (5.022 s CPU), search 7.411 s (0 s CPU), pages 25.377 s (31.557 s CPU), swap 0.004 s (0.005 s CPU)',
    'site: search index: 10000 organisations, 55003 words, 2242 files (10 MB)',
  ].join('\n');
  const log = parseSiteLog(output);
  assert.equal(log.pages, 11_017);
  assert.deepEqual(log.steps['pages'], { seconds: 25.377, cpuSeconds: 31.557 });
  assert.deepEqual(log.steps['search'], { seconds: 7.411, cpuSeconds: 0 });
  assert.deepEqual(Object.keys(log.steps), ['read', 'search', 'pages', 'swap']);
  assert.throws(() => parseSiteLog('site: failed'), /no page count/);
  assert.throws(
    () => parseSiteLog(output.replace('pages 25.377 s (31.557 s CPU), ', '')),
    /no time for its page step/,
  );
});

test("the CPU of a process's ended children is read from fields 16 and 17 of /proc/PID/stat", () => {
  // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
  const rest = 'S 1 1 1 0 -1 4194560 100 0 0 0 250 75 1200 34 20 0 1 0';
  assert.equal(childrenCpuSecondsOf(`4242 (a (strange) name) ${rest}`), 12.34);
});

function build(
  pages: number,
  pageStepCpuSeconds: number,
  wallSeconds: number,
  peakMiB: number,
): PairedSiteBuild {
  return {
    wallSeconds,
    cpuSeconds: wallSeconds * 1.2,
    peakRssBytes: peakMiB * 1024 ** 2,
    pages,
    pageStepSeconds: pageStepCpuSeconds * 0.8,
    pageStepCpuSeconds,
    steps: {
      read: { seconds: wallSeconds / 10, cpuSeconds: wallSeconds / 12 },
      pages: { seconds: pageStepCpuSeconds * 0.8, cpuSeconds: pageStepCpuSeconds },
    },
  };
}

function paired(commit: string, organisations = 30_000): PairedSiteFigures {
  return {
    organisations,
    against: { revision: commit.slice(0, 7), commit },
    checkout: { commit: 'f'.repeat(40), changed: false },
    pairs: [
      // CPU per page: 2.0 ms against 1.0 ms; 3.0 against 1.5; 1.8 against 1.5.
      { olderFirst: true, against: build(30_000, 60, 90, 900), checkout: build(32_000, 32, 60, 800) },
      { olderFirst: false, against: build(30_000, 90, 100, 950), checkout: build(32_000, 48, 80, 800) },
      { olderFirst: true, against: build(30_000, 54, 95, 920), checkout: build(32_000, 48, 70, 820) },
    ],
    calibration: { before: 180, after: 190 },
    loadAverage: 1.2,
  };
}

test('a ratio is the earlier median over the newer median, and each pair is given in the order run', () => {
  const ratios = pairedRatios(paired('c0339a81c36ca0fd7ee0f0aeef9a8e38003ca438'));
  // Medians of CPU per page: 2.0 ms and 1.5 ms.
  assert.ok(Math.abs(ratios.pageStepCpuPerPage.ratio - 2.0 / 1.5) < 1e-9);
  assert.deepEqual(
    ratios.pageStepCpuPerPage.pairs.map((ratio) => Number(ratio.toFixed(3))),
    [2, 2, 1.2],
  );
  assert.ok(Math.abs(ratios.wall.ratio - 95 / 70) < 1e-9);
  assert.ok(Math.abs(ratios.peak.ratio - 920 / 800) < 1e-9);
});

test('the paired targets are judged only against the baseline revision at 30,000 organisations', () => {
  const targets = (figures: PairedSiteFigures) =>
    checkTargets([{ organisations: figures.organisations, pairedSite: figures }]);
  const checks = targets(paired('c0339a81c36ca0fd7ee0f0aeef9a8e38003ca438'));
  assert.deepEqual(
    checks.map((check) => [check.target, check.met]),
    [
      ['30,000 organisations, against c0339a8: page step CPU per page ≥ 1.5× smaller', false],
      ['30,000 organisations, against c0339a8: whole `npm run site` ≥ 1.35× faster', true],
    ],
  );
  assert.equal(checks[0]!.measured, '1.33× (pairs 2.00×, 2.00×, 1.20×)');
  assert.deepEqual(targets(paired('0123456789abcdef0123456789abcdef01234567')), []);
  assert.deepEqual(targets(paired('c0339a81c36ca0fd7ee0f0aeef9a8e38003ca438', 10_000)), []);
});

test('the report shows each build of each pair with its CPU per page, and the ratios; a merge keeps them', () => {
  const results = benchmarkResults({
    command: 'npm run bench -- --against c0339a8',
    sizes: [{ organisations: 30_000, pairedSite: paired('c0339a81c36ca0fd7ee0f0aeef9a8e38003ca438') }],
  });
  const report = formatBenchmarkReport(results);
  assert.match(report, /## Site, paired with an earlier revision/);
  assert.match(
    report,
    /30,000 organisations, c0339a8 against fffffff; calibration 180 ms before and 190 ms after/,
  );
  assert.match(report, /\| 1 +\| c0339a8 +\| 30,000 \| 48\.0 s +\| 2\.00 ms +\| 90\.0 s/);
  assert.match(report, /\| 2 +\| fffffff +\| 32,000 \| 38\.4 s +\| 1\.50 ms/);
  assert.match(
    report,
    /Page step CPU per page 1\.33× \(pairs 2\.00×, 2\.00×, 1\.20×\); whole command 1\.36×/,
  );
  // Step medians: read 9.5 s (7.9 s CPU) and 7.0 s (5.8 s CPU); pages 48.0 (60.0) and 38.4 (48.0).
  assert.match(report, /\| c0339a8 +\| 9\.5 \(7\.9\) +\| 48\.0 \(60\.0\) +\|/);
  assert.match(report, /\| fffffff +\| 7\.0 \(5\.8\) +\| 38\.4 \(48\.0\) +\|/);
  const merged = mergeResults(results, { ...results, sizes: [{ organisations: 30_000 }] });
  assert.deepEqual(merged.sizes[0]!.pairedSite, results.sizes[0]!.pairedSite);
});
