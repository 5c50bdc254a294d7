// Organisations no longer on the register in search: indexed beside those on it, found by their
// name and number, flagged with the date they went, filtered by their own status, and ranked
// after every organisation on the register in each order. The references are worked out here
// from the records: the order of an index without anyone gone, and names and incomes as read.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildSearchIndex } from '../../../src/search/build/build-index.ts';
import { sortDocuments } from '../../../src/search/build/document-order.ts';
import { writeIndexParts } from '../../../src/search/build/write-parts.ts';
import { searchDocument, type SearchDocument } from '../../../src/search/build/document.ts';
import { SearchEngine, SORT_ORDERS, type SortOrder } from '../../../src/search/browser/engine.ts';
import { nodePartLoader } from '../../support/search-loader.ts';
import { slugify } from '../../../src/lib/slugs.ts';
import { modelOf } from '../../support/records.ts';
import { searchCorpus, type CorpusRecord } from '../../support/search-corpus.ts';

const GONE_SINCE = '2026-11-20';
const STATUS = 'No longer on the register';

const corpus = searchCorpus(20261120, 300);
/** Every seventh record has left the register. */
const gone = new Set(corpus.filter((_, index) => index % 7 === 3).map(({ record }) => String(record['id'])));
const recordOf = new Map(corpus.map((entry) => [String(entry.record['id']), entry]));

function documentsOf(entries: readonly CorpusRecord[], withGone: boolean): SearchDocument[] {
  return sortDocuments(
    entries.map(({ record, lists, voluntaryCodes }) => {
      const id = String(record['id']);
      return searchDocument(
        modelOf(record),
        { lists, voluntaryCodes },
        `org/${id}.html`,
        withGone && gone.has(id) ? GONE_SINCE : '',
      );
    }),
  );
}

let directory: string;
/** The index with the organisations no longer on the register, and one of the same records with none gone. */
let engine: SearchEngine;
let plain: SearchEngine;
let idOf: (document: number) => string;
let plainIdOf: (document: number) => string;

before(async () => {
  directory = await mkdtemp(join(tmpdir(), 'orgdir-former-search-'));
  const built = buildSearchIndex(documentsOf(corpus, true), { layout: { docsPerFile: 5, factsPerFile: 7 } });
  const plainBuilt = buildSearchIndex(documentsOf(corpus, false), {
    layout: { docsPerFile: 5, factsPerFile: 7 },
  });
  await writeIndexParts(built, join(directory, 'former'));
  await writeIndexParts(plainBuilt, join(directory, 'plain'));
  engine = new SearchEngine(nodePartLoader(join(directory, 'former', 'search')));
  plain = new SearchEngine(nodePartLoader(join(directory, 'plain', 'search')));
  idOf = (document) => built.documents[document]!.id;
  plainIdOf = (document) => plainBuilt.documents[document]!.id;
});

after(() => rm(directory, { recursive: true, force: true }));

const collator = new Intl.Collator('en-IE', { sensitivity: 'base', numeric: true });
/** The name as results show it: "" when the record gives none. */
const nameOf = (id: string) => {
  const name = recordOf.get(id)!.record['name'];
  return typeof name === 'string' ? name.trim() : name === null || name === undefined ? '' : String(name);
};
const incomeOf = (id: string) =>
  (recordOf.get(id)!.record['financialSummary'] as { currentIncome?: number } | undefined)?.currentIncome;
const byGone = (a: string, b: string) => Number(gone.has(a)) - Number(gone.has(b));

/** The order a sort must give, from the relevance order of the index with no one gone. */
function referenceOrder(relevance: readonly string[], sort: SortOrder): string[] {
  const ranked = relevance.map((id, rank) => ({ id, rank, income: incomeOf(id) }));
  if (sort === 'name')
    ranked.sort(
      (a, b) => byGone(a.id, b.id) || collator.compare(nameOf(a.id), nameOf(b.id)) || (a.id < b.id ? -1 : 1),
    );
  else if (sort === 'income')
    ranked.sort(
      (a, b) =>
        byGone(a.id, b.id) ||
        Number(a.income === undefined) - Number(b.income === undefined) ||
        (b.income ?? 0) - (a.income ?? 0) ||
        a.rank - b.rank,
    );
  else ranked.sort((a, b) => byGone(a.id, b.id) || a.rank - b.rank);
  return ranked.map(({ id }) => id);
}

