import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { forEachLimited, settleAll, WorkFeed } from '../../../src/crawl/worker-pool.ts';

test('no more than the limit run at once, and every item is worked', async () => {
  let running = 0;
  let most = 0;
  const done: number[] = [];
  await forEachLimited(
    Array.from({ length: 20 }, (_, index) => index),
    3,
    async (item) => {
      running += 1;
      most = Math.max(most, running);
      await sleep(1);
      done.push(item);
      running -= 1;
    },
  );
  assert.equal(most, 3);
  assert.deepEqual(
    [...done].sort((a, b) => a - b),
    Array.from({ length: 20 }, (_, index) => index),
  );
});

test('the first error stops the feeding and is thrown once the running work has settled', async () => {
  const started: number[] = [];
  let settled = 0;
  await assert.rejects(
    forEachLimited([1, 2, 3, 4, 5, 6], 2, async (item) => {
      started.push(item);
      await sleep(item === 1 ? 0 : 5);
      settled += 1;
      if (item === 1) throw new Error('item 1 failed');
    }),
    /item 1 failed/,
  );
  assert.equal(settled, started.length, 'nothing still running when the error arrives');
  assert.ok(started.length < 6, `fed on after the error: ${started.join(', ')}`);
});

test('a feed hands out items as they arrive and ends the workers once closed', async () => {
  const feed = new WorkFeed<number>();
  const seen: number[] = [];
  const working = forEachLimited(feed, 2, async (item) => {
    seen.push(item);
  });
  feed.push(1);
  await sleep(1);
  feed.push(2);
  feed.push(3);
  feed.close();
  await working;
  assert.deepEqual(seen, [1, 2, 3]);
});

test('settleAll waits for the slow promises before throwing the first error', async () => {
  let slowDone = false;
  await assert.rejects(
    settleAll([
      Promise.reject(new Error('fast failure')),
      sleep(5).then(() => {
        slowDone = true;
      }),
    ]),
    /fast failure/,
  );
  assert.equal(slowDone, true);
});
