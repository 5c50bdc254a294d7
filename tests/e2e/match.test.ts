// match.html as a reader meets it, in Chromium from file://: a pasted list of exact names, varied
// names, numbers and made-up names is matched in the page, one result row per line in order; a
// candidate can be chosen; the result downloads as CSV; a CSV file is matched on the column it
// names. The site is built from a sample register; the right answer for each line is worked out
// here from the records.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright';
import { RESULT_COLUMNS } from '../../src/match/table.ts';
import { parseCsv } from '../../src/lib/csv.ts';
import { readOrganisation } from '../../src/records/organisation.ts';
import { Matcher } from '../../src/match/matcher.ts';
import { matchEntryOf } from '../../src/site/register-entry.ts';
import { buildSite } from '../../src/site/build.ts';
import { launchChromium } from '../../src/bench/chromium.ts';
import { htmlProblems } from '../support/html-validate.ts';
import { openPage } from '../support/page-watch.ts';
import { writeSampleDataFolder } from '../support/sample-data-folder.ts';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';

let work: string;
let site: string;
let browser: Browser;
let lines: { line: string; expected: string }[];
let records: Record<string, unknown>[];
/** A line with candidates but no match: the first words of a longer name. */
let partial: string;

/** Upper case, "The" in front, the legal form spelled otherwise, a full stop: one name, written another way. */
function variant(name: string): string {
  const legal = name
    .replace(/ Limited$/i, ' Ltd.')
    .replace(/ CLG$/, ' Company Limited by Guarantee')
    .replace(/ Company Limited by Guarantee$/i, ' C.L.G.');
  return ` The ${legal.toUpperCase().replace(/ AND /g, ' & ')}. `;
}

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'orgdir-match-e2e-'));
  const dataDir = join(work, 'data');
  site = join(work, 'site');
  records = writeSampleDataFolder(dataDir, { seed: 'match-e2e', orgs: 200 });
  const views = records.map((record) => matchEntryOf(readOrganisation(record, String(record['id']))));
  const counts = new Map<string, number>();
  for (const view of views)
    counts.set(view.name.toLowerCase(), (counts.get(view.name.toLowerCase()) ?? 0) + 1);
  const unique = views.filter((view) => counts.get(view.name.toLowerCase()) === 1);
  const charity = views.find((view) => view.numbers.some((n) => n.kind === 'charity'))!;
  const company = views.find((view) => view.numbers.some((n) => n.kind === 'company'))!;
  lines = [
    ...unique.slice(0, 4).map((view) => ({ line: view.name, expected: view.id })),
    ...unique.slice(10, 14).map((view) => ({ line: variant(view.name), expected: view.id })),
    {
      line: `RCN ${charity.numbers.find((n) => n.kind === 'charity')!.number}`,
      expected: charity.id,
    },
    {
      line: `IE-CRO-${company.numbers.find((n) => n.kind === 'company')!.number}`,
      expected: company.id,
    },
    { line: 'Zebra Quantum Federation', expected: '' },
    { line: '', expected: '' },
    { line: 'Purple Llama Underwater Hockey Club CLG', expected: '' },
  ];
  const matcher = new Matcher(views);
  partial = unique
    .map((view) => view.name.split(' ').slice(0, 2).join(' '))
    .find((line) => {
      const result = matcher.match(line);
      return result.status === 'none' && result.candidates.length > 0;
    })!;
  await buildSite({ dataDir, siteDir: site, logLevel: 'error', tarGz: false });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

async function rowMatches(page: Page, count: number): Promise<string[]> {
  await page.waitForFunction(
    (expected) => document.querySelectorAll('tbody[data-match-rows] tr').length === expected,
    count,
  );
  return page
    .locator('tbody tr[data-match]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-match') ?? 'missing'));
}

test('a pasted list is matched from file://: exact names, variants and numbers right, made-up names unmatched', async () => {
  const { page, problems } = await openPage(browser, pathToFileURL(join(site, 'match.html')).href);
  await page.locator('textarea').fill(lines.map(({ line }) => line).join('\n'));
  await page.getByRole('button', { name: 'Match', exact: true }).click();
  const matched = await rowMatches(page, lines.length);
  const wrong = lines.filter(({ expected }, index) => matched[index] !== expected);
  assert.ok(wrong.length <= 1, `wrong: ${JSON.stringify(wrong)} in ${JSON.stringify(matched)}`);
  for (const index of [lines.length - 3, lines.length - 2, lines.length - 1]) {
    assert.equal(matched[index], '', `no match claimed for "${lines[index]!.line}"`);
  }
  // A matched row links to the organisation's page.
  const href = await page.locator('tbody tr').first().locator('a').getAttribute('href');
  assert.ok(href?.endsWith(`org/${lines[0]!.expected}.html`), href ?? '');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the result as CSV' }).click(),
  ]);
  const csv = parseCsv(readFileSync((await download.path())!, 'utf8'));
  assert.deepEqual(csv[0], ['input', ...RESULT_COLUMNS]);
  assert.equal(csv.length, lines.length + 1);
  csv.slice(1).forEach((row, index) => {
    assert.equal(row[0], lines[index]!.line.replace(/^\s*(?=[=+\-@])/, ''), 'the input, in order');
    assert.equal(row[1], matched[index], 'the matched id');
    if (matched[index]) assert.match(row[5]!, new RegExp(`org/${matched[index]}\\.html$`));
  });
  assert.deepEqual(problems, []);
  await page.close();
});

