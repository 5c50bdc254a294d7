// The site's own path to its search index (the documents file the build writes, read twice by the
// search process): searched as the browser searches it, against what the test reads from the
// records itself; and against buildSearchIndex, which the other search tests build with: the same
// documents must give the same files, so that what those tests check is what the site publishes.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { countyKey } from '../../../src/lib/counties.ts';
import { readRegister } from '../../../src/records/register.ts';
import { buildSearchIndex } from '../../../src/search/build/build-index.ts';
import { sortDocuments } from '../../../src/search/build/document-order.ts';
import { writeIndexParts } from '../../../src/search/build/write-parts.ts';
import type { SearchDocument } from '../../../src/search/build/document.ts';
import { writeSearchDocuments, writeSiteSearchIndex } from '../../../src/search/build/site-index.ts';
import { SearchEngine } from '../../../src/search/browser/engine.ts';
import { writeSampleDataFolder } from '../../support/sample-data-folder.ts';
import { readTree } from '../../support/data-tree.ts';
import { nodePartLoader } from '../../support/search-loader.ts';
import { referenceDocument, type ReferenceFields } from '../../support/reference-documents.ts';
import { hasSequence, referenceWords } from '../../support/search-reference.ts';

const TEMP = mkdtempSync(join(tmpdir(), 'orgdir-site-index-tests-'));
after(() => rmSync(TEMP, { recursive: true, force: true }));

test("the site's index, built from its documents file, is the index buildSearchIndex gives of those documents", async () => {
  const data = join(TEMP, 'data');
  writeSampleDataFolder(data, { seed: 'site-index', orgs: 150 });
  const file = join(TEMP, 'documents.jsonl');
  writeSearchDocuments(readRegister(data), [], file);
  const site = join(TEMP, 'site');
  const summary = await writeSiteSearchIndex(file, site);

  const [labels, ...documents] = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);
  const { lists, voluntaryCodes } = labels as {
    lists: { key: string; label: string }[];
    voluntaryCodes: { key: string; label: string }[];
  };
  const reference = join(TEMP, 'reference');
  await writeIndexParts(
    buildSearchIndex(sortDocuments(documents as SearchDocument[]), { lists, voluntaryCodes, countyKey }),
    reference,
  );
  const built = readTree(join(site, 'search'));
  const expected = readTree(join(reference, 'search'));
  assert.ok(documents.length >= 150);
  assert.deepEqual([...built.keys()].sort(), [...expected.keys()].sort());
  for (const [path, content] of expected) assert.ok(content.equals(built.get(path)!), path);
  assert.equal(summary.documents, documents.length);
});

test("the site's index, written as the site build writes it, finds by every field exactly the organisations whose records hold the phrase", async () => {
  const data = join(TEMP, 'searched-data');
  const records = writeSampleDataFolder(data, { seed: 'site-index-search', orgs: 120 });
  const file = join(TEMP, 'searched-documents.jsonl');
  writeSearchDocuments(readRegister(data), [], file);
  const site = join(TEMP, 'searched-site');
  await writeSiteSearchIndex(file, site);
  const engine = new SearchEngine(nodePartLoader(join(site, 'search')));

  const references = records.map((record) => referenceDocument(record, { lists: [], voluntaryCodes: [] }));
  const valuesOf = (fields: ReferenceFields) => Object.values(fields).flat().map(referenceWords);
  const fieldNames = Object.keys(references[0]!.fields) as (keyof ReferenceFields)[];
  let compared = 0;
  for (const field of fieldNames) {
    let asked = 0;
    for (const reference of references) {
      const words = reference.fields[field].map(referenceWords).find((value) => value.length > 0);
      if (words === undefined) continue;
      // Two words of the value (one when it has one), as a quoted phrase: no prefix, no typo.
      const phrase = words.slice(0, 2);
      const expected = references
        .filter((other) => valuesOf(other.fields).some((value) => hasSequence(value, phrase)))
        .map(({ id }) => id)
        .sort();
      const { documents } = await engine.search({ query: `"${phrase.join(' ')}"`, filters: {}, limit: 0 });
      const found = (await engine.details(documents)).map(
        ({ href }) => /([0-9a-f-]{36})\.html$/.exec(href)![1]!,
      );
      assert.deepEqual(found.sort(), expected, `${field}: "${phrase.join(' ')}"`);
      assert.ok(expected.includes(reference.id));
      compared += 1;
      if ((asked += 1) === 8) break;
    }
    assert.ok(asked > 0, `some record has a ${field}`);
  }
  assert.ok(compared >= 7 * 4, `${compared} phrases searched`);
});
