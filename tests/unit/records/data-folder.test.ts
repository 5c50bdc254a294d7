import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRegister } from '../../../src/records/register.ts';
import type { Unreadable } from '../../../src/records/data-folder.ts';
import { readDataFolder } from '../../../src/editions/edition-file.ts';

const ID = '2e427ca3-b6c4-4801-b9f2-ad6c518b45e5';

/** A data folder of one record whose code member list and charities list are cut short. */
function brokenFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'orgdir-data-folder-'));
  mkdirSync(join(dir, 'organisations'));
  mkdirSync(join(dir, 'lists'));
  mkdirSync(join(dir, 'voluntary-code-members'));
  writeFileSync(join(dir, 'organisations', `${ID}.json`), JSON.stringify({ id: ID, name: 'Club' }));
  writeFileSync(join(dir, 'voluntary-codes.json'), JSON.stringify(['GOVERNANCECODE']));
  writeFileSync(join(dir, 'voluntary-code-members', 'GOVERNANCECODE.json'), `[{"id":"${ID}",`);
  writeFileSync(join(dir, 'lists', 'registeredCharities.json'), '[{"id"');
  writeFileSync(
    join(dir, 'lists', 'housingBodies.json'),
    JSON.stringify([{ id: ID.toUpperCase(), name: 'Club' }]),
  );
  return dir;
}

test('a corrupt member list is reported alike by the register and by the edition, never read as an empty list', () => {
  const dir = brokenFolder();
  try {
    const fromRegister = readRegister(dir).unreadable;
    const fromEdition: Unreadable[] = [];
    const snapshot = readDataFolder(dir, { unreadable: fromEdition });
    const files = (entries: Unreadable[]) => entries.map((entry) => entry.file).sort();
    assert.deepEqual(files(fromRegister), [
      join(dir, 'lists', 'registeredCharities.json'),
      join(dir, 'voluntary-code-members', 'GOVERNANCECODE.json'),
    ]);
    assert.deepEqual(
      [...fromEdition].sort((a, b) => a.file.localeCompare(b.file)),
      [...fromRegister].sort((a, b) => a.file.localeCompare(b.file)),
    );
    assert.deepEqual(snapshot.lists.get('list:housingBodies')?.members, [{ id: ID, name: 'Club' }]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
