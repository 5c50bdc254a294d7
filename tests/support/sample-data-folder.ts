// Data folders written as the crawler writes them (docs/crawling.md: "Storage contract") from the sample
// register, without a crawl: for tests that need a few hundred organisations quickly.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_SIZE } from '../../src/lib/paginate.ts';
import { generateDataset } from '../../src/sample-api/dataset.ts';

/** Writes the data folder into `directory` and returns the organisation records written. */
export function writeSampleDataFolder(
  directory: string,
  options: { seed: string; orgs: number },
): Record<string, unknown>[] {
  const dataset = generateDataset({ seed: options.seed, orgs: options.orgs });
  const written: Record<string, unknown>[] = [];
  for (const folder of ['organisations', 'lists', 'voluntary-code-members']) {
    mkdirSync(join(directory, folder), { recursive: true });
  }
  for (const id of dataset.ids) {
    const record = dataset.organisation(id)!;
    written.push(record);
    writeFileSync(join(directory, 'organisations', `${id}.json`), JSON.stringify(record));
  }
  for (const list of ['registeredCharities', 'taxEfficientGifts', 'housingBodies'] as const) {
    writeFileSync(join(directory, 'lists', `${list}.json`), JSON.stringify(dataset[list]));
  }
  writeFileSync(join(directory, 'voluntary-codes.json'), JSON.stringify(dataset.voluntaryCodes));
  for (const { id } of dataset.voluntaryCodes) {
    writeFileSync(
      join(directory, 'voluntary-code-members', `${id}.json`),
      JSON.stringify(dataset.voluntaryCodeMembers(id)),
    );
  }
  writeFileSync(join(directory, 'manifest.json'), JSON.stringify({ finishedAt: '2026-05-01T02:00:00.000Z' }));
  return written;
}

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'data');

/**
 * The data folder the quality gates build once per test file: a small sample register, the
 * hand-made fixture records beside it (a full one, a sparse one, odd ones) with the fixture's
 * manifest, and a list of registered charities long enough to have a second page (most of its
 * extra members have no record, as when organisations leave the register).
 */
export function writeQualityDataFolder(directory: string): Record<string, unknown>[] {
  const records = writeSampleDataFolder(directory, { seed: 'quality', orgs: 60 });
  cpSync(join(FIXTURE, 'organisations'), join(directory, 'organisations'), { recursive: true });
  cpSync(join(FIXTURE, 'manifest.json'), join(directory, 'manifest.json'));
  const list = join(directory, 'lists', 'registeredCharities.json');
  const members = [
    ...(JSON.parse(readFileSync(list, 'utf8')) as unknown[]),
    ...(JSON.parse(readFileSync(join(FIXTURE, 'lists', 'registeredCharities.json'), 'utf8')) as unknown[]),
  ];
  for (let index = 0; members.length <= PAGE_SIZE; index += 1) {
    const suffix = String(index).padStart(12, '0');
    members.push({ id: `0ff1ce00-0000-4000-8000-${suffix}`, name: `Dissolved Society ${index + 1}` });
  }
  writeFileSync(list, JSON.stringify(members));
  return records;
}
