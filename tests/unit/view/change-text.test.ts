import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeFieldChange, fieldLabel } from '../../../src/view/change-text.ts';

test('an amount of the financial summary reads as the organisation page shows it: spending positive', () => {
  assert.equal(fieldLabel('financialSummary.prevExpenditure'), 'Financial summary: spending, previous year');
  assert.equal(fieldLabel('financialSummary.currentIncome'), 'Financial summary: income, current year');
  assert.equal(
    fieldLabel('financialSummary.currentNetAssets'),
    'Financial summary: net assets, current year',
  );
  assert.deepEqual(
    describeFieldChange({ path: 'financialSummary.prevExpenditure', before: -44939, after: -50000 }),
    { label: 'Financial summary: spending, previous year', before: '44,939', after: '50,000' },
  );
  // Net assets keep their sign: a deficit is shown as one.
  assert.equal(
    describeFieldChange({ path: 'financialSummary.currentNetAssets', before: -5, after: 3 }).before,
    '−5',
  );
  assert.equal(describeFieldChange({ path: 'financialSummary.currentIncome', after: 7 }).before, 'not given');
});

test('other fields read by the record model’s labels, with values as the source gave them', () => {
  assert.equal(fieldLabel('financialSummary.currentYear'), 'Financial summary: current year');
  assert.equal(fieldLabel('governanceCodes'), 'Voluntary codes');
  assert.equal(fieldLabel('someNewField'), 'Some new field');
  assert.equal(
    describeFieldChange({ path: 'financialSummary.currentYear', before: 2020, after: 2021 }).after,
    '2021',
  );
  assert.equal(describeFieldChange({ path: 'orgUrl', before: 'https://a.ie' }).after, 'not given');
  const directors = describeFieldChange({
    path: 'directors',
    before: [{ name: 'Áine Ní Bhriain' }, { name: 'Seán Ó Briain', role: 'chair' }],
    after: [{ role: 'chair', name: 'Seán Ó Briain' }, { name: 'Pádraig Mac Cárthaigh' }],
  });
  assert.deepEqual([directors.entered, directors.left], [['Pádraig Mac Cárthaigh'], ['Áine Ní Bhriain']]);
});
