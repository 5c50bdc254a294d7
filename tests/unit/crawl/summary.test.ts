import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CrawlSummary } from '../../../src/crawl/crawl.ts';
import { classifyError } from '../../../src/crawl/retry-policy.ts';
import { failureKind, formatSummary, groupFailures } from '../../../src/crawl/summary.ts';
import type { CrawlFailure } from '../../../src/schemas/index.ts';

function finishedCrawl(failures: CrawlFailure[]): CrawlSummary {
  return {
    exitCode: 1,
    message: '1 failures',
    published: false,
    manifest: {
      crawlerVersion: '0.1.0',
      apiUrl: 'https://api.example.ie/public/v1',
      startedAt: '2026-01-01T02:00:00.000Z',
      finishedAt: '2026-01-01T03:00:00.000Z',
      runs: 1,
      complete: false,
      options: {
        concurrency: 4,
        rate: 5,
        searchParam: 'id',
        voluntaryCodesPath: '/VoluntaryCodes',
        discover: false,
        searchBudget: 0,
        allowFailures: 0,
        maxAttempts: 8,
      },
      counts: {
        voluntaryCodes: 1,
        voluntaryCodeMembers: { ICTR: 380 },
        registeredCharities: 11500,
        taxEfficientGifts: 7000,
        housingBodies: 550,
        discovered: 0,
        organisations: 12000,
        stored: 11990,
        gone: 9,
        failed: 1,
      },
      gone: [],
      failures,
      drift: [],
      coordinates: {
        registeredAddress: { 'lon-lat': 11000, 'lat-lon': 90, unknown: 900, outside: 0 },
        otherAddresses: { 'lon-lat': 0, 'lat-lon': 0, unknown: 0, outside: 0 },
      },
      discovery: null,
      requests: { attempts: 12100, retries: 100, pauses: 2, statuses: {} },
    },
  };
}

function failure(fields: Partial<CrawlFailure> & Pick<CrawlFailure, 'error'>): CrawlFailure {
  return { operation: 'organisation', attempts: 8, scope: 'record', ...fields };
}

test('the summary lists the counts and the failures by kind', () => {
  const summary = finishedCrawl([
    { operation: 'organisation', id: 'x', status: 503, error: 'HTTP 503', attempts: 8, scope: 'record' },
  ]);
  const text = formatSummary(summary);
  assert.match(text, /^1 failures\n/);
  assert.match(text, /ICTR 380/);
  assert.match(text, /12000 distinct, 11990 stored, 9 gone \(404\), 1 failed/);
  assert.match(text, /90 lat-lon \(swapped\)/);
  assert.match(text, /organisation x HTTP 503 after 8 attempts: HTTP 503/);
});

test('a failure is of the kind its status, its error or its missing request says', () => {
  // The reasons the retry policy gives for a time-out and a reset connection, as the crawl keeps them.
  const timeOut = classifyError(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  const reset = classifyError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
  assert.equal(failureKind(failure({ status: 503, error: 'HTTP 503' })), 'HTTP 503');
  assert.equal(failureKind(failure({ status: 400, error: 'HTTP 400: bad request' })), 'HTTP 400');
  assert.equal(
    failureKind(failure({ status: 200, error: 'truncated or malformed JSON body (12 bytes)' })),
    'malformed answer',
  );
  assert.equal(failureKind(failure({ error: timeOut.reason })), 'time-out');
  assert.equal(failureKind(failure({ error: reset.reason })), 'network error ECONNRESET');
  assert.equal(
    failureKind(failure({ error: 'registeredCharities[3] has the id 12, which is not a GUID', attempts: 0 })),
    'unusable id',
  );
  assert.equal(
    failureKind(
      failure({
        error: 'the answer gives the key back in a form that could not be taken out of it: not stored',
      }),
    ),
    'no usable answer',
  );
});

test('failures are counted by kind, the most frequent first, each with its first failure as the example', () => {
  const failures = [
    failure({
      id: 'd',
      status: 404,
      error: 'HTTP 404: not found',
      operation: 'voluntaryCodeMembers',
      scope: 'list',
    }),
    failure({ id: 'b', error: 'ECONNRESET: read ECONNRESET' }),
    failure({ id: 'a', status: 503, error: 'HTTP 503' }),
    failure({ id: 'c', status: 503, error: 'HTTP 503' }),
    failure({ id: 'f', error: 'ECONNRESET: read ECONNRESET' }),
    failure({ id: 'e', status: 503, error: 'HTTP 503' }),
  ];
  assert.deepEqual(
    groupFailures(failures).map(({ kind, count, example }) => [kind, count, example.id]),
    [
      ['HTTP 503', 3, 'a'],
      ['network error ECONNRESET', 2, 'b'],
      ['HTTP 404', 1, 'd'],
    ],
  );
  assert.deepEqual(groupFailures([]), []);
});

test('a thousand failures of one kind are one line of the summary, and a lone other kind is not lost', () => {
  const failures = Array.from({ length: 1000 }, (_, index) =>
    failure({ id: `id-${index}`, status: 503, error: 'HTTP 503' }),
  );
  failures.push(failure({ id: 'odd', status: 400, error: 'HTTP 400: bad request', attempts: 1 }));
  const lines = formatSummary(finishedCrawl(failures)).split('\n');
  const from = lines.indexOf('failures: 1001, by kind (every one in manifest.json)');
  assert.ok(from >= 0, lines.join('\n'));
  assert.deepEqual(lines.slice(from + 1), [
    '  HTTP 503 × 1000, e.g. organisation id-0 HTTP 503 after 8 attempts: HTTP 503',
    '  HTTP 400 × 1, e.g. organisation odd HTTP 400 after 1 attempts: HTTP 400: bad request',
  ]);
});
