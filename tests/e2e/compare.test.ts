// Readers' questions across organisations. Organisations side by side, as a reader meets them:
// chosen on organisation pages, a ranked list and the search results, compared two and four at a
// time from file:// and over HTTP, on a wide screen and a phone's, the shared address reopening
// the same comparison in another browser, and the comparison downloaded as CSV. And the people: a
// director's name on a page leads to every organisation whose record lists it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright';
import { parseCsv } from '../../src/lib/csv.ts';
import { launchChromium } from '../support/chromium.ts';
import { serveSite, type SiteServer } from '../support/static-server.ts';
import { axeViolations } from '../support/axe.ts';
import { htmlProblems } from '../support/html-validate.ts';
import { openPage } from '../support/page-watch.ts';
import { referenceWords } from '../support/search-reference.ts';
import { PHONE, sidewaysOverflow } from '../support/phone.ts';
import { readerModes, saysNothingOfSampleData, WIDE } from '../support/reader-modes.ts';
import { FIXTURE_DATA, sharedSite } from '../support/shared-sites.ts';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';

/** The fixture's fullest record: two years of accounts, funders, directors, a voluntary code. */
const FULL = '2e427ca3-b6c4-4801-b9f2-ad6c518b45e5';

let data: string;
let site: string;
let browser: Browser;
let server: SiteServer;
/** Records of the data folder by id, read here as JSON, apart from the site's reader. */
const records = new Map<string, Record<string, unknown>>();

before(async () => {
  ({ data, site } = await sharedSite('quality'));
  // The sample's records and the fullest fixture record; the other fixture records are odd ones.
  const fixtures = new Set(readdirSync(join(FIXTURE_DATA, 'organisations')));
  for (const file of readdirSync(join(data, 'organisations')))
    if (file === `${FULL}.json` || !fixtures.has(file))
      records.set(
        file.slice(0, -'.json'.length).toLowerCase(),
        JSON.parse(readFileSync(join(data, 'organisations', file), 'utf8')) as Record<string, unknown>,
      );
  browser = await launchChromium();
  server = await serveSite(site);
});

after(async () => {
  await server?.close();
  await browser?.close();
});

const fileUrl = (path: string) => pathToFileURL(join(site, path)).href;
/** Each task below from file:// and over HTTP, on a wide screen and a phone's. */
const MODES = readerModes(
  () => pathToFileURL(site + '/').href,
  () => server.root,
);

/** Organisations of the sample with income in their records, with more than one director. */
function sampleIds(count: number): string[] {
  return [...records.entries()]
    .filter(([id, record]) => id !== FULL && Array.isArray(record['directors']) && record['financialSummary'])
    .map(([id]) => id)
    .sort()
    .slice(0, count);
}

/** The comparison's table as its header names and its rows' cells. */
async function comparison(page: Page): Promise<{ names: string[]; rows: Map<string, string[]> }> {
  await page.locator('.compare-table').waitFor();
  const { names, rows } = await page.evaluate(() => {
    const table = document.querySelector('.compare-table')!;
    const names = [...table.querySelectorAll('thead th a')].map((link) => link.textContent!.trim());
    const rows = new Map<string, string[]>();
    for (const row of table.querySelectorAll('tbody tr:not(.compare-section)')) {
      const label = row.querySelector('th')!.firstChild!.textContent!.trim();
      rows.set(
        label,
        [...row.querySelectorAll('td')].map((cell) => cell.textContent!.trim()),
      );
    }
    return { names, rows: [...rows] };
  });
  return { names, rows: new Map(rows) };
}

/** Chooses each organisation on its own page, then opens the comparison from the bar. */
async function chooseOnPages(page: Page, root: string, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    await page.goto(`${root}org/${id}.html`);
    const toggle = page.getByRole('button', { name: 'Compare with others' });
    await toggle.click();
    assert.equal(
      await page.getByRole('button', { name: 'Chosen to compare' }).getAttribute('aria-pressed'),
      'true',
    );
  }
  await page
    .getByRole('region', { name: 'Comparison' })
    .getByRole('link', { name: `Compare ${ids.length}` })
    .click();
}

