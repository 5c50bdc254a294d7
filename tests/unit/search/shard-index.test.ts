// A query word's index is built from only the words of its shard it can match, filled straight
// into MiniSearch's maps. Checked against MiniSearch itself: the same shard loaded whole through
// MiniSearch's own deserialisation (`loadJS` of its plain-object form) must give every query the
// same results, scores and matched fields.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import MiniSearch, { type AsPlainObject } from 'minisearch';
import { buildSearchIndex } from '../../../src/search/build/build-index.ts';
import { writeIndexParts } from '../../../src/search/build/write-parts.ts';
import { decodePostingsMap, encodePostings } from '../../../src/search/format/codec.ts';
import { mayMatch } from '../../../src/search/browser/word-lookup.ts';
import { nodePartLoader } from '../../support/search-loader.ts';
import { MINISEARCH_OPTIONS, type IndexedDocument } from '../../../src/search/format/options.ts';
import type { CorePart, TermsEntry, TermsPart } from '../../../src/search/format/parts.ts';
import { shardIndex } from '../../../src/search/format/shard-index.ts';
import { ShardTable } from '../../../src/search/format/shards.ts';
import type { QueryWord } from '../../../src/search/format/query.ts';
import { collectRecordDocuments } from '../../support/records.ts';
import { searchCorpus, seededRandom } from '../../support/search-corpus.ts';
import { editDistance } from '../../support/search-reference.ts';

/** The shard loaded whole the way MiniSearch loads its own serialised index: the reference. */
function wholeShardByLoadJS(core: CorePart, entries: readonly TermsEntry[]): MiniSearch<IndexedDocument> {
  const nameField = String(core.fieldIds['name']);
  const nameLengths = new Map<number, number>();
  const documents = new Set<number>();
  const index: AsPlainObject['index'] = entries.map(([term, byField]) => {
    const data: Record<string, Record<number, number>> = {};
    for (const [fieldId, encoded] of Object.entries(byField)) {
      data[fieldId] = Object.fromEntries(
        decodePostingsMap(encoded, fieldId === nameField ? nameLengths : undefined),
      );
      for (const document of Object.keys(data[fieldId])) documents.add(Number(document));
    }
    return [term, data];
  });
  const documentIds: Record<number, number> = {};
  const fieldLength: Record<number, number[]> = {};
  for (const document of documents) {
    documentIds[document] = document;
    const lengths = [...core.averageFieldLength];
    const nameLength = nameLengths.get(document);
    if (nameLength !== undefined) lengths[Number(nameField)] = nameLength;
    fieldLength[document] = lengths;
  }
  return MiniSearch.loadJS<IndexedDocument>(
    {
      documentCount: core.documentCount,
      nextId: core.documentCount,
      documentIds,
      fieldIds: core.fieldIds,
      fieldLength,
      averageFieldLength: core.averageFieldLength,
      storedFields: {},
      dirtCount: 0,
      index,
      serializationVersion: 2,
    },
    MINISEARCH_OPTIONS,
  );
}

const searchOf = (index: MiniSearch<IndexedDocument>, word: QueryWord) =>
  index
    .search(word.word, { prefix: word.prefix, fuzzy: word.fuzzy > 0 ? word.fuzzy : false, combineWith: 'OR' })
    .map(({ id, score, match }) => ({ id, score, match }));

let directory: string;
let core: CorePart;
let shards: { key: string; entries: TermsEntry[] }[];

before(async () => {
  const corpus = searchCorpus(20261126, 300);
  const byId = new Map(corpus.map((entry) => [entry.record['id'] as string, entry]));
  const documents = await collectRecordDocuments(
    corpus.map(({ record }) => record),
    (id) => byId.get(id)!,
  );
  directory = await mkdtemp(join(tmpdir(), 'orgdir-shard-index-'));
  await writeIndexParts(buildSearchIndex(documents), directory);
  const load = nodePartLoader(join(directory, 'search'));
  core = (await load('core')) as CorePart;
  const table = ShardTable.decode(core);
  shards = [];
  for (const [key, [file]] of table.files) {
    const part = (await load(`terms/${file}`)) as TermsPart;
    shards.push({ key, entries: part[key] ?? [] });
  }
});

after(() => rm(directory, { recursive: true, force: true }));

