// The history stage's parts: the crawl it writes in-process against a real crawl's, the ordinary
// nights it makes, the year it scales from them and the budgets it holds them to.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { crawl } from '../../../src/crawl/crawl.ts';
import { readDataFolder, snapshotLines } from '../../../src/editions/edition-file.ts';
import { generateDataset } from '../../../src/sample-api/dataset.ts';
import { startSampleApi } from '../../../src/sample-api/server.ts';
import {
  historyChecks,
  siteHistoryOfYear,
  yearOfNights,
  type HistoryFigures,
  type HistoryNight,
} from '../../bench/history-figures.ts';
import { checkTargets } from '../../bench/figures.ts';
import { changedRecord, nightChanges, nightDate } from '../../bench/nightly-changes.ts';
import { formatBenchmarkReport } from '../../bench/report.ts';
import { sampleRecordsReader, writeSampleCrawl, writeCrawledDataFolder } from '../../bench/sample-crawl.ts';
import { benchmarkResults } from '../../support/benchmark-results.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-history-bench-'));
after(() => rmSync(root, { recursive: true, force: true }));

test('the crawl made in-process reads into the register a real crawl of the sample API stores, line for line', async () => {
  const dataset = generateDataset({ orgs: 300 });
  // The search cap raised to the register's size, as the benchmark's crawl stage sets it: the sweep reaches every organisation.
  const api = await startSampleApi({ dataset, searchLimit: 300 });
  const crawledDir = join(root, 'crawled');
  try {
    const summary = await crawl({ apiUrl: api.baseUrl, key: api.key, dataDir: crawledDir, rate: 0 });
    assert.equal(summary.exitCode, 0, summary.message);
  } finally {
    await api.close();
  }
  const writtenDir = join(root, 'written');
  const records = writeSampleCrawl(dataset, writtenDir);
  assert.equal(records.size, 300);
  const crawled = [...snapshotLines(readDataFolder(crawledDir))];
  const written = [...snapshotLines(readDataFolder(writtenDir, { read: sampleRecordsReader(records) }))];
  assert.equal(
    crawled.length,
    300 + 10,
    'every organisation, three lists, discovered and six voluntary codes',
  );
  assert.deepEqual(written, crawled);
  // The same register written whole, its record files with it, as the site and search stages take it.
  const folderDir = join(root, 'folder');
  assert.equal(writeCrawledDataFolder(dataset, folderDir), 300);
  assert.deepEqual([...snapshotLines(readDataFolder(folderDir))], crawled);
});

const ids = Array.from({ length: 2000 }, (_, index) => `id-${index}`);

test('a night changes 1% of the organisations, each once, the three kinds in turn; the same night the same ones', () => {
  const night = nightChanges(ids, 3);
  assert.equal(night.length, 20);
  assert.equal(new Set(night.map((change) => change.id)).size, 20);
  assert.ok(night.every((change) => ids.includes(change.id)));
  assert.deepEqual(
    night.slice(0, 4).map((change) => change.kind),
    ['financialYear', 'address', 'director', 'financialYear'],
  );
  assert.deepEqual(nightChanges(ids, 3), night);
  const other = new Set(nightChanges(ids, 4).map((change) => change.id));
  assert.ok(night.filter((change) => other.has(change.id)).length < 5, 'another night, mostly others');
  assert.equal(nightChanges(ids.slice(0, 10), 1).length, 1, 'at least one');
});

const record = {
  id: 'id-1',
  name: 'Cumann Naomh Bríd',
  registeredAddress: '12 Main Street, Ennis, Co. Clare',
  county: 'Clare',
  geolocation: { type: 'Point', coordinates: [-8.98, 52.84] },
  financialSummary: {
    currentYear: 2023,
    currentIncome: 100_000,
    currentNetAssets: 50_000,
    currentGrants: 20_000,
    currentExpenditure: -90_000,
    prevIncome: 80_000,
    prevNetAssets: 40_000,
    prevGrants: 10_000,
    prevExpenditure: -70_000,
    accountToDate: '2023-12-31T00:00:00',
  },
  directors: [
    { name: 'A One', dateAppointed: '2001-01-01T00:00:00' },
    { name: 'B Two', dateAppointed: '2002-01-01T00:00:00' },
    { name: 'C Three', dateAppointed: '2003-01-01T00:00:00' },
  ],
};

