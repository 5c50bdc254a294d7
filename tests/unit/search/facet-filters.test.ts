// The counts beside each filter: within the results, and for a facet with a chosen option, within
// the results of the other filters, so that its other options say what they would find instead.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildSearchIndex, type BuiltIndex } from '../../../src/search/build/build-index.ts';
import { writeIndexParts } from '../../../src/search/build/write-parts.ts';
import { SearchEngine, type SearchFilters } from '../../../src/search/browser/engine.ts';
import { countsFor } from '../../../src/search/browser/facet-filters.ts';
import { nodePartLoader } from '../../support/search-loader.ts';
import { countyKey } from '../../../src/lib/counties.ts';
import { collectRecordDocuments as collectDocuments } from '../../support/records.ts';
import { searchCorpus, type CorpusRecord } from '../../support/search-corpus.ts';
import { referenceWords } from '../../support/search-reference.ts';

let directory: string;
let built: BuiltIndex;
let engine: SearchEngine;
let corpus: CorpusRecord[];

before(async () => {
  corpus = searchCorpus(77, 250);
  const byId = new Map(corpus.map((entry) => [entry.record['id'] as string, entry]));
  built = buildSearchIndex(
    await collectDocuments(
      corpus.map(({ record }) => record),
      (id) => byId.get(id)!,
    ),
    { layout: { factsPerFile: 16 } },
  );
  directory = await mkdtemp(join(tmpdir(), 'orgdir-facets-'));
  await writeIndexParts(built, directory);
  engine = new SearchEngine(nodePartLoader(join(directory, 'search')));
});

after(() => rm(directory, { recursive: true, force: true }));

/** Records with the word "community" anywhere searchable, that pass the filters, read from the records. */
function expectedIds(filters: { county?: string; list?: string }): Set<string> {
  return new Set(
    corpus
      .filter(({ record, lists }) => {
        const text = [
          record['name'],
          ...(Array.isArray(record['altNames']) ? record['altNames'] : []),
          record['registeredAddress'],
          record['legalObjectsExtract'],
          record['sectorName'],
          record['subSectorName'],
          record['secondarySubsectorName'],
          ...(record['otherAddresses'] as { address: string }[]).map(({ address }) => address),
        ]
          .filter((value) => typeof value === 'string')
          .join(' ');
        return (
          referenceWords(text).includes('community') &&
          (filters.county === undefined || countyKey(String(record['county'])) === filters.county) &&
          (filters.list === undefined || lists.includes(filters.list))
        );
      })
      .map(({ record }) => record['id'] as string),
  );
}

test('a chosen county counts its facet without itself, and every other facet within the narrowed results', async () => {
  const core = await engine.core();
  const county = countyKey('Cork');
  const filters: SearchFilters = { county, list: 'registeredCharities' };
  const request = { query: 'community ', filters };
  const { documents } = await engine.search({ ...request, limit: 0 });
  assert.deepEqual(
    new Set(documents.map((document) => built.documents[document]!.id)),
    expectedIds({ county, list: 'registeredCharities' }),
  );
  const counts = await countsFor(engine, request, documents);
  const withoutCounty = expectedIds({ list: 'registeredCharities' });
  const withoutList = expectedIds({ county });
  const recordOf = new Map(corpus.map((entry) => [entry.record['id'] as string, entry]));
  const countyCounts = core.facets.county.map(
    ({ key }) =>
      [...withoutCounty].filter((id) => countyKey(String(recordOf.get(id)!.record['county'])) === key).length,
  );
  const listCounts = core.facets.list.map(
    ({ key }) => [...withoutList].filter((id) => recordOf.get(id)!.lists.includes(key)).length,
  );
  const narrowed = expectedIds({ county, list: 'registeredCharities' });
  const sectorCounts = core.facets.sector.map(
    ({ key }) => [...narrowed].filter((id) => String(recordOf.get(id)!.record['sectorCode']) === key).length,
  );
  assert.deepEqual(counts.county, countyCounts);
  assert.deepEqual(counts.list, listCounts);
  assert.deepEqual(counts.sector, sectorCounts);
  assert.ok(countyCounts.filter((count) => count > 0).length > 2, 'other counties are offered');
  assert.ok(counts.sector.includes(0), 'a sector with no result is counted 0');
});

test('a filter chosen alone, nothing typed, counts its facet over the whole register', async () => {
  const core = await engine.core();
  const county = countyKey('Cork');
  const request = { query: '', filters: { county } };
  const { documents } = await engine.search({ ...request, limit: 0 });
  const counts = await countsFor(engine, request, documents);
  const countyCounts = core.facets.county.map(
    ({ key }) => corpus.filter(({ record }) => countyKey(String(record['county'])) === key).length,
  );
  assert.deepEqual(counts.county, countyCounts);
  assert.equal(
    countyCounts.reduce((sum, count) => sum + count, 0),
    corpus.length,
  );
});
