// Valid HTML and sound links over a whole built site: every page passes html-validate
// (.htmlvalidate.mjs), the search page too once its script has drawn results; a crawl from the
// home page reaches every page through links that work from the archive; and in Chromium no page
// asks for anything but the site's own files (here over HTTP, every page; quality-csp.test.ts opens
// a page of each kind from file:// with the same watch).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright';
import { filesUnder } from '../../src/site/archive.ts';
import { launchChromium } from '../support/chromium.ts';
import { htmlProblems, siteHtmlProblems } from '../support/html-validate.ts';
import { openPage, watchPage } from '../support/page-watch.ts';
import { sharedSite } from '../support/shared-sites.ts';
import { siteLinkProblems, unreachablePages } from '../support/site-links.ts';
import { serveSite, type SiteServer } from '../support/static-server.ts';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';

let site: string;
let browser: Browser;
let server: SiteServer;

before(async () => {
  ({ site } = await sharedSite('quality'));
  browser = await launchChromium();
  server = await serveSite(site, { subPath: '/mirror/orgdir/' });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const pages = () => filesUnder(site).filter((path) => path.endsWith('.html'));

test('the site has the kinds of page the gates are meant to cover', () => {
  for (const path of [
    'index.html',
    'search.html',
    'org/2e427ca3-b6c4-4801-b9f2-ad6c518b45e5.html',
    'org/7f1c9b20-3d4e-4a5b-8c6d-0e1f2a3b4c5d.html',
    'code/governancecode.html',
    'list/registered-charities.html',
    'list/registered-charities-p2.html',
    'subsector/not-given.html',
    'funders.html',
    'funder/health-service-executive.html',
    'regulators.html',
    'regulator/charities-regulatory-authority.html',
    'figures.html',
    'largest/county/dublin.html',
    'largest/list/registered-charities.html',
    'largest/code/governancecode.html',
    'largest/funder/health-service-executive.html',
    'largest/regulator/charities-regulatory-authority.html',
  ])
    assert.ok(pages().includes(path), path);
});

test('every built page passes html-validate with no error or warning', async () => {
  assert.deepEqual(await siteHtmlProblems(site), []);
});

test('the search page is still valid once its script has drawn results, filters and pages', async () => {
  const { page, problems } = await openPage(
    browser,
    `${pathToFileURL(join(site, 'search.html')).href}?q=the`,
  );
  await page.waitForFunction(() =>
    document.querySelector('[data-search-status]')?.textContent?.includes('found'),
  );
  assert.ok((await page.locator('[data-search-pager] a').count()) > 0, 'a second page of results');
  assert.ok((await page.locator('select[data-search-filter] option').count()) > 4, 'filters filled in');
  assert.deepEqual(await htmlProblems(await page.content(), 'search.html', true), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('no link or source is broken, starts with "/", or uses a scheme other than http(s) to leave the site', () => {
  assert.deepEqual(siteLinkProblems(site), []);
});

test('a crawl from the home page, following links and the search form, reaches every page', () => {
  assert.deepEqual(unreachablePages(site), []);
});

test('in Chromium, every page over HTTP from a sub-path requests only files of the site, and they all load', async () => {
  const page = await browser.newPage();
  const problems = await watchPage(page, server.origin);
  for (const path of pages()) await page.goto(`${server.root}${path}`);
  assert.deepEqual(problems, []);
  await page.close();
});
