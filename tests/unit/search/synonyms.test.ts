// Names as people type them: St or Saint, Assoc or Association, Ltd or Limited, Teo or Teoranta,
// CLG or Company Limited by Guarantee, DAC or Designated Activity Company, & or and, in words and
// in quoted phrases, over a small register whose expected answers are written here
// by hand.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildSearchIndex } from '../../../src/search/build/build-index.ts';
import { writeIndexParts } from '../../../src/search/build/write-parts.ts';
import { SearchEngine } from '../../../src/search/browser/engine.ts';
import { nodePartLoader } from '../../support/search-loader.ts';
import { nameVariants } from '../../../src/search/format/synonyms.ts';
import { nameKeys } from '../../../src/match/normalise.ts';
import { collectRecordDocuments } from '../../support/records.ts';

const NAMES = {
  svp: 'Society of Saint Vincent de Paul',
  pats: "St Patrick's Athletic Supporters",
  assoc: 'Ballymun Residents Assoc',
  teo: 'Comharchumann Forbartha Teo',
  ltd: 'Bray Credit Union Limited',
  street: 'Main Street Arts',
  coop: 'West Cork Co-operative',
  clg: 'Ballinasloe Family Resource Centre Company Limited by Guarantee',
  dac: 'Kerry Arts DAC',
  amp: 'Smith & Byrne Trust',
};

const records = Object.entries(NAMES).map(([id, name]) => ({
  id: `00000000-0000-4000-8000-${id.padStart(12, '0')}`,
  name,
}));
const idOf = new Map(records.map((record) => [record.id, Object.keys(NAMES)[records.indexOf(record)]!]));
let directory: string;
let engine: SearchEngine;
let keyOf: (document: number) => string;

before(async () => {
  const documents = await collectRecordDocuments(records, () => ({ lists: [], voluntaryCodes: [] }));
  const built = buildSearchIndex(documents);
  directory = await mkdtemp(join(tmpdir(), 'orgdir-synonyms-'));
  await writeIndexParts(built, directory);
  engine = new SearchEngine(nodePartLoader(join(directory, 'search')));
  keyOf = (document) => idOf.get(built.documents[document]!.id)!;
});
after(() => rm(directory, { recursive: true, force: true }));

async function found(query: string): Promise<string[]> {
  const response = await engine.search({ query, filters: {}, limit: 0 });
  return response.documents.map(keyOf).sort();
}

test('a name is found whichever way its grouped words are typed', async () => {
  const expected: [string, string[]][] = [
    ['St Vincent de Paul', ['svp']],
    ['"st vincent de paul"', ['svp']],
    ['Saint Vincent de Paul', ['svp']],
    ['Saint Patricks', ['pats']],
    ['"saint patrick s athletic"', ['pats']],
    ['ballymun residents association', ['assoc']],
    ['ballymun residents assn', ['assoc']],
    ['forbartha teoranta', ['teo']],
    ['bray credit union ltd', ['ltd']],
    ['"credit union ltd"', ['ltd']],
    // Unchanged: a word outside every group, and "co", which is also "County".
    ['street arts', ['street']],
    ['west cork co', ['coop']],
    ['west cork company', []],
    ['ballinasloe resource centre clg', ['clg']],
    ['"family resource centre clg"', ['clg']],
    ['"resource centre company limited by guarantee"', ['clg']],
    ['kerry arts designated activity company', ['dac']],
    ['"kerry arts dac"', ['dac']],
    ['"smith and byrne"', ['amp']],
    ['"smith & byrne"', ['amp']],
  ];
  for (const [query, ids] of expected) assert.deepEqual(await found(query), ids, query);
});

test('the variants of a name, and the list matcher reading both spellings as one', () => {
  assert.deepEqual(nameVariants('St Vincent de Paul'), ['saint vincent de paul']);
  assert.deepEqual(nameVariants('Saint Anne Assoc'), [
    'saint anne association',
    'st anne assoc',
    'saint anne assn',
  ]);
  assert.deepEqual(nameVariants('Main Street Arts'), []);
  assert.deepEqual(nameVariants('Foo C.L.G.'), ['foo clg', 'foo company limited by guarantee']);
  assert.deepEqual(nameVariants('Foo DAC'), ['foo designated activity company']);
  assert.deepEqual(nameVariants('Cuideachta Foo Cuideachta Faoi Theorainn Ráthaíochta'), [
    'cuideachta foo clg',
    'cuideachta foo company limited by guarantee',
  ]);
  assert.equal(nameKeys('Foo C.L.G.').core, nameKeys('Foo Company Limited by Guarantee').core);
  assert.equal(
    nameKeys('St Anne Residents Assoc').normalised,
    nameKeys('Saint Anne Residents Association').normalised,
  );
  assert.equal(nameKeys('Foo Teo').core, nameKeys('Foo Teoranta').core);
});