test('postings decode in one pass to what was encoded, in document order, lengths included', () => {
  const random = seededRandom(7);
  for (let round = 0; round < 200; round += 1) {
    const postings = new Map<number, number>();
    let document = 0;
    for (let count = Math.floor(random() * 40); count > 0; count -= 1) {
      document += 1 + Math.floor(random() * (random() < 0.1 ? 5000 : 30));
      postings.set(document, random() < 0.7 ? 1 : 2 + Math.floor(random() * 300));
    }
    const withLengths = random() < 0.5;
    const lengthOf = (at: number) => (at * 7) % 41;
    const encoded = encodePostings(postings, withLengths ? lengthOf : undefined);
    const lengths = new Map<number, number>();
    const decoded = decodePostingsMap(encoded, withLengths ? lengths : undefined);
    assert.deepEqual(decoded, postings);
    assert.deepEqual(
      [...decoded.keys()],
      [...postings.keys()],
      'in document order, as MiniSearch iterates them',
    );
    const expectedLengths = new Map(withLengths ? [...postings.keys()].map((at) => [at, lengthOf(at)]) : []);
    assert.deepEqual(lengths, expectedLengths);
  }
  assert.throws(() => decodePostingsMap(encodePostings([[3, 5]]).slice(0, -1)), SyntaxError);
  assert.throws(() => decodePostingsMap('!'), SyntaxError);
});

test('a word may match exactly the terms MiniSearch finds for it: itself, words it begins, words within its typos', () => {
  const terms = [...new Set(shards.flatMap(({ entries }) => entries.map(([term]) => term)))];
  const index = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'],
    tokenize: (text) => [text],
  });
  index.addAll(terms.map((text, id) => ({ id, text })));
  const random = seededRandom(11);
  for (let round = 0; round < 300; round += 1) {
    const base = terms[Math.floor(random() * terms.length)]!;
    const cut = base.slice(0, Math.max(1, Math.floor(random() * base.length) + 1));
    const word: QueryWord = {
      word: random() < 0.3 ? `${cut.slice(0, -1)}${'aeiou'[Math.floor(random() * 5)]}` : cut,
      prefix: random() < 0.5,
      fuzzy: random() < 0.4 ? 0 : random() < 0.8 ? 1 : 2,
    };
    const found = new Set(
      index
        .search(word.word, { prefix: word.prefix, fuzzy: word.fuzzy > 0 ? word.fuzzy : false })
        .map(({ id }) => terms[id]!),
    );
    const may = new Set(terms.filter((term) => mayMatch(term, word)));
    assert.deepEqual(may, found, JSON.stringify(word));
  }
  // And by the definitions themselves.
  assert.ok(mayMatch('community', { word: 'commun', prefix: true, fuzzy: 1 }));
  assert.ok(mayMatch('cmmunity', { word: 'community', prefix: false, fuzzy: 1 }));
  assert.equal(editDistance('cmmunity', 'community'), 1);
  assert.ok(!mayMatch('community', { word: 'commun', prefix: false, fuzzy: 1 }));
  assert.ok(!mayMatch('communal', { word: 'community', prefix: false, fuzzy: 0 }));
});

test("a word's index answers every search as its whole shard loaded by MiniSearch does", () => {
  const random = seededRandom(5);
  let compared = 0;
  for (const { key, entries } of shards) {
    if (entries.length === 0) continue;
    const whole = wholeShardByLoadJS(core, entries);
    for (let round = 0; round < 6; round += 1) {
      const [term] = entries[Math.floor(random() * entries.length)]!;
      const cut = term.slice(0, Math.max(key.length, Math.floor(random() * term.length) + 1));
      const word: QueryWord = { word: cut, prefix: random() < 0.6, fuzzy: random() < 0.5 ? 0 : 1 };
      const matching = entries.filter(([candidate]) => mayMatch(candidate, word));
      const part = shardIndex(core, matching, new Map());
      const expected = searchOf(whole, word);
      assert.deepEqual(searchOf(part, word), expected, `${key}: ${JSON.stringify(word)}`);
      compared += expected.length;
    }
  }
  assert.ok(compared > 500, `only ${compared} results compared`);
});

test('scoring only some documents (a document boost of 0 for the others) leaves their scores as a search of all gives them', () => {
  const random = seededRandom(9);
  let compared = 0;
  for (const { entries } of shards) {
    if (entries.length === 0) continue;
    const index = shardIndex(core, entries, new Map());
    const [term] = entries[Math.floor(random() * entries.length)]!;
    const word: QueryWord = { word: term.slice(0, Math.max(2, term.length - 1)), prefix: true, fuzzy: 1 };
    const all = searchOf(index, word);
    const among = new Set(all.filter(() => random() < 0.4).map(({ id }) => id as number));
    const some = index
      .search(word.word, {
        prefix: true,
        fuzzy: 1,
        combineWith: 'OR',
        boostDocument: (id) => (among.has(id as number) ? 1 : 0),
      })
      .map(({ id, score, match }) => ({ id, score, match }));
    assert.deepEqual(
      some,
      all.filter(({ id }) => among.has(id as number)),
    );
    compared += some.length;
  }
  assert.ok(compared > 100, `only ${compared} results compared`);
});
