import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  add,
  approximate,
  decimalOf,
  formatDecimal,
  medianOf,
  roundedFigure,
  sumOf,
  compareDecimals,
  ZERO,
} from '../../../src/lib/decimal.ts';
import { nameKey, nameSlug } from '../../../src/money/name-groups.ts';
import {
  funderGroups,
  fundingCsvRows,
  UNNAMED_FUNDER_SLUG,
  type FunderGroup,
} from '../../../src/money/funders.ts';
import { regulatorGroups } from '../../../src/money/regulators.ts';
import { figuresBy, figuresOf } from '../../../src/money/figures.ts';
import { barChart, SHORT_LABELS } from '../../../src/lib/bar-chart.ts';
import { formatAmount, yearOnYear } from '../../../src/lib/money.ts';
import { csvCell, csvRow } from '../../../src/lib/csv.ts';
import { readOrganisation } from '../../../src/records/organisation.ts';
import { parseRecord } from '../../../src/records/record-json.ts';
import type { Register } from '../../../src/records/register.ts';
import { organisationRow } from '../../../src/site/downloads.ts';
import type { MoneyEntry, MoneyFunder } from '../../../src/money/entries.ts';
import { moneyEntryOf } from '../../../src/money/register-money.ts';
import { modelOf } from '../../support/records.ts';

const dublin = { key: 'dublin', label: 'Dublin' };
const cork = { key: 'cork', label: 'Cork' };
const health = { key: '5', label: 'Health' };
const housing = { key: '6', label: 'Housing' };

function entry(id: string, funders: MoneyFunder[], more: Partial<MoneyEntry> = {}): MoneyEntry {
  return {
    id,
    name: `Organisation ${id}`,
    county: dublin,
    sector: health,
    lists: [],
    funders,
    regulators: [],
    ...more,
  };
}

test('sums are exact in full, where floating-point addition drifts', () => {
  assert.notEqual(0.1 + 0.2, 0.3);
  assert.equal(formatDecimal(sumOf([0.1, 0.2])), '0.3');
  assert.equal(formatDecimal(sumOf([1_191_000_000, 591_656])), '1,191,591,656');
  // Past 2^53 a float cannot hold every integer; the decimal sum still can.
  assert.equal(formatDecimal(sumOf([9_007_199_254_740_991, 2])), '9,007,199,254,740,993');
  assert.equal(formatDecimal(sumOf([-12.5, 2])), '\u221210.5');
  assert.equal(formatDecimal(sumOf([])), '0');
  assert.equal(formatDecimal(decimalOf(1e21)), '1,000,000,000,000,000,000,000');
  assert.equal(formatDecimal(decimalOf(1.5e-7)), '0.00000015');
  assert.equal(compareDecimals(add(decimalOf(1.1), decimalOf(2.2)), decimalOf(3.3)), 0);
});

test('a rounded reading stands beside large figures only', () => {
  assert.equal(roundedFigure(sumOf([1_191_591_656])), 'about 1.2 billion');
  assert.equal(roundedFigure(sumOf([3_200_450])), 'about 3.2 million');
  assert.equal(roundedFigure(sumOf([-2_500_000])), 'about \u22122.5 million');
  assert.equal(roundedFigure(sumOf([999_999])), undefined);
});

test('the median is the middle amount, or exactly halfway between the two middle ones', () => {
  assert.equal(medianOf([]), undefined);
  assert.equal(formatDecimal(medianOf([5, 1, 3])!), '3');
  assert.equal(formatDecimal(medianOf([4, 1, 3, 10])!), '3.5');
  assert.equal(formatDecimal(medianOf([1, 2])!), '1.5');
  assert.equal(formatDecimal(medianOf([-3, 1])!), '\u22121');
});

test('names that differ only in case, spacing or punctuation share a key; accents and words do not', () => {
  assert.equal(nameKey('Pobal'), nameKey(' POBAL. '));
  assert.equal(nameKey('Dept. of Health'), nameKey('dept of  health'));
  assert.equal(nameKey('St. Vincent-de-Paul'), nameKey('St Vincent de Paul'));
  assert.notEqual(nameKey('Údarás'), nameKey('Udaras'));
  assert.notEqual(nameKey('Dept of Health'), nameKey('Department of Health'));
  // Punctuation alone is a name of its own, not one group of every such name.
  assert.notEqual(nameKey('???'), nameKey('!!!'));
  assert.notEqual(nameKey('???'), '');
});

