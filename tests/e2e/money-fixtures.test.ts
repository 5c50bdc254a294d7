// Follow the money on the test fixtures: every funder has its page with exactly the organisations
// that name it and their exact total, every regulator its organisations, every county its income
// total, and organisation pages link both ways (tests/support/money-checks.ts).
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { launchChromium } from '../support/chromium.ts';
import { openPage } from '../support/page-watch.ts';
import { checkMoneyPages } from '../support/money-checks.ts';
import { FIXTURE_DATA, sharedSite } from '../support/shared-sites.ts';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';

describe('on the test fixtures', () => {
  let site: string;
  before(async () => {
    ({ site } = await sharedSite('fixtures'));
  });
  checkMoneyPages(
    'fixtures',
    () => FIXTURE_DATA,
    () => site,
  );

  test('from file://, a funder page leads to the search narrowed to the organisations it funds', async () => {
    const browser = await launchChromium();
    try {
      const { page, problems } = await openPage(
        browser,
        pathToFileURL(join(site, 'funder/health-service-executive.html')).href,
      );
      await page.getByRole('link', { name: 'Search among these organisations' }).click();
      await page.waitForFunction(() =>
        /found|No organisations/.test(document.querySelector('[data-search-status]')?.textContent ?? ''),
      );
      assert.equal(new URL(page.url()).searchParams.get('funder'), 'healthserviceexecutive');
      assert.equal(await page.locator('[data-result-count]').getAttribute('data-result-count'), '1');
      assert.equal(
        await page.locator('select[data-search-filter="funder"]').inputValue(),
        'healthserviceexecutive',
      );
      const result = await page.locator('[data-search-results] a').first().getAttribute('href');
      assert.match(result ?? '', /org\/2e427ca3-b6c4-4801-b9f2-ad6c518b45e5\.html$/);
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  });
});
