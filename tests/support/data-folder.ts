// Writes what a crawl of a sample register would store (docs/crawling.md: "Storage contract") without HTTP,
// for tests of what comes after the crawl. The crawler's own tests prove the crawl writes this.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SampleDataset } from '../../src/sample-api/dataset.ts';

export interface FakeCrawlOptions {
  /** Lower-case ids whose record "failed to fetch": listed, not stored, recorded as failures. */
  failing?: ReadonlySet<string>;
}

export function writeDataFolder(dataset: SampleDataset, dir: string, options: FakeCrawlOptions = {}): void {
  rmSync(dir, { recursive: true, force: true });
  for (const folder of ['organisations', 'lists', 'voluntary-code-members'])
    mkdirSync(join(dir, folder), { recursive: true });
  const json = (path: string, value: unknown) => writeFileSync(join(dir, path), JSON.stringify(value));
  const listed = new Set<string>();
  const lists = {
    registeredCharities: dataset.registeredCharities,
    taxEfficientGifts: dataset.taxEfficientGifts,
    housingBodies: dataset.housingBodies,
  };
  for (const [name, members] of Object.entries(lists)) {
    json(`lists/${name}.json`, members);
    for (const member of members) listed.add(member.id);
  }
  json('voluntary-codes.json', dataset.voluntaryCodes);
  for (const code of dataset.voluntaryCodes) {
    const members = dataset.voluntaryCodeMembers(code.id) ?? [];
    json(`voluntary-code-members/${code.id}.json`, members);
    for (const member of members) listed.add(member.id);
  }
  const failures = [];
  let stored = 0;
  for (const id of listed) {
    if (options.failing?.has(id)) {
      failures.push({
        operation: 'organisation',
        id,
        status: 500,
        error: 'HTTP 500',
        attempts: 2,
        scope: 'record',
      });
      continue;
    }
    const record = dataset.organisation(id);
    if (record === undefined) continue;
    json(`organisations/${id}.json`, record);
    stored += 1;
  }
  json('manifest.json', {
    apiUrl: 'http://127.0.0.1/public/v1',
    startedAt: '2026-01-01T02:00:00.000Z',
    finishedAt: '2026-01-01T02:10:00.000Z',
    crawlerVersion: '0.1.0',
    complete: true,
    counts: { organisations: listed.size, stored, failed: failures.length },
    failures,
  });
}
