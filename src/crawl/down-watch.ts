// Whether the API looks down: so many requests in a row failed after their retries, whatever
// their operation, or every attempt failed without an answer for so long. Either stops the crawl
// (`maxConsecutiveFailures`, `deadAfterMs`; 0 turns each off).
import type { Redact } from './redact.ts';

export class DownWatch {
  readonly #options: { maxConsecutiveFailures: number; deadAfterMs: number };
  readonly #redact: Redact;
  /** Stops the crawl, with the message that says why. */
  readonly #stop: (message: string) => void;
  /** Requests that failed after their retries since the last one that got an answer. */
  #failuresInARow = 0;
  /** Runs from the first failed attempt after an answer; an answer stops it, its end stops the crawl. */
  #deadTimer: NodeJS.Timeout | undefined;

  constructor(
    options: { maxConsecutiveFailures: number; deadAfterMs: number },
    redact: Redact,
    stop: (message: string) => void,
  ) {
    this.#options = options;
    this.#redact = redact;
    this.#stop = stop;
  }

  /**
   * An answer from the API, whatever it said: it is up. A 429 counts too: a service that counts
   * requests against a limit is there.
   */
  answered(): void {
    this.#failuresInARow = 0;
    clearTimeout(this.#deadTimer);
    this.#deadTimer = undefined;
  }

  /** A failed attempt: the first since an answer starts the time after which the API is taken to be down. */
  attemptFailed(reason: string): void {
    const limitMs = this.#options.deadAfterMs;
    if (limitMs <= 0 || this.#deadTimer !== undefined) return;
    this.#deadTimer = setTimeout(() => {
      const seconds = Math.round(limitMs / 1000);
      const message = `every attempt for ${seconds} s failed without an answer (the last: ${reason}); the API looks down`;
      this.#stop(this.#redact(message));
    }, limitMs);
  }

  /** A request that failed after its retries (`error` already redacted): so many in a row stop the crawl. */
  requestFailed(error: string): void {
    this.#failuresInARow += 1;
    const limit = this.#options.maxConsecutiveFailures;
    if (limit > 0 && this.#failuresInARow >= limit) {
      const message = `${this.#failuresInARow} requests in a row failed after their retries (the last: ${error}); the API looks down`;
      this.#stop(message);
    }
  }

  /** Stops the timer: the crawl stopped or finished. */
  clear(): void {
    clearTimeout(this.#deadTimer);
  }
}
