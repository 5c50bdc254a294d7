import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ORGANISATION_FIELDS } from '../../../src/schemas/index.ts';
import {
  FIELD_LABELS,
  labelOf,
  readOrganisation,
  recordName,
  type Organisation,
} from '../../../src/records/organisation.ts';
import { boundedRecord, SIZE_LIMITS } from '../../../src/records/record-bounds.ts';
import { readRegister } from '../../../src/records/register.ts';
import { manifestFields } from '../../../src/lib/manifest-file.ts';
import { packOrganisation, unpackOrganisation } from '../../../src/records/packed.ts';
import { recordDocument } from '../../support/records.ts';

const ID = '2e427ca3-b6c4-4801-b9f2-ad6c518b45e5';
const OTHER = '7f1c9b20-3d4e-4a5b-8c6d-0e1f2a3b4c5d';

/** A record that gives every field the spec names, each with a value of the spec's type. */
const FULL_RECORD = {
  id: ID,
  name: 'Focus Ireland Housing Trust',
  altNames: ['Focus Housing'],
  sectorName: 'Development, Housing',
  sectorCode: '6',
  subSectorName: 'Social housing',
  subSectorCode: '6.5',
  secondarySubsectorName: 'Homeless and emergency relief',
  secondarySubsectorCode: '5.7',
  regulators: [
    {
      regulatorName: 'Charities Regulatory Authority',
      regulatorDesc: 'CRA',
      regulatorNumber: '20000028',
      regulatorUrl: 'https://www.charitiesregulator.ie/',
    },
  ],
  registeredAddress: '9-12 High Street, Dublin 8',
  county: 'Dublin',
  geolocation: { type: 'Point', coordinates: [-6.2719, 53.3431] },
  financialSummary: {
    currentYear: 2021,
    currentIncome: 45218934,
    currentNetAssets: 31804112,
    currentGrants: 28712006,
    currentExpenditure: -43981220,
    prevIncome: 41730551,
    prevNetAssets: 30566398,
    prevGrants: 26100214,
    prevExpenditure: -40120775,
    accountToDate: '2021-12-31T00:00:00',
  },
  funders: [{ fundSource: 'Dublin City Council', amount: 1200000, fundingType: 'Local Authority' }],
  otherAddresses: [
    {
      address: '1 Quay Street, Galway',
      cleanAddress: '1 quay street galway',
      county: 'Galway',
      eircode: 'H91 X2Y3',
      geolocation: { type: 'Point', coordinates: [-9.05, 53.27] },
    },
  ],
  sources: [
    {
      source: 'Charities Regulator',
      url: 'https://www.charitiesregulator.ie',
      license: 'CC BY 4.0',
      date: '2022-03-01T10:15:42.5',
    },
  ],
  orgUrl: 'https://www.focusireland.ie/',
  incorporatedDate: '1985-06-12T00:00:00',
  governingForm: 'Company Limited by Guarantee',
  numEmployees: 420,
  legalObjectsExtract: 'To provide housing.',
  legalObjectsDate: '2019-01-01T00:00:00',
  directors: [{ name: 'Mary Walsh', dateAppointed: '2012-04-01T00:00:00' }],
  regulatory: ['Registered Charity (CRA)'],
  governanceCodes: [
    { governanceCodeDesc: 'The Governance Code', governanceCodeUrl: 'https://example.org/code' },
  ],
};

test('every field the spec names is read with its own name and value, and a matching record has no drift', () => {
  const organisation = readOrganisation(structuredClone(FULL_RECORD), ID);
  for (const field of ORGANISATION_FIELDS) {
    assert.deepEqual(
      (organisation as unknown as Record<string, unknown>)[field],
      (FULL_RECORD as Record<string, unknown>)[field],
      field,
    );
  }
  assert.deepEqual(organisation.drift, []);
  assert.equal(organisation.otherFields, undefined);
});

test('every field the spec names has a label', () => {
  for (const field of ORGANISATION_FIELDS) assert.ok(labelOf(field), field);
  assert.equal(Object.keys(FIELD_LABELS).length, ORGANISATION_FIELDS.length);
  assert.equal(labelOf('lastReturnFiled'), undefined);
});

test('a value of the wrong type is not given, with a drift note that keeps it as given', () => {
  const organisation = readOrganisation(
    {
      id: ID,
      name: { first: 'Focus' },
      altNames: 'Focus Housing',
      geolocation: { type: 'Point', coordinates: '53.3,-6.2' },
      financialSummary: { currentIncome: 'n/a', prevIncome: 100 },
      funders: [{ fundSource: 'Council', amount: true }, 7],
      governanceCodes: 'none',
      directors: null,
    },
    ID,
  );
  assert.equal(organisation.name, undefined);
  assert.deepEqual(organisation.altNames, []);
  assert.deepEqual(organisation.geolocation, { type: 'Point' });
  assert.deepEqual(organisation.financialSummary, { prevIncome: 100 });
  assert.deepEqual(organisation.funders, [{ fundSource: 'Council' }]);
  assert.deepEqual(organisation.governanceCodes, []);
  assert.deepEqual(organisation.directors, [], 'null is simply not given');
  assert.deepEqual(
    organisation.drift.map(({ path, issue, given }) => [path, issue, given]),
    [
      ['name', 'invalid_type', { first: 'Focus' }],
      ['altNames', 'invalid_type', 'Focus Housing'],
      ['geolocation.coordinates', 'invalid_type', '53.3,-6.2'],
      ['financialSummary.currentIncome', 'invalid_type', 'n/a'],
      ['funders[0].amount', 'invalid_type', true],
      ['funders[1]', 'invalid_type', 7],
      ['governanceCodes', 'invalid_type', 'none'],
    ],
  );
});

