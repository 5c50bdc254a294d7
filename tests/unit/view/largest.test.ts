import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decimalOf } from '../../../src/lib/decimal.ts';
import {
  largestFirst,
  largestRoutes,
  largestSummary,
  rankedPage,
  statusAbbreviation,
  wholeRankingSearch,
} from '../../../src/view/largest.ts';

/** A small deterministic generator, so that a failure can be replayed. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const NAMES = ['Alpha Trust', 'alpha trust', 'Ábhar Club', 'Abhar Club', 'Club 10', 'Club 9', 'Zeta Society'];

interface Row {
  id: string;
  name: string;
  /** The income as a record might write it: whole, with cents, or far past a double's precision. */
  written?: string;
}

function rowsFor(seed: number, count: number): Row[] {
  const random = randomFrom(seed);
  return Array.from({ length: count }, (_, index) => {
    const roll = random();
    const written =
      roll < 0.2
        ? undefined
        : roll < 0.4
          ? String(Math.floor(random() * 5) * 1000)
          : roll < 0.6
            ? `${Math.floor(random() * 90000)}.${String(Math.floor(random() * 100)).padStart(2, '0')}`
            : roll < 0.7
              ? `1234567890123456789012345678${Math.floor(random() * 10)}`
              : String(Math.floor(random() * 1e9) - 1e6);
    const row: Row = {
      id: `id-${String(Math.floor(random() * 1e6)).padStart(7, '0')}-${index}`,
      name: NAMES[Math.floor(random() * NAMES.length)]!,
    };
    if (written !== undefined) row.written = written;
    return row;
  });
}

/** The amount in hundredths, as a big integer: every amount above has at most two decimals. */
function hundredths(written: string): bigint {
  const [whole, fraction = ''] = written.split('.');
  return BigInt(whole!) * 100n + (whole!.startsWith('-') ? -1n : 1n) * BigInt(fraction.padEnd(2, '0'));
}

/** The order the listings promise, written out here on its own. */
function referenceOrder(rows: readonly Row[]): string[] {
  const names = new Intl.Collator('en-IE', { sensitivity: 'base', numeric: true });
  return [...rows]
    .sort((a, b) => {
      if (a.written !== undefined && b.written !== undefined) {
        const difference = hundredths(b.written) - hundredths(a.written);
        if (difference !== 0n) return difference > 0n ? 1 : -1;
      } else if (a.written !== undefined) return -1;
      else if (b.written !== undefined) return 1;
      const byName = names.compare(a.name, b.name);
      if (byName !== 0) return byName;
      return a.id < b.id ? -1 : 1;
    })
    .map((row) => row.id);
}

test('largest first: the largest income first, equal incomes and those without by name then id, those without last', () => {
  for (const seed of [1, 2, 3, 42, 2026]) {
    const rows = rowsFor(seed, 300);
    const ranked = largestFirst(
      rows.map((row) => ({ ...row, ...(row.written !== undefined && { size: decimalOf(row.written) }) })),
    );
    assert.deepEqual(
      ranked.map((row) => row.id),
      referenceOrder(rows),
      `seed ${seed}`,
    );
  }
});

test('largest first does not depend on the order the rows come in, and keeps every row once', () => {
  const rows = rowsFor(7, 200).map((row) => ({
    ...row,
    ...(row.written !== undefined && { size: decimalOf(row.written) }),
  }));
  const once = largestFirst(rows).map((row) => row.id);
  const reversed = largestFirst([...rows].reverse()).map((row) => row.id);
  assert.deepEqual(reversed, once);
  assert.deepEqual([...once].sort(), rows.map((row) => row.id).sort());
});

test('amounts past what a double holds exactly are still told apart', () => {
  const rows = [
    { id: 'a', name: 'A', size: decimalOf('12345678901234567890123456781') },
    { id: 'b', name: 'B', size: decimalOf('12345678901234567890123456789') },
    { id: 'c', name: 'C' },
    { id: 'd', name: 'D', size: decimalOf(-5) },
  ];
  assert.deepEqual(
    largestFirst(rows).map((row) => row.id),
    ['b', 'a', 'd', 'c'],
  );
});

