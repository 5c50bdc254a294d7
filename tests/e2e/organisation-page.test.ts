// Organisation pages as a reader and a screen reader move through them: contents that link to a
// heading for each section, tables named by their headings, one name per list and code, codes
// that read as codes, years beside amounts; and the page of an organisation no longer on the
// register, which keeps its key facts. Built from the quality data folder with one kept edition
// in which one organisation left the register.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright';
import { buildSite } from '../../src/site/build.ts';
import { launchChromium } from '../support/chromium.ts';
import type { EditionsView } from '../../src/editions/history.ts';
import type { EditionMeta } from '../../src/editions/store.ts';
import { LISTS } from '../../src/records/register.ts';
import { axeViolations } from '../support/axe.ts';
import { htmlProblems } from '../support/html-validate.ts';
import { openPage } from '../support/page-watch.ts';
import { writeQualityDataFolder } from '../support/sample-data-folder.ts';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'data', 'organisations');
const GONE = 'f0f0f0f0-0000-4000-8000-000000000001';
/** The edition in which it was first gone: kept, so its date links to its page of changes. */
const GONE_SINCE = '2026-04-30-2';
const GONE_RECORD: Record<string, unknown> = {
  ...(JSON.parse(readFileSync(join(FIXTURE, '2e427ca3-b6c4-4801-b9f2-ad6c518b45e5.json'), 'utf8')) as Record<
    string,
    unknown
  >),
  id: GONE,
  name: 'Gone Housing Trust',
};

function editionMeta(id: string, number: number, previous: string | null): EditionMeta {
  return {
    id,
    number,
    date: id.slice(0, 10),
    publishedAt: `${id.slice(0, 10)}T03:00:00.000Z`,
    previous,
    crawl: {},
    counts: { organisations: 64, carried: 0, lists: {} },
    changes: { added: 0, removed: previous === null ? 0 : 1, changed: 0, joined: 0, left: 0 },
    guard: { passed: true, firstEdition: previous === null, checks: [] },
  };
}

const EDITIONS: EditionsView = {
  editions: [
    {
      meta: editionMeta(GONE_SINCE, 2, '2026-04-29'),
      changes: {
        added: [],
        removed: [{ id: GONE, name: 'Gone Housing Trust' }],
        changed: [],
        membership: [],
      },
    },
    {
      meta: editionMeta('2026-04-29', 1, null),
      changes: { added: [], removed: [], changed: [], membership: [] },
    },
  ],
  former: [
    {
      id: GONE,
      name: 'Gone Housing Trust',
      lastSeen: '2026-04-29',
      goneSince: GONE_SINCE,
      record: GONE_RECORD,
    },
  ],
  carried: [],
  histories: new Map([
    [
      GONE,
      [{ edition: GONE_SINCE, date: '2026-04-30', status: 'removed', fields: [], joined: [], left: [] }],
    ],
  ]),
};

function readRecord(path: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

let work: string;
let site: string;
let browser: Browser;
let records: Map<string, Record<string, unknown>>;

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'orgdir-org-page-'));
  const data = join(work, 'data');
  writeQualityDataFolder(data);
  records = new Map();
  for (const file of readdirSync(join(data, 'organisations'))) {
    // The fixtures hold a record that is not JSON; the site leaves it out, and so do these checks.
    const record = readRecord(join(data, 'organisations', file));
    if (record) records.set(file.replace(/\.json$/, '').toLowerCase(), record);
  }
  records.set(GONE, GONE_RECORD);
  site = join(work, 'site');
  await buildSite({ dataDir: data, siteDir: site, tarGz: false, logLevel: 'error', editions: EDITIONS });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

const organisationPages = () =>
  readdirSync(join(site, 'org'))
    .filter((file) => file.endsWith('.html'))
    .map((file) => `org/${file}`);
const html = (path: string) => readFileSync(join(site, path), 'utf8');
const idOf = (path: string) => path.slice('org/'.length, -'.html'.length);
/** Text as a reader sees it: tags dropped, the few entities the pages use decoded, spaces collapsed. */
const textOf = (markup: string) =>
  markup
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** "30 April 2026" for 2026-04-30, by the platform's own calendar. */
const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

