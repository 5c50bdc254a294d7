import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRegister } from '../../../src/records/register.ts';
import { groupsOf } from '../../../src/records/browse-groups.ts';
import { letterOf } from '../../../src/records/group-keys.ts';
import { readOrganisation } from '../../../src/records/organisation.ts';
import { organisationView } from '../../../src/view/organisation-view.ts';

const FIXTURE = fileURLToPath(new URL('../../fixtures/data/', import.meta.url));
const FULL = '2e427ca3-b6c4-4801-b9f2-ad6c518b45e5';
const SPARSE = '7f1c9b20-3d4e-4a5b-8c6d-0e1f2a3b4c5d';
const ODD = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5e';
const register = readRegister(FIXTURE);

test('every readable record is an organisation, sorted by name; a broken file is reported', () => {
  assert.deepEqual(
    register.organisations.map((entry) => entry.name.slice(0, 12)),
    ['1st Dublin S', 'Ballyhaunis ', 'Cork Simon C', 'Éire Arts </', 'Focus Irelan'],
  );
  assert.equal(register.unreadable.length, 1);
  assert.match(register.unreadable[0]!.file, /e0000000/);
});

test('list members without a stored record are kept and marked', () => {
  const charities = register.lists.find((list) => list.definition.key === 'registeredCharities')!;
  assert.deepEqual(
    charities.members.map((member) => [member.name, member.present]),
    [
      ['Cork Simon Community', true],
      ['Focus Ireland Housing Trust', true],
      ['Wound-up Charity Ltd', false],
    ],
  );
  assert.equal(charities.members.at(-1)?.gone, true, 'the manifest says its record is gone');
  const governance = register.voluntaryCodes.find((code) => code.id === 'GOVERNANCECODE')!;
  assert.equal(governance.members.find((member) => !member.present)?.gone, undefined, 'not known to be gone');
});

test('list ids are matched whatever their case', () => {
  assert.deepEqual(
    register.listsOf.get(FULL)?.map((list) => list.key),
    ['registeredCharities', 'taxEfficientGifts', 'housingBodies'],
  );
});

test('voluntary codes carry their members, and membership is known per organisation', () => {
  const governance = register.voluntaryCodes.find((code) => code.id === 'GOVERNANCECODE')!;
  assert.equal(governance.slug, 'governancecode');
  assert.equal(governance.members.length, 2);
  assert.equal(governance.members.filter((member) => !member.present).length, 1);
  assert.deepEqual(
    register.codesOf.get(FULL)?.map((code) => code.id),
    ['GOVERNANCECODE'],
  );
  assert.equal(register.voluntaryCodes.find((code) => code.id === 'SORP')?.members.length, 0);
});

test('counties spelt differently are one browse group, and a missing county has its own', () => {
  const dublin = register.counties.find((group) => group.key === 'dublin')!;
  assert.equal(dublin.members.length, 2);
  assert.equal(register.counties.at(-1)?.label, 'County not given');
});

test('sub-sector pages include organisations that name them as secondary', () => {
  const homeless = register.subSectors.find((group) => group.key === '5.7')!;
  assert.deepEqual(
    homeless.members.map((member) => [member.name, member.note]),
    [
      ['Cork Simon Community', undefined],
      ['Focus Ireland Housing Trust', 'secondary sub-sector'],
    ],
  );
  assert.deepEqual(
    register.sectors.find((sector) => sector.key === '5')?.subSectors.map((sub) => sub.key),
    ['5.7'],
  );
});

test('an organisation page finds its browse groups', () => {
  const groups = groupsOf(register, register.byId.get(FULL));
  assert.equal(groups.county?.slug, 'dublin');
  assert.equal(groups.subSector?.slug, '6.5');
  assert.equal(groups.secondarySubSector?.slug, '5.7');
  assert.deepEqual(groupsOf(register, register.byId.get(SPARSE)), {});
});

test('names file under their first letter, accents ignored', () => {
  assert.equal(letterOf('Éire Arts'), 'e');
  assert.equal(letterOf('1st Dublin Scouts'), '0-9');
  assert.equal(letterOf('"Quoted" Name'), 'q');
  assert.equal(letterOf('—'), 'other');
});

test('a full record reads into every section', () => {
  const view = organisationView(register.byId.get(FULL)!.organisation);
  assert.deepEqual(view.altNames, ['Focus Housing', 'Focus Ireland']);
  assert.deepEqual(view.secondarySubSector, { code: '5.7', name: 'Homeless and emergency relief' });
  assert.equal(view.location.point?.longitude, -6.2719);
  assert.equal(view.otherAddresses[1]?.location.unknown, true);
  assert.equal(view.otherAddresses[1]?.eircode, undefined);
  assert.equal(view.regulators[2]?.href, undefined, 'a javascript: URL is never a link');
  assert.equal(view.financials?.current.expenditure, -43981220);
  assert.equal(view.legalObjectsTruncated, true);
  assert.equal(view.orgHref, 'https://www.focusireland.ie/');
  assert.equal(view.sources[1]?.license, undefined);
  assert.deepEqual(
    view.otherData.map((field) => field.key),
    ['charityClassification', 'lastReturnFiled'],
  );
});

test('a sparse record reads without inventing values', () => {
  const view = organisationView(register.byId.get(SPARSE)!.organisation);
  assert.equal(view.name, 'Ballyhaunis Community Games');
  assert.deepEqual(view.sector, {});
  assert.equal(view.financials, undefined);
  assert.equal(view.location.point, undefined);
  assert.equal(view.location.unknown, false);
  assert.deepEqual(view.directors, []);
  assert.deepEqual(view.otherData, []);
});

test('mistyped fields are kept for "other data" instead of breaking the page', () => {
  const view = organisationView(register.byId.get(ODD)!.organisation);
  assert.equal(view.location.point?.swapped, true);
  assert.equal(view.orgHref, undefined);
  assert.equal(view.orgUrl, 'javascript:alert(document.cookie)');
  assert.equal(view.numEmployees, '3');
  assert.equal(view.financials?.previous.grants, undefined);
  assert.deepEqual(view.governanceCodes, []);
  assert.deepEqual(
    view.otherData.map((field) => [field.key, field.unexpected]),
    [['governanceCodes', true]],
  );
});

test('a record that is not an object still gives a page', () => {
  const view = organisationView(readOrganisation('not a record', 'abc'));
  assert.equal(view.name, 'Unnamed organisation abc');
  assert.equal(view.named, false);
});

test('two record files whose ids differ only in case give one page, and the other is reported', () => {
  const dir = mkdtempSync(join(tmpdir(), 'orgdir-snapshot-'));
  try {
    mkdirSync(join(dir, 'organisations'));
    writeFileSync(join(dir, 'organisations', `${FULL.toUpperCase()}.json`), '{"name":"Upper"}');
    writeFileSync(join(dir, 'organisations', `${FULL}.json`), '{"name":"Lower"}');
    const small = readRegister(dir);
    assert.equal(small.organisations.length, 1);
    assert.match(small.unreadable[0]!.reason, /same id apart from case/);
    assert.deepEqual(
      small.lists.map((list) => list.known),
      [false, false, false],
    );
    assert.deepEqual(small.voluntaryCodes, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