test('a new financial year moves this year to last year and the year on; nothing else changes', () => {
  const before = structuredClone(record);
  const after = changedRecord(record, { id: 'id-1', kind: 'financialYear' }, 2);
  assert.deepEqual(record, before, 'the record given is left as it was');
  const summary = after['financialSummary'] as Record<string, unknown>;
  assert.equal(summary['currentYear'], 2024);
  assert.equal(summary['accountToDate'], '2024-12-31T00:00:00');
  assert.deepEqual(
    [summary['prevIncome'], summary['prevNetAssets'], summary['prevGrants'], summary['prevExpenditure']],
    [100_000, 50_000, 20_000, -90_000],
  );
  const income = summary['currentIncome'] as number;
  assert.ok(income >= 85_000 && income <= 125_000, String(income));
  assert.deepEqual({ ...after, financialSummary: record.financialSummary }, record);
});

test('a new address stays in the county and moves the point; a director is appointed that night and the longest-serving one leaves', () => {
  const moved = changedRecord(record, { id: 'id-1', kind: 'address' }, 2);
  assert.equal(moved['county'], 'Clare');
  assert.notEqual(moved['registeredAddress'], record.registeredAddress);
  assert.notDeepEqual(moved['geolocation'], record.geolocation);
  assert.deepEqual(moved['directors'], record.directors);
  const director = changedRecord(record, { id: 'id-1', kind: 'director' }, 2);
  const directors = director['directors'] as { name: string; dateAppointed: string }[];
  assert.deepEqual(directors.slice(0, 2), record.directors.slice(1));
  assert.equal(directors[2]!.dateAppointed, `${nightDate(2).toISOString().slice(0, 10)}T00:00:00`);
  assert.equal(nightDate(2).toISOString().slice(0, 10), '2026-01-03');
  // A record without directors gains its first.
  const { directors: _none, ...bare } = record;
  assert.equal(
    (changedRecord(bare, { id: 'id-1', kind: 'director' }, 2)['directors'] as unknown[]).length,
    1,
  );
});

function night(bytes: number, registerBytes: number, historyBytes: number): HistoryNight {
  return { changed: 350, format: 'delta', bytes, registerBytes, historyBytes, seconds: 1 };
}

function figures(overrides: Partial<HistoryFigures> = {}): HistoryFigures {
  const firstEdition = {
    bytes: 13_200_000,
    files: { 'snapshot.jsonl.gz': 13_190_000, 'edition.json': 10_000 },
    seconds: 30,
  };
  const nights = [
    night(400_000, 150_000, 160_000),
    night(420_000, 140_000, 150_000),
    night(380_000, 160_000, 170_000),
  ];
  const base = { firstEdition, firstHistoryBytes: 13_195_000, nights };
  return {
    organisations: 35_000,
    registerBytes: 94_000_000,
    snapshotWrites: [],
    year: yearOfNights(base),
    wallSeconds: 120,
    loadAverage: 1,
    ...base,
    ...overrides,
  };
}

test('a year is the first edition, then median nights as deltas until they would outweigh the keyframe, then a keyframe again', () => {
  // Median night 400,000 bytes, its delta 150,000, its history 160,000; the keyframe 13,190,000:
  // 87 deltas fit under it (13,050,000), the 88th would not.
  const year = yearOfNights(figures(), 365);
  assert.equal(year.editions, 365);
  // The 364 nights after the first: four times 87 deltas and a keyframe, then 12 deltas.
  assert.deepEqual([year.keyframes, year.deltas], [5, 360]);
  assert.equal(year.editionsBytes, 13_200_000 + 360 * 400_000 + 4 * (400_000 - 150_000 + 13_190_000));
  assert.equal(year.historyBytes, 13_195_000 + 360 * 160_000 + 4 * (160_000 - 150_000 + 13_190_000));
  // A delta chain stops at 100 however small the nights.
  const small = yearOfNights({ ...figures(), nights: [night(1000, 10, 500)] }, 203);
  assert.deepEqual([small.keyframes, small.deltas], [3, 200]);
  assert.throws(
    () => yearOfNights({ ...figures(), nights: [{ ...night(1, 1, 1), format: 'snapshot' }] }),
    /no night/,
  );
});

