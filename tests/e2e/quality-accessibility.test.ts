// Accessibility as readers with screen readers and keyboards meet the site: axe-core finds no
// violation of WCAG 2.2 AA on each kind of page, the search page with its results included, and
// the keyboard alone reaches the search box, the filters, the results and the pages of results.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright';
import { axeResults } from '../support/axe.ts';
import { launchChromium } from '../support/chromium.ts';
import { openPage } from '../support/page-watch.ts';
import { sharedSite } from '../support/shared-sites.ts';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';

const RICH = 'org/2e427ca3-b6c4-4801-b9f2-ad6c518b45e5.html';
const SPARSE = 'org/7f1c9b20-3d4e-4a5b-8c6d-0e1f2a3b4c5d.html';
/** A query that finds more organisations than one page of results shows. */
const QUERY = 'the';

let site: string;
let browser: Browser;
let context: BrowserContext;

before(async () => {
  ({ site } = await sharedSite('quality'));
  browser = await launchChromium();
  context = await browser.newContext();
});

after(async () => {
  await browser?.close();
});

const url = (path: string) => pathToFileURL(join(site, path)).href;

/** axe's violations on the page as it is now, one line per rule with the first elements it names. */
async function violations(page: Page): Promise<string[]> {
  // axe would fetch the shared stylesheet with XHR to read its rules, which the page's policy
  // forbids (no connect-src). Only css-orientation-lock reads them, and site.css locks no orientation.
  const results = await axeResults(page);
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

async function waitForResults(page: Page): Promise<number> {
  await page.waitForFunction(() =>
    /found|No organisations/.test(document.querySelector('[data-search-status]')?.textContent ?? ''),
  );
  return Number(await page.locator('[data-result-count]').getAttribute('data-result-count'));
}

for (const [kind, path] of [
  ['the home page', 'index.html'],
  ['a rich organisation page', RICH],
  ['a sparse organisation page', SPARSE],
  ['a voluntary-code page', 'code/governancecode.html'],
  ['a browse page with pages', 'list/registered-charities.html'],
  ['a county page', 'county/dublin.html'],
  ['the about page', 'about.html'],
  ['the lists and codes page', 'lists.html'],
  ['the funders index', 'funders.html'],
  ['a funder page with its charts', 'funder/health-service-executive.html'],
  ['the regulators index', 'regulators.html'],
  ['a regulator page', 'regulator/charities-regulatory-authority.html'],
  ['the register in figures', 'figures.html'],
  ['a largest-first listing', 'largest/list/registered-charities.html'],
  ['a largest-first county', 'largest/county/dublin.html'],
] as const) {
  test(`axe finds no WCAG 2.2 AA violation on ${kind}`, async () => {
    const { page, problems } = await openPage(context, url(path));
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('axe finds no WCAG 2.2 AA violation on the search page, empty and showing results, filters and pages', async () => {
  const { page, problems } = await openPage(context, url('search.html'));
  await page.waitForFunction(() => !document.querySelector('[data-search-filters]')?.hasAttribute('hidden'));
  assert.deepEqual(await violations(page), [], 'before a search');
  await page.locator('input[type="search"]').fill(QUERY);
  assert.ok((await waitForResults(page)) > 20);
  assert.ok((await page.locator('[data-search-pager] a').count()) > 0);
  assert.deepEqual(await violations(page), [], 'with results');
  await page.locator('input[type="search"]').fill('qqqqzzzz');
  await page.waitForFunction(() =>
    document.querySelector('[data-search-status]')?.textContent?.includes('No organisations'),
  );
  assert.deepEqual(await violations(page), [], 'with no results');
  assert.deepEqual(problems, []);
  await page.close();
});

/** What has the focus: its tag, its name or label, and the filter or role it is. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const tag = element.tagName.toLowerCase();
    const filter = element.getAttribute('data-search-filter');
    if (filter) return `select ${filter}`;
    if (element.hasAttribute('data-search-sort')) return 'select order';
    if (tag === 'input') return `input ${(element as HTMLInputElement).type}`;
    if (element.closest('[data-search-results]')) return 'result link';
    if (element.closest('[data-search-pager]')) return `pager ${element.textContent?.trim()}`;
    if (element.hasAttribute('data-result-count')) return 'result count';
    return `${tag} ${element.textContent?.trim()}`;
  });
}

/** Presses Tab until `wanted` has the focus; returns every stop on the way. Fails after `limit` presses. */
async function tabTo(page: Page, wanted: (stop: string) => boolean, limit = 60): Promise<string[]> {
  const stops: string[] = [];
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    const stop = await focused(page);
    stops.push(stop);
    if (wanted(stop)) return stops;
  }
  assert.fail(`Tab never reached the wanted element; stops: ${stops.join(' → ')}`);
}

/** The focused element draws a visible focus indicator. */
async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return false;
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return (
      style.outlineStyle !== 'none' &&
      Number.parseFloat(style.outlineWidth) > 0 &&
      box.width > 0 &&
      box.height > 0
    );
  });
}

