import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkPlausibility, fillRates, isFilled, REQUIRED_FIELDS } from '../../../src/editions/guard.ts';
import {
  emptySnapshot,
  listKey,
  type EditionSnapshot,
  type SnapshotList,
} from '../../../src/editions/edition-file.ts';

function guid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

function register(
  count: number,
  lists: Record<string, number> = { registeredCharities: count },
): EditionSnapshot {
  const snapshot = emptySnapshot();
  for (let n = 0; n < count; n++) {
    const id = guid(n);
    snapshot.organisations.set(id, {
      id,
      record: {
        id,
        name: `Organisation ${n}`,
        county: 'Cork',
        altNames: [],
        financialSummary: { currentYear: 2020 },
      },
    });
  }
  for (const [name, members] of Object.entries(lists)) {
    const list: SnapshotList = {
      name,
      kind: name === name.toUpperCase() ? 'voluntaryCode' : 'list',
      members: Array.from({ length: members }, (_, n) => ({ id: guid(n), name: '' })),
    };
    snapshot.lists.set(listKey(list), list);
  }
  return snapshot;
}

const healthy = { listed: 200, failed: 0 };
const failures = (report: ReturnType<typeof checkPlausibility>) =>
  report.checks.filter((check) => !check.passed).map((check) => [check.check, check.subject]);

test('a night like the last passes every check', () => {
  const report = checkPlausibility(register(200), register(200), healthy);
  assert.equal(report.passed, true);
  assert.deepEqual(failures(report), []);
  assert.ok(report.checks.length >= 4);
});

test('organisations falling below 90% of the last edition stop the build; 90% exactly does not', () => {
  assert.deepEqual(failures(checkPlausibility(register(200), register(179), healthy)), [
    ['organisations', undefined],
  ]);
  assert.equal(checkPlausibility(register(200), register(180), healthy).passed, true);
});

test('a list or voluntary code that had members and is now empty or missing stops the build', () => {
  const before = register(200, { registeredCharities: 200, housingBodies: 4, ICTR: 3, SORP: 0 });
  const after = register(200, { registeredCharities: 200, housingBodies: 0, SORP: 0 });
  assert.deepEqual(failures(checkPlausibility(before, after, healthy)), [
    ['empty-list', 'list:housingBodies'],
    ['empty-list', 'voluntaryCode:ICTR'],
  ]);
});