test('the site has the pages these checks read: live organisations and the one gone from the register', () => {
  const pages = organisationPages();
  assert.equal(pages.length, records.size);
  assert.ok(pages.includes(`org/${GONE}.html`));
});

test("every organisation page's contents link to an h2 for each of its sections, and to nothing else", () => {
  for (const path of organisationPages()) {
    const page = html(path);
    const contents = /<nav aria-label="Contents">([\s\S]*?)<\/nav>/.exec(page)?.[1];
    assert.ok(contents, `${path} has contents`);
    const links = [...contents.matchAll(/<a href="#([^"]+)">([^<]+)<\/a>/g)].map(([, id, title]) => ({
      id: id!,
      title: title!,
    }));
    const headings = [...page.matchAll(/<h2 id="([^"]+)">([^<]+)<\/h2>/g)].map(([, id, title]) => ({
      id: id!,
      title: title!,
    }));
    assert.equal((page.match(/<h2[\s>]/g) ?? []).length, headings.length, `${path}: every h2 has an id`);
    assert.deepEqual(links, headings, path);
    for (const { id } of links) {
      assert.equal((page.match(new RegExp(`\\sid="${id}"`, 'g')) ?? []).length, 1, `${path}: #${id} once`);
    }
    const record = records.get(idOf(path))!;
    const titles = links.map((link) => link.title);
    const funders = Array.isArray(record['funders']) && record['funders'].length > 0;
    assert.equal(titles.includes('Funders'), funders, `${path}: Funders`);
    assert.ok(titles.includes('Change history'), `${path}: the kept editions give every page a history`);
  }
});

test('every table of an organisation page has a name: its caption, or the heading it names', () => {
  for (const path of organisationPages()) {
    const page = html(path);
    for (const [table] of page.matchAll(/<table[^>]*>(?:<caption>[^<]+)?/g)) {
      const labelledBy = /aria-labelledby="([^"]+)"/.exec(table)?.[1];
      if (labelledBy) assert.match(page, new RegExp(`<h2 id="${labelledBy}">`), `${path}: ${table}`);
      else assert.match(table, /<caption>\S/, `${path}: ${table}`);
    }
  }
});

/** The other names each list went by on these pages. */
const FORMER_LIST_NAMES: Record<string, string> = {
  registeredCharities: 'Registered charity',
  taxEfficientGifts: 'Qualifies for tax relief on donations',
  housingBodies: 'Approved housing body',
};

test('a list is called by one name on a page, and a voluntary code is listed once', () => {
  let codes = 0;
  for (const path of organisationPages()) {
    const text = textOf(html(path));
    for (const list of LISTS) {
      const names = new Set(
        [list.title, FORMER_LIST_NAMES[list.key]!, list.description].filter((name) => text.includes(name)),
      );
      assert.ok(names.size <= 1, `${path} calls ${list.key} ${[...names].join(' and ')}`);
    }
    const codeLinks = [...html(path).matchAll(/href="\.\.\/code\/([^"]+)\.html"/g)].map(([, slug]) => slug!);
    assert.equal(new Set(codeLinks).size, codeLinks.length, `${path}: ${codeLinks.join(', ')}`);
    codes += codeLinks.length;
  }
  assert.ok(codes > 0, 'some organisation is on a voluntary code');
});