test('a readable slug is used when it says everything the key says; otherwise a hash follows', () => {
  assert.equal(
    nameSlug(nameKey('Health Service Executive'), 'Health Service Executive'),
    'health-service-executive',
  );
  const accented = nameSlug(nameKey('Údarás na Gaeltachta'), 'Údarás na Gaeltachta');
  assert.match(accented, /^udaras-na-gaeltachta--[0-9a-f]{12}$/);
  assert.match(nameSlug(nameKey('???'), '???'), /^name--[0-9a-f]{12}$/);
  assert.match(nameSlug(nameKey('CON'), 'CON'), /^con--[0-9a-f]{12}$/);
  assert.match(nameSlug(nameKey('Fund P2'), 'Fund P2'), /^fund-p2--[0-9a-f]{12}$/);
  const long = 'A very long funder name '.repeat(20);
  const slug = nameSlug(nameKey(long), long);
  assert.ok(slug.length <= 60 + 2 + 12, slug);
  assert.match(slug, /^[a-z0-9-]+$/);
});

test('slugs are stable: the same name gives the same slug whatever other names there are', () => {
  const alone = funderGroups([entry('a', [{ source: 'Údarás', amount: 1 }])]);
  const together = funderGroups([
    entry('a', [{ source: 'Udaras', amount: 5 }]),
    entry('b', [{ source: 'Údarás', amount: 1 }]),
    entry('c', [{ source: 'UDARAS!', amount: 1 }]),
  ]);
  const slugOf = (groups: FunderGroup[], label: string) =>
    groups.find((group) => group.label === label)?.slug;
  assert.equal(slugOf(alone, 'Údarás'), slugOf(together, 'Údarás'));
  assert.equal(slugOf(together, 'Udaras'), 'udaras');
});

test('funder names that fold to one slug still get distinct addresses', () => {
  const groups = funderGroups([
    entry('a', [
      { source: 'Café Fund' },
      { source: 'Cafe Fund' },
      { source: 'CAFE-FUND!' },
      { source: '<b>Cafe</b> Fund' },
    ]),
    entry('b', [{ source: '???' }, { source: '!!!' }, { source: '' }, {}]),
  ]);
  const slugs = groups.map((group) => group.slug);
  assert.equal(new Set(slugs).size, slugs.length);
  for (const slug of slugs) assert.match(slug, /^[a-z0-9-]+$/);
  assert.ok(slugs.includes(UNNAMED_FUNDER_SLUG));
  // "Cafe Fund" and "CAFE-FUND!" differ only in case and punctuation: one funder, both spellings kept.
  const cafe = groups.find((group) => group.key === nameKey('Cafe Fund'))!;
  assert.deepEqual(cafe.spellings.map((spelling) => spelling.name).sort(), ['CAFE-FUND!', 'Cafe Fund']);
  assert.equal(groups.length, 6);
});

