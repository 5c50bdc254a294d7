// The side-by-side with Pagefind: the targets' arithmetic, the server both engines are read
// through, and a real Pagefind index of a few pages.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { pagefindChecks, type PagefindComparison } from '../../bench/figures.ts';
import { formatBenchmarkReport } from '../../bench/report.ts';
import {
  indexWithPagefind,
  pagefindFileKind,
  pagefindPage,
  serveForComparison,
} from '../../bench/pagefind.ts';
import type { SearchBenchmark } from '../../bench/search-timing.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-pagefind-'));
after(() => rmSync(root, { recursive: true, force: true }));

function engine(cold: [string, number, number][], keystrokes: number[]): SearchBenchmark {
  return {
    index: { files: 10, bytes: 1_000_000, byKind: {} },
    clientBytes: 30_000,
    cold: cold.map(([query, ms, bytes]) => ({
      kind: 'query',
      query,
      total: 5,
      firstResultsMs: ms,
      fastestMs: ms,
      runs: 7,
      indexFiles: 3,
      indexBytes: bytes,
    })),
    keystrokes: {
      typed: 'ab',
      warmTyped: 'cd',
      firstMs: keystrokes,
      warmMs: [],
      medianFirstMs: 0,
      maxFirstMs: Math.max(...keystrokes),
      medianWarmMs: 0,
      maxWarmMs: 0,
    },
  };
}

test('each query is held to its share of Pagefind’s time, to 300 ms and to its bytes', () => {
  const comparison: PagefindComparison = {
    index: { pages: 3, files: 9, bytes: 1000, seconds: 1 },
    orgdirFile: engine(
      [
        ['galway', 100, 120_000],
        ['"social housing"', 200, 310_000],
      ],
      [10, 40],
    ),
    orgdirHttp: engine([], [1]),
    pagefind: engine(
      [
        ['galway', 400, 50_000],
        ['"social housing"', 400, 50_000],
      ],
      [20, 200],
    ),
    loadAverage: 1,
  };
  const checks = pagefindChecks(35_000, comparison);
  const verdicts = checks.map((check) => [check.target.split(': ')[1]?.slice(0, 25), check.met]);
  assert.deepEqual(verdicts, [
    ['cold first results from f', true], // 100 / 400 = 0.25
    ['index bytes loaded ≤ 150 ', true], // a word query: 120 kB
    ['cold first results from f', false], // 200 / 400 = 0.5
    ['index bytes loaded ≤ 300 ', false], // a phrase: 310 kB
    ['worst keystroke ≤ 0.4× Pa', true], // 40 / 200 = 0.2, and ≤ 50 ms
  ]);
  assert.match(checks[2]!.measured, /200 ms against 400 ms \(0\.50×\)/);
  const report = formatBenchmarkReport({
    date: '2026-11-25T12:00:00.000Z',
    command: 'npm run bench -- --compare pagefind',
    machine: { cpu: 'x', cores: 2, memoryBytes: 2 ** 34, os: 'Linux', node: 'v24' },
    calibration: { workload: 'fixed', medianMs: 250, runs: 7 },
    loadAverage: { start: 1, end: 1 },
    settings: { seed: 's', latencyMs: 0, jitterMs: 0, concurrency: 8 },
    sizes: [{ organisations: 35_000, pagefind: comparison }],
    targets: checks,
  });
  assert.match(report, /## Search beside Pagefind/);
  assert.match(report, /\| 35,000 +\| `galway` +\| 100 ms +\| – +\| 400 ms +\| 0\.25× +\|/);
  assert.match(report, /took 250 ms \(median of 7\)/);
});

test('Pagefind’s files are told apart: its code, its index, the fragments of pages', () => {
  assert.equal(pagefindFileKind('pagefind.js'), 'client');
  assert.equal(pagefindFileKind('wasm.en.pagefind'), 'client');
  assert.equal(pagefindFileKind('index/en_1a2b3c.pf_index'), 'index');
  assert.equal(pagefindFileKind('fragment/en_9f8e.pf_fragment'), 'fragments');
  assert.equal(pagefindFileKind('pagefind.en_1234.pf_meta'), 'meta');
});

test('one server serves the site, Pagefind’s files and its page, and nothing outside them', async () => {
  const site = join(root, 'site');
  const pagefind = join(root, 'served', 'pagefind');
  mkdirSync(join(site, 'search'), { recursive: true });
  mkdirSync(pagefind, { recursive: true });
  writeFileSync(join(site, 'search', 'core.js'), 'core');
  writeFileSync(join(pagefind, 'pagefind.js'), 'engine');
  writeFileSync(join(root, 'secret.txt'), 'secret');
  const server = await serveForComparison(site, join(root, 'served'));
  try {
    const core = await fetch(`${server.origin}/search/core.js`);
    assert.equal(core.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal(await core.text(), 'core');
    assert.equal(await (await fetch(`${server.origin}/pagefind/pagefind.js`)).text(), 'engine');
    const page = await (await fetch(`${server.origin}/pagefind-search.html`)).text();
    assert.equal(page, pagefindPage());
    assert.match(page, /import\('\.\/pagefind\/pagefind\.js'\)/);
    assert.notEqual((await fetch(`${server.origin}/%2e%2e/secret.txt`)).status, 200);
    assert.equal((await fetch(`${server.origin}/missing.html`)).status, 404);
  } finally {
    await server.close();
  }
});

test('Pagefind indexes the organisation pages of a site, and only those', async () => {
  const site = join(root, 'indexed');
  mkdirSync(join(site, 'org'), { recursive: true });
  for (const [id, name] of [
    ['a', 'Galway Community Development'],
    ['b', 'Sligo Youth Arts'],
  ]) {
    writeFileSync(
      join(site, 'org', `${id}.html`),
      `<!doctype html><html lang="en"><head><title>${name}</title></head><body><main><h1>${name}</h1></main></body></html>`,
    );
  }
  writeFileSync(join(site, 'index.html'), '<!doctype html><html lang="en"><body>Home</body></html>');
  const figures = await indexWithPagefind(site, join(root, 'indexed-out'));
  assert.equal(figures.pages, 2);
  assert.ok(figures.files > 2 && figures.bytes > 0);
});
