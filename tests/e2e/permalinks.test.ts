// Permalinks of every kept edition and "Cite this page", end to end: three nightly builds against
// the sample API (renames, additions and removals each night), then the organisation pages opened
// in Chromium from file:// and over HTTP under a sub-path. An old edition's permalink shows that
// night's values, tonight's shows today's; the expectations come from the records each night's
// crawl stored, not from the code that writes the history. The site is built again from the
// editions with a public address, so that the cite block gives absolute permalinks.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright';
import { loadEditionsView } from '../../src/editions/history.ts';
import { EditionStore } from '../../src/editions/store.ts';
import { buildSite } from '../../src/site/build.ts';
import { axeViolations } from '../support/axe.ts';
import { launchChromium } from '../support/chromium.ts';
import { storedRecords, type Place } from '../support/build-place.ts';
import { buildRoot, sharedNights } from '../support/shared-nights.ts';
import { openPage } from '../support/page-watch.ts';
import { serveSite, type SiteServer } from '../support/static-server.ts';

const SITE_URL = 'https://example.org/orgdir/';
const SUB_PATH = '/archive/orgdir/';

const root = buildRoot('orgdir-permalinks-');
after(() => rmSync(root, { recursive: true, force: true }));
const addressed = join(root, 'addressed');

/** The place after the third night. */
let night: Place;

let nights: Map<string, Record<string, unknown>>[] = [];
let editions: { id: string; date: string }[] = [];
let browser: Browser;
let server: SiteServer;

before(async () => {
  const each = await sharedNights();
  nights = each.map(storedRecords);
  night = each[2];
  editions = new EditionStore(night.editions).list().map(({ id, date }) => ({ id, date }));
  assert.equal(editions.length, 3);
  await buildSite({
    dataDir: night.data,
    siteDir: addressed,
    tarGz: false,
    logLevel: 'error',
    siteUrl: SITE_URL,
    editions: await loadEditionsView(night.editions, SITE_URL),
  });
  browser = await launchChromium();
  server = await serveSite(addressed, { subPath: SUB_PATH });
});

after(async () => {
  await browser?.close();
  await server?.close();
  nights = [];
});

const name = (record: Record<string, unknown> | undefined) => String(record?.['name'] ?? '');
/** An organisation renamed between the first night and the third, with both names. */
function renamed(): { id: string; then: string; today: string } {
  const [first, , third] = nights as [
    Map<string, Record<string, unknown>>,
    unknown,
    Map<string, Record<string, unknown>>,
  ];
  for (const [id, record] of third) {
    const old = first.get(id);
    if (old !== undefined && name(old) !== name(record)) return { id, then: name(old), today: name(record) };
  }
  throw new Error('no organisation renamed between the first night and the third');
}
/** An organisation the third night lists that the first did not. */
function added(): string {
  const [first, , third] = nights as [Map<string, unknown>, unknown, Map<string, unknown>];
  const id = [...third.keys()].find((key) => !first.has(key));
  assert.ok(id, 'an organisation added');
  return id;
}
/** An organisation whose record was the same all three nights. */
function unchanged(): string {
  const [first, second, third] = nights as [Map<string, unknown>, Map<string, unknown>, Map<string, unknown>];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const id = [...third.keys()].find(
    (key) => same(first.get(key), third.get(key)) && same(second.get(key), third.get(key)),
  );
  assert.ok(id, 'an organisation unchanged');
  return id;
}

const dateText = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The "as of" panel's text once it has its answer, and the problems the page met. */
async function panel(page: Page): Promise<string> {
  await page.locator('#as-of').waitFor();
  await page.waitForFunction(() => !document.getElementById('as-of')?.textContent?.includes('Loading'));
  return (await page.locator('#as-of').innerText()).replace(/\s+/g, ' ');
}

async function asOf(
  url: string,
  opener: Browser | BrowserContext = browser,
): Promise<{ text: string; cells: string[][]; problems: string[]; page: Page }> {
  const { page, problems } = await openPage(opener, url);
  const text = await panel(page);
  const cells = await page
    .locator('#as-of tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim())),
    );
  return { text, cells, problems, page };
}

const fileUrl = (id: string, edition: string) =>
  `${pathToFileURL(join(night.site, 'org', `${id}.html`)).href}#edition-${edition}`;
const httpUrl = (id: string, edition: string) => `${server.root}org/${id}.html#edition-${edition}`;

