// What a person watching the crawl sees: on a terminal one bar redrawn in place (done/total, rate,
// retries, ETA); in a log file a plain line every few seconds. The summary at the end is in
// summary.ts.
import type { CrawlEvent, CrawlPhase, CrawlReporter } from './events.ts';
import type { ProgressMode } from './options.ts';

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** `2h 05m`, `3m 07s`, `12s`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  const seconds = Math.round(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`;
  if (m > 0) return `${m}m ${String(s).padStart(2, '0')}s`;
  return `${s}s`;
}

export interface ProgressState {
  phase: CrawlPhase | undefined;
  total: number;
  /** Organisations finished (stored, already stored, gone or failed), or requests of a phase. */
  done: number;
  /** Organisations fetched by this run, for the rate (records already stored cost nothing). */
  fetched: number;
  failed: number;
  retries: number;
  phaseStartedAt: number;
}

/** One line of progress, e.g. `organisations [#####-----] 1500/3000 50% · 4.9/s · 3 retries · ETA 5m 06s`. */
export function progressLine(state: ProgressState, now: number, barWidth: number): string {
  const { total, done } = state;
  const fraction = total > 0 ? Math.min(1, done / total) : 0;
  const elapsed = Math.max(1, now - state.phaseStartedAt);
  const rate = (state.fetched * 1000) / elapsed;
  const remaining = total - done;
  const eta = remaining <= 0 ? 0 : rate > 0 ? (remaining / rate) * 1000 : Number.NaN;
  const bar = barWidth > 0 ? ` [${'#'.repeat(Math.round(fraction * barWidth)).padEnd(barWidth, '-')}]` : '';
  const parts = [
    `${state.phase ?? 'starting'}${bar} ${done}/${total} ${Math.floor(fraction * 100)}%`,
    `${rate.toFixed(1)}/s`,
    `${state.retries} retries`,
  ];
  if (state.failed > 0) parts.push(`${state.failed} failed`);
  parts.push(`ETA ${formatDuration(eta)}`);
  return parts.join(' · ');
}

/** Phases with a total known in advance, worth a bar; lists are reported one line each. */
function counted(phase: CrawlPhase | undefined): boolean {
  return phase === 'discover' || phase === 'organisations';
}

export interface ProgressReporter extends CrawlReporter {
  /** Ends the bar or the periodic lines; call once the crawl returned. */
  stop(): void;
}

/** Counts an event into the progress of its phase. */
function advance(state: ProgressState, event: CrawlEvent, now: () => number): void {
  switch (event.type) {
    case 'phase':
      Object.assign(state, {
        phase: event.phase,
        total: event.total,
        done: event.done ?? 0,
        fetched: 0,
        phaseStartedAt: now(),
      });
      break;
    case 'request':
      if (
        state.phase === 'discover' &&
        event.operation === 'search' &&
        event.status !== undefined &&
        event.status < 300
      ) {
        state.done = Math.min(state.total, state.done + 1);
        state.fetched += 1;
      }
      break;
    case 'retry':
      state.retries += 1;
      break;
    case 'organisation':
      if (event.outcome === 'failed') state.failed += 1;
      // Records fetched during the sweep are counted when their phase begins (its `done`).
      if (state.phase === 'discover') break;
      state.done += 1;
      if (event.outcome !== 'already-stored') state.fetched += 1;
      break;
    default:
      break;
  }
}

/**
 * A reporter for people. `auto` draws a bar on a terminal and prints lines otherwise; `none`
 * prints only warnings and errors.
 */
export function createProgressReporter(
  stream: ProgressStream,
  mode: ProgressMode,
  intervalMs: number,
  now: () => number = Date.now,
): ProgressReporter {
  const style = mode === 'auto' ? (stream.isTTY === true ? 'bar' : 'lines') : mode;
  const state: ProgressState = {
    phase: undefined,
    total: 0,
    done: 0,
    fetched: 0,
    failed: 0,
    retries: 0,
    phaseStartedAt: now(),
  };
  let barShown = false;
  let lastDraw = 0;

  const clearBar = () => {
    if (barShown) stream.write('\r\u001b[2K');
    barShown = false;
  };
  const drawBar = (force: boolean) => {
    const time = now();
    if (!force && time - lastDraw < 100) return;
    lastDraw = time;
    const width = Math.max(10, Math.min(30, (stream.columns ?? 80) - 70));
    stream.write(`\r\u001b[2K${progressLine(state, time, width)}`);
    barShown = true;
  };
  const print = (text: string) => {
    clearBar();
    stream.write(`${text}\n`);
    if (style === 'bar' && counted(state.phase)) drawBar(true);
  };

  const timer =
    style === 'bar'
      ? setInterval(() => {
          if (counted(state.phase)) drawBar(true);
        }, 1000)
      : style === 'lines'
        ? setInterval(() => {
            if (counted(state.phase)) stream.write(`${progressLine(state, now(), 0)}\n`);
          }, intervalMs)
        : undefined;
  timer?.unref();

  const onEvent = (event: CrawlEvent) => {
    if (event.type === 'phase' && style !== 'none' && counted(state.phase) && state.phase !== event.phase) {
      print(progressLine(state, now(), 0));
    }
    advance(state, event, now);
    if (event.type === 'phase' && style === 'lines' && counted(event.phase)) {
      const already =
        event.done === undefined || event.done === 0 ? '' : ` (${event.done} done during the sweep)`;
      stream.write(`${event.phase}: ${event.total} to do${already}\n`);
    } else if (event.type === 'pause' && style !== 'none') {
      print(`rate-limited: all requests wait ${formatDuration(event.delayMs)} (${event.reason})`);
    } else if (event.type === 'message' && (style !== 'none' || event.level !== 'info')) {
      print(event.level === 'info' ? event.text : `${event.level}: ${event.text}`);
    }
    if (style === 'bar' && counted(state.phase)) drawBar(false);
  };

  return {
    event: onEvent,
    stop() {
      if (timer !== undefined) clearInterval(timer);
      if (style === 'bar' && barShown) {
        if (counted(state.phase)) drawBar(true);
        stream.write('\n');
        barShown = false;
      }
    },
  };
}
