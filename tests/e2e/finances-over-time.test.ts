// Finances over time, end to end: three nightly builds against the sample API at its editions 1, 2
// and 3, in one place (one editions folder). An organisation that filed a new year of accounts on
// the second or third night has three years or more across the editions, where each night's
// summary holds two: its page, financial-years.csv and the database give every one of them.
// One organisation's summaries are written by hand (../support/shared-nights.ts), a year of accounts
// a night over three financial years, the second night restating the year before: its years, the
// edition that first reported each, and the restatement are checked against those figures, on the
// page (on a phone's screen too), in the CSV and in the database.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import { gunzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { parseCsv } from '../../src/lib/csv.ts';
import { generateDataset } from '../../src/sample-api/dataset.ts';
import { storedRecords, type Place } from '../support/build-place.ts';
import {
  NIGHTS_ORGS,
  sharedNights,
  TRACKED,
  TRACKED_SUMMARIES,
  type Nights,
} from '../support/shared-nights.ts';
import { launchChromium } from '../support/chromium.ts';
import { offScreen, sidewaysOverflow } from '../support/phone.ts';
import { readerModes } from '../support/reader-modes.ts';
import { serveSite, type SiteServer } from '../support/static-server.ts';
import type { Browser } from 'playwright';

const ORGS = NIGHTS_ORGS;
const tracked = TRACKED;
const SUMMARIES = TRACKED_SUMMARIES;

/** The place after each night. */
let eachNight: Nights;
/** The place after the third night: its data, site and editions. */
let place: Place;

/** Organisations that filed a new year on night 2 or 3, stored on night 3, with every year their summaries gave. */
const expected = new Map<string, Set<number>>();
/** The edition each night published, in order: the ones that first reported, or restated, a year. */
const nights: string[] = [];

let browser: Browser;
/** The last night's site, served at the root of a loopback server. */
let server: SiteServer;

/** The editions in the editions folder, by their folder names (`YYYY-MM-DD`, `YYYY-MM-DD-N`). */
const editionFolders = (at: Place) =>
  readdirSync(at.editions).filter((name) => /^\d{4}-\d{2}-\d{2}(-\d+)?$/.test(name));

before(async () => {
  eachNight = await sharedNights();
  place = eachNight[2];
  let known = new Set<string>();
  for (const [index, night] of eachNight.entries()) {
    const folders = editionFolders(night);
    const published = folders.filter((name) => !known.has(name));
    assert.equal(published.length, 1, `night ${index + 1} published one edition: ${published.join(', ')}`);
    nights.push(published[0]!);
    known = new Set(folders);
  }
  const stored = storedRecords(place);
  assert.deepEqual(stored.get(tracked)?.['financialSummary'], SUMMARIES[3]);
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
  browser = await launchChromium();
  server = await serveSite(place.site);
});

