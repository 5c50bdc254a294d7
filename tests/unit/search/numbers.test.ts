// Registration numbers as people type them: with or without the prefix of their register (RCN,
// CHY, CRO, AHB), joined, spaced or hyphenated, or as the IE-CHY / IE-CRO identifier printed on
// every page. Each form must find what the bare number finds, and the organisation that holds
// that number in its record (read here from the raw sample records, not through the product).
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildSearchIndex } from '../../../src/search/build/build-index.ts';
import { writeIndexParts } from '../../../src/search/build/write-parts.ts';
import { SearchEngine } from '../../../src/search/browser/engine.ts';
import { nodePartLoader } from '../../support/search-loader.ts';
import { generateDataset } from '../../../src/sample-api/dataset.ts';
import { collectRecordDocuments } from '../../support/records.ts';

const dataset = generateDataset({ orgs: 300 });
const records = dataset.ids.map((id) => dataset.organisation(id)!);
let directory: string;
let engine: SearchEngine;
let idOf: (document: number) => string;

before(async () => {
  const documents = await collectRecordDocuments(records, () => ({ lists: [], voluntaryCodes: [] }));
  const built = buildSearchIndex(documents);
  directory = await mkdtemp(join(tmpdir(), 'orgdir-numbers-'));
  await writeIndexParts(built, directory);
  engine = new SearchEngine(nodePartLoader(join(directory, 'search')));
  idOf = (document) => built.documents[document]!.id;
});
after(() => rm(directory, { recursive: true, force: true }));

async function found(query: string): Promise<string[]> {
  const response = await engine.search({ query, filters: {}, limit: 0 });
  return response.documents.map(idOf).sort();
}

/** Every (organisation id, number) the raw records give a regulator number of digits for. */
function numbered(): { id: string; number: string; desc: string }[] {
  return records.flatMap((record) =>
    ((record['regulators'] as { regulatorNumber?: unknown; regulatorDesc?: unknown }[] | null) ?? [])
      .filter((regulator) => typeof regulator.regulatorNumber === 'string')
      .filter((regulator) => /^\d{5,}$/.test(regulator.regulatorNumber as string))
      .map((regulator) => ({
        id: String(record['id']),
        number: regulator.regulatorNumber as string,
        desc: String(regulator.regulatorDesc ?? ''),
      })),
  );
}

test('every form of a registration number finds what the bare number finds, its organisation among them', async () => {
  const cases = numbered().slice(0, 25);
  assert.ok(cases.length >= 10, `${cases.length} numbered organisations in the sample`);
  for (const { id, number } of cases) {
    const bare = await found(number);
    assert.ok(bare.includes(id), `${number} finds ${id}`);
    const forms = [
      `CHY${number}`,
      `CHY ${number}`,
      `chy-${number}`,
      `RCN ${number}`,
      `RCN${number}`,
      `CRO${number}`,
      `AHB ${number}`,
      `IE-CHY-${number}`,
      `IE-CRO-${number}`,
      `ie chy ${number}`,
      `iechy${number}`,
    ];
    for (const form of forms) assert.deepEqual(await found(form), bare, `${form} finds what ${number} finds`);
  }
});

test('letters that only look like a prefix are left as they are', async () => {
  // A word glued to "cro" is one word, not a prefix and a number: it finds nothing.
  const name = records.map((record) => String(record['name'])).find((text) => /\s\w{5,}/.test(text))!;
  const word = /\s(\w{5,})/.exec(name)![1]!;
  assert.ok((await found(word)).length > 0);
  assert.deepEqual(await found(`cro${word}`), []);
});
