import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readOrganisation } from '../../../src/records/organisation.ts';
import { editionDate, keyFactsOf } from '../../../src/view/key-facts.ts';
import { organisationJsonLd } from '../../../src/view/json-ld.ts';
import { searchDocument } from '../../../src/search/build/document.ts';
import { referenceWords } from '../../support/search-reference.ts';

const ID = '2e427ca3-b6c4-4801-b9f2-ad6c518b45e5';
const RECORD = {
  id: ID,
  name: 'Tuam Community Centre CLG',
  county: 'Galway',
  regulators: [
    { regulatorName: 'Charities Regulatory Authority', regulatorDesc: 'CRA', regulatorNumber: '20000031' },
    { regulatorName: 'Companies Registration Office', regulatorDesc: 'CRO', regulatorNumber: '123456' },
    { regulatorName: 'Revenue Commissioners', regulatorDesc: 'Revenue', regulatorNumber: 'CHY 12345' },
  ],
  financialSummary: { currentYear: 2021, currentIncome: 1234567, currentExpenditure: -1000 },
};

test('key facts: charity number, county, latest income with its year, identifiers', () => {
  assert.deepEqual(keyFactsOf(readOrganisation(RECORD, ID)), {
    charityNumber: '20000031',
    county: 'Galway',
    income: { amount: '1,234,567', year: '2021' },
    identifiers: ['IE-CHY-20000031', 'IE-CRO-123456'],
  });
});

test('key facts of a sparse record say nothing they do not know', () => {
  assert.deepEqual(keyFactsOf(readOrganisation({ id: ID, name: 'Sparse' }, ID)), { identifiers: [] });
  const noYear = keyFactsOf(readOrganisation({ financialSummary: { currentIncome: 5 } }, ID));
  assert.deepEqual(noYear.income, { amount: '5' });
});

test('the latest income without a year is placed by the date its accounts run to', () => {
  const income = keyFactsOf(
    readOrganisation({ financialSummary: { currentIncome: 70, accountToDate: '2023-09-30T00:00:00' } }, ID),
  ).income;
  assert.deepEqual(income, { amount: '70', year: 'to 30 September 2023' });
});

test("an edition's date is the one it carries when kept, else the date its id begins with", () => {
  assert.deepEqual(editionDate('2026-11-25', '2026-11-25'), { text: '25 November 2026', iso: '2026-11-25' });
  // A second edition of a day, no longer kept: its id still says the day.
  assert.deepEqual(editionDate('2026-02-03-2', undefined), { text: '3 February 2026', iso: '2026-02-03' });
  assert.deepEqual(editionDate('2026-02-03-2', '2026-02-04'), { text: '4 February 2026', iso: '2026-02-04' });
});

test('the JSON-LD identifier carries the org-id identifiers beside the id and registrations', () => {
  const identifier = organisationJsonLd(readOrganisation(RECORD, ID))['identifier'] as unknown[];
  assert.equal(identifier[0], ID);
  assert.ok(identifier.includes('IE-CHY-20000031'));
  assert.ok(identifier.includes('IE-CRO-123456'));
  assert.ok(identifier.some((value) => (value as { value?: string }).value === 'CHY 12345'));
});

test('the JSON-LD of an organisation with no number keeps its id alone', () => {
  assert.equal(organisationJsonLd(readOrganisation({ name: 'X' }, ID))['identifier'], ID);
});

test('search finds an organisation by its org-id identifier, written with or without hyphens', () => {
  const document = searchDocument(
    readOrganisation(RECORD, ID),
    { lists: [], voluntaryCodes: [] },
    'org/x.html',
  );
  const words = new Set(document.fields.codes.flatMap(referenceWords));
  for (const query of ['IE-CHY-20000031', 'iechy20000031', 'IE-CRO-123456']) {
    assert.ok(
      referenceWords(query).every((word) => words.has(word)),
      query,
    );
  }
});