test('numbers given as text and text given as numbers are read as the spec types them, noted', () => {
  const organisation = readOrganisation(
    { numEmployees: ' 12 ', sectorCode: 6, regulators: [{ regulatorNumber: 20000028 }] },
    ID,
  );
  assert.equal(organisation.numEmployees, 12);
  assert.equal(organisation.sectorCode, '6');
  assert.equal(organisation.regulators[0]?.regulatorNumber, '20000028');
  assert.deepEqual(
    organisation.drift.map(({ path, issue }) => [path, issue]),
    [
      ['sectorCode', 'coerced'],
      ['regulators[0].regulatorNumber', 'coerced'],
      ['numEmployees', 'coerced'],
    ],
  );
});

test('text is trimmed, empty text is not given, and a date in another format is kept and noted', () => {
  const organisation = readOrganisation(
    { name: '  Club  ', secondarySubsectorName: '', incorporatedDate: '1985-06-12' },
    ID,
  );
  assert.equal(organisation.name, 'Club');
  assert.equal(organisation.secondarySubsectorName, undefined);
  assert.equal(organisation.incorporatedDate, '1985-06-12');
  assert.deepEqual(organisation.drift, [
    { path: 'incorporatedDate', issue: 'invalid_format', given: '1985-06-12' },
  ]);
});

test('fields the spec does not name are kept, at every level', () => {
  const organisation: Organisation = readOrganisation(
    { lastReturnFiled: '2023-01-01', regulators: [{ regulatorName: 'CRA', status: 'active' }] },
    ID,
  );
  assert.deepEqual(organisation.otherFields, { lastReturnFiled: '2023-01-01' });
  assert.deepEqual(organisation.regulators[0]?.otherFields, { status: 'active' });
});

test('the id is the key the record is stored under; a record naming another id is noted', () => {
  const organisation = readOrganisation({ id: OTHER, name: 'Club' }, ID);
  assert.equal(organisation.id, ID);
  assert.deepEqual(organisation.drift, [{ path: 'id', issue: 'id_mismatch', given: OTHER }]);
  assert.deepEqual(readOrganisation([1, 2], ID).drift, [{ path: '', issue: 'invalid_type', given: [1, 2] }]);
  assert.equal(recordName({ name: ' Club ' }), 'Club');
  assert.equal(recordName({ name: 42 }), '42');
  assert.equal(recordName('no record'), undefined);
});

test('the manifest is read through its schema, field by field', () => {
  const manifest = manifestFields({ finishedAt: '2026-05-01T02:00:00Z', runs: 'two', gone: ['A'], extra: 1 });
  assert.deepEqual(manifest, { finishedAt: '2026-05-01T02:00:00Z', gone: ['A'] });
});

