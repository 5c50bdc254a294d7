import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createProgressReporter,
  formatDuration,
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
