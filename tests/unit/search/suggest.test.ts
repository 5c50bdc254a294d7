// "Did you mean": for a query that finds nothing, the nearest indexed words, over a small register
// whose answers are written here by hand.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildSearchIndex } from '../../../src/search/build/build-index.ts';
import { writeIndexParts } from '../../../src/search/build/write-parts.ts';
import { SearchEngine } from '../../../src/search/browser/engine.ts';
import { correctionOf, nearbyShardWords } from '../../../src/search/browser/spelling.ts';
import { parseSearchBoxQuery as parseQuery } from '../../../src/search/format/query.ts';
import { nodePartLoader } from '../../support/search-loader.ts';
import { collectRecordDocuments } from '../../support/records.ts';

const NAMES = [
  'Little Buddies Playgroup',
  'Buddhist Centre Dublin',
  'Galway Community Development',
  'Sligo Youth Arts',
  'Sligo Youth Theatre',
];
let directory: string;
let engine: SearchEngine;

before(async () => {
  const records = NAMES.map((name, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name,
  }));
  const documents = await collectRecordDocuments(records, () => ({ lists: [], voluntaryCodes: [] }));
  directory = await mkdtemp(join(tmpdir(), 'orgdir-suggest-'));
  await writeIndexParts(buildSearchIndex(documents), directory);
  engine = new SearchEngine(nodePartLoader(join(directory, 'search')));
});
after(() => rm(directory, { recursive: true, force: true }));

test('a word two edits from an indexed word is suggested, when the suggestion finds something', async () => {
  assert.equal((await engine.search({ query: 'little buddys ', limit: 0 })).documents.length, 0);
  assert.equal(await engine.suggest('little buddys'), 'little buddies');
  // A word one typo away already matches, and is kept as typed.
  assert.equal(await engine.suggest('galwya comunity'), 'galway comunity');
  // Each word alone is near something, but no record holds both suggestions together.
  assert.equal(await engine.suggest('buddys theatre'), undefined);
});

test('no suggestion for a query that finds something, or a word nothing is near', async () => {
  assert.equal(await engine.suggest('sligo youth'), undefined);
  assert.equal(await engine.suggest('zzzzqqq'), undefined);
});

test('a phrase is kept as it is while the word beside it is mended', async () => {
  assert.equal(await engine.suggest('"youth arts" slgio'), '"youth arts" sligo');
});

test('a misspelling in the first letters is mended from the words that begin otherwise, in quotes or not', async () => {
  // Two edits apart, and in another shard of the index: "gl…" where "galway" is among the "ga…".
  assert.equal((await engine.search({ query: '"glaway community"', limit: 0 })).documents.length, 0);
  assert.equal(await engine.suggest('"glaway community"'), '"galway community"');
  assert.equal(await engine.suggest('glaway community'), 'galway community');
  assert.equal(await engine.suggest('"youth arts" "slgio youth"'), '"youth arts" "sligo youth"');
  assert.ok(nearbyShardWords('glaway').includes('galway'));
  assert.ok(nearbyShardWords('lsigo').includes('sligo'));
  assert.ok(nearbyShardWords('xsligo').includes('sligo'));
});

test('a word found only with a typo is named with the word it matched; one found as typed is not', async () => {
  assert.deepEqual(await engine.corrections('developement '), new Map([['developement', 'development']]));
  assert.deepEqual(await engine.corrections('sligo theatre '), new Map());
  // The last word, while typed, matches the words it begins: no correction.
  assert.deepEqual(await engine.corrections('sligo thea'), new Map());
  // A director's name is matched exactly, never corrected.
  assert.deepEqual(
    correctionOf(parseQuery('director: developement'), new Map([['developement', 'development']])),
    undefined,
  );
  assert.deepEqual(
    correctionOf(parseQuery('"youth arts" developement galway'), new Map([['developement', 'development']])),
    {
      showing: '"youth arts" development galway',
      instead: '"youth arts" "developement" galway',
    },
  );
  assert.equal(correctionOf(parseQuery('galway'), new Map()), undefined);
});
