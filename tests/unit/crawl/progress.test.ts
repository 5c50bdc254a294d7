import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CrawlSummary } from '../../../src/crawl/crawl.ts';
import {
  createProgressReporter,
  formatDuration,
  formatSummary,
  progressLine,
  type ProgressState,
} from '../../../src/crawl/progress.ts';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, isTTY, columns: 100, write: (text: string) => written.push(text) };
}

test('durations read as hours and minutes, minutes and seconds, or seconds', () => {
  assert.equal(formatDuration(7_500_000), '2h 05m');
  assert.equal(formatDuration(187_000), '3m 07s');
  assert.equal(formatDuration(12_400), '12s');
  assert.equal(formatDuration(Number.NaN), '?');
});

test('a progress line shows done of total, the rate, the retries, the failures and the time left', () => {
  const state: ProgressState = {
    phase: 'organisations',
    total: 3000,
    done: 1500,
    fetched: 1000,
    failed: 2,
    retries: 7,
    phaseStartedAt: 0,
  };
  assert.equal(
    progressLine(state, 200_000, 10),
    'organisations [#####-----] 1500/3000 50% · 5.0/s · 7 retries · 2 failed · ETA 5m 00s',
  );
});

test('on a terminal the bar is redrawn in place; a log gets whole lines', () => {
  const terminal = stream(true);
  const bar = createProgressReporter(terminal, 'auto', 10_000);
  bar.event({ type: 'phase', phase: 'organisations', total: 2 });
  bar.event({ type: 'organisation', id: 'a', outcome: 'stored' });
  bar.event({ type: 'message', level: 'warn', text: 'careful' });
  bar.stop();
  assert.ok(terminal.written.some((text) => text.startsWith('\r\u001b[2Korganisations [')));
  assert.ok(terminal.written.includes('warn: careful\n'));
  assert.equal(terminal.written.at(-1), '\n');

  const log = stream(false);
  const lines = createProgressReporter(log, 'auto', 10_000);
  lines.event({ type: 'phase', phase: 'organisations', total: 2 });
  lines.event({ type: 'pause', reason: 'HTTP 429', delayMs: 2000, until: 0 });
  lines.stop();
  assert.ok(log.written.every((text) => text.endsWith('\n') && !text.includes('\r')));
  assert.ok(log.written.includes('rate-limited: all requests wait 2s (HTTP 429)\n'));
});

test('records fetched during the sweep count towards their phase once it begins', () => {
  let time = 0;
  const log = stream(false);
  const lines = createProgressReporter(log, 'lines', 10_000, () => time);
  lines.event({ type: 'phase', phase: 'discover', total: 2 });
  lines.event({ type: 'organisation', id: 'a', outcome: 'stored' });
  lines.event({ type: 'organisation', id: 'b', outcome: 'failed' });
  lines.event({ type: 'phase', phase: 'organisations', total: 4, done: 2 });
  lines.event({ type: 'organisation', id: 'c', outcome: 'stored' });
  time = 1000;
  lines.stop();
  assert.ok(log.written.includes('organisations: 4 to do (2 done during the sweep)\n'));
  assert.ok(log.written.includes('discover 0/2 0% · 0.0/s · 0 retries · 1 failed · ETA ?\n'));
});

test('with progress off only warnings and errors are printed', () => {
  const out = stream(false);
  const quiet = createProgressReporter(out, 'none', 10);
  quiet.event({ type: 'phase', phase: 'organisations', total: 2 });
  quiet.event({ type: 'message', level: 'info', text: 'hello' });
  quiet.event({ type: 'message', level: 'error', text: 'broken' });
  quiet.stop();
  assert.deepEqual(out.written, ['error: broken\n']);
});

test('the summary lists the counts and every failure', () => {
  const summary: CrawlSummary = {
    exitCode: 1,
    message: '1 failures',
    published: false,
    manifest: {
      crawlerVersion: '0.1.0',
      apiUrl: 'https://api.example.ie/public/v1',
      startedAt: '2026-01-01T02:00:00.000Z',
      finishedAt: '2026-01-01T03:00:00.000Z',
      runs: 1,
      complete: false,
      options: {
        concurrency: 4,
        rate: 5,
        searchParam: 'id',
        voluntaryCodesPath: '/VoluntaryCodes',
        discover: false,
        searchBudget: 0,
        allowFailures: 0,
        maxAttempts: 8,
      },
      counts: {
        voluntaryCodes: 1,
        voluntaryCodeMembers: { ICTR: 380 },
        registeredCharities: 11500,
        taxEfficientGifts: 7000,
        housingBodies: 550,
        discovered: 0,
        organisations: 12000,
        stored: 11990,
        gone: 9,
        failed: 1,
      },
      gone: [],
      failures: [
        { operation: 'organisation', id: 'x', status: 503, error: 'HTTP 503', attempts: 8, scope: 'record' },
      ],
      drift: [],
      coordinates: {
        registeredAddress: { 'lon-lat': 11000, 'lat-lon': 90, unknown: 900, outside: 0 },
        otherAddresses: { 'lon-lat': 0, 'lat-lon': 0, unknown: 0, outside: 0 },
      },
      discovery: null,
      requests: { attempts: 12100, retries: 100, pauses: 2, statuses: {} },
    },
  };
  const text = formatSummary(summary);
  assert.match(text, /^1 failures\n/);
  assert.match(text, /ICTR 380/);
  assert.match(text, /12000 distinct, 11990 stored, 9 gone \(404\), 1 failed/);
  assert.match(text, /90 lat-lon \(swapped\)/);
  assert.match(text, /organisation x HTTP 503 after 8 attempts: HTTP 503/);
});
