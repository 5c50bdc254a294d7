// Waiting for a condition rather than for a time: the outcome does not depend on how busy the
// machine is, only how long the wait takes does.
import { setTimeout as sleep } from 'node:timers/promises';

/** Resolves once `condition()` holds; rejects after `timeoutMs` saying what was awaited. */
export async function until(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}
