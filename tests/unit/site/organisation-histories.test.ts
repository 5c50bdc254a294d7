import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { historyData, writeOrganisationHistories } from '../../../src/site/organisation-histories.ts';
import type { OrganisationTimeline } from '../../../src/editions/versions.ts';

// Three versions and a gap: renamed on the 3rd, gone on the 4th, back on the 5th with employees.
const timeline: OrganisationTimeline = {
  record: { name: 'Today Trust', numEmployees: 12 },
  versions: [
    { since: '2026-11-02', listed: true, back: [] },
    { since: '2026-11-03', listed: true, back: [{ keys: ['name'], value: 'Older Trust' }] },
    { since: '2026-11-04', listed: false, back: [] },
    { since: '2026-11-05', listed: true, back: [{ keys: ['numEmployees'] }] },
  ],
};

test("a history script holds each version's differences from today's page, in the change history's words", () => {
  assert.deepEqual(historyData(timeline), {
    fields: [
      ['Employees', '12'],
      ['Name', 'Today Trust'],
    ],
    versions: [
      ['2026-11-05', []],
      ['2026-11-04', 0],
      ['2026-11-03', [[0, 'not given']]],
      [
        '2026-11-02',
        [
          [1, 'Older Trust'],
          [0, 'not given'],
        ],
      ],
    ],
  });
});

const root = mkdtempSync(join(tmpdir(), 'orgdir-histories-'));
after(() => rmSync(root, { recursive: true, force: true }));

test('only organisations with more than one version get a script, which loads as a classic script with ASCII only', () => {
  const changed = '2e427ca3-b6c4-4801-b9f2-ad6c518b45e5';
  const unchanged = '7f1c9b20-3d4e-4a5b-8c6d-0e1f2a3b4c5d';
  const written = writeOrganisationHistories(
    root,
    new Map([
      [changed, { ...timeline, record: { name: 'Ó Súilleabháin Trust', numEmployees: 12 } }],
      [unchanged, { record: { name: 'Same' }, versions: [{ since: '2026-11-01', listed: true, back: [] }] }],
    ]),
  );
  const text = readFileSync(join(root, 'history', '2e', `${changed}.js`), 'utf8');
  assert.deepEqual(written, { files: 1, bytes: Buffer.byteLength(text), changes: 3 });
  assert.match(text, /^orgdirHistory\(\{.*\}\);\n$/);
  assert.ok(/^[\x00-\x7f]*$/.test(text), 'ASCII only');
  assert.ok(text.includes('\\u00d3 S\\u00failleabh\\u00e1in'));
  let handed: unknown;
  new Function('orgdirHistory', text)((data: unknown) => (handed = data));
  assert.deepEqual((handed as { fields: string[][] }).fields[1], ['Name', 'Ó Súilleabháin Trust']);
});
