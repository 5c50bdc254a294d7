// The site's own path to its search index (the documents file the build writes, read twice by the
// search process), against buildSearchIndex, which the other search tests build with: the same
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
import { writeSampleDataFolder } from '../../support/sample-data-folder.ts';
import { readTree } from '../../support/data-tree.ts';

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
