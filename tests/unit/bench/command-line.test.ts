// The benchmark's flags, read through its schema: comma lists into numbers and names, a wrong one
// named in one sentence, and the defaults that depend on nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BENCH_COMMAND_LINE } from '../../bench/command-line.ts';
import { readFlags, readSettings } from '../../../src/lib/command-line.ts';

function read(argv: string[]) {
  const flags = readFlags([BENCH_COMMAND_LINE], argv);
  if (!flags.ok) return flags;
  return readSettings(BENCH_COMMAND_LINE, flags.value, {});
}

test('sizes and search caps are whole numbers separated by commas, with _ between thousands', () => {
  const reading = read(['--sizes', '1_000, 35000', '--search-caps', '50']);
  assert.ok(reading.ok);
  assert.deepEqual(reading.value.sizes, [1000, 35000]);
  assert.deepEqual(reading.value.searchCaps, [50]);
  assert.deepEqual(read(['--sizes', '0,3']), {
    ok: false,
    problem: '--sizes takes whole numbers of 1 or more, separated by commas (got "0,3")',
  });
});

test('without flags the defaults apply, and sizes and stages are left to the engines compared', () => {
  const reading = read([]);
  assert.ok(reading.ok);
  assert.deepEqual(reading.value, {
    searchCaps: [500, 100],
    latencyMs: 20,
    jitterMs: 0,
    concurrency: 8,
    seed: 'orgdir',
    report: 'BENCHMARKS.md',
    json: 'benchmarks.json',
    trial: false,
    merge: false,
    lighthouse: false,
    pairs: 3,
  });
});

test('paired builds name a revision and a whole number of pairs', () => {
  const reading = read(['--against', 'c0339a8', '--pairs', '5']);
  assert.ok(reading.ok);
  assert.equal(reading.value.against, 'c0339a8');
  assert.equal(reading.value.pairs, 5);
  assert.equal(read(['--pairs', '0']).ok, false);
  assert.equal(read(['--pairs', '1.5']).ok, false);
});

test('an unknown stage or engine is named with the known ones; a blank engine list compares none', () => {
  assert.deepEqual(read(['--stages', 'crawl,foo']), {
    ok: false,
    problem: 'unknown stage foo (known: crawl, sweep, site, search)',
  });
  assert.deepEqual(read(['--compare', 'lunr']), {
    ok: false,
    problem: 'unknown engine lunr (known: pagefind)',
  });
  const blank = read(['--compare', '', '--stages', 'site,search']);
  assert.ok(blank.ok);
  assert.deepEqual(blank.value.compare, []);
  assert.deepEqual(blank.value.stages, ['site', 'search']);
  assert.equal(read(['--stages', 'crawl,']).ok, false, 'a blank stage is unknown');
  assert.equal(read(['--concurrency', '0']).ok, false);
});