test('a funder groups its spellings, counts organisations and sums exactly what its rows give', () => {
  const entries = [
    entry('a', [{ source: 'Pobal', amount: 1000.1, type: 'Government' }], { county: cork }),
    entry('b', [{ source: 'POBAL', amount: 2000.2, type: 'Government' }]),
    entry('b', [{ source: 'pobal.', amountText: 'n/a', type: 'Grant' }]),
    entry(
      'c',
      [
        { source: 'HSE', amount: 5 },
        { source: 'Pobal', amount: 0.3 },
      ],
      { sector: housing },
    ),
  ];
  const groups = funderGroups(entries);
  assert.deepEqual(
    groups.map((group) => group.label),
    ['Pobal', 'HSE'],
  );
  const pobal = groups[0]!;
  assert.equal(pobal.organisations, 3);
  assert.equal(pobal.rows.length, 4);
  assert.equal(pobal.withoutAmount, 1);
  assert.equal(formatDecimal(pobal.total), '3,000.6');
  assert.deepEqual(pobal.spellings, [
    { name: 'Pobal', count: 2 },
    { name: 'POBAL', count: 1 },
    { name: 'pobal.', count: 1 },
  ]);
  assert.deepEqual(pobal.types, [
    { name: 'Government', count: 2 },
    { name: 'Grant', count: 1 },
  ]);
  // Largest amount first; an entry without an amount last.
  assert.deepEqual(
    pobal.rows.map((row) => row.amount ?? row.amountText),
    [2000.2, 1000.1, 0.3, 'n/a'],
  );
  assert.deepEqual(
    pobal.byCounty.map((row) => [row.label, row.organisations, formatDecimal(row.total)]),
    [
      ['Dublin', 2, '2,000.5'],
      ['Cork', 1, '1,000.1'],
    ],
  );
  assert.deepEqual(
    pobal.bySector.map((row) => row.label),
    ['Health', 'Housing'],
  );
  // The breakdown adds up to the total.
  const byCountyTotal = pobal.byCounty.reduce((total, row) => add(total, row.total), ZERO);
  assert.equal(compareDecimals(byCountyTotal, pobal.total), 0);
});

test('a funder CSV row carries the name and amount as given', () => {
  const [group] = funderGroups([entry('a', [{ source: '=HYPERLINK("x")', amountText: 'about 5' }])]);
  assert.deepEqual(fundingCsvRows(group!), [
    ['a', 'Organisation a', 'Dublin', 'Health', '=HYPERLINK("x")', '', 'about 5'],
  ]);
});

test('a regulator lists each organisation once with every number it gives', () => {
  const groups = regulatorGroups([
    entry('b', [], {
      name: 'Beta',
      regulators: [
        { name: 'Charities Regulatory Authority', desc: 'CRA', number: '20001' },
        { name: 'Charities Regulatory Authority', desc: 'CRA', number: '20002' },
        { name: 'Companies Registration Office', desc: 'CRO', number: '1' },
      ],
    }),
    entry('a', [], { name: 'Alpha', regulators: [{ name: 'charities regulatory authority', number: '3' }] }),
    entry('c', [], { name: 'Gamma', regulators: [{ desc: 'AHBRA' }, {}] }),
  ]);
  assert.deepEqual(
    groups.map((group) => [group.label, group.rows.length]),
    [
      ['Charities Regulatory Authority', 2],
      ['AHBRA', 1],
      ['Companies Registration Office', 1],
      ['Regulator not given', 1],
    ],
  );
  const cra = groups[0]!;
  assert.deepEqual(
    cra.rows.map((row) => [row.name, row.numbers]),
    [
      ['Alpha', ['3']],
      ['Beta', ['20001', '20002']],
    ],
  );
  assert.deepEqual(cra.descriptions, [{ name: 'CRA', count: 2 }]);
  assert.equal(new Set(groups.map((group) => group.slug)).size, groups.length);
});

test('figures count who reports each measure, sum exactly and take spending as positive', () => {
  const entries = [
    entry('a', [], { financials: { income: 100, expenditure: -80, netAssets: -5 } }),
    entry('b', [], {
      financials: { income: 300.5, expenditure: -20 },
      county: cork,
      lists: ['housingBodies'],
    }),
    entry('c', [], { lists: ['housingBodies', 'registeredCharities'] }),
  ];
  const whole = figuresOf(entries);
  assert.equal(whole.income.reporting, 2);
  assert.equal(formatDecimal(whole.income.total!), '400.5');
  assert.equal(formatDecimal(whole.income.median!), '200.25');
  assert.equal(formatDecimal(whole.expenditure.total!), '100');
  assert.equal(whole.grants.reporting, 0);
  assert.equal(whole.grants.total, undefined);
  assert.equal(formatDecimal(whole.netAssets.total!), '\u22125');

  const byCounty = figuresBy(entries, (e) => [e.county]);
  assert.deepEqual(
    byCounty.map((group) => [group.label, group.organisations, group.measures.income.reporting]),
    [
      ['Cork', 1, 1],
      ['Dublin', 2, 1],
    ],
  );
  const byList = figuresBy(entries, (e) => e.lists.map((key) => ({ key, label: key })));
  assert.deepEqual(
    byList.map((group) => [group.key, group.organisations]),
    [
      ['housingBodies', 2],
      ['registeredCharities', 1],
    ],
  );
});

