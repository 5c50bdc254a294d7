import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crawlOutcome, type FinishedCrawl } from '../../../src/crawl/outcome.ts';
import type { CrawlManifest } from '../../../src/schemas/index.ts';

const OVERSIZED = 'UND_ERR_RES_EXCEEDED_MAX_SIZE: Response content exceeded max size';

/** A crawl that ended with `failures` and answers of `statuses`. */
function finished(failures: CrawlManifest['failures'], statuses: Record<string, number>): FinishedCrawl {
  const manifest = {
    counts: { stored: 0, gone: 0, failed: 0 },
    failures,
    requests: { attempts: failures.length, retries: 0, pauses: 0, statuses },
  } as unknown as CrawlManifest;
  return {
    manifest,
    stopped: undefined,
    complete: false,
    failures: { lists: failures.length, records: 0 },
    apiUrl: 'https://api.example.ie/public/v1',
    allowFailures: 0,
    dataDir: '/srv/data',
    partialDir: '/srv/data.partial',
  };
}

const list = (id: string, error: string) => ({
  operation: 'voluntaryCodes' as const,
  id,
  error,
  attempts: 1,
  scope: 'list' as const,
});

// Checked by making the outcome ignore oversized answers again: these lists were then reported as
// "cannot reach the API ... run again when it answers".
test('lists whose answers were all too large are reported as such, with what to check, not as an API out of reach', () => {
  const failures = ['a', 'b', 'c', 'd'].map((id) => list(id, OVERSIZED));
  const outcome = crawlOutcome(finished(failures, { network: 4 }));
  assert.equal(outcome.exitCode, 1);
  assert.doesNotMatch(outcome.message, /cannot reach/);
  assert.match(
    outcome.message,
    /^the API sent 4 answers larger than the crawler accepts \(voluntaryCodes a: UND_ERR_RES_EXCEEDED_MAX_SIZE.*\); \/srv\/data is unchanged; check that ORGDIR_API_URL is the register's API/,
  );
});

test('a crawl that got no answer at all is still an API out of reach', () => {
  const failures = ['a', 'b'].map((id) => list(id, 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9'));
  const outcome = crawlOutcome(finished(failures, { network: 2 }));
  assert.match(
    outcome.message,
    /^cannot reach the API at https:\/\/api\.example\.ie\/public\/v1 \(ECONNREFUSED/,
  );
});
