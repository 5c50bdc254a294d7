// The searches asked: those answered, those handed out and not yet answered, and those a run died
// on (asked, never answered, and never asked again).
import type { Query } from './query.ts';

export interface Answered {
  query: Query;
  count: number;
  /** Asked by a run that stopped before the answer: never asked again, and not counted as a search. */
  unanswered?: boolean;
  /** The ids it returned, kept for answers that may have been cut. */
  ids: string[] | undefined;
}

/** Every search asked, by its query's key. */
export class AskedSearches {
  readonly #answered = new Map<string, Answered>();
  /** Keys of the searches handed out and not yet answered. */
  readonly #pending = new Set<string>();
  #unanswered = 0;

  /** Whether a search of this key was answered, or died unanswered. */
  isAnswered(key: string): boolean {
    return this.#answered.has(key);
  }

  /** Whether a search of this key was asked: answered, died unanswered, or awaited. */
  isAsked(key: string): boolean {
    return this.#answered.has(key) || this.#pending.has(key);
  }

  /** The answer to a search of this key, if it was asked. */
  answerTo(key: string): Answered | undefined {
    return this.#answered.get(key);
  }

  /** Every answer, and every search that died unanswered. */
  all(): IterableIterator<Answered> {
    return this.#answered.values();
  }

  /** A search handed out: awaited from now on. */
  handOut(query: Query): string {
    this.#pending.add(query.key);
    return query.text;
  }

  /** A search of a run that stopped before its answer; false when it was answered already. */
  diedOn(query: Query): boolean {
    if (this.#answered.has(query.key)) return false;
    this.#answered.set(query.key, { query, count: 0, ids: undefined, unanswered: true });
    this.#unanswered += 1;
    return true;
  }

  answered(query: Query, count: number, ids: string[] | undefined): void {
    this.#pending.delete(query.key);
    this.#answered.set(query.key, { query, count, ids });
  }

  /** Searches awaited. */
  get pending(): number {
    return this.#pending.size;
  }

  /** Searches answered: what counts as searches. */
  get queries(): number {
    return this.#answered.size - this.#unanswered;
  }

  /** Searches that died unanswered. */
  get unanswered(): number {
    return this.#unanswered;
  }
}
