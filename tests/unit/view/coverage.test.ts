import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CrawlManifest } from '../../../src/schemas/manifest.ts';
import { coverageStatement } from '../../../src/view/coverage.ts';

const counts = (stored: number, discovered: number) =>
  ({ organisations: stored, stored, discovered }) as CrawlManifest['counts'];

const discovery = (over: Partial<NonNullable<CrawlManifest['discovery']>>): CrawlManifest['discovery'] => ({
  queries: 4000,
  seeds: 67,
  budget: 4900,
  discovered: 21000,
  longestAnswer: 100,
  capConfirmed: true,
  cappedAnswers: 300,
  cappedAnswersSplit: 200,
  stopped: 'saturated',
  lastNewAfter: 200,
  estimatedRegister: 35000,
  searchBroken: false,
  grammar: 'all',
  unanswered: 0,
  learningFull: false,
  ...over,
});

test('a saturated sweep: the lists, the search and how it was searched, in plain words', () => {
  assert.equal(
    coverageStatement({ counts: counts(35000, 21000), discovery: discovery({ discovered: 21000 }) }),
    "Found 35,000 organisations: 14,000 on the register's lists and 21,000 only through its search, which was searched (4,000 searches) until it returned nothing new.",
  );
});

test('a sweep that spent its budget says that some may be missing, and how many by the estimate', () => {
  const text = coverageStatement({
    counts: counts(33000, 19000),
    discovery: discovery({ stopped: 'budget', estimatedRegister: 35000, discovered: 19000 }),
  });
  assert.match(
    text ?? '',
    /until the crawl's budget of 4,900 searches was spent, so some organisations may be missing/,
  );
  assert.match(text ?? '', /the register holds about 35,000: about 2,000 may be missing\.$/);
});

test('without a sweep the total is called what it is: the lists only', () => {
  const text = coverageStatement({ counts: counts(14000, 0), discovery: null });
  assert.match(
    text ?? '',
    /^Found 14,000 organisations, all on the register's lists\. Its search was not swept/,
  );
});

test('a manifest that does not say gives no statement', () => {
  assert.equal(coverageStatement({}), undefined);
});

test('ids that answered 404 are not counted: the total is of the records stored', () => {
  const text = coverageStatement({
    counts: { ...counts(200, 50), organisations: 2019 },
    discovery: discovery({ discovered: 50, estimatedRegister: 210 }),
  });
  assert.match(
    text ?? '',
    /^Found 200 organisations: 150 on the register's lists and 50 only through its search/,
  );
  assert.match(text ?? '', /holds about 210: about 10 may be missing\.$/);
});

test("a search that returned nothing, even for the listed organisations' words, is called broken, not searched through", () => {
  const text = coverageStatement({
    counts: counts(14000, 0),
    discovery: discovery({
      discovered: 0,
      searchBroken: true,
      stopped: 'saturated',
      estimatedRegister: null,
    }),
  });
  assert.match(text ?? '', /Its search is broken: it returned nothing/);
  assert.doesNotMatch(text ?? '', /until it returned nothing new/);
});