const QUERIES = ['community', 'galway', 'housing', 'soc', '"social housing"', 'trust', 'cork'];

test('in every order, those no longer on the register come after all those on it, otherwise in the order asked for', async () => {
  let compared = 0;
  let goneCompared = 0;
  for (const query of QUERIES) {
    const { documents: plainRelevance } = await plain.search({ query, limit: 0 });
    const relevance = plainRelevance.map(plainIdOf);
    for (const sort of SORT_ORDERS) {
      const { documents } = await engine.search({ query, sort, limit: 0 });
      assert.deepEqual(documents.map(idOf), referenceOrder(relevance, sort), `${sort} for ${query}`);
    }
    compared += relevance.length;
    goneCompared += relevance.filter((id) => gone.has(id)).length;
  }
  assert.ok(compared > 150 && goneCompared > 15, `${compared} results, ${goneCompared} gone`);
});

test('a page of results shows the flag and the date; one on the register has none', async () => {
  const { hits } = await engine.search({ query: 'community', limit: 1000 });
  assert.ok(hits.some((hit) => hit.goneSince !== ''));
  for (const hit of hits) {
    const id = idOf(hit.document);
    assert.equal(hit.goneSince, gone.has(id) ? GONE_SINCE : '', hit.name);
    if (gone.has(id)) assert.deepEqual(hit.status, [STATUS]);
    else assert.ok(!hit.status.includes(STATUS));
  }
});

test("a search for a gone organisation's name or number finds it", async () => {
  let numbers = 0;
  for (const id of gone) {
    if (nameOf(id) === '') continue;
    const { documents } = await engine.search({ query: `"${nameOf(id)}"`, limit: 0 });
    assert.ok(documents.map(idOf).includes(id), `${nameOf(id)} found by its name`);
    const regulators = recordOf.get(id)!.record['regulators'] as { regulatorNumber: string }[];
    const number = regulators.map(({ regulatorNumber }) => regulatorNumber).find((text) => /\d/.test(text));
    if (number === undefined) continue;
    numbers += 1;
    const byNumber = await engine.search({ query: number, limit: 0 });
    assert.ok(byNumber.documents.map(idOf).includes(id), `${nameOf(id)} found by ${number}`);
  }
  assert.ok(numbers > 10, `${numbers} searched by number`);
});

test('the status filter takes or leaves those no longer on the register, and counts them exactly', async () => {
  const core = await engine.core();
  const option = core.facets.status.findIndex(({ key }) => key === slugify(STATUS));
  assert.ok(option >= 0);
  assert.equal(core.facets.status[option]!.count, gone.size);
  for (const query of QUERIES) {
    const { documents: all } = await engine.search({ query, limit: 0 });
    const { documents: only } = await engine.search({
      query,
      filters: { status: slugify(STATUS) },
      limit: 0,
    });
    const expected = all.map(idOf).filter((id) => gone.has(id));
    assert.deepEqual(only.map(idOf).sort(), [...expected].sort(), `only those gone, for ${query}`);
    const counts = await engine.facetCounts(all);
    assert.equal(counts.status[option], expected.length, `count for ${query}`);
    // Any other status leaves them out.
    for (const other of core.facets.status.filter(({ key }) => key !== slugify(STATUS))) {
      const { documents } = await engine.search({ query, filters: { status: other.key }, limit: 0 });
      assert.ok(
        documents.length > 0 && documents.every((document) => !gone.has(idOf(document))),
        `${other.label} for ${query}`,
      );
    }
  }
  const { documents: filtered } = await engine.search({
    query: '',
    filters: { status: slugify(STATUS) },
    limit: 0,
  });
  assert.deepEqual(filtered.map(idOf).sort(), [...gone].sort());
});