test('the register opens each record file once and hands its bytes on; other names are reported', () => {
  const dir = mkdtempSync(join(tmpdir(), 'orgdir-register-'));
  try {
    mkdirSync(join(dir, 'organisations'));
    writeFileSync(join(dir, 'organisations', `${ID}.json`), JSON.stringify(FULL_RECORD));
    writeFileSync(join(dir, 'organisations', 'notes.json'), '{}');
    const seen: [string, number][] = [];
    const register = readRegister(dir, {
      onRecord: (id, bytes, _record, organisation) => {
        assert.equal(organisation.name, FULL_RECORD.name);
        seen.push([id, bytes.length]);
      },
    });
    assert.deepEqual(seen, [[ID, JSON.stringify(FULL_RECORD).length]]);
    assert.equal(register.byId.get(ID)?.organisation.county, 'Dublin');
    assert.match(register.unreadable[0]!.reason, /not an organisation id/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an organisation packed for keeping unpacks to the same organisation, drift and unknown fields too', () => {
  const organisations = [
    readOrganisation(structuredClone(FULL_RECORD), ID),
    readOrganisation(
      { name: 'Club', lastReturnFiled: null, regulators: [{ regulatorName: 'CRA', status: 1 }, 7] },
      ID,
    ),
    readOrganisation('not a record', ID),
  ];
  for (const organisation of organisations) {
    const packed = packOrganisation(organisation);
    assert.deepEqual(unpackOrganisation(packed), organisation);
    assert.ok(!packed.includes('"regulatorName"'), 'no field name of the spec is stored');
  }
});

test('a field nested deeper than any step reads is not read, and a note says how deep; the rest of the record is', () => {
  // Checked by taking the protection out (every field read as given): the test fails at the drift
  // notes, and packing such an organisation for the register (JSON.stringify) runs out of stack.
  const levels = 20_000;
  const nested = JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`) as unknown;
  const organisation = readOrganisation(
    { id: ID, name: 'Deep Nesting Trust', funders: nested, kept: [[1]], nestedFurther: { a: nested } },
    ID,
  );
  assert.equal(organisation.name, 'Deep Nesting Trust');
  assert.deepEqual(organisation.funders, []);
  assert.deepEqual(organisation.otherFields, { kept: [[1]] });
  assert.deepEqual(organisation.drift, [
    { path: 'funders', issue: 'too_deep', given: levels + 1 },
    { path: 'nestedFurther', issue: 'too_deep', given: levels + 2 },
  ]);
  assert.deepEqual(unpackOrganisation(packOrganisation(organisation)), organisation);
  const whole = readOrganisation(nested, ID);
  assert.deepEqual(whole.drift, [{ path: '', issue: 'too_deep', given: levels }]);
  assert.deepEqual(unpackOrganisation(packOrganisation(whole)), whole);
  // SQLite's limit, stated here rather than read from the model: 1,000 levels are read as given,
  // 1,001 are not.
  const nestedTo = (depth: number) =>
    JSON.parse(`{"edge":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`) as Record<string, unknown>;
  assert.deepEqual(readOrganisation(nestedTo(1000), ID).drift, []);
  assert.deepEqual(readOrganisation(nestedTo(1001), ID).drift, [
    { path: 'edge', issue: 'too_deep', given: 1001 },
  ]);
});

test('a 10 MB name is cut to the text limit, with a note saying how long it was; the stored record is untouched', () => {
  // Checked by taking the cut out of readOrganisation (the record read as given): the name is
  // read whole, and the search document carries all 10 MB of it.
  const name = `Long Name Trust ${'x'.repeat(10 * 1024 * 1024)}`;
  const record = { ...FULL_RECORD, name };
  const organisation = readOrganisation(record, ID);
  assert.ok(organisation.name !== undefined && organisation.name.length <= SIZE_LIMITS.text);
  assert.ok(organisation.name.startsWith('Long Name Trust'));
  assert.deepEqual(
    organisation.drift.filter((note) => note.issue === 'too_long'),
    [{ path: 'name', issue: 'too_long', given: { characters: name.length, limit: SIZE_LIMITS.text } }],
  );
  assert.equal(record.name, name, 'the record as given is not changed');
  assert.ok(recordName(record)!.length <= SIZE_LIMITS.text);
  const document = recordDocument(record, { lists: [], codes: [] } as never, 'org/x.html');
  assert.ok(JSON.stringify(document).length < 20_000, `${JSON.stringify(document).length} characters`);
});

test('text, lists and fields are cut each to the limit of its kind: the legal objects longer than a name, lists to their first entries', () => {
  const objects = 'To promote. '.repeat(5_000);
  const record = {
    ...FULL_RECORD,
    legalObjectsExtract: objects,
    altNames: Array.from({ length: 5_000 }, (_, index) => `Other name ${index}`),
    directors: [{ name: 'D'.repeat(2_000) }],
    futureField: { [`k${'e'.repeat(2_000)}`]: 1 },
  };
  const organisation = readOrganisation(record, ID);
  assert.ok(organisation.legalObjectsExtract!.length > SIZE_LIMITS.text);
  assert.ok(organisation.legalObjectsExtract!.length <= SIZE_LIMITS.legalObjects);
  assert.equal(organisation.altNames.length, SIZE_LIMITS.entries);
  assert.ok(organisation.directors[0]!.name!.length <= SIZE_LIMITS.text);
  assert.deepEqual(organisation.drift.map((note) => `${note.path.slice(0, 20)} ${note.issue}`).sort(), [
    'altNames too_long',
    'directors[0].name too_long',
    'futureField.keeeeeee too_long',
    'legalObjectsExtract too_long',
  ]);
  assert.deepEqual(unpackOrganisation(packOrganisation(organisation)), organisation);
});

test('a record still over its limit once cut is read without its largest fields, each noted; an ordinary record is read as given', () => {
  // 30 lists of 900 texts of 900 characters: each within its limit, 24 MB in all.
  const text = 'y'.repeat(900);
  const wide = Array.from({ length: 900 }, () => text);
  const record = { ...FULL_RECORD, sources: wide, bulk: Array.from({ length: 30 }, () => wide) };
  const organisation = readOrganisation(record, ID);
  assert.deepEqual(
    organisation.drift.map((note) => [note.path, note.issue]),
    [
      ['bulk', 'too_large'],
      ['sources', 'too_large'],
    ],
  );
  assert.equal(organisation.name, FULL_RECORD.name);
  assert.ok(JSON.stringify(boundedRecord(record)).length <= SIZE_LIMITS.record);
  assert.equal(boundedRecord(FULL_RECORD), FULL_RECORD, 'nothing to cut: the same record');
});