after(async () => {
  await server?.close();
  await browser?.close();
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

/** The text of a download, whether it is offered as it is or gzipped. */
function download(name: string): string {
  const plain = join(place.site, 'downloads', name);
  return existsSync(plain)
    ? readFileSync(plain, 'utf8')
    : gunzipSync(readFileSync(`${plain}.gz`)).toString('utf8');
}

test('financial-years.csv gives every year of those organisations', () => {
  const [header, ...rows] = parseCsv(download('financial-years.csv'));
  const id = header!.indexOf('id');
  const year = header!.indexOf('year');
  for (const [organisation, years] of expected) {
    const given = new Set(
      rows.filter((row) => row[id]!.toLowerCase() === organisation).map((row) => Number(row[year])),
    );
    assert.deepEqual([...given].sort(), [...years].sort(), organisation);
  }
});

/** The tracked organisation's page from file:// and over HTTP, on a wide screen and a phone's. */
const MODES = readerModes(
  () => pathToFileURL(`${place.site}/`).href,
  () => server.root,
);

for (const { name, root, viewport } of MODES) {
  test(`${name}: the tracked organisation's page gives every year of the three nights, 2021 marked restated with what it was, and the chart reads whole`, async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${root()}org/${tracked}.html`);
    // A crawl of the sample API, which marks its answers: every page says the data is made up.
    assert.match(await page.locator('body').innerText(), /Sample data: every organisation here is made up\./);
    const rows = await page.evaluate(() => {
      const table = [...document.querySelectorAll('table')].find(
        (element) => element.caption?.textContent?.trim() === 'Every year reported',
      );
      return [...(table?.tBodies[0]?.rows ?? [])].map((row) =>
        [...row.cells].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim()),
      );
    });
    // Newest first: year, income, spending, grants, net assets (the date each was first reported last).
    assert.deepEqual(
      rows.map((row) => row.slice(0, 5)),
      [
        ['2023', '1,600,000', '1,450,000', '350,000', '1,150,000'],
        ['2022', '1,400,000', '1,300,000', '320,000', '1,000,000'],
        ['2021 (restated)', '1,275,000', '1,100,000', '300,000', '900,000'],
        ['2020', '1,000,000', '950,000', '250,000', '750,000'],
      ],
    );
    assert.match(
      rows[2]![5]!,
      /; restated .+, was income 1,250,000, spending 1,100,000, grants 300,000, net assets 900,000$/,
    );
    for (const row of [rows[0]!, rows[1]!, rows[3]!]) assert.doesNotMatch(row[5]!, /restated/);

    // The chart: every year's bar and figure inside its box, which has nothing to scroll to.
    const chart = await page.evaluate(() => {
      const box = document.getElementById('income-by-year')!.closest('figure')!;
      const edge = box.getBoundingClientRect();
      const texts = [...box.querySelectorAll('svg text, svg rect')].map((element) => {
        const drawn = element.getBoundingClientRect();
        return {
          text: element.textContent ?? '',
          inside: drawn.left >= edge.left - 0.5 && drawn.right <= edge.right + 0.5,
        };
      });
      return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth, texts };
    });
    assert.ok(
      chart.scrollWidth <= chart.clientWidth,
      `the chart is ${chart.scrollWidth} px wide in a box of ${chart.clientWidth} px`,
    );
    assert.deepEqual(
      chart.texts.filter((drawn) => !drawn.inside),
      [],
      'every bar and figure is drawn inside the box',
    );
    const written = chart.texts.map((drawn) => drawn.text.trim()).filter((text) => text !== '');
    for (const text of ['2020', '1,000,000', '2021', '1,275,000', '2022', '1,400,000', '2023', '1,600,000'])
      assert.ok(written.includes(text), `${text} in the chart: ${written.join(' | ')}`);
    // The tables' first figures (each year and its income) are on screen without scrolling their box.
    assert.deepEqual(await offScreen(page, 'table.amounts tbody tr > :nth-child(-n+2)'), []);
    assert.ok(
      (await sidewaysOverflow(page)).scrollWidth <= viewport.width,
      'the page does not scroll sideways',
    );
    await context.close();
  });
}

/** The tracked organisation's years as written above: year, figures, first reported, figures from, restated in. */
function trackedYears() {
  const [first, second, third] = nights as [string, string, string];
  return [
    { year: 2020, figures: [1_000_000, -950_000, 250_000, 750_000], first, from: first, restatedIn: '' },
    {
      year: 2021,
      figures: [1_275_000, -1_100_000, 300_000, 900_000],
      first,
      from: second,
      restatedIn: second,
    },
    {
      year: 2022,
      figures: [1_400_000, -1_300_000, 320_000, 1_000_000],
      first: second,
      from: second,
      restatedIn: '',
    },
    {
      year: 2023,
      figures: [1_600_000, -1_450_000, 350_000, 1_150_000],
      first: third,
      from: third,
      restatedIn: '',
    },
  ];
}

test("financial-years.csv gives the tracked organisation's four years, the edition that first reported each and 2021's restatement", () => {
  const [header, ...rows] = parseCsv(download('financial-years.csv'));
  assert.deepEqual(header, [
    'id',
    'name',
    'year',
    'income',
    'expenditure',
    'grants',
    'net_assets',
    'first_reported',
    'figures_from',
    'restated',
    'restated_in',
  ]);
  assert.deepEqual(
    rows.filter((row) => row[0]!.toLowerCase() === tracked).map((row) => [row[2], ...row.slice(3)]),
    trackedYears().map((year) => [
      String(year.year),
      ...year.figures.map(String),
      year.first,
      year.from,
      year.restatedIn === '' ? 'no' : 'yes',
      year.restatedIn,
    ]),
  );
});

test('the database has a financial_years row for every year of every organisation above, the same as the CSV', (t) => {
  const work = mkdtempSync(join(tmpdir(), 'orgdir-finances-db-'));
  t.after(() => rmSync(work, { recursive: true, force: true }));
  const file = join(work, 'orgdir.sqlite');
  writeFileSync(file, gunzipSync(readFileSync(join(`${place.site}-release`, 'orgdir.sqlite.gz'))));
  const database = new DatabaseSync(file, { readOnly: true });
  t.after(() => database.close());
  const yearsOf = database.prepare(
    `SELECT year, income, expenditure, grants, net_assets, first_reported, figures_from, restated, restated_in
     FROM financial_years WHERE lower(organisation_id) = ? ORDER BY year`,
  );
  assert.deepEqual(
    yearsOf.all(tracked).map((row) => Object.values(row)),
    trackedYears().map((year) => [
      year.year,
      ...year.figures,
      year.first,
      year.from,
      year.restatedIn === '' ? 0 : 1,
      year.restatedIn === '' ? null : year.restatedIn,
    ]),
  );
  for (const [organisation, years] of expected) {
    const given = yearsOf.all(organisation).map((row) => Number(row['year']));
    assert.deepEqual(given, [...years].sort(), organisation);
  }
  // Every row of the CSV is a row of the database, and no more.
  const [, ...csv] = parseCsv(download('financial-years.csv'));
  const count = database.prepare('SELECT count(*) AS n FROM financial_years').get()!['n'];
  assert.equal(count, csv.length);
  assert.deepEqual(database.prepare('PRAGMA foreign_key_check').all(), []);
});

test("the comparison's record of the tracked organisation holds its four years, newest first, 2021 as restated", () => {
  // The shard is a classic script calling one global function with its texts and records.
  const script = readFileSync(join(place.site, 'compare', `${tracked.slice(0, 2)}.js`), 'utf8');
  let records: unknown[][] = [];
  new Function('orgdirCompareData', script)((_texts: string[], given: unknown[][]) => (records = given));
  const record = records.find((entry) => String(entry[0]).toLowerCase() === tracked)!;
  assert.ok(record, 'the tracked organisation is in its shard');
  assert.deepEqual(
    (record[12] as string[][]).map((year) => year.slice(0, 2)),
    [
      ['2023', String(SUMMARIES[3]!['currentIncome'])],
      ['2022', String(SUMMARIES[3]!['prevIncome'])],
      ['2021', '1275000'],
      ['2020', '1000000'],
    ],
  );
});