test('sector codes read as codes, and amounts carry the year the record gives them', () => {
  let dated = 0;
  for (const path of organisationPages()) {
    const page = html(path);
    const record = records.get(idOf(path))!;
    const sector = /<dt>Sector(?:<\/dt>)?<dd>([\s\S]*?)(?=<\/dd>|<dt>|<\/dl>)/.exec(page)![1]!;
    const code = record['sectorCode'];
    if (typeof code === 'string' && code !== '') {
      assert.ok(textOf(sector).includes(`code ${code}`), `${path}: ${sector}`);
      assert.doesNotMatch(textOf(sector), new RegExp(`\\(${code.replace('.', '\\.')}\\)`), path);
    }
    const summary = record['financialSummary'] as { currentYear?: unknown } | undefined;
    if (typeof summary?.currentYear !== 'number') continue;
    const year = summary.currentYear;
    dated += 1;
    const keyFacts = textOf(/<dl class="key-facts">([\s\S]*?)<\/dl>/.exec(page)![1]!);
    assert.match(keyFacts, new RegExp(`Latest income [\\d,]+ \\(${year}\\)`), path);
    const finances = textOf(/<h2 id="finances">([\s\S]*?)<\/section>/.exec(page)![1]!);
    for (const label of [`Previous year (${year - 1})`, `Current year (${year})`])
      assert.ok(finances.includes(label), `${path}: ${label}`);
    if (page.includes('<figcaption>Grey'))
      assert.ok(finances.includes(`previous year (${year - 1}). Green: current year (${year})`), path);
  }
  assert.ok(dated > 10, `${dated} organisations with a year`);
});

test('an organisation no longer on the register keeps its key facts: its number, county, since when, and its last record', () => {
  const path = `org/${GONE}.html`;
  const page = html(path);
  const keyFacts = /<dl class="key-facts">([\s\S]*?)<\/dl>/.exec(page)?.[1];
  assert.ok(keyFacts, 'a key-facts box');
  const regulators = GONE_RECORD['regulators'] as { regulatorDesc: string; regulatorNumber: string }[];
  const number = regulators.find((regulator) => regulator.regulatorDesc === 'CRA')!.regulatorNumber;
  const text = textOf(keyFacts);
  assert.ok(text.includes(`Charity number (last known) ${number}`), text);
  assert.ok(text.includes(`County ${GONE_RECORD['county'] as string}`), text);
  assert.ok(text.includes(`no longer on the register since ${longDate(GONE_SINCE.slice(0, 10))}`), text);
  assert.match(keyFacts, new RegExp(`<a href="\\.\\./changes/${GONE_SINCE}\\.html">`));
  assert.match(textOf(/<h1>([\s\S]*?)<\/h1>/.exec(page)![1]!), /Gone Housing Trust/);
  const record = /<a href="\.\.\/(record\/[^"]+\.json)">/.exec(keyFacts)?.[1];
  assert.equal(record, `record/${GONE}.json`);
  assert.deepEqual(JSON.parse(readFileSync(join(site, record), 'utf8')), GONE_RECORD);
  assert.ok(existsSync(join(site, 'changes', `${GONE_SINCE}.html`)));
});

test('the page of an organisation gone from the register is valid HTML and passes axe', async () => {
  const path = `org/${GONE}.html`;
  assert.deepEqual(await htmlProblems(html(path), path), []);
  const context = await browser.newContext();
  const { page, problems } = await openPage(context, pathToFileURL(join(site, path)).href);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('on a phone the contents fold under one line below the key facts, and open without JavaScript', async () => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const page = await phone.newPage();
  await page.goto(pathToFileURL(join(site, `org/${GONE}.html`)).href);
  const contents = page.locator('nav[aria-label="Contents"]');
  const links = contents.locator('a');
  assert.equal(await links.first().isVisible(), false);
  const keyFacts = (await page.locator('.key-facts').boundingBox())!;
  const folded = (await contents.boundingBox())!;
  assert.ok(folded.y >= keyFacts.y + keyFacts.height, 'below the key facts');
  assert.ok(folded.height < 40, `folded to ${folded.height} px`);
  assert.ok(
    (await page.evaluate(() => document.documentElement.scrollWidth)) <= 390,
    'no wider than the phone',
  );
  await contents.locator('summary').click();
  assert.ok(await links.last().isVisible());
  // The last of the contents: "Cite this page", which ends every organisation page.
  await links.last().click();
  assert.match(page.url(), /#cite$/);
  await phone.close();

  const wide = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
  const widePage = await wide.newPage();
  await widePage.goto(pathToFileURL(join(site, `org/${GONE}.html`)).href);
  assert.ok(await widePage.locator('nav[aria-label="Contents"] a').first().isVisible());
  await wide.close();
});
