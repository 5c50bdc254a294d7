// The site on a phone's screen (390 × 844 CSS pixels): no page of any kind scrolls sideways or
// draws text past the screen's edge outside a box of its own that scrolls; the site's links fold
// into a menu that opens without JavaScript; and the first search result shows without scrolling.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext } from 'playwright';
import { launchChromium } from '../support/chromium.ts';
import { offScreen, PHONE, sidewaysOverflow } from '../support/phone.ts';
import { sharedSite } from '../support/shared-sites.ts';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';

let site: string;
let browser: Browser;
let phone: BrowserContext;

before(async () => {
  ({ site } = await sharedSite('quality'));
  browser = await launchChromium();
  phone = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
});

after(async () => {
  await browser?.close();
});

/** One page of each kind: each file at the top of the site, and the first of each folder. */
function pageOfEachKind(): string[] {
  const kinds = new Map<string, string>();
  for (const entry of readdirSync(site, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const path = join(entry.parentPath, entry.name).slice(site.length + 1);
    const kind = path.includes('/') ? path.split('/')[0]! : path;
    if (!kinds.has(kind) || path < kinds.get(kind)!) kinds.set(kind, path);
  }
  return [...kinds.values()].sort();
}

test('no page of any kind is wider than a phone, and nothing is drawn past its edge but inside a box that scrolls', async () => {
  const pages = pageOfEachKind();
  assert.ok(pages.length >= 20, `${pages.length} kinds of page`);
  const page = await phone.newPage();
  for (const path of pages) {
    await page.goto(pathToFileURL(join(site, path)).href);
    const { scrollWidth, cutOff } = await sidewaysOverflow(page);
    assert.ok(scrollWidth <= PHONE.width, `${path} is ${scrollWidth} px wide`);
    assert.deepEqual(cutOff, [], `${path} draws past the edge`);
  }
});

/** What one page with charts shows on a phone: the size each chart's text is drawn at, and what is off screen. */
interface ChartPage {
  path: string;
  /** Per chart, the smallest size its text is drawn at: its font size times the chart's scale on the screen. */
  textSizes: number[];
  chartTextOffScreen: string[];
  /** The measure, the previous year and the current year: the cells of the financial summaries. */
  summaryCells: number;
  summaryCellsOffScreen: string[];
}

const SUMMARY_CELLS = 'table.amounts tbody tr > :nth-child(-n+3)';
let chartPagesSeen: Promise<ChartPage[]> | undefined;

/**
 * Every page of the site that draws a chart, opened once on the phone for both chart tests. With
 * scripts off a chart is in the page's HTML or nowhere, so a page without an <svg> has none.
 */
function chartPages(): Promise<ChartPage[]> {
  chartPagesSeen ??= (async () => {
    const page = await phone.newPage();
    const seen: ChartPage[] = [];
    for (const path of readdirSync(site, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.html') && readFileSync(join(site, file), 'utf8').includes('<svg'))) {
      await page.goto(pathToFileURL(join(site, path)).href);
      const textSizes = await page.evaluate(() =>
        [...document.querySelectorAll<SVGSVGElement>('svg.chart')].map((svg) => {
          const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
          return Math.min(
            ...[...svg.querySelectorAll('text')].map(
              (text) => parseFloat(getComputedStyle(text).fontSize) * scale,
            ),
          );
        }),
      );
      seen.push({
        path,
        textSizes,
        chartTextOffScreen: await offScreen(page, 'svg.chart text'),
        summaryCells: await page.locator(SUMMARY_CELLS).count(),
        summaryCellsOffScreen: await offScreen(page, SUMMARY_CELLS),
      });
    }
    await page.close();
    return seen;
  })();
  return chartPagesSeen;
}

test('on a phone every chart’s text is drawn at 12 px or more', async () => {
  let charts = 0;
  for (const { path, textSizes } of await chartPages()) {
    charts += textSizes.length;
    for (const size of textSizes) assert.ok(size >= 12, `${path}: chart text drawn at ${size.toFixed(1)} px`);
  }
  assert.ok(charts >= 5, `${charts} charts seen`);
});

test('on a phone the site’s links fold into a menu that opens without JavaScript; on a wide screen they show', async () => {
  const page = await phone.newPage();
  await page.goto(pathToFileURL(join(site, 'index.html')).href);
  const visibleLinks = () =>
    page.evaluate(
      () => [...document.querySelectorAll('header nav a')].filter((link) => link.checkVisibility()).length,
    );
  assert.equal(await visibleLinks(), 0);
  assert.ok((await page.locator('header').boundingBox())!.height < 80, 'the header is one line');
  await page.locator('header nav summary').click();
  assert.ok((await visibleLinks()) >= 10);

  const wide = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
  const widePage = await wide.newPage();
  await widePage.goto(pathToFileURL(join(site, 'index.html')).href);
  assert.ok(
    (await widePage.evaluate(
      () => [...document.querySelectorAll('header nav a')].filter((link) => link.checkVisibility()).length,
    )) >= 10,
  );
  assert.equal(await widePage.locator('header nav summary').isVisible(), false);
  await wide.close();
});

test('on a phone the first search result shows without scrolling', async () => {
  const withScript = await browser.newContext({ viewport: PHONE });
  const page = await withScript.newPage();
  await page.goto(`${pathToFileURL(join(site, 'search.html')).href}?q=the`);
  const first = page.locator('[data-search-results] li').first();
  await first.waitFor();
  const box = (await first.boundingBox())!;
  assert.ok(box.y + 24 <= PHONE.height, `the first result starts at ${Math.round(box.y)} px`);
  await withScript.close();
});

test('on a phone every chart shows every figure and label on screen, and a financial summary its years without scrolling', async () => {
  const withCharts = (await chartPages()).filter(({ textSizes }) => textSizes.length > 0);
  assert.ok(
    withCharts.some(({ path }) => path.startsWith('org/')),
    'an organisation page with a finance chart',
  );
  assert.ok(
    withCharts.some(({ path }) => path.startsWith('funder/')),
    "a funder's page with a chart",
  );
  let summaries = 0;
  for (const { path, chartTextOffScreen, summaryCells, summaryCellsOffScreen } of withCharts) {
    assert.deepEqual(chartTextOffScreen, [], `${path}: chart text off screen`);
    summaries += summaryCells;
    assert.deepEqual(summaryCellsOffScreen, [], `${path}: a year of the financial summary off screen`);
  }
  assert.ok(summaries > 0, 'a financial summary was seen');
});
