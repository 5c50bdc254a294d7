// What the search's status line says, a live region: a result count is announced only once the
// reader pauses in typing, not at every keystroke.
import { countOf } from '../../lib/text.ts';
import { DEFAULT_LIMIT } from './engine.ts';
import type { Correction } from './spelling.ts';

/** A pause in typing after which the result count is announced. */
const ANNOUNCE_AFTER_MS = 500;

/**
 * The status line, a live region: while someone types, a count is announced only once they
 * pause, not at every keystroke.
 */
export class Announcer {
  readonly #status: HTMLElement;
  #announcement: ReturnType<typeof setTimeout> | undefined;
  /** Whether the last change came from typing (rather than a filter, a page or Enter). */
  typing = false;

  constructor(status: HTMLElement) {
    this.#status = status;
  }

  /** Says `message`; a `settled` one (a result count) waits for a pause in the typing. */
  say(message: string, settled = false): void {
    clearTimeout(this.#announcement);
    if (settled && this.typing) {
      this.#announcement = setTimeout(() => (this.#status.textContent = message), ANNOUNCE_AFTER_MS);
    } else {
      this.#status.textContent = message;
    }
  }
}

/** How many were found, for what, and which of them a page shows. */
export function foundMessage(
  query: string,
  total: number,
  offset: number,
  shownHits: number,
  correction?: Correction,
): string {
  const about =
    query === ''
      ? ''
      : correction
        ? ` for “${correction.showing}” (corrected from “${query}”)`
        : ` for “${query}”`;
  const range = total > DEFAULT_LIMIT ? `, showing ${offset + 1} to ${offset + shownHits}` : '';
  return `${total === 0 ? 'No organisations found' : `${countOf(total, 'organisation')} found`}${about}${range}.`;
}