test('by keyboard alone: skip link, search box, search button, every filter, results, next page, a result', async () => {
  const { page, problems } = await openPage(context, url('search.html'));
  await page.waitForFunction(() => !document.querySelector('[data-search-filters]')?.hasAttribute('hidden'));

  assert.deepEqual(await tabTo(page, () => true), ['a Skip to content']);
  assert.ok(await focusIsVisible(page), 'the skip link shows when focused');
  await page.keyboard.press('Enter');
  // Following the link is a same-document navigation: the page's address changes when it is done.
  await page.waitForURL(/#main$/, { timeout: 5000 });
  assert.match(page.url(), /#main$/);
  assert.deepEqual(await tabTo(page, () => true), ['input search'], 'the skip link leads into the content');
  assert.ok(await focusIsVisible(page));
  await page.keyboard.type(QUERY);
  const total = await waitForResults(page);
  assert.ok(total > 20, `${total} results`);

  assert.deepEqual(await tabTo(page, (stop) => stop === 'select status'), [
    'button Search',
    'select county',
    'select sector',
    'select list',
    'select voluntaryCode',
    'select funder',
    'select status',
  ]);
  assert.deepEqual(await tabTo(page, (stop) => stop === 'result link'), [
    'select order',
    'button Download these results (CSV)',
    'result link',
  ]);
  assert.ok(await focusIsVisible(page));
  const toPager = await tabTo(page, (stop) => stop.startsWith('pager'));
  assert.deepEqual(new Set(toPager.slice(0, -1)), new Set(['result link']));
  // Each result is two stops, its link and its Compare button (compare/compare.js).
  assert.equal(toPager.length, 40, 'two stops per result of the first page, then the pager');
  assert.equal(toPager.at(-1), 'pager Next page');
  assert.ok(await focusIsVisible(page));

  await page.keyboard.press('Enter');
  await page.waitForFunction(
    () => document.querySelector('[data-search-results]')?.getAttribute('start') === '21',
  );
  assert.equal(new URL(page.url()).searchParams.get('page'), '2');
  assert.equal(await focused(page), 'result count', 'the focus moves to the new results');
  assert.deepEqual(await tabTo(page, () => true), ['result link']);
  const name = await page.evaluate(() => document.activeElement?.textContent ?? '');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/org\/[0-9a-f-]+\.html$/);
  assert.equal(await page.locator('h1').textContent(), name);
  assert.deepEqual(problems, []);
  await page.close();
});

test('by keyboard alone: a filter is chosen with the arrow keys, and Enter in the search box searches', async () => {
  const { page, problems } = await openPage(context, `${url('search.html')}?q=${QUERY}`);
  const total = await waitForResults(page);
  await page.waitForFunction(() => !document.querySelector('[data-search-filters]')?.hasAttribute('hidden'));
  await tabTo(page, (stop) => stop === 'select list');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => new URL(window.location.href).searchParams.has('list'));
  await page.waitForFunction(
    (before) =>
      Number(document.querySelector('[data-result-count]')?.getAttribute('data-result-count')) < before,
    total,
  );

  await page.goto(url('index.html'));
  await tabTo(page, (stop) => stop === 'input search');
  await page.keyboard.type('housing');
  await page.keyboard.press('Enter');
  await page.waitForURL(/search\.html\?q=housing$/);
  assert.ok((await waitForResults(page)) > 0);
  assert.deepEqual(problems, []);
  await page.close();
});
