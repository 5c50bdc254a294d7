// The searches not yet sent, by their worth when last scored: a heap, scored lazily (a candidate
// is scored again when it comes to the top, and sent only if it is still the best).
import type { Query } from './query.ts';

/** A search not yet sent, with its worth when it was last scored. */
interface Candidate {
  query: Query;
  score: number;
}

/** Worth under which a candidate is dropped rather than sent. */
const WORTHLESS = 0.05;

/** The candidates, highest worth first; `score` says what a query is worth now. */
export class Candidates {
  readonly #score: (query: Query) => number;
  /** Keys of the queries in the heap. */
  readonly #queued = new Set<string>();
  /** Candidates by expected yield, highest first; a yield is recomputed before the query is sent. */
  #heap: Candidate[] = [];

  constructor(score: (query: Query) => number) {
    this.#score = score;
  }

  /** Whether a query of this key waits among the candidates. */
  has(key: string): boolean {
    return this.#queued.has(key);
  }

  add(query: Query, score: number): void {
    this.#queued.add(query.key);
    this.#push({ query, score });
  }

  /** The best candidate, scored afresh, taken out; undefined when none is worth sending. */
  best(): Query | undefined {
    for (;;) {
      const top = this.#pop();
      if (top === undefined) return undefined;
      const score = this.#score(top.query);
      if (score < WORTHLESS) {
        this.#queued.delete(top.query.key);
        continue;
      }
      const following = this.#heap[0];
      if (following === undefined || score >= following.score) {
        this.#queued.delete(top.query.key);
        return top.query;
      }
      top.score = score;
      this.#push(top);
    }
  }

  /** Scores every candidate afresh. */
  rescore(): void {
    const items = this.#heap;
    this.#heap = [];
    for (const item of items) {
      item.score = this.#score(item.query);
      this.#push(item);
    }
  }

  #push(item: Candidate): void {
    const heap = this.#heap;
    heap.push(item);
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if ((heap[parent]?.score ?? 0) >= item.score) break;
      heap[index] = heap[parent] as typeof item;
      index = parent;
    }
    heap[index] = item;
  }

  #pop(): Candidate | undefined {
    const heap = this.#heap;
    const top = heap[0];
    const last = heap.pop();
    if (top === undefined || last === undefined || heap.length === 0) return top;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let largest = index;
      let largestScore = last.score;
      if (left < heap.length && (heap[left]?.score ?? 0) > largestScore) {
        largest = left;
        largestScore = heap[left]?.score ?? 0;
      }
      if (right < heap.length && (heap[right]?.score ?? 0) > largestScore) largest = right;
      if (largest === index) break;
      heap[index] = heap[largest] as typeof last;
      index = largest;
    }
    heap[index] = last;
    return top;
  }
}
