// A list's rows matched one after another, with word of the progress now and then: the worker
// posts it to the page, which shows how far the match has come.

/** Rows matched between two reports of progress. */
export const PROGRESS_EVERY = 2000;

/**
 * Each line's match, in order. A line the list repeats (a grantee paid twice) is matched once: its
 * result is shared, as the matcher answers a line the same whenever it is asked. `report` hears of
 * every PROGRESS_EVERY lines done, and of the last.
 */
export function matchRows<T>(
  lines: readonly string[],
  match: (line: string) => T,
  report: (done: number, total: number) => void,
): T[] {
  const known = new Map<string, T>();
  const results: T[] = [];
  for (const line of lines) {
    let result = known.get(line);
    if (result === undefined) {
      result = match(line);
      known.set(line, result);
    }
    results.push(result);
    if (results.length % PROGRESS_EVERY === 0 || results.length === lines.length)
      report(results.length, lines.length);
  }
  return results;
}
