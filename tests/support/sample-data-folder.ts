// A data folder written as the crawler writes it (README: "Storage contract") from the sample
// register, without a crawl: for tests that need a few hundred organisations quickly.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
