// What the search worker answers for a page of results: the hits, and the legal objects of those
// whose match only the legal objects can show, read from their own files only then.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildSearchIndex } from '../../../src/search/build/build-index.ts';
import { SearchEngine } from '../../../src/search/browser/engine.ts';
import { partJson } from '../../../src/search/format/parts.ts';
import { searchService } from '../../../src/search/browser/service.ts';
import { collectRecordDocuments as collectDocuments } from '../../support/records.ts';

const guid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function organisation(n: number, name: string, legalObjectsExtract: string): Record<string, unknown> {
  return {
    id: guid(n),
    name,
    altNames: [],
    regulators: [],
    otherAddresses: [],
    directors: [],
    legalObjectsExtract,
  };
}

/** The service over an index of `records`, and the parts it has read, by name. */
async function service(records: Record<string, unknown>[]) {
  const built = buildSearchIndex(await collectDocuments(records, () => ({ lists: [], voluntaryCodes: [] })));
  const loaded: string[] = [];
  const engine = new SearchEngine(async (name) => {
    loaded.push(name);
    return JSON.parse(partJson(built.parts.get(name))) as unknown;
  });
  return { search: searchService(engine), loaded };
}

const request = (query: string) => ({ query, filters: {}, sort: 'relevance' as const, offset: 0, limit: 20 });

test('results whose names show the match read no legal objects, even where they matched in them too', async () => {
  const { search, loaded } = await service([
    organisation(1, 'Older People Association', 'To support older people in Sligo.'),
    organisation(2, 'Forum for Older People', 'The welfare of older people.'),
  ]);
  const { total, objects } = await search.results(request('"older people"'));
  assert.equal(total, 2);
  assert.deepEqual(objects, []);
  assert.deepEqual(
    loaded.filter((name) => name.startsWith('objects/')),
    [],
  );
});

test('a result matched only in its legal objects comes with them, for its excerpt', async () => {
  const { search, loaded } = await service([
    organisation(1, 'Older People Association', 'To support older people in Sligo.'),
    organisation(2, 'Sligo Care Group', 'To care for older people at home.'),
  ]);
  const { hits, objects } = await search.results(request('"older people"'));
  const careGroup = hits.find((hit) => hit.name === 'Sligo Care Group')!;
  assert.deepEqual(objects, [[careGroup.document, 'To care for older people at home.']]);
  assert.ok(loaded.some((name) => name.startsWith('objects/')));
});