for (const { name, root: rootOf, viewport } of MODES) {
  test(`${name}: two organisations chosen on their pages side by side, the shared address reopening them`, async () => {
    const root = rootOf();
    const context = await browser.newContext({ viewport });
    const { page, problems } = await openPage(context, `${root}index.html`);
    const ids = [FULL, sampleIds(1)[0]!];
    await chooseOnPages(page, root, ids);
    const { names, rows } = await comparison(page);
    assert.deepEqual(
      names,
      ids.map((id) => String(records.get(id)!['name'])),
    );
    const full = records.get(FULL)!;
    const summary = full['financialSummary'] as Record<string, number>;
    assert.match(
      rows.get(`Income, ${summary['currentYear']}`)![0]!,
      new RegExp(summary['currentIncome']!.toLocaleString('en-IE')),
    );
    for (const director of full['directors'] as { name: string }[])
      assert.ok(rows.has(director.name.trim()), `director ${director.name} has a row`);
    assert.ok(page.url().includes(`compare.html?ids=${ids.join(',')}`), page.url());
    if (viewport === PHONE) {
      const { scrollWidth, cutOff } = await sidewaysOverflow(page);
      assert.ok(scrollWidth <= PHONE.width, `the page is ${scrollWidth} px wide`);
      assert.deepEqual(cutOff, []);
      // Two organisations fit beside the field names: the latest incomes are on screen.
      const right = await page.evaluate(() =>
        Math.max(
          ...[...document.querySelectorAll('.compare-table tbody td')].map(
            (cell) => cell.getBoundingClientRect().right,
          ),
        ),
      );
      assert.ok(right <= PHONE.width, `a cell ends at ${right} px`);
    }
    // Another reader, with nothing chosen, opens the same address.
    const shared = page.url();
    const other = await browser.newContext({ viewport });
    const reopened = await openPage(other, shared);
    assert.deepEqual((await comparison(reopened.page)).names, names);
    assert.deepEqual(reopened.problems, []);
    assert.deepEqual(problems, []);
    await other.close();
    await context.close();
  });
}