test('a night whose search sweep found 20% fewer organisations stops the build, though the total moved less', () => {
  const before = register(1000, { registeredCharities: 800, discovered: 200 });
  const after = register(960, { registeredCharities: 800, discovered: 160 });
  const report = checkPlausibility(before, after, healthy);
  assert.deepEqual(failures(report), [['shrunk-list', 'list:discovered']]);
  assert.match(
    report.checks[0]?.message ?? '',
    /found only through search had 200 members and now has 160 \(80\.0%/,
  );
  // 85% of the members is still a night like the last; small lists are not judged.
  assert.equal(
    checkPlausibility(before, register(970, { registeredCharities: 800, discovered: 170 }), healthy).passed,
    true,
  );
  const small = register(100, { registeredCharities: 100, ICTR: 10 });
  assert.equal(
    checkPlausibility(small, register(100, { registeredCharities: 100, ICTR: 5 }), healthy).passed,
    true,
  );
});

test('a night that finds 20% fewer organisations in all stops the build', () => {
  const report = checkPlausibility(register(1000), register(800), { listed: 800, failed: 0 });
  assert.deepEqual(failures(report), [
    ['organisations', undefined],
    ['shrunk-list', 'list:registeredCharities'],
  ]);
});

test('a list that was already empty may stay empty', () => {
  const report = checkPlausibility(register(10, { SORP: 0 }), register(10, { SORP: 0 }), {
    listed: 10,
    failed: 0,
  });
  assert.equal(report.passed, true);
});

test('more than 1% of organisations failing to fetch stops the build, also without a previous edition', () => {
  const report = checkPlausibility(undefined, register(197), { listed: 200, failed: 3 });
  assert.equal(report.firstEdition, true);
  assert.deepEqual(failures(report), [['failed-fetches', undefined]]);
  assert.equal(checkPlausibility(undefined, register(198), { listed: 200, failed: 2 }).passed, true);
});

test("a required field's fill rate falling by more than 20 points stops the build", () => {
  const after = register(200);
  let n = 0;
  for (const organisation of after.organisations.values()) if (n++ < 41) organisation.record['county'] = '';
  assert.deepEqual(failures(checkPlausibility(register(200), after, healthy)), [['fill-rate', 'county']]);
  const milder = register(200);
  n = 0;
  for (const organisation of milder.organisations.values())
    if (n++ < 40) delete organisation.record['county'];
  assert.equal(checkPlausibility(register(200), milder, healthy).passed, true);
});

test('a field given in a form the published format does not describe counts as unfilled, and the guard says so', () => {
  const withSummary = (count: number, financials: (n: number) => unknown) => {
    const snapshot = register(count);
    let n = 0;
    for (const organisation of snapshot.organisations.values())
      organisation.record['financialSummary'] = financials(n++);
    return snapshot;
  };
  const summary = { currentYear: 2021, currentIncome: 1000 };
  // Overnight the summary comes as text in every record: still given, but no page could show it.
  const after = withSummary(200, () => JSON.stringify(summary));
  const rates = fillRates(after.organisations.values(), ['financialSummary', 'name']);
  assert.deepEqual(rates.get('financialSummary'), { given: 1, readable: 0 });
  assert.deepEqual(rates.get('name'), { given: 1, readable: 1 });
  const report = checkPlausibility(
    withSummary(200, () => summary),
    after,
    healthy,
  );
  assert.deepEqual(failures(report), [['fill-rate', 'financialSummary']]);
  assert.match(
    report.checks[0]!.message,
    /^financialSummary is filled in 0\.0% of the records, down from 100\.0% .*; it is given in 100\.0%, but not in the form the published format describes$/,
  );
  // A number given as text is read as the number: no fall.
  const asText = withSummary(200, () => ({ currentYear: '2021', currentIncome: '1000' }));
  assert.equal(
    checkPlausibility(
      withSummary(200, () => summary),
      asText,
      healthy,
    ).passed,
    true,
  );
});

test('records carried over from the last edition do not count as fetched', () => {
  const after = register(200);
  let n = 0;
  for (const organisation of after.organisations.values())
    if (n++ < 30) organisation.carriedFrom = '2026-01-01';
  const report = checkPlausibility(register(200), after, { listed: 200, failed: 30 });
  assert.deepEqual(failures(report), [
    ['failed-fetches', undefined],
    ['organisations', undefined],
  ]);
});

test('blank text, empty arrays, null and absence are unfilled; zero and false are filled', () => {
  assert.deepEqual(['', '  ', [], null, undefined, 0, false, 'x', [1], {}].map(isFilled), [
    false,
    false,
    false,
    false,
    false,
    true,
    true,
    true,
    true,
    true,
  ]);
  const rates = fillRates(register(4).organisations.values(), ['name', 'altNames']);
  assert.deepEqual(
    [...rates],
    [
      ['name', { given: 1, readable: 1 }],
      ['altNames', { given: 0, readable: 0 }],
    ],
  );
  assert.ok(REQUIRED_FIELDS.includes('registeredAddress'));
});

test('a night whose search broke after it worked stops the build and says that the search is broken', () => {
  const before = register(1000, { registeredCharities: 800, discovered: 200 });
  const after = register(800, { registeredCharities: 800 });
  const report = checkPlausibility(before, after, { ...healthy, searchBroken: true });
  assert.equal(report.passed, false);
  const search = report.checks.find((check) => check.check === 'search');
  assert.equal(search?.passed, false);
  assert.match(search?.message ?? '', /returned nothing, even for the listed organisations' words, where the previous edition found 200/);
  // A search that found nothing the night before either is not a new breakage.
  const none = register(800, { registeredCharities: 800 });
  const again = checkPlausibility(none, none, { ...healthy, searchBroken: true });
  assert.equal(again.checks.find((check) => check.check === 'search')?.passed, true);
});
