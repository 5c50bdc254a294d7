import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readOrganisation } from '../../../src/records/organisation.ts';
import {
  compareCsv,
  compareIds,
  compareQuery,
  compareRows,
  compareShard,
  COMPARE_DATA_FUNCTION,
  packShard,
  unpackShard,
  type CompareRecord,
  type PackedShard,
} from '../../../src/view/compare.ts';
import { compareRecordOf, compareShardScript } from '../../../src/view/compare-record.ts';
import { parseCsv } from '../../../src/lib/csv.ts';

const A = '2e427ca3-b6c4-4801-b9f2-ad6c518b45e5';
const B = '7f1c9b20-3d4e-4a5b-8c6d-0e1f2a3b4c5d';

const TUAM = readOrganisation(
  {
    id: A,
    name: 'Tuam Community Centre CLG',
    county: 'Galway',
    regulators: [
      { regulatorName: 'Charities Regulatory Authority', regulatorDesc: 'CRA', regulatorNumber: '20000031' },
      { regulatorName: 'Companies Registration Office', regulatorDesc: 'CRO', regulatorNumber: '123456' },
    ],
    regulatory: ['Registered Charity (CRA)'],
    sectorName: 'Community',
    governingForm: 'CLG',
    incorporatedDate: '1999-04-01T00:00:00',
    numEmployees: 12,
    financialSummary: {
      currentYear: 2022,
      currentIncome: 1234567,
      currentExpenditure: -1000,
      prevIncome: 900000,
      prevExpenditure: -800,
    },
    funders: [{ fundSource: 'HSE', amount: 50000, fundingType: 'State' }],
    directors: [
      { name: 'Mary Byrne', dateAppointed: '2019-03-12T00:00:00' },
      { name: 'John Ward', dateAppointed: '2020-01-01T00:00:00' },
    ],
    governanceCodes: [{ governanceCodeDesc: 'Charities Governance Code' }],
  },
  A,
);

const ATHLONE = readOrganisation(
  {
    id: B,
    name: 'Athlone Youth Club',
    county: 'Westmeath',
    regulators: [
      { regulatorName: 'Charities Regulatory Authority', regulatorDesc: 'CRA', regulatorNumber: '20000099' },
    ],
    regulatory: ['Registered Charity (CRA)'],
    sectorName: 'Community',
    financialSummary: { currentYear: 2021, currentIncome: 5000, currentExpenditure: -4000 },
    funders: [{ fundSource: 'hse ', amount: 700 }],
    directors: [{ name: 'MARY  BYRNE' }],
  },
  B,
);

test('an organisation for the comparison: numbers, registration, both years, funders, directors, codes', () => {
  assert.deepEqual(compareRecordOf(TUAM), [
    A,
    'Tuam Community Centre CLG',
    'Galway',
    '20000031',
    '123456',
    '',
    ['Registered Charity (CRA)'],
    'Community',
    '',
    'CLG',
    '1999-04-01',
    '12',
    [
      ['2022', '1234567', '1000', '', ''],
      ['2021', '900000', '800', '', ''],
    ],
    [['HSE', '50000']],
    [
      ['Mary Byrne', '2019-03-12'],
      ['John Ward', '2020-01-01'],
    ],
    ['Charities Governance Code'],
  ]);
});

test('a shard script hands its records to the page and cannot end its script element', () => {
  const record = compareRecordOf(readOrganisation({ id: A, name: '</script><b>x' }, A));
  const script = compareShardScript([record]);
  assert.ok(script.startsWith(`${COMPARE_DATA_FUNCTION}(`));
  assert.ok(!script.includes('</script'));
  let given: unknown;
  new Function(COMPARE_DATA_FUNCTION, script)(
    (texts: string[], records: PackedShard[1]) => (given = unpackShard([texts, records])),
  );
  assert.deepEqual(given, [record]);
  assert.equal(compareShard(A), '2e');
  assert.equal(compareShard('X'), 'x_');
});

test('every year known: the two the record gives, then the older years the editions kept, newest first', () => {
  const organisation = readOrganisation(
    {
      id: A,
      name: 'Old Charity',
      financialSummary: {
        currentYear: 2023,
        currentIncome: 300,
        prevIncome: 200,
        currentExpenditure: -90,
      },
    },
    A,
  );
  const year = (value: number, income: number, expenditure?: number) => ({
    year: value,
    figures: { income, ...(expenditure === undefined ? {} : { expenditure }) },
    firstReported: 'e',
    firstReportedDate: '2020-01-01',
    figuresFrom: 'e',
    restatements: [],
  });
  // 2022 and 2023 come from the record itself; 2021 and 2020 only from the editions.
  const years = compareRecordOf(organisation, [
    year(2020, 50, -40),
    year(2021, 100),
    year(2022, 999),
    year(2023, 999),
  ])[12];
  assert.deepEqual(
    years.map((entry) => entry.slice(0, 3)),
    [
      ['2023', '300', '90'],
      ['2022', '200', ''],
      ['2021', '100', ''],
      ['2020', '50', '40'],
    ],
  );
});