test("from file://, an old edition's permalink shows that night's name beside today's, and links today's page", async () => {
  const { id, then, today } = renamed();
  const [oldest] = editions;
  // A context of its own: axe opens pages beside the one it checks.
  const context = await browser.newContext();
  const { text, cells, problems, page } = await asOf(fileUrl(id, oldest!.id), context);
  assert.ok(text.includes(`As of the edition of ${dateText(oldest!.date)}`), text);
  assert.deepEqual(
    cells.find(([label]) => label === 'Name'),
    ['Name', then, today],
  );
  assert.ok(text.includes('Everything else was the same then'), text);
  assert.equal(
    await page.locator('#as-of a', { hasText: 'Today’s page' }).getAttribute('href'),
    `${id}.html`,
  );
  // The panel and the cite block, machine formats open, hold to WCAG 2.2 AA as the rest of the page does.
  for (const summary of await page.locator('#citation summary').all()) await summary.click();
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test("tonight's permalink shows today's values; an unknown edition and one before the organisation was listed say so", async () => {
  const { id } = renamed();
  const tonight = editions.at(-1)!;
  const same = await asOf(fileUrl(id, tonight.id));
  assert.ok(same.text.includes('the same as on today’s page'), same.text);
  assert.deepEqual(same.cells, []);
  const unknown = await asOf(fileUrl(id, '1999-01-01'));
  assert.ok(unknown.text.includes('keeps no edition called “1999-01-01”'), unknown.text);
  const newcomer = await asOf(fileUrl(added(), editions[0]!.id));
  assert.ok(newcomer.text.includes('was not on the register in that edition'), newcomer.text);
  const steady = await asOf(fileUrl(unchanged(), editions[0]!.id));
  assert.ok(steady.text.includes('the same as on today’s page'), steady.text);
  for (const opened of [same, unknown, newcomer, steady]) {
    assert.deepEqual(opened.problems, []);
    await opened.page.close();
  }
});

test('over HTTP under a sub-path the same permalinks resolve, and following another edition’s link changes the panel', async () => {
  const { id, then, today } = renamed();
  const old = await asOf(httpUrl(id, editions[0]!.id));
  assert.deepEqual(
    old.cells.find(([label]) => label === 'Name'),
    ['Name', then, today],
  );
  await old.page.evaluate((edition) => (location.hash = `#edition-${edition}`), editions.at(-1)!.id);
  await old.page.waitForFunction(() =>
    document.getElementById('as-of')?.textContent?.includes('the same as on today'),
  );
  assert.deepEqual(old.problems, []);
  await old.page.close();
});

test("'Cite this page' gives tonight's permalink, its date, and the citation in plain text, CSL-JSON and BibTeX", async () => {
  const { id, today } = renamed();
  const tonight = editions.at(-1)!;
  const permalink = `${SITE_URL}org/${id}.html#edition-${tonight.id}`;
  const { page, problems } = await openPage(browser, `${server.root}org/${id}.html`);
  const cite = page.locator('#citation');
  const plain = (await cite.locator('p').first().innerText()).replace(/\s+/g, ' ');
  assert.equal(plain, `${today}. orgdir, edition of ${dateText(tonight.date)}. ${permalink}`);
  await page.locator('[data-citation="CSL-JSON"] summary').click();
  const csl = JSON.parse(await page.locator('[data-citation="CSL-JSON"] pre').innerText()) as Record<
    string,
    unknown
  >[];
  assert.equal(csl.length, 1);
  assert.equal(csl[0]!['title'], today);
  assert.equal(csl[0]!['URL'], permalink);
  assert.equal(csl[0]!['version'], tonight.id);
  await page.locator('[data-citation="BibTeX"] summary').click();
  const bib = await page.locator('[data-citation="BibTeX"] pre').innerText();
  assert.match(bib, /^@misc\{orgdir-/);
  assert.ok(bib.includes(`url = {${permalink}}`), bib);
  // The permalink itself stays on the page: it shows tonight's values.
  await cite.locator('a').click();
  assert.ok((await panel(page)).includes('the same as on today’s page'));
  assert.deepEqual(problems, []);
  await page.close();
});

test('without a public address the permalink is relative to the site, and the About page says so; with no script it lands on the change history', async () => {
  const { id, then } = renamed();
  const { page, problems } = await openPage(
    browser,
    pathToFileURL(join(night.site, 'org', `${id}.html`)).href,
  );
  const tonight = editions.at(-1)!;
  const plain = await page.locator('#citation p').first().innerText();
  assert.ok(plain.endsWith(` org/${id}.html#edition-${tonight.id}`), plain);
  // Said once, on the About page, rather than on each of the organisations' pages.
  assert.match(
    readFileSync(join(night.site, 'about.html'), 'utf8'),
    /built without its public address, so each permalink is given relative to the site/,
  );
  // The change history's entry of the edition that renamed it carries that edition's fragment.
  const renamedIn = name(nights[1]!.get(id)) === then ? editions[2]! : editions[1]!;
  assert.equal(await page.locator(`li[id="edition-${renamedIn.id}"]`).count(), 1);
  assert.deepEqual(problems, []);
  await page.close();
});

test('history scripts hold only the organisations whose record changed or that left, a few to a script', () => {
  const folder = join(night.site, 'history');
  const held = new Set<string>();
  let bytes = 0;
  for (const file of readdirSync(folder)) {
    const text = readFileSync(join(folder, file), 'utf8');
    bytes += Buffer.byteLength(text);
    new Function('orgdirHistory', text)((histories: Record<string, unknown>) => {
      for (const id of Object.keys(histories)) {
        assert.ok(id.startsWith(file.replace(/\.js$/, '')), `${id} in ${file}`);
        held.add(id);
      }
    });
  }
  const changedOrGone = new Set<string>();
  const [first, second, third] = nights as [Map<string, unknown>, Map<string, unknown>, Map<string, unknown>];
  for (const id of new Set([...first.keys(), ...second.keys(), ...third.keys()])) {
    const texts = [first, second, third].map((records) => JSON.stringify(records.get(id) ?? null));
    if (new Set(texts.slice(texts.findIndex((text) => text !== 'null'))).size > 1) changedOrGone.add(id);
  }
  assert.deepEqual([...held].sort(), [...changedOrGone].sort());
  console.error(
    `history scripts: ${readdirSync(folder).length} files, ${held.size} organisations, ${bytes} bytes`,
  );
});