for (const { name, root: rootOf, viewport } of MODES) {
  test(`${name}: four organisations compared, the largest amounts and shared names marked, the shared address reopening them, and downloaded as CSV with relative pages`, async () => {
    const root = rootOf();
    const ids = [FULL, ...sampleIds(3)];
    const chooser = await browser.newContext({ viewport });
    const chosen = await openPage(chooser, `${root}index.html`);
    await chooseOnPages(chosen.page, root, ids);
    const shared = chosen.page.url();
    assert.ok(shared.endsWith(`compare.html?ids=${ids.join(',')}`), shared);
    assert.deepEqual(chosen.problems, []);
    await chooser.close();
    // Another reader, with nothing chosen, opens the shared address.
    const context = await browser.newContext({ viewport, acceptDownloads: true });
    const { page, problems } = await openPage(context, shared);
    const { names, rows } = await comparison(page);
    assert.deepEqual(
      names,
      ids.map((id) => String(records.get(id)!['name'])),
    );
    assert.ok(rows.has('Latest income'));
    assert.equal(
      (await page.locator('.compare-table td strong').count()) > 0,
      true,
      'a largest amount is marked',
    );
    if (viewport === PHONE) {
      // Four do not fit beside the field names: the table scrolls in its own box, the page does not.
      const { scrollWidth, cutOff } = await sidewaysOverflow(page);
      assert.ok(scrollWidth <= PHONE.width, `the page is ${scrollWidth} px wide`);
      assert.deepEqual(cutOff, []);
    }
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the comparison as CSV' }).click();
    const csv = parseCsv(readFileSync(await (await download).path(), 'utf8'));
    assert.deepEqual(csv[0]!.slice(2), names);
    assert.deepEqual(
      csv[1]!.slice(2),
      ids.map((id) => `org/${id}.html`),
    );
    // Only the rows that differ or are shared.
    const all = await page.locator('.compare-table tbody tr:visible').count();
    await page.getByLabel('Only the rows that differ or are shared').check();
    const marked = await page.locator('.compare-table tbody tr:visible').count();
    assert.ok(marked < all, `${marked} of ${all} rows left`);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(await htmlProblems(await page.content(), 'compare.html', true), []);
    // Removing one leaves three, and the address follows.
    await page.getByRole('button', { name: `Remove ${names[3]}` }).click();
    await page.waitForFunction(() => document.querySelectorAll('.compare-table thead th a').length === 3);
    assert.ok(page.url().endsWith(`?ids=${ids.slice(0, 3).join(',')}`), page.url());
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('organisations are chosen from a ranked list and from the search results', async () => {
  const context = await browser.newContext({ viewport: WIDE });
  // The county with the most organisations on its ranked page.
  const ranked = readdirSync(join(site, 'largest', 'county'))
    .map((file) => ({
      file,
      rows: readFileSync(join(site, 'largest', 'county', file), 'utf8').split('org/').length,
    }))
    .sort((a, b) => b.rows - a.rows)[0]!.file;
  const { page, problems } = await openPage(context, fileUrl(`largest/county/${ranked}`));
  // Two besides the one chosen from the search results below.
  const buttons = page
    .locator('table.ranked')
    .getByRole('button', { name: /^Compare / })
    .and(page.locator(`:not([aria-label="Compare ${String(records.get(FULL)!['name'])}"])`));
  assert.ok((await buttons.count()) >= 2);
  await buttons.nth(0).click();
  await buttons.nth(1).click();
  const first = (await buttons.nth(0).getAttribute('aria-label'))!.slice('Compare '.length);
  await page.goto(fileUrl('search.html'));
  await page
    .getByRole('searchbox')
    .first()
    .fill(String(records.get(FULL)!['name']));
  const result = page
    .locator('[data-search-results]')
    .getByRole('button', { name: `Compare ${records.get(FULL)!['name']}` });
  await result.click();
  await page.getByRole('region', { name: 'Comparison' }).getByRole('link', { name: 'Compare 3' }).click();
  const { names } = await comparison(page);
  assert.equal(names.length, 3);
  assert.equal(names[0], first);
  assert.equal(names[2], records.get(FULL)!['name']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('compare.html without organisations says how to choose them, and validates', async () => {
  assert.deepEqual(await htmlProblems(readFileSync(join(site, 'compare.html'), 'utf8'), 'compare.html'), []);
  const context = await browser.newContext({ viewport: PHONE });
  const { page, problems } = await openPage(context, fileUrl('compare.html'));
  await page.getByText('Nothing chosen yet').waitFor();
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});

/** The organisations whose records list a director whose name holds `name`'s words in order. */
function boardsOf(name: string): string[] {
  const words = referenceWords(name).join(' ');
  return [...records.values()]
    .filter((record) =>
      ((record['directors'] as { name?: string }[] | undefined) ?? []).some((director) =>
        ` ${referenceWords(director.name ?? '').join(' ')} `.includes(` ${words} `),
      ),
    )
    .map((record) => String(record['name']))
    .sort();
}

for (const { name: mode, root: rootOf, viewport } of MODES) {
  test(`${mode}: a director's name on an organisation page leads to every board that lists it, by name only`, async () => {
    // A name on more than one board in the data folder.
    const counts = new Map<string, string[]>();
    for (const [id, record] of records)
      for (const director of (record['directors'] as { name?: string }[] | undefined) ?? [])
        if (director.name) counts.set(director.name, [...(counts.get(director.name) ?? []), id]);
    const [name, ids] = [...counts].find(([, boards]) => boards.length > 1)!;
    const context = await browser.newContext({ viewport });
    const { page, problems } = await openPage(context, `${rootOf()}org/${ids[0]}.html`);
    await page
      .getByText('matched by name', { exact: false })
      .or(page.getByText('names only'))
      .first()
      .waitFor();
    await page.getByRole('link', { name, exact: true }).click();
    await page.locator('.search-result').first().waitFor();
    const found = await page.locator('.search-result h3 a').allTextContents();
    assert.deepEqual(found.sort(), boardsOf(name));
    assert.ok(found.length >= 2, `${name}: ${found.length} boards`);
    assert.match(await page.locator('.search-result').first().innerText(), /Director \(by name only\)/);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(await htmlProblems(await page.content(), 'search.html', true), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const { name, root, viewport } of MODES) {
  test(`${name}: a ranked list shows each latest income beside its name on screen, and its box shows when it scrolls`, async () => {
    const context = await browser.newContext({ viewport });
    const ranked = readdirSync(join(site, 'largest', 'county'))
      .map((file) => ({
        file,
        rows: readFileSync(join(site, 'largest', 'county', file), 'utf8').split('org/').length,
      }))
      .sort((a, b) => b.rows - a.rows)[0]!.file;
    const { page, problems } = await openPage(context, `${root()}largest/county/${ranked}`);
    const { incomes, box } = await page.evaluate(() => {
      const table = document.querySelector('table.ranked')!;
      const column = [...table.querySelectorAll('thead th')].findIndex((th) =>
        th.textContent!.includes('income'),
      );
      const cells = [...table.querySelectorAll(`tbody tr > :nth-child(${column + 1})`)];
      const scroller = table.closest('.scroll')!;
      return {
        incomes: cells.map((cell) => ({
          text: cell.textContent!,
          right: cell.getBoundingClientRect().right,
        })),
        box: {
          scrolls: scroller.scrollWidth > scroller.clientWidth,
          attachment: getComputedStyle(scroller).backgroundAttachment,
        },
      };
    });
    assert.ok(
      incomes.some(({ text }) => /\d/.test(text)),
      'incomes given',
    );
    for (const { text, right } of incomes) assert.ok(right <= viewport.width, `${text} ends at ${right} px`);
    // On a phone the table is wider than the screen; the shade at the box's edges, drawn by the box
    // and not its content, shows it scrolls.
    if (viewport === PHONE) assert.ok(box.scrolls);
    assert.match(box.attachment, /local.*scroll/);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

saysNothingOfSampleData(
  'a site crawled from an API on this machine that did not mark its answers as made up',
  MODES,
  () => ({ browser, data, paths: ['index.html', 'compare.html', `org/${FULL}.html`] }),
);

test('on a phone every form control of search, the list matcher and the comparison is at least 44 px tall', async () => {
  const context = await browser.newContext({ viewport: PHONE });
  for (const path of ['search.html', 'match.html', 'compare.html', `org/${FULL}.html`]) {
    const { page, problems } = await openPage(context, fileUrl(path));
    await page.evaluate(() =>
      document.querySelectorAll('details').forEach((details) => (details.open = true)),
    );
    const controls = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('button, select, input:not([type="checkbox"]), textarea')]
        .filter((control) => control.checkVisibility())
        .map((control) => ({
          control: `${control.tagName.toLowerCase()} ${control.getAttribute('aria-label') ?? control.textContent ?? ''}`,
          height: control.getBoundingClientRect().height,
        })),
    );
    assert.ok(controls.length > 0, path);
    for (const { control, height } of controls)
      assert.ok(height >= 44, `${path}: ${control} is ${height} px tall`);
    assert.deepEqual(problems, []);
  }
  await context.close();
});