test('a shard names each text its organisations share once, and gives every record back as it was', () => {
  const shared: CompareRecord = [
    'a1',
    'One',
    'Galway',
    '200',
    '',
    'CHY 1',
    ['Registered Charity (CRA)'],
    'Health',
    'Hospices',
    'CLG',
    '2001-02-03',
    '4',
    [['2022', '10', '-5', '', '']],
    [['HSE', '7']],
    [['Mary Byrne', '2019-03-12']],
    ['Governance Code'],
  ];
  const other: CompareRecord = [
    'a2',
    'Two',
    'Galway',
    '',
    '',
    '',
    ['Registered Charity (CRA)', 'CHY'],
    'Health',
    '',
    'CLG',
    '',
    '',
    [],
    [
      ['HSE', '9'],
      ['Pobal', ''],
    ],
    [],
    [],
  ];
  const [texts, records] = packShard([shared, other]);
  // Each shared text once, in the order first met; an empty text is a text like any other.
  assert.deepEqual(texts, [
    'Galway',
    'Registered Charity (CRA)',
    'Health',
    'Hospices',
    'CLG',
    'HSE',
    'Governance Code',
    'CHY',
    '',
    'Pobal',
  ]);
  assert.deepEqual(records[1]!.slice(2, 10), [0, '', '', '', [1, 7], 2, 8, 4]);
  assert.deepEqual(unpackShard([texts, records]), [shared, other]);
  // A place past the list (a shard written by hand, or cut short) reads as no text.
  assert.equal(unpackShard([[], [records[0]!]])[0]![2], '');
});

test('the comparison marks the fields that differ and the names more than one of them lists', () => {
  const rows = compareRows([compareRecordOf(TUAM), compareRecordOf(ATHLONE)]);
  const row = (label: string) => rows.find((entry) => entry.label === label);
  assert.deepEqual(row('Charity number'), {
    section: 'Registration',
    label: 'Charity number',
    values: ['RCN 20000031', 'RCN 20000099'],
    marked: true,
  });
  assert.equal(row('Sector')?.marked, false);
  assert.deepEqual(row('Latest income')?.values, ['1,234,567 (2022)', '5,000 (2021)']);
  // Each year any of them gives is a row; the amounts line up by year, not by "current".
  assert.deepEqual(row('Income, 2022')?.values, ['1,234,567', '']);
  assert.deepEqual(row('Income, 2021')?.values, ['900,000', '5,000']);
  assert.deepEqual(row('Spending, 2021')?.values, ['800', '4,000']);
  // One director on both boards, by name whatever its capitals and spacing.
  assert.deepEqual(row('Mary Byrne'), {
    section: 'Directors',
    label: 'Mary Byrne',
    values: ['since 12 March 2019', 'listed'],
    marked: true,
  });
  assert.equal(row('John Ward')?.marked, false);
  assert.deepEqual(row('HSE')?.values, ['50,000', '700']);
  assert.deepEqual(row('Charities Governance Code')?.values, ['yes', '']);
  assert.equal(row('CHY number'), undefined, 'a field none of them gives is left out');
});

test('the comparison as CSV: names, pages at the address given, amounts as numbers', () => {
  const records: CompareRecord[] = [compareRecordOf(TUAM), compareRecordOf(ATHLONE)];
  const rows = parseCsv(compareCsv(records, (path) => `https://example.org/dir/${path}`));
  assert.deepEqual(rows[0], ['section', 'field', 'Tuam Community Centre CLG', 'Athlone Youth Club']);
  assert.deepEqual(rows[1], [
    '',
    'Page',
    `https://example.org/dir/org/${A}.html`,
    `https://example.org/dir/org/${B}.html`,
  ]);
  assert.deepEqual(
    rows.find((row) => row[1] === 'Income, 2021'),
    ['Finances', 'Income, 2021', '900000', '5000'],
  );
  const relative = parseCsv(compareCsv(records, (path) => path));
  assert.equal(relative[1]![2], `org/${A}.html`);
});

test('a comparison address: two to four ids, each once, as page names', () => {
  assert.deepEqual(compareIds(`?ids=${A.toUpperCase()},${B},${A}`), [A, B]);
  assert.deepEqual(compareIds('?ids=a,b,c,d,e,f'), ['a', 'b', 'c', 'd']);
  // Whatever else an address holds becomes a harmless page name, never a path.
  assert.deepEqual(compareIds('?ids=../x,,%3Cb%3E'), ['___x', '_b_']);
  assert.equal(compareQuery([A, B]), `?ids=${A},${B}`);
  assert.deepEqual(compareIds(compareQuery([A, B])), [A, B]);
});
