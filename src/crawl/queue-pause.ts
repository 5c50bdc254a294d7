// A pause of the whole request queue: a 429 or a spent quota stops every request, not only the one
// that met it, until the time the service asked for; a later, longer pause extends it.
import type PQueue from 'p-queue';
import { clock, type CrawlReporter } from './events.ts';

export class QueuePause {
  readonly #queue: PQueue;
  readonly #reporter: CrawlReporter;
  readonly #statistics: { pauses: number };
  #pauseUntil = 0;
  #pauseTimer: NodeJS.Timeout | undefined;

  constructor(queue: PQueue, reporter: CrawlReporter, statistics: { pauses: number }) {
    this.#queue = queue;
    this.#reporter = reporter;
    this.#statistics = statistics;
  }

  /** Stops the whole queue for `delayMs` (extending a pause already running). */
  extend(delayMs: number, reason: string): void {
    const until = clock() + delayMs;
    if (until <= this.#pauseUntil) return;
    this.#pauseUntil = until;
    this.#queue.pause();
    this.#statistics.pauses += 1;
    this.#reporter.event({ type: 'pause', reason, delayMs, until });
    this.#schedulePauseEnd();
  }

  #schedulePauseEnd(): void {
    clearTimeout(this.#pauseTimer);
    // A timer may fire a millisecond early by the wall clock; the pause is a promise to the server.
    this.#pauseTimer = setTimeout(
      () => {
        if (clock() < this.#pauseUntil) {
          this.#schedulePauseEnd();
          return;
        }
        this.#pauseTimer = undefined;
        this.#queue.start();
        this.#reporter.event({ type: 'unpause', at: clock() });
      },
      Math.max(1, this.#pauseUntil - clock()),
    );
  }

  /** Stops the timer that would end the pause: the crawl stopped or finished. */
  clear(): void {
    clearTimeout(this.#pauseTimer);
  }
}