test('a bar chart draws around zero and leaves a bar out where there is no figure', () => {
  assert.equal(barChart([{ label: 'x', text: 'none' }]), undefined);
  const chart = barChart([
    { label: 'Income', value: 100, text: '100' },
    { label: 'Net assets', value: -50, text: '−50' },
    { label: 'Grants', text: 'none reported' },
  ])!;
  const [income, assets, grants] = chart.bars;
  assert.ok(income!.x === chart.zero && income!.width > 0);
  assert.ok(assets!.x < chart.zero && assets!.textAnchor === 'end');
  assert.equal(grants!.width, 0);
  assert.ok(Math.abs(income!.width - 2 * assets!.width) < 0.2);
  const long = barChart([{ label: 'x'.repeat(60), value: 1, text: '1' }])!;
  assert.ok(long.bars[0]!.shortLabel.endsWith('…') && long.bars[0]!.shortLabel.length <= 48);
  // Each label on its own line above its bar, and the whole chart within a phone's 358 px column.
  assert.ok(chart.bars.every((bar) => bar.labelY <= bar.y && bar.textY > bar.y));
  assert.ok(chart.width <= 358);
});

test('a chart of years is laid out narrow, every bar and its figure inside its width', () => {
  const chart = barChart(
    [
      { label: '2021', value: 5_000_000, text: '€5,000,000' },
      { label: '2022', value: 12_345_678, text: '€12,345,678' },
      { label: '2023', value: -250_000, text: '−€250,000' },
    ],
    SHORT_LABELS,
  )!;
  assert.equal(chart.width, 320);
  for (const bar of chart.bars) {
    assert.ok(bar.x >= 44 && bar.x + bar.width <= 320 - 112 + 0.1, JSON.stringify(bar));
    // The figure is printed in the room kept for it: 112 px holds 14 characters of 12 px text.
    const room = bar.textAnchor === 'start' ? 320 - bar.textX : bar.textX - 44;
    assert.ok(room >= 100, JSON.stringify(bar));
  }
});

test('the money entry reads a record through the model: amounts as given when not numbers, current-year figures, regulators', () => {
  const organisation = modelOf({
    id: 'x',
    name: 'Example Trust',
    funders: [
      { fundSource: ' Pobal ', amount: 1200, fundingType: 'Government' },
      { fundSource: 'HSE', amount: 'about a million' },
      { amount: 5 },
    ],
    regulators: [
      { regulatorName: 'Charities Regulatory Authority', regulatorDesc: 'CRA', regulatorNumber: 20001 },
    ],
    financialSummary: { currentIncome: 100, currentExpenditure: -90, prevIncome: 5 },
  });
  const groups = { county: dublin, sector: health };
  const entry = moneyEntryOf(organisation, 'Example Trust', groups, ['registeredCharities']);
  assert.deepEqual(entry.funders, [
    { source: 'Pobal', amount: 1200, type: 'Government' },
    { source: 'HSE', amountText: 'about a million' },
    { amount: 5 },
  ]);
  assert.deepEqual(entry.regulators, [
    { name: 'Charities Regulatory Authority', desc: 'CRA', number: '20001' },
  ]);
  assert.deepEqual(entry.financials, { income: 100, expenditure: -90 });
  assert.deepEqual(entry.lists, ['registeredCharities']);
  assert.equal(moneyEntryOf(modelOf({ id: 'y' }), 'y', groups, []).financials, undefined);
});