test('the budgets: the first edition within 15 MB, the largest night within 1 MB, a year within their sum; none past 35,000', () => {
  const checks = historyChecks(figures());
  assert.deepEqual(
    checks.map((check) => [check.target, check.met]),
    [
      ['35,000 organisations: first edition ≤ 15 MB', true],
      ['35,000 organisations: a night at 1% change adds ≤ 1 MB to the editions folder', true],
      [
        "35,000 organisations: a year of nightly editions at 1% (scaled from the nights measured) ≤ 379 MB, the budgets' sum",
        true,
      ],
    ],
  );
  assert.equal(checks[0]!.measured, '13.20 MB (its snapshot 13.19 MB)');
  assert.equal(checks[1]!.measured, 'median 400 kB, largest 420 kB (3 nights)');
  const over = historyChecks(
    figures({
      firstEdition: { bytes: 15_000_001, files: { 'snapshot.jsonl.gz': 15_000_000 }, seconds: 1 },
      nights: [night(1_000_001, 1, 1)],
    }),
  );
  assert.deepEqual(
    over.slice(0, 2).map((check) => check.met),
    [false, false],
  );
  assert.deepEqual(historyChecks(figures({ organisations: 100_000 })), []);
});

test("a year's history scripts are scaled by their bytes a change: 350 changes a night for 364 nights at 35,000", () => {
  // 1,000 changes in 245,000 bytes: 245 bytes a change; 350 × 364 = 127,400 changes in a year.
  const siteHistory = { bytes: 245_000, files: 40, changes: 1_000 };
  assert.equal(siteHistoryOfYear(figures({ siteHistory })), 245 * 127_400);
  const row = historyChecks(figures({ siteHistory })).at(-1)!;
  assert.equal(
    row.target,
    '35,000 organisations: a year of nightly editions at 1% (scaled from the nights measured) adds ≤ 60 MB to the site',
  );
  assert.equal(row.met, true);
  assert.match(row.measured, /^31\.21 MB \(245 bytes a change/);
  // 471 bytes a change is 60,005,400 bytes a year: over.
  const over = historyChecks(figures({ siteHistory: { bytes: 471_000, files: 40, changes: 1_000 } })).at(-1)!;
  assert.equal(over.met, false);
  // Without the scripts measured, or with no change among the nights, there is no row.
  assert.equal(historyChecks(figures()).length, 3);
  assert.equal(siteHistoryOfYear(figures({ siteHistory: { bytes: 0, files: 0, changes: 0 } })), undefined);
});

test('the report gives the history section and its rows among the targets', () => {
  const history = figures({
    snapshotWrites: [{ label: 'grouped, gzip default level (6)', bytes: 13_500_000, seconds: 2.5 }],
  });
  const sizes = [{ organisations: 35_000, history }];
  const report = formatBenchmarkReport(benchmarkResults({ sizes, targets: checkTargets(sizes) }));
  assert.match(report, /^## History$/m);
  assert.match(
    report,
    /\| history +\| 35,000 organisations: first edition ≤ 15 MB +\| 13\.20 MB \(its snapshot 13\.19 MB\) +\| yes \|/,
  );
  assert.match(report, /grouped, gzip default level \(6\) +\| 13\.50 MB +\| 2\.5 s/);
  assert.match(report, /\| 35,000 +\| 3 +\| 350 +\| 400 kB \(380 kB–420 kB\) +\|/);
});
