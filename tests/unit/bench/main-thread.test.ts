import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkTargets, type SearchFigures } from '../../bench/figures.ts';
import type { MainThreadFigures } from '../../bench/main-thread-figures.ts';
import { formatBenchmarkReport } from '../../bench/report.ts';
import { benchmarkResults } from '../../support/benchmark-results.ts';

function searchFigures(mainThread?: MainThreadFigures): SearchFigures {
  return {
    index: { files: 10, bytes: 1_000, byKind: {} },
    clientBytes: 100,
    cold: [],
    keystrokes: {
      typed: 'a',
      warmTyped: 'b',
      firstMs: [10],
      warmMs: [10],
      medianFirstMs: 10,
      maxFirstMs: 10,
      medianWarmMs: 10,
      maxWarmMs: 10,
    },
    loadAverage: 2.5,
    calibrationMs: 240.1,
    ...(mainThread === undefined ? {} : { mainThread }),
  };
}

const THREADS: MainThreadFigures = {
  search: { query: 'the', longestTaskMs: [120, 200, 0], longTasks: [2, 3, 0] },
  match: { lines: 100_000, seconds: [12.34], longestTaskMs: [201], longTasks: [4] },
};

test("each page's longest task is held to 200 ms, the worst of its runs, with the seconds the match took", () => {
  const checks = checkTargets([{ organisations: 1_000, search: searchFigures(THREADS) }]).filter((check) =>
    check.target.includes('longest task'),
  );
  assert.deepEqual(checks, [
    {
      stage: 'search',
      target:
        "1,000 organisations: `search.html?q=the` from file://, opened until its results and filters' counts are drawn: longest task ≤ 200 ms",
      measured: '200 ms (longest of 3 runs)',
      met: true,
    },
    {
      stage: 'match',
      target:
        '1,000 organisations: match.html from file://, a file of 100,000 lines matched: longest task ≤ 200 ms',
      measured: '201 ms (one run; matched in 12.3 s)',
      met: false,
    },
  ]);
});

test("a search row taken before the pages' threads were measured holds no target of theirs and no row of their section", () => {
  const sizes = [{ organisations: 1_000, search: searchFigures() }];
  assert.deepEqual(
    checkTargets(sizes).filter((check) => check.target.includes('longest task')),
    [],
  );
  assert.doesNotMatch(formatBenchmarkReport(benchmarkResults({ sizes })), /## The page's thread/);
});

test("the report gives each page's longest task run by run, its tasks over 50 ms, the load and the calibration", () => {
  const report = formatBenchmarkReport(
    benchmarkResults({ sizes: [{ organisations: 30_000, search: searchFigures(THREADS) }] }),
  );
  assert.match(report, /## The page's thread\n/);
  assert.match(
    report,
    /\| 30,000 +\| `search\.html\?q=the`, opened until its results and filters' counts are drawn +\| 120 ms, 200 ms, 0 ms +\| 2, 3, 0 +\| 2\.5 +\| 240\.1 ms +\|\n/,
  );
  assert.match(
    report,
    /\| 30,000 +\| match\.html, 100,000 lines matched \(12\.3 s\) +\| 201 ms +\| 4 +\| 2\.5 +\| 240\.1 ms +\|\n/,
  );
});
