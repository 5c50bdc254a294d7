// Finances over time, end to end: three nightly builds against the sample API at its editions 1, 2
// and 3, in one place (one editions folder). An organisation that filed a new year of accounts on
// the second or third night has three years or more across the editions, where each night's
// summary holds two: its page and financial-years.csv give every one of them.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { parseCsv } from '../../src/lib/csv.ts';
import { generateDataset } from '../../src/sample-api/dataset.ts';
import { buildIn, nightlyBuilds, placeUnder, storedRecords } from '../support/build-place.ts';

const ORGS = 200;
const { root, api } = nightlyBuilds('orgdir-finances-', ORGS, after);
const place = placeUnder(root, 'nights');

/** Organisations that filed a new year on night 2 or 3, stored on night 3, with every year their summaries gave. */
const expected = new Map<string, Set<number>>();

before(async () => {
  for (const night of [1, 2, 3]) {
    const build = await buildIn({ after }, place, await api(night));
    assert.equal(build.code, 0, build.stderr);
  }
  const stored = storedRecords(place);
  for (const night of [2, 3]) {
    for (const change of generateDataset({ orgs: ORGS, edition: night }).changes) {
      if (change.kind !== 'refinanced' || !stored.has(change.id.toLowerCase())) continue;
      const years = expected.get(change.id.toLowerCase()) ?? new Set<number>();
      for (const summary of [change.from, change.to]) {
        const year = summary['currentYear'] as number;
        years.add(year).add(year - 1);
      }
      expected.set(change.id.toLowerCase(), years);
    }
  }
  assert.ok(expected.size > 0, 'some organisations filed a new year of accounts');
});

test('the page of an organisation with three years over the editions shows every year, in a table and a chart', () => {
  for (const [id, years] of expected) {
    assert.ok(years.size >= 3, `${id}: ${[...years].join(', ')}`);
    const html = readFileSync(join(place.site, 'org', `${id}.html`), 'utf8');
    assert.match(html, /Finances over time/);
    assert.match(html, /Income by year/);
    const table = html.slice(html.indexOf('Every year reported'));
    for (const year of years)
      assert.match(table, new RegExp(`<th scope=row>${year}\\b|<th scope="row">${year}\\b`), `${id} ${year}`);
  }
});

test('financial-years.csv gives every year of those organisations', () => {
  const plain = join(place.site, 'downloads', 'financial-years.csv');
  const text = existsSync(plain)
    ? readFileSync(plain, 'utf8')
    : gunzipSync(readFileSync(`${plain}.gz`)).toString('utf8');
  const [header, ...rows] = parseCsv(text);
  const id = header!.indexOf('id');
  const year = header!.indexOf('year');
  for (const [organisation, years] of expected) {
    const given = new Set(
      rows.filter((row) => row[id]!.toLowerCase() === organisation).map((row) => Number(row[year])),
    );
    assert.deepEqual([...given].sort(), [...years].sort(), organisation);
  }
});
