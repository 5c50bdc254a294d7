// Lighthouse's audit: which page stands for each kind, and how its scores are held to the targets
// and shown in the report. (Lighthouse itself runs in `npm run bench -- --lighthouse`.)
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { checkTargets, type SizeResult } from '../../bench/figures.ts';
import { AUDITED_QUERY, pagesToAudit, type PageAudit } from '../../bench/lighthouse.ts';
import { formatBenchmarkReport } from '../../bench/report.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-lighthouse-'));
after(() => rmSync(root, { recursive: true, force: true }));

function site(name: string, files: Record<string, number>): string {
  const dir = join(root, name);
  for (const [path, bytes] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), 'x'.repeat(bytes));
  }
  return dir;
}

test('each page kind is represented by its heaviest page, the search page by a query', async () => {
  const dir = site('heavy', {
    'index.html': 10,
    'changes.html': 50,
    'changes/2026-11-24.html': 70,
    'changes/2026-11-23.html': 60,
    'org/a.html': 100,
    'org/b.html': 300,
    'org/c.html': 200,
    'funder/hse.html': 40,
    'funder/hse.csv': 900,
    'funder/pobal.html': 45,
  });
  const pages = await pagesToAudit(dir);
  assert.deepEqual(
    pages.map((page) => [page.kind, page.path]),
    [
      ['home', 'index.html'],
      ['organisation', 'org/b.html'],
      ['search with a query', `search.html?q=${encodeURIComponent(AUDITED_QUERY)}`],
      ['list matcher', 'match.html'],
      ['figures', 'figures.html'],
      ['funder', 'funder/pobal.html'],
      ['what changed', 'changes/2026-11-24.html'],
    ],
  );
});

test('a site without funders or nights of changes is audited on the pages it has', async () => {
  const dir = site('plain', { 'index.html': 10, 'changes.html': 80, 'org/a.html': 100 });
  const pages = await pagesToAudit(dir);
  assert.deepEqual(
    pages.map((page) => page.kind),
    ['home', 'organisation', 'search with a query', 'list matcher', 'figures', 'what changed'],
  );
  assert.equal(pages.at(-1)!.path, 'changes.html');
});

test('a night of many changes stands for the changes pages, served under night/, the rest from the audited site', async () => {
  const dir = site('register', { 'index.html': 10, 'changes.html': 80, 'org/a.html': 100 });
  const night = site('night', {
    'index.html': 10,
    'changes.html': 30,
    'changes/2026-11-25.html': 90,
    'changes/2026-11-25-p2.html': 120,
    'org/z.html': 900,
  });
  const pages = await pagesToAudit(dir, night);
  assert.deepEqual(
    pages.map((page) => [page.kind, page.path]),
    [
      ['home', 'index.html'],
      ['organisation', 'org/a.html'],
      ['search with a query', `search.html?q=${encodeURIComponent(AUDITED_QUERY)}`],
      ['list matcher', 'match.html'],
      ['figures', 'figures.html'],
      ['what changed', 'night/changes/2026-11-25-p2.html'],
    ],
  );
});

function audit(kind: string, performance: number, accessibility: number): PageAudit {
  return {
    kind,
    path: `${kind}.html`,
    performance,
    accessibility,
    totalBlockingTimeMs: 120,
    cumulativeLayoutShift: 0.02,
    largestContentfulPaintMs: 1800,
    accessibilityFailures: accessibility < 100 ? ['color-contrast'] : [],
    runs: 3,
  };
}

test('a page kind meets its target only with performance of 95 or more and accessibility of 100', () => {
  const size: SizeResult = {
    organisations: 35_000,
    lighthouse: {
      version: '12.8.2',
      loadAverage: 1.5,
      pages: [audit('home', 95, 100), audit('match', 99, 96), audit('figures', 94, 100)],
    },
  };
  const checks = checkTargets([size]).filter((check) => check.stage === 'lighthouse');
  assert.deepEqual(
    checks.map((check) => [check.measured, check.met]),
    [
      ['95 and 100', true],
      ['99 and 96', false],
      ['94 and 100', false],
    ],
  );
  const report = formatBenchmarkReport({
    date: '2026-11-25T20:00:00.000Z',
    command: 'npm run bench -- --lighthouse',
    machine: { cpu: 'cpu', cores: 2, memoryBytes: 2 ** 34, os: 'os', node: 'v24' },
    loadAverage: { start: 1, end: 1 },
    settings: { seed: 'orgdir', latencyMs: 20, jitterMs: 0, concurrency: 8 },
    sizes: [size],
    targets: checks,
  });
  assert.match(report, /## Lighthouse\n/);
  assert.match(
    report,
    /\| 35,000 +\| match +\| `match\.html` +\| 99 +\| 96 +\| 120 ms +\| 0\.020 +\| 1800 ms +\| color-contrast/,
  );
});
