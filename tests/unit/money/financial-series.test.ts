import assert from 'node:assert/strict';
import { test } from 'node:test';
import { financialSeries, type FinancialReport } from '../../../src/money/financial-series.ts';
import { parseRecord } from '../../../src/records/record-json.ts';

function summary(year: number, current: number, previous: number) {
  return {
    currentYear: year,
    currentIncome: current,
    currentExpenditure: -current + 100,
    currentGrants: 10,
    currentNetAssets: current * 2,
    prevIncome: previous,
    prevExpenditure: -previous + 100,
    prevGrants: 10,
    prevNetAssets: previous * 2,
  };
}

const report = (edition: string, value: unknown): FinancialReport => ({
  edition,
  date: edition.slice(0, 10),
  summary: value,
});

test('three years of accounts over three editions give every year, each with the edition that first reported it', () => {
  const series = financialSeries([
    report('2026-01-01', summary(2021, 5000, 4000)),
    report('2026-02-01', summary(2021, 5000, 4000)),
    report('2026-03-01', summary(2022, 6000, 5000)),
    report('2026-04-01', summary(2023, 7000, 6000)),
  ]);
  assert.deepEqual(
    series.map((year) => [
      year.year,
      year.figures.income,
      year.firstReported,
      year.figuresFrom,
      year.restatements.length,
    ]),
    [
      // The same figures given again leave the year as first reported.
      [2020, 4000, '2026-01-01', '2026-01-01', 0],
      [2021, 5000, '2026-01-01', '2026-01-01', 0],
      [2022, 6000, '2026-03-01', '2026-03-01', 0],
      [2023, 7000, '2026-04-01', '2026-04-01', 0],
    ],
  );
});

test('a year whose figures a later edition changes is shown as restated, with what it was and since when', () => {
  const series = financialSeries([
    report('2026-01-01', summary(2021, 5000, 4000)),
    // The next year's accounts give 2021 again, as previous year, with other figures.
    report('2026-02-01', summary(2022, 6000, 5200)),
  ]);
  const restated = series.find((year) => year.year === 2021)!;
  assert.equal(restated.figures.income, 5200);
  assert.equal(restated.firstReported, '2026-01-01');
  assert.equal(restated.figuresFrom, '2026-02-01', 'the figures shown are the restated ones');
  assert.equal(series.find((year) => year.year === 2022)!.figuresFrom, '2026-02-01');
  assert.deepEqual(restated.restatements, [
    {
      edition: '2026-02-01',
      date: '2026-02-01',
      before: { income: 5000, expenditure: -4900, grants: 10, netAssets: 10000 },
    },
  ]);
  assert.deepEqual(series.find((year) => year.year === 2020)!.restatements, []);
});

test('a figure newly given is not a restatement; a summary without its year, or none, adds nothing', () => {
  const partial = { currentYear: 2021, currentIncome: 5000 };
  const series = financialSeries([
    report('2026-01-01', partial),
    report('2026-02-01', { ...partial, currentGrants: 7 }),
    report('2026-03-01', { currentIncome: 1 }),
    report('2026-04-01', null),
    report('2026-05-01', 'not a summary'),
  ]);
  assert.deepEqual(
    series.map((year) => [year.year, year.figures, year.restatements.length, year.figuresFrom]),
    [[2021, { income: 5000, grants: 7 }, 0, '2026-02-01']],
  );
});

test('amounts kept as the record writes them (too long for a float) are read as numbers', () => {
  const record = parseRecord(
    '{"currentYear":2021,"currentIncome":12345678901234567,"prevIncome":1}',
  ) as object;
  const [previous, current] = financialSeries([report('2026-01-01', record)]);
  assert.equal(previous?.figures.income, 1);
  assert.equal(current?.figures.income, Number('12345678901234567'));
});
