// "Download these results (CSV)": one row per result, in order, every cell as the result has it,
// and no cell a spreadsheet would run as a formula.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SearchHit } from '../../../src/search/browser/engine.ts';
import {
  RESULTS_CSV_COLUMNS,
  resultPageAddress,
  resultsCsv,
} from '../../../src/search/browser/results-csv.ts';
import { parseCsv } from '../../../src/lib/csv.ts';

function hit(document: number, fields: Partial<SearchHit>): SearchHit {
  return {
    document,
    href: `org/${document}.html`,
    name: `Organisation ${document}`,
    altNames: [],
    registeredAddress: '',
    county: '',
    sectorName: '',
    subSectorName: '',
    number: '',
    status: [],
    income: '',
    incomeYear: 0,
    goneSince: '',
    exactName: false,
    matched: [],
    ...fields,
  };
}

test('one row per result in order, with the income in euro, its year, the page and the date one left the register; formulas defused, quotes and line breaks kept', () => {
  const hits = [
    hit(7, {
      name: '=HYPERLINK("http://x","click")',
      status: ['Registered Charity (CRA)', 'Company (CRO)'],
      number: 'RCN 20000028',
      county: 'Cork',
      incomeYear: 2023,
      sectorName: 'Health',
      subSectorName: 'Hospitals',
      registeredAddress: 'Unit 1,\n"The Yard", Cork',
    }),
    hit(2, { name: '+353 Club', county: '@Dublin' }),
    hit(5, { name: 'Plain', incomeYear: 2020 }),
    hit(9, { name: 'Gone', status: ['No longer on the register'], goneSince: '2026-11-20' }),
  ];
  const incomes = new Map([
    [7, 123_456_78],
    [5, -250_00],
  ]);
  const text = resultsCsv(
    hits,
    (document) => incomes.get(document),
    (result) => `https://example.org/${result.href}`,
  );
  const rows = parseCsv(text);
  assert.deepEqual(rows[0], [...RESULTS_CSV_COLUMNS]);
  assert.deepEqual(rows.slice(1), [
    [
      `'=HYPERLINK("http://x","click")`,
      'Registered Charity (CRA); Company (CRO)',
      'RCN 20000028',
      'Cork',
      '123456.78',
      '2023',
      'Health › Hospitals',
      'Unit 1,\n"The Yard", Cork',
      'https://example.org/org/7.html',
      '',
    ],
    [`'+353 Club`, '', '', `'@Dublin`, '', '', '', '', 'https://example.org/org/2.html', ''],
    ['Plain', '', '', '', '-250', '2020', '', '', 'https://example.org/org/5.html', ''],
    [
      'Gone',
      'No longer on the register',
      '',
      '',
      '',
      '',
      '',
      '',
      'https://example.org/org/9.html',
      '2026-11-20',
    ],
  ]);
  assert.ok(text.endsWith('\r\n'));
});

test("a result's page is its path within the site, or its address under the public one; never a file:// address", () => {
  assert.equal(resultPageAddress('org/abc.html', undefined), 'org/abc.html');
  assert.equal(
    resultPageAddress('org/abc.html', 'https://example.org/orgdir/'),
    'https://example.org/orgdir/org/abc.html',
  );
  for (const odd of [
    'file:///home/reader/site/org/abc.html',
    'javascript:alert(1)',
    '/org/abc.html',
    '//evil.example/x',
  ])
    assert.equal(resultPageAddress(odd, undefined), '', odd);
});
