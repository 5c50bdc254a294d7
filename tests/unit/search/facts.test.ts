// The facts files: what facet counts and the sort by income read of each organisation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeFacts, encodeFacts, type DocumentFacts } from '../../../src/search/format/facts.ts';
import { integer, seededRandom } from '../../support/search-corpus.ts';

test('facts survive a round trip: option numbers, several of a kind or none, incomes negative, zero, large or not given', () => {
  const random = seededRandom(3);
  const several = () => Array.from({ length: integer(random, 0, 3) }, () => integer(random, 0, 300));
  const documents: DocumentFacts[] = Array.from({ length: 300 }, (_, index) => ({
    county: integer(random, 0, 40),
    sector: integer(random, 0, 15),
    list: several(),
    voluntaryCode: several(),
    funder: several(),
    status: several(),
    incomeCents:
      [undefined, 0, -1, 1, -250_000_00, 9_007_199_254_740_991 >> 3][index % 6] ??
      integer(random, 0, 2 ** 40),
  }));
  const encoded = encodeFacts(documents);
  assert.deepEqual(decodeFacts(encoded), documents);
  assert.match(encoded, /^[0-9A-Za-z_-]*$/);
  assert.deepEqual(decodeFacts(encodeFacts([])), []);
});
