import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

test('a field the record had then and has again today is written as the same as today', () => {
  const back: OrganisationTimeline = {
    record: { name: 'Same', numEmployees: 12 },
    versions: [
      { since: '2026-11-01', listed: true, back: [] },
      { since: '2026-11-02', listed: true, back: [{ keys: ['numEmployees'], value: 12 }] },
      { since: '2026-11-03', listed: true, back: [{ keys: ['numEmployees'], value: 9 }] },
    ],
  };
  assert.deepEqual(historyData(back), {
    fields: [['Employees', '12']],
    versions: [
      ['2026-11-03', []],
      ['2026-11-02', [[0, '9']]],
      ['2026-11-01', [[0]]],
    ],
  });
});

test("a history script holds each version's differences from today's page, in the change history's words, as steps from the newer version", () => {
  assert.deepEqual(historyData(timeline), {
    fields: [
      ['Employees', '12'],
      ['Name', 'Today Trust'],
    ],
    versions: [
      ['2026-11-05', []],
      ['2026-11-04', 0],
      ['2026-11-03', [[0, 'not given']]],
      // Employees stayed as on the 3rd: only the name is written again.
      ['2026-11-02', [[1, 'Older Trust']]],
    ],
  });
});

const root = mkdtempSync(join(tmpdir(), 'orgdir-histories-'));
after(() => rmSync(root, { recursive: true, force: true }));

test('only organisations with more than one version are written, those sharing their first three characters in one script, ASCII only', () => {
  const changed = '2e427ca3-b6c4-4801-b9f2-ad6c518b45e5';
  const neighbour = '2e4ffff3-b6c4-4801-b9f2-ad6c518b45e5';
  const unchanged = '7f1c9b20-3d4e-4a5b-8c6d-0e1f2a3b4c5d';
  const written = writeOrganisationHistories(
    root,
    new Map([
      [changed, { ...timeline, record: { name: 'Ó Súilleabháin Trust', numEmployees: 12 } }],
      [neighbour, timeline],
      [unchanged, { record: { name: 'Same' }, versions: [{ since: '2026-11-01', listed: true, back: [] }] }],
    ]),
  );
  assert.deepEqual(readdirSync(join(root, 'history')), ['2e4.js']);
  const text = readFileSync(join(root, 'history', '2e4.js'), 'utf8');
  assert.deepEqual(written, { files: 1, bytes: Buffer.byteLength(text), organisations: 2, changes: 6 });
  assert.match(text, /^orgdirHistory\(\{.*\}\);\n$/);
  assert.ok(
    [...text].every((character) => character.charCodeAt(0) < 0x80),
    'ASCII only',
  );
  assert.ok(text.includes('\\u00d3 S\\u00failleabh\\u00e1in'));
  let handed: Record<string, { fields: string[][] }> = {};
  new Function('orgdirHistory', text)((data: typeof handed) => (handed = data));
  assert.deepEqual(Object.keys(handed), [changed, neighbour]);
  assert.deepEqual(handed[changed]!.fields[1], ['Name', 'Ó Súilleabháin Trust']);
  assert.deepEqual(handed[neighbour]!.fields[1], ['Name', 'Today Trust']);
});