test('a status label is shown as the abbreviation it ends with, or whole when it has none', () => {
  assert.equal(statusAbbreviation('Registered Charity (CRA)'), 'CRA');
  assert.equal(statusAbbreviation('Eligible for Tax Relief on Donations (Revenue) '), 'Revenue');
  assert.equal(statusAbbreviation('Approved Housing Body'), 'Approved Housing Body');
  assert.equal(statusAbbreviation('Body (in part) of a group'), 'Body (in part) of a group');
});

test('a ranked listing links the search filtered as its group is, largest first; a group the search cannot filter has no link', () => {
  const group = (kind: Parameters<typeof wholeRankingSearch>[0]['kind'], key: string) => ({
    kind,
    key,
    slug: `slug-of-${key}`,
    title: `Title of ${key}`,
  });
  const params = (query: string | undefined) =>
    query === undefined ? undefined : Object.fromEntries(new URLSearchParams(query.slice(1)));
  assert.deepEqual(params(wholeRankingSearch(group('county', 'cork'))), { county: 'cork', sort: 'income' });
  assert.deepEqual(params(wholeRankingSearch(group('sector', '6'))), { sector: '6', sort: 'income' });
  assert.deepEqual(params(wholeRankingSearch(group('list', 'charities'))), {
    list: 'charities',
    sort: 'income',
  });
  assert.deepEqual(params(wholeRankingSearch(group('code', 'ictr'))), {
    code: 'slug-of-ictr',
    sort: 'income',
  });
  // A funder's key may hold any character: it reaches the search as it is.
  const funderKey = 'hse / dept. of health & children?#1';
  assert.deepEqual(params(wholeRankingSearch(group('funder', funderKey))), {
    funder: funderKey,
    sort: 'income',
  });
  assert.ok(wholeRankingSearch(group('funder', funderKey))!.startsWith('?'));
  assert.equal(wholeRankingSearch(group('subSector', '6.1')), undefined);
  assert.equal(wholeRankingSearch(group('regulator', 'cra')), undefined);
  assert.equal(wholeRankingSearch(group('county', '')), undefined);
  assert.equal(wholeRankingSearch(group('funder', '')), undefined);
});

test('a group larger than the limit is ranked to its limit: pages of 200, the largest first, and the summary says how many of how many', () => {
  // 450 members ranked to 300: two pages, the second holding ranks 201 to 300 of the whole order.
  const ranking = Array.from({ length: 450 }, (_, index) => `rank-${index + 1}`);
  const second = rankedPage(ranking, 2, 300);
  assert.equal(second.pages, 2);
  assert.equal(second.ranked, 300);
  assert.equal(second.first, 201);
  assert.deepEqual(second.rows, ranking.slice(200, 300));
  const members = ranking.map((id) => ({ id, name: id, present: true }));
  const routes = largestRoutes([{ kind: 'county', key: 'cork', slug: 'cork', members }], 300);
  assert.deepEqual(
    routes.map((route) => route.params.page),
    ['cork', 'cork-p2'],
  );
  assert.equal(
    largestSummary({ group: { members }, page: 2, ...second }),
    '450 organisations: the 300 with the largest latest income, the largest first. Page 2 of 2 shows 201–300.',
  );
  // A group within the limit is ranked whole, as before.
  const whole = rankedPage(ranking.slice(0, 150), 1, 300);
  assert.deepEqual([whole.pages, whole.ranked, whole.rows.length], [1, 150, 150]);
  assert.equal(
    largestSummary({ group: { members: members.slice(0, 150) }, page: 1, ...whole }),
    '150 organisations, the largest latest income first; those that give none follow, A–Z.',
  );
});