test('amounts near the largest floating-point number draw finite bars and read as a power of ten, never as infinity', () => {
  // Checked by taking the protection out: with the old axis (span = high − low) the bars of
  // 1e308 and −1e308 are NaN; with the old `approximate` two of them sum to Infinity and read
  // "about ∞ trillion"; with the old subtraction the change column printed "+∞".
  const total = sumOf([1e308, 1e308]);
  assert.equal(formatDecimal(total), `200${',000'.repeat(102)}`);
  assert.equal(roundedFigure(total), 'about 2 × 10³⁰⁸');
  assert.equal(roundedFigure(sumOf([-1.25e29])), 'about \u22121.3 × 10²⁹');
  assert.equal(roundedFigure(sumOf([999e12])), 'about 999 trillion');
  const chart = barChart([
    { label: 'Twice the largest', value: approximate(total), text: formatDecimal(total) },
    { label: 'Largest', value: 1e308, text: '' },
    { label: 'Negative', value: -1e308, text: '' },
    { label: 'Small', value: 1, text: '1' },
  ])!;
  for (const bar of chart.bars) {
    for (const value of [bar.x, bar.width, bar.textX])
      assert.ok(Number.isFinite(value), `${bar.label}: ${value}`);
  }
  const [twice, largest, negative] = chart.bars;
  assert.ok(twice!.width >= largest!.width && largest!.width > 0);
  assert.ok(negative!.x < chart.zero && negative!.width > 0);
  const change = yearOnYear(1e308, -1e308)!;
  assert.doesNotMatch(change.text, /∞|NaN/);
  assert.ok(change.text.startsWith(`+200${',000'.repeat(102)}`), change.text);
  assert.doesNotMatch(yearOnYear(1e308, 1)!.text, /∞|NaN/);
});

test('amounts of 30 digits are summed exactly as the records write them, and downloaded as written', () => {
  // Checked by taking the protection out: with the records read by plain JSON.parse (as before
  // parseRecord), the amounts are rounded to 17 digits, the funder total reads
  // 1,111,111,110,111,111,080,000,000,000,000 and the CSVs show 1.2345678901234568e+29.
  const big = '123456789012345678901234567890';
  const bigger = '987654321098765432109876543210';
  const record = (id: string, amount: string, income: string) =>
    readOrganisation(
      parseRecord(
        `{"id":"${id}","funders":[{"fundSource":"Exact Fund","amount":${amount}}],` +
          `"financialSummary":{"currentIncome":${income},"currentExpenditure":-${income},"currentNetAssets":1e21}}`,
      ),
      id,
    );
  const organisations = [record('a', big, big), record('b', bigger, '1.50')];
  const entries = organisations.map((organisation) =>
    moneyEntryOf(organisation, organisation.id, { county: dublin, sector: health }, []),
  );
  const [fund] = funderGroups(entries);
  assert.equal(formatDecimal(fund!.total), '1,111,111,110,111,111,111,011,111,111,100');
  assert.equal(formatDecimal(fund!.byCounty[0]!.total), '1,111,111,110,111,111,111,011,111,111,100');
  assert.deepEqual(
    fundingCsvRows(fund!).map((row) => csvCell(row.at(-1))),
    [bigger, big],
  );
  assert.ok(csvRow(fundingCsvRows(fund!)[1]!).includes(big));
  const figures = figuresOf(entries);
  assert.equal(formatDecimal(figures.income.total!), '123,456,789,012,345,678,901,234,567,891.5');
  assert.equal(formatDecimal(figures.expenditure.total!), '123,456,789,012,345,678,901,234,567,891.5');
  assert.equal(formatDecimal(figures.income.median!), '61,728,394,506,172,839,450,617,283,945.75');
  assert.equal(formatDecimal(figures.netAssets.total!), '2,000,000,000,000,000,000,000');
  // The organisations CSV gives each amount as the record writes it, never in exponent form.
  const register = { listsOf: new Map(), codesOf: new Map() } as unknown as Register;
  const row = csvRow(organisationRow(register, organisations[0]!));
  assert.ok(row.includes(`,${big},-${big},`), row);
  assert.ok(row.includes(',1e21,'), row);
  assert.ok(row.includes(`Exact Fund (): ${big}`), row);
  assert.doesNotMatch(row, /e\+/);
  assert.equal(formatAmount(big), '123,456,789,012,345,678,901,234,567,890');
});
