import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOWNLOADS_DIR, organisationJsonPath, RECORDS_DOWNLOAD } from '../../../src/lib/routes.ts';
import { SIZE_LIMITS } from '../../../src/records/record-bounds.ts';
import { readSiteRecords } from '../../../src/site/site-records.ts';
import { readDataFolder } from '../../../src/editions/edition-file.ts';
import { diffSnapshots } from '../../../src/editions/diff.ts';
import { organisationView } from '../../../src/view/organisation-view.ts';
import { writeSampleDataFolder } from '../../support/sample-data-folder.ts';

const LONG_ID = '0b0b0b0b-0000-4000-8000-000000000010';

// Checked by publishing every record's bytes as given again (the cut in site-records.ts taken
// out): organisations.json and the record file each carried the 10 MB name.
test("a record with a 10 MB name goes into the site's downloads and record files cut as its page shows it; the data folder keeps it whole", (t) => {
  const root = mkdtempSync(join(tmpdir(), 'orgdir-site-records-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const dataDir = join(root, 'data');
  writeSampleDataFolder(dataDir, { seed: 'bounded', orgs: 20 });
  const name = `Endless Name Society ${'n'.repeat(10 * 1024 * 1024)}`;
  const stored = join(dataDir, 'organisations', `${LONG_ID}.json`);
  writeFileSync(stored, JSON.stringify({ id: LONG_ID, name, county: 'Cork' }));
  const before = readFileSync(stored);

  const site = join(root, 'site');
  const { register, records } = readSiteRecords(dataDir, site, { recordFiles: true });
  const download = readFileSync(join(site, DOWNLOADS_DIR, RECORDS_DOWNLOAD), 'utf8');
  assert.ok(download.length < 200_000, `organisations.json is ${download.length} characters`);
  assert.match(records.description, /1 over the size limits with their long fields cut/);
  const published = JSON.parse(readFileSync(join(site, organisationJsonPath(LONG_ID)), 'utf8')) as {
    name: string;
    county: string;
  };
  assert.ok(published.name.startsWith('Endless Name Society') && published.name.length <= SIZE_LIMITS.text);
  assert.equal(published.county, 'Cork');
  assert.ok(statSync(join(site, organisationJsonPath(LONG_ID))).size < 2 * SIZE_LIMITS.text);
  assert.deepEqual(readFileSync(stored), before, 'the stored record is as the API gave it');

  const organisation = register.byId.get(LONG_ID)!.organisation;
  assert.deepEqual(
    organisationView(organisation).otherData.map(({ key, value }) => `${key}: ${String(value)}`),
    [`name: ${name.length.toLocaleString('en-IE')} characters, cut to the first 1,000`],
  );
});

// Checked by keeping the record as given in the snapshot again (src/editions/edition-file.ts): the
// snapshot, and the changes the next night reports from it, then carried the whole 10 MB.
test("the edition's snapshot and the changes it reports hold a record with a 10 MB name cut as its page shows it", (t) => {
  const root = mkdtempSync(join(tmpdir(), 'orgdir-bounded-edition-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const dataDir = join(root, 'data');
  writeSampleDataFolder(dataDir, { seed: 'bounded edition', orgs: 5 });
  const before = readDataFolder(dataDir);
  const name = `Endless Name Society ${'n'.repeat(10 * 1024 * 1024)}`;
  writeFileSync(join(dataDir, 'organisations', `${LONG_ID}.json`), JSON.stringify({ id: LONG_ID, name }));
  const after = readDataFolder(dataDir);
  const kept = after.organisations.get(LONG_ID)!.record;
  assert.ok(String(kept['name']).startsWith('Endless Name Society'));
  assert.ok(String(kept['name']).length <= SIZE_LIMITS.text);
  const changes = diffSnapshots(before, after);
  assert.deepEqual(
    changes.added.map((member) => member.id),
    [LONG_ID],
  );
  assert.ok(JSON.stringify(changes).length < 10 * SIZE_LIMITS.text);
});
