// Follow the money on a sample register written as the crawler writes it: the checks of
// tests/support/money-checks.ts, and the largest funders and regulators paged with every page reachable.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { buildSite } from '../../src/site/build.ts';
import { allPages, checkMoneyPages, SitePage } from '../support/money-checks.ts';
import { writeSampleDataFolder } from '../support/sample-data-folder.ts';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';

describe('on a sample register', () => {
  let work: string;
  let site: string;
  let dataDir: string;
  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'orgdir-money-'));
    dataDir = join(work, 'data');
    // Enough organisations for the largest funders and regulators to run past one page of 200.
    writeSampleDataFolder(dataDir, { seed: 'money', orgs: 1200 });
    site = join(work, 'site');
    await buildSite({ dataDir, siteDir: site, tarGz: false, logLevel: 'error' });
  });
  after(() => rmSync(work, { recursive: true, force: true }));
  checkMoneyPages(
    'sample',
    () => dataDir,
    () => site,
  );

  test('sample: funders and regulators with more than 200 organisations are paged, every page reached from the first', () => {
    for (const [index, folder] of [
      ['funders.html', 'funder'],
      ['regulators.html', 'regulator'],
    ] as const) {
      const files = new Set(readdirSync(join(site, folder)).filter((file) => file.endsWith('.html')));
      let paged = 0;
      const firstPages = [
        ...new Set(
          allPages(site, index)
            .flatMap((page) => page.links())
            .filter((path) => path.startsWith(`${folder}/`)),
        ),
      ];
      for (const first of firstPages) {
        const pages = allPages(site, first).map((page) => posix.basename(page.path));
        const slug = posix.basename(first, '.html');
        const written = [...files].filter(
          (file) => file === `${slug}.html` || new RegExp(`^${slug}-p[0-9]+\\.html$`).test(file),
        );
        assert.deepEqual(pages.sort(), written.sort(), first);
        if (pages.length > 1) paged += 1;
      }
      assert.ok(paged > 0, `some ${folder} runs past one page`);
    }
  });

  test('sample: home page and navigation reach the funders, regulators and figures', () => {
    const home = new SitePage(site, 'index.html').links();
    for (const path of ['funders.html', 'regulators.html', 'figures.html'])
      assert.ok(home.includes(path), path);
    const organisation = readdirSync(join(site, 'org')).find((file) => file.endsWith('.html'))!;
    const nav = new SitePage(site, `org/${organisation}`).links();
    assert.ok(nav.includes('funders.html') && nav.includes('figures.html'));
  });
});
