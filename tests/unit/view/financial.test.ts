import { test } from 'node:test';
import assert from 'node:assert/strict';
import { financialYears } from '../../../src/view/financial.ts';

/** "31 March 2022" for 2022-03-31, by the platform's own calendar. */
function longDate(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-IE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

test("the record's current year names both years, whatever date its accounts run to", () => {
  for (const year of [1999, 2021, 2030]) {
    for (const accountToDate of [undefined, '2022-03-31T00:00:00']) {
      const financials =
        accountToDate === undefined ? { currentYear: year } : { currentYear: year, accountToDate };
      assert.deepEqual(financialYears(financials), { current: `${year}`, previous: `${year - 1}` });
    }
  }
});

test('without a current year the date the accounts run to places the current amounts, and not the previous', () => {
  for (const [given, year, month, day] of [
    ['2022-03-31T00:00:00', 2022, 3, 31],
    ['2019-12-31', 2019, 12, 31],
    ['2020-06-30T12:00:00.000', 2020, 6, 30],
  ] as const) {
    assert.deepEqual(financialYears({ accountToDate: given }), {
      current: `to ${longDate(year, month, day)}`,
    });
  }
});

test('no year is claimed when the record gives neither, or a date that is no date', () => {
  assert.deepEqual(financialYears({}), {});
  assert.deepEqual(financialYears({ accountToDate: 'soon' }), {});
  // The register's placeholder for a date it does not know.
  assert.deepEqual(financialYears({ accountToDate: '0001-01-01T00:00:00' }), {});
});
