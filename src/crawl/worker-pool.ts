// Work over many items with a bounded number running at once, so that 100,000 organisations are
// not 100,000 promises, and with every running piece settled before an error reaches the caller,
// so that nothing of a failed step is still writing when the caller moves on.

/**
 * Items handed out as they arrive, to workers that wait for more until `close()`: the records the
 * search sweep discovers are fetched while the sweep goes on.
 */
export class WorkFeed<T> implements AsyncIterable<T> {
  #items: T[] = [];
  #head = 0;
  #closed = false;
  readonly #waiting: ((result: IteratorResult<T, undefined>) => void)[] = [];

  push(item: T): void {
    const waiting = this.#waiting.shift();
    if (waiting === undefined) this.#items.push(item);
    else waiting({ done: false, value: item });
  }

  /** No more items will come: waiting workers finish once the items in hand are taken. */
  close(): void {
    this.#closed = true;
    for (const waiting of this.#waiting.splice(0)) waiting({ done: true, value: undefined });
  }

  [Symbol.asyncIterator](): AsyncIterator<T, undefined> {
    return {
      next: () => {
        if (this.#head < this.#items.length) {
          const value = this.#items[this.#head++]!;
          // Drop what was handed out now and then, so that a long crawl does not keep it all.
          if (this.#head >= 1024 && this.#head * 2 >= this.#items.length) {
            this.#items = this.#items.slice(this.#head);
            this.#head = 0;
          }
          return Promise.resolve({ done: false, value });
        }
        if (this.#closed) return Promise.resolve({ done: true, value: undefined });
        return new Promise((resolve) => this.#waiting.push(resolve));
      },
    };
  }
}

/**
 * Runs `work` for every item with at most `limit` running at once. The first error stops the
 * feeding; it is thrown once all running work has settled, so nothing writes after the caller
 * moves on.
 */
export async function forEachLimited<T>(
  items: Iterable<T> | AsyncIterable<T>,
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const iterator = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    for (;;) {
      if (failure !== undefined) return;
      const next = await iterator.next();
      if (failure !== undefined || next.done === true) return;
      try {
        await work(next.value);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, worker));
  if (failure !== undefined) throw failure.error;
}

/**
 * Like `Promise.all`, but waits for every promise to settle before throwing the first error, so
 * that no work of a failed step is still writing when the caller moves on.
 */
export async function settleAll(promises: readonly Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(promises);
  const rejected = results.find((result) => result.status === 'rejected');
  if (rejected !== undefined) throw rejected.reason;
}
