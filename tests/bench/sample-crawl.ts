// What a complete crawl of the sample API stores (docs/crawling.md: "Storage contract"), made
// without HTTP: every record as the API's JSON text, the group lists, the voluntary codes and their
// members, and the organisations on no list as `discovered` (the sweep's list). The lists and the
// manifest are written into a data folder; the records are kept in memory and handed to the
// edition by a reader that does what the data folder's does with each file's text
// (src/records/data-folder.ts, `forEachRecord`): 35,000 records cost no files to write, read and
// delete. A unit test holds the two together to a real crawl's data folder.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordsReader } from '../../src/editions/edition-file.ts';
import { DATA_LAYOUT, DISCOVERED_LIST, GROUP_LISTS, organisationFile } from '../../src/lib/data-layout.ts';
import { readOrganisation } from '../../src/records/organisation.ts';
import { parseRecord } from '../../src/records/record-json.ts';
import type { SampleDataset } from '../../src/sample-api/dataset.ts';

/** The records a crawl stores, by lower-case id: the JSON text the API answers. */
export type SampleRecords = Map<string, string>;

/** Keeps `record` as the crawl stores record `id`. */
export function storeRecord(records: SampleRecords, id: string, record: Record<string, unknown>): void {
  records.set(id.toLowerCase(), JSON.stringify(record));
}

/**
 * Writes the lists and manifest of a crawl of `dataset` that reached every organisation into
 * `dataDir`, and answers its records.
 */
export function writeSampleCrawl(dataset: SampleDataset, dataDir: string): SampleRecords {
  rmSync(dataDir, { recursive: true, force: true });
  for (const folder of [DATA_LAYOUT.organisations, DATA_LAYOUT.lists, DATA_LAYOUT.voluntaryCodeMembers])
    mkdirSync(join(dataDir, folder), { recursive: true });
  const json = (path: string, value: unknown) => writeFileSync(join(dataDir, path), JSON.stringify(value));
  const listed = new Set<string>();
  const groups = {
    registeredCharities: dataset.registeredCharities,
    taxEfficientGifts: dataset.taxEfficientGifts,
    housingBodies: dataset.housingBodies,
  };
  for (const name of GROUP_LISTS) {
    json(`${DATA_LAYOUT.lists}/${name}.json`, groups[name]);
    for (const member of groups[name]) listed.add(member.id.toLowerCase());
  }
  json(DATA_LAYOUT.voluntaryCodes, dataset.voluntaryCodes);
  for (const code of dataset.voluntaryCodes) {
    const members = dataset.voluntaryCodeMembers(code.id) ?? [];
    json(`${DATA_LAYOUT.voluntaryCodeMembers}/${code.id}.json`, members);
    for (const member of members) listed.add(member.id.toLowerCase());
  }
  const records: SampleRecords = new Map();
  const discovered: { id: string; name: string }[] = [];
  for (const id of dataset.ids) {
    const record = dataset.organisation(id);
    if (record === undefined) continue;
    storeRecord(records, id, record);
    if (!listed.has(id.toLowerCase())) discovered.push({ id, name: dataset.core(id)?.name ?? '' });
  }
  json(`${DATA_LAYOUT.lists}/${DISCOVERED_LIST}.json`, discovered);
  json(DATA_LAYOUT.manifest, {
    apiUrl: 'http://127.0.0.1/public/v1',
    startedAt: '2026-01-01T02:00:00.000Z',
    finishedAt: '2026-01-01T02:10:00.000Z',
    crawlerVersion: '0.1.0',
    complete: true,
    counts: {
      organisations: listed.size + discovered.length,
      stored: records.size,
      failed: 0,
      discovered: discovered.length,
    },
    failures: [],
  });
  return records;
}

/**
 * Writes a whole data folder of `dataset` as a crawl that reached every organisation stores it:
 * for the stages that need data but do not measure the crawl (the site, the search), so that they
 * do not hang on how much of the register the crawl's sweep reached.
 */
export function writeCrawledDataFolder(dataset: SampleDataset, dataDir: string): number {
  const records = writeSampleCrawl(dataset, dataDir);
  for (const [id, text] of records) writeFileSync(join(dataDir, organisationFile(id)!), text);
  return records.size;
}

/** Reads `records` as the data folder's reader reads record files: by id, each text parsed as stored. */
export function sampleRecordsReader(records: SampleRecords): RecordsReader {
  return (_dataDir, visit) => {
    for (const id of [...records.keys()].sort()) {
      const text = records.get(id)!;
      const record = parseRecord(text);
      visit(id, Buffer.from(text), record, readOrganisation(record, id));
    }
  };
}