test('a line with candidates but no match is unmatched until the reader chooses one', async () => {
  const { page, problems } = await openPage(browser, pathToFileURL(join(site, 'match.html')).href);
  await page.locator('textarea').fill(`${partial}\n`);
  await page.getByRole('button', { name: 'Match', exact: true }).click();
  assert.deepEqual(await rowMatches(page, 1), ['']);
  const row = page.locator('tbody tr').first();
  await row.locator('select').selectOption({ index: 1 });
  assert.match((await row.getAttribute('data-match')) ?? '', /^[0-9a-f-]{36}$/);
  assert.ok(await row.locator('a').isVisible(), 'the chosen organisation is linked');
  await row.locator('select').selectOption({ index: 0 });
  assert.equal(await row.getAttribute('data-match'), '');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a CSV file is matched on the column that names organisations; its other columns are kept', async () => {
  const { page, problems } = await openPage(browser, pathToFileURL(join(site, 'match.html')).href);
  const rows = lines.slice(0, 6);
  const file = [
    'Ref;Grantee;Amount',
    ...rows.map(({ line }, index) => `G${index};"${line.trim()}";${index * 100}`),
  ].join('\r\n');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'grants.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file),
  });
  await page.locator('[data-match-column]').waitFor({ state: 'visible' });
  assert.equal(await page.locator('[data-match-column]').inputValue(), '1');
  await page.getByRole('button', { name: 'Match', exact: true }).click();
  const matched = await rowMatches(page, rows.length);
  assert.deepEqual(
    matched,
    rows.map(({ expected }) => expected),
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the result as CSV' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'grants-matched.csv');
  const csv = parseCsv(readFileSync((await download.path())!, 'utf8'));
  assert.deepEqual(csv[0], ['Ref', 'Grantee', 'Amount', ...RESULT_COLUMNS]);
  assert.deepEqual(csv[2]!.slice(0, 3), ['G1', rows[1]!.line.trim(), '100']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the match page is linked from the navigation and has one form; from the header search field of another page, a name and an IE-CHY identifier each find their organisation', async () => {
  const { page } = await openPage(browser, pathToFileURL(join(site, 'about.html')).href);
  await page.getByRole('link', { name: 'Match a list' }).click();
  await page.waitForURL(/match\.html$/);
  assert.equal(await page.locator('form').count(), 1);
  assert.equal(await page.locator('button[type="submit"]').count(), 1);
  await page.goBack();
  await page.getByRole('searchbox', { name: 'Search organisations' }).fill(lines[0]!.line);
  await page.getByRole('searchbox', { name: 'Search organisations' }).press('Enter');
  await page.waitForURL(/search\.html\?q=/);
  await page.waitForFunction(() =>
    document.querySelector('[data-search-status]')?.textContent?.includes('found'),
  );
  const first = await page.locator('[data-search-results] h3 a').first().getAttribute('href');
  assert.ok(first?.endsWith(`${lines[0]!.expected}.html`), first ?? '');

  // An org-id identifier finds its organisation, and only it.
  const charityLine = lines.find(({ line }) => line.startsWith('RCN '))!;
  const identifier = `IE-CHY-${charityLine.line.slice('RCN '.length)}`;
  await page.goto(`${pathToFileURL(join(site, 'search.html')).href}?q=${encodeURIComponent(identifier)}`);
  await page.waitForFunction(
    (query) => document.querySelector('[data-search-status]')?.textContent?.includes(`for “${query}”`),
    identifier,
  );
  const found = await page
    .locator('[data-search-results] h3 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  assert.deepEqual(found, [`org/${charityLine.expected}.html`]);
  await page.close();
});

test('the match page, with results drawn, has no WCAG 2.2 AA violation and stays valid HTML', async () => {
  // axe runs part of its work in a page of its own, opened in the context of the page tested.
  const context = await browser.newContext();
  const { page, problems } = await openPage(context, pathToFileURL(join(site, 'match.html')).href);
  const violations = async () =>
    // No preload: axe would fetch the shared stylesheet with XHR, which the page's policy forbids
    // (quality-accessibility.test.ts says why that costs no rule).
    (
      await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .options({ preload: false })
        .analyze()
    ).violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' '))}`,
    );
  assert.deepEqual(await violations(), [], 'before matching');
  await page.locator('textarea').fill([...lines.map(({ line }) => line), partial].join('\n'));
  await page.getByRole('button', { name: 'Match', exact: true }).click();
  await rowMatches(page, lines.length + 1);
  assert.deepEqual(await violations(), [], 'with results');
  // The DOM writes a boolean attribute as `hidden=""`; the page as built writes `hidden`.
  const markup = (await page.content()).replace(/ hidden=""/g, ' hidden');
  assert.deepEqual(await htmlProblems(markup, 'match.html', true), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('every organisation page with a Charities Regulator number carries its IE-CHY identifier, in sight and in JSON-LD', () => {
  let checked = 0;
  for (const record of records) {
    const regulators = Array.isArray(record['regulators'])
      ? (record['regulators'] as Record<string, unknown>[])
      : [];
    const charity = regulators.find((regulator) => regulator['regulatorDesc'] === 'CRA');
    const number = String(charity?.['regulatorNumber'] ?? '');
    const html = readFileSync(join(site, 'org', `${String(record['id'])}.html`), 'utf8');
    if (!/^\d+$/.test(number)) {
      assert.ok(!html.includes('IE-CHY-'), `${String(record['id'])} has no Charities Regulator number`);
      continue;
    }
    checked += 1;
    assert.ok(html.includes(`>IE-CHY-${number}</code>`), `${String(record['id'])} shows IE-CHY-${number}`);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as {
      identifier: unknown[];
    };
    assert.ok(jsonLd.identifier.includes(`IE-CHY-${number}`));
  }
  assert.ok(checked > 20, String(checked));
});
