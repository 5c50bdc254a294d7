// match.html as a reader meets it, in Chromium from file:// and over HTTP: a pasted list of exact
// names, varied names, numbers and made-up names is matched in the page, one result row per line
// in order; a candidate can be chosen; the result downloads as CSV, its links never to the
// reader's disk; a CSV file is matched on the column it names. The page answers its first input at
// once, loads the register only when asked, matches a 100,000-row list while its thread stays free
// (the progress drawn as it comes, the page answering before the match ends; how long its tasks
// take is the benchmark's), can cancel a match, and reports a file it cannot read for sure. The
// site is built from a sample register; the right answer for each line is worked out here from the
// records.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright';
import { RESULT_COLUMNS } from '../../src/match/table.ts';
import { csvRow, parseCsv } from '../../src/lib/csv.ts';
import { readOrganisation } from '../../src/records/organisation.ts';
import { Matcher } from '../../src/match/matcher.ts';
import { matchEntryOf } from '../../src/site/register-entry.ts';
import { buildSite } from '../../src/site/build.ts';
import { axeResults } from '../support/axe.ts';
import { launchChromium } from '../support/chromium.ts';
import { htmlProblems } from '../support/html-validate.ts';
import { openPage } from '../support/page-watch.ts';
import { writeSampleDataFolder } from '../support/sample-data-folder.ts';
import { offScreen, PHONE } from '../support/phone.ts';
import { readerModes } from '../support/reader-modes.ts';
import { serveSite, type SiteServer } from '../support/static-server.ts';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';

let work: string;
let site: string;
let browser: Browser;
let server: SiteServer;
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
  // Names held once whatever their case, accents or punctuation (the test's own key): one right answer each.
  const key = (name: string) =>
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
  const counts = new Map<string, number>();
  for (const view of views) counts.set(key(view.name), (counts.get(key(view.name)) ?? 0) + 1);
  const unique = views.filter((view) => counts.get(key(view.name)) === 1);
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
  server = await serveSite(site, { subPath: '/lists/orgdir/' });
});

after(async () => {
  await browser?.close();
  await server?.close();
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

async function pastedListMatched(url: string): Promise<void> {
  const { page, problems } = await openPage(browser, url);
  await page.locator('textarea').fill(lines.map(({ line }) => line).join('\n'));
  await page.getByRole('button', { name: 'Match', exact: true }).click();
  const matched = await rowMatches(page, lines.length);
  assert.deepEqual(
    matched,
    lines.map(({ expected }) => expected),
  );
  // A matched row links to the organisation's page.
  const href = await page.locator('tbody tr').first().locator('a').getAttribute('href');
  assert.ok(href?.endsWith(`org/${lines[0]!.expected}.html`), href ?? '');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the result as CSV' }).click(),
  ]);
  const text = readFileSync((await download.path())!, 'utf8');
  assert.ok(
    !/file:|https?:/.test(text),
    "no address of the reader's disk, nor any other, without a site address",
  );
  const csv = parseCsv(text);
  assert.deepEqual(csv[0], ['input', ...RESULT_COLUMNS]);
  assert.equal(csv.length, lines.length + 1);
  csv.slice(1).forEach((row, index) => {
    assert.equal(row[0], lines[index]!.line.replace(/^\s*(?=[=+\-@])/, ''), 'the input, in order');
    assert.equal(row[1], matched[index], 'the matched id');
    // The page's path within the site: it is found from the site's root, wherever that is.
    assert.equal(row[5], matched[index] ? `org/${matched[index]}.html` : '');
  });
  assert.deepEqual(problems, []);
  await page.close();
}

test('a pasted list is matched from file://: exact names, variants and numbers right, made-up names unmatched', async () => {
  await pastedListMatched(pathToFileURL(join(site, 'match.html')).href);
});

test('a pasted list is matched over HTTP from a sub-path', async () => {
  await pastedListMatched(`${server.root}match.html`);
});

/** "n lines: m matched, k without a match", counted from the rows the table shows. */
async function summaryOfRows(page: Page): Promise<string> {
  const matches = await page
    .locator('tbody tr[data-match]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-match') ?? ''));
  const matched = matches.filter((id) => id !== '').length;
  return `${matches.length} lines: ${matched} matched, ${matches.length - matched} without a match`;
}

/** The reader's tasks below from file:// and over HTTP from a sub-path, on a wide screen and a phone's. */
const MODES = readerModes(
  () => pathToFileURL(`${site}/`).href,
  () => server.root,
);

for (const { name, root, viewport } of MODES) {
  test(`${name}: each matched line shows its organisation, score and choice on screen; a line with candidates is unmatched until the reader chooses one, and the summary counts the reader's choices`, async () => {
    const context = await browser.newContext({ viewport });
    const { page, problems } = await openPage(context, `${root()}match.html`);
    await page.locator('textarea').fill(`${lines[0]!.line}\n${partial}\n`);
    await page.getByRole('button', { name: 'Match', exact: true }).click();
    assert.deepEqual(await rowMatches(page, 2), [lines[0]!.expected, '']);
    // The figures the table is for: the organisation, its score and the choice, none off screen.
    const scores = page.locator('tbody[data-match-rows] tr td:nth-child(5)');
    assert.match((await scores.first().textContent()) ?? '', /^\d+$/, 'the first line has a score');
    assert.equal(await page.locator('tbody[data-match-rows] select').count(), 2, 'a choice on each line');
    assert.deepEqual(await offScreen(page, 'tbody[data-match-rows] td, tbody[data-match-rows] select'), []);
    if (viewport === PHONE) {
      // On a card a cell carries its column's name, as the hidden header would say it.
      const label = await scores.first().evaluate((cell) => getComputedStyle(cell, '::before').content);
      assert.equal(label, '"Score"');
    }
    const summary = page.locator('[data-match-summary]');
    assert.equal(await summary.textContent(), `${await summaryOfRows(page)}.`);
    const row = page.locator('tbody tr').nth(1);
    await row.locator('select').selectOption({ index: 1 });
    assert.match((await row.getAttribute('data-match')) ?? '', /^[0-9a-f-]{36}$/);
    assert.ok(await row.locator('a').isVisible(), 'the chosen organisation is linked');
    assert.deepEqual(await offScreen(page, 'tbody[data-match-rows] td, tbody[data-match-rows] select'), []);
    assert.equal(await summary.textContent(), `${await summaryOfRows(page)} (1 chosen by you).`);
    assert.match((await summary.textContent()) ?? '', /^2 lines: 2 matched, 0 without a match/);
    await row.locator('select').selectOption({ index: 0 });
    assert.equal(await row.getAttribute('data-match'), '');
    assert.equal(await summary.textContent(), `${await summaryOfRows(page)}.`);
    // Undoing the matcher's own match counts too.
    await page.locator('tbody tr').first().locator('select').selectOption({ index: 0 });
    assert.equal(await summary.textContent(), `${await summaryOfRows(page)} (1 chosen by you).`);
    assert.match((await summary.textContent()) ?? '', /^2 lines: 0 matched, 2 without a match/);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

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
  const context = await browser.newContext();
  const { page, problems } = await openPage(context, pathToFileURL(join(site, 'match.html')).href);
  const violations = async () =>
    (await axeResults(page)).violations.map(
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

/** A text the match status showed, and how many frames the page had drawn when it was set. */
interface StatusShown {
  text: string;
  frame: number;
}

/**
 * Records, as `window.statusShown`, every text the match status is given, with the page's count
 * of drawn frames at that moment. Texts set in tasks of their own, with frames drawn between them,
 * were each on screen; texts set within one task that held the thread would all carry one frame.
 */
async function watchStatus(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shown: { text: string; frame: number }[] = [];
    (window as unknown as { statusShown: typeof shown }).statusShown = shown;
    let frame = 0;
    const drawn = (): void => {
      frame += 1;
      requestAnimationFrame(drawn);
    };
    requestAnimationFrame(drawn);
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes) shown.push({ text: node.textContent ?? '', frame });
      }).observe(document.querySelector('[data-match-status]')!, { childList: true });
    });
  });
}

const statusShown = (page: Page): Promise<StatusShown[]> =>
  page.evaluate(() => (window as unknown as { statusShown: StatusShown[] }).statusShown);

/** A file written into the test's folder: a large one is handed to the page by path, not through the driver. */
function written(name: string, content: Buffer): string {
  const path = join(work, name);
  writeFileSync(path, content);
  return path;
}

test('the page answers its first input at once and loads the register only when asked for a match', async () => {
  const context = await browser.newContext();
  const { page, problems } = await openPage(context, pathToFileURL(join(site, 'match.html')).href);
  await page.locator('textarea').press('A');
  const timing = await page.evaluate(async () => {
    const first = await new Promise<PerformanceEventTiming>((resolve) =>
      new PerformanceObserver((list) => resolve(list.getEntries()[0] as PerformanceEventTiming)).observe({
        type: 'first-input',
        buffered: true,
      }),
    );
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return {
      handled: first.processingEnd - first.startTime,
      sinceLoad: first.processingEnd - navigation!.loadEventEnd,
      // Resource timing leaves out file:// loads: the script element is what the page inserts.
      tables: document.querySelectorAll('script[src$="/table.js"]').length,
    };
  });
  console.log(
    `first input: handled ${timing.handled.toFixed(1)} ms after it came, ${timing.sinceLoad.toFixed(1)} ms after load`,
  );
  // At once: the input was handled (its event's processing ended) before the register was loaded.
  // How long it took is printed above; a bound on it belongs to the benchmark, not to this test.
  assert.equal(await page.locator('textarea').inputValue(), 'A');
  assert.equal(timing.tables, 0, 'the register is not loaded before a match is asked for');
  await page.getByRole('button', { name: 'Match', exact: true }).click();
  await rowMatches(page, 1);
  assert.equal(await page.locator('script[src$="/table.js"]').count(), 1, 'loaded once asked for');
  assert.deepEqual(problems, []);
  await context.close();
});

/** A letter's case flipped at random: the same name to the matcher, another line to the page. */
function anyCase(name: string, seed: number): string {
  return [...name]
    .map((letter, at) => ((seed >> (at % 20)) & 1 ? letter.toUpperCase() : letter.toLowerCase()))
    .join('');
}

/** A list of `rows` rows: names as the register writes them, in any case, numbers and made-up names, each with its expected id. */
function bigList(rows: number): { file: Buffer; expected: (string | undefined)[] } {
  const views = records.map((record) => matchEntryOf(readOrganisation(record, String(record['id']))));
  const counts = new Map<string, number>();
  for (const view of views)
    for (const name of [view.name, ...view.altNames])
      counts.set(name.toLowerCase(), (counts.get(name.toLowerCase()) ?? 0) + 1);
  const unique = views.filter((view) => counts.get(view.name.toLowerCase()) === 1);
  const numbered = views.filter((view) => view.numbers.some((number) => number.kind === 'charity'));
  const out = ['Ref,Organisation\r\n'];
  const expected: (string | undefined)[] = [];
  for (let row = 0; row < rows; row += 1) {
    const view = unique[(row * 7919) % unique.length]!;
    const numberedView = numbered[(row * 104729) % numbered.length]!;
    const kind = row % 5;
    const [line, id] =
      kind === 0
        ? [view.name, view.id]
        : kind === 1
          ? [anyCase(view.name, row), view.id]
          : kind === 2
            ? [
                `RCN ${numberedView.numbers.find((number) => number.kind === 'charity')!.number}`,
                numberedView.id,
              ]
            : kind === 3
              ? [`Zebra Quantum Federation ${row}`, '']
              : [`${variant(view.name)}`, undefined];
    out.push(csvRow([`R${row}`, line]));
    expected.push(id);
  }
  return { file: Buffer.from(out.join('')), expected };
}

test("a 100,000-row file is matched with the page in the reader's hands: its progress drawn as it comes, the page answering before the match ends, and a sample of rows right", async () => {
  const rows = 100_000;
  const { file, expected } = bigList(rows);
  const context = await browser.newContext();
  await watchStatus(context);
  const { page, problems } = await openPage(context, pathToFileURL(join(site, 'match.html')).href);
  await page.locator('input[type="file"]').setInputFiles(written('big.csv', file));
  await page.locator('[data-match-column]').waitFor({ state: 'visible' });
  const started = Date.now();
  await page.getByRole('button', { name: 'Match', exact: true }).click();
  // Once the first progress is shown, the page is asked something: a page whose thread the match
  // held would answer only once the match had ended, with "Matched" shown.
  await page.waitForFunction(() =>
    (window as unknown as { statusShown: StatusShown[] }).statusShown.some(({ text }) =>
      /^Match(ing:|ed)/.test(text),
    ),
  );
  const answered = await page.evaluate(() => ({
    status: document.querySelector('[data-match-status]')?.textContent ?? '',
    shownBefore: (window as unknown as { statusShown: StatusShown[] }).statusShown.length,
  }));
  await page.waitForFunction(
    () => document.querySelector('[data-match-status]')?.textContent?.startsWith('Matched'),
    undefined,
    { timeout: 600_000 },
  );
  const seconds = (Date.now() - started) / 1000;
  await rowMatches(page, 500);
  const shown = await statusShown(page);
  const matched = shown.findIndex(({ text }) => text.startsWith('Matched'));
  const progress = shown.slice(0, matched).flatMap(({ text, frame }) => {
    const done = /^Matching: ([\d,]+) of 100,000 lines…$/.exec(text)?.[1];
    return done === undefined ? [] : [{ done: Number(done.replaceAll(',', '')), frame }];
  });
  const frames = new Set(progress.map(({ frame }) => frame));
  console.log(
    `100,000 rows matched in ${seconds.toFixed(1)} s; ${progress.length} progress texts drawn in ` +
      `${frames.size} frames; the page answered with "${answered.status}" shown, ` +
      `and ${shown.length - answered.shownBefore} texts shown after it answered`,
  );
  assert.ok(matched > 0, `"Matched" shown after the progress: ${JSON.stringify(shown.slice(-3))}`);
  assert.ok(progress.length >= 3, `progress texts: ${JSON.stringify(progress)}`);
  assert.ok(
    progress.every(({ done }, at) => at === 0 || done > progress[at - 1]!.done),
    `progress in order: ${progress.map(({ done }) => done).join(', ')}`,
  );
  assert.ok(frames.size >= 3, `progress drawn in ${frames.size} frames: ${JSON.stringify(progress)}`);
  assert.match(answered.status, /^Matching: /, 'the page answered while the list was being matched');
  assert.match(
    (await page.locator('[data-match-summary]').textContent()) ?? '',
    /^100,000 lines: .*The first 500 are shown/,
  );

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the result as CSV' }).click(),
  ]);
  const csv = parseCsv(readFileSync((await download.path())!, 'utf8'));
  assert.equal(csv.length, rows + 1);
  let checked = 0;
  for (let row = 0; row < rows; row += 97) {
    assert.equal(csv[row + 1]![0], `R${row}`, 'rows in order');
    if (expected[row] === undefined) continue;
    assert.equal(csv[row + 1]![2], expected[row], `row ${row}: ${csv[row + 1]![1]}`);
    checked += 1;
  }
  assert.ok(checked > 600, String(checked));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a match can be cancelled at once, and the next one runs', async () => {
  const { page, problems } = await openPage(browser, pathToFileURL(join(site, 'match.html')).href);
  // Lines all different, so that none is answered from the ones before.
  const list = Array.from({ length: 100_000 }, (_, row) => `Society ${row} of the ${lines[row % 4]!.line}`);
  await page
    .locator('input[type="file"]')
    .setInputFiles(written('distinct.csv', Buffer.from(['Name', ...list].join('\n'))));
  await page.locator('[data-match-column]').waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Match', exact: true }).click();
  await page.waitForFunction(() =>
    document.querySelector('[data-match-status]')?.textContent?.startsWith('Matching:'),
  );
  await page.getByRole('button', { name: 'Cancel' }).click();
  assert.equal(
    await page.locator('[data-match-status]').textContent(),
    'Cancelled: the list was not matched.',
  );
  assert.ok(await page.locator('[data-match-results]').isHidden());
  assert.ok(await page.getByRole('button', { name: 'Cancel' }).isHidden());
  // Nothing comes of the cancelled match: whatever it would still send comes before the next
  // match's answer, so once that answer is drawn the table holds its one row and nothing else.
  await page.locator('textarea').fill(lines[0]!.line);
  await page.getByRole('button', { name: 'Match', exact: true }).click();
  assert.deepEqual(await rowMatches(page, 1), [lines[0]!.expected]);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a file that cannot be read for sure is reported, not guessed', async () => {
  const { page, problems } = await openPage(browser, pathToFileURL(join(site, 'match.html')).href);
  const name = lines[0]!.line;
  const cases: [string, Buffer, RegExp][] = [
    [
      'open quote',
      Buffer.from(`Ref,Name\nA,"${name}\nB,Other\nC,Third\n`),
      /^Line 2 opens a quoted cell .* never closed/,
    ],
    ['stray quote', Buffer.from(`Ref,Name\nA,"${name}\nB,"Other"\nC,Third\n`), /^Line 3 .*closing quote/],
    [
      'UTF-16 without its mark',
      Buffer.from(`Ref,Name\nA,${name}\n`, 'utf16le'),
      /UTF-16LE text without the byte-order mark/,
    ],
    [
      'Windows-1252',
      Buffer.concat([Buffer.from('Ref,Name\nA,Caf'), Buffer.from([0xe9]), Buffer.from('\n')]),
      /not UTF-8 text: byte 15 \(line 2\)/,
    ],
    [
      'too long',
      Buffer.from(`Name\n${'A\n'.repeat(100_001)}`),
      /100,001 rows; the matcher takes up to 100,000/,
    ],
  ];
  for (const [what, buffer, message] of cases) {
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: `${what}.csv`, mimeType: 'text/csv', buffer });
    await page.waitForFunction(
      () => !document.querySelector('[data-match-status]')?.textContent?.startsWith('Reading'),
    );
    assert.match((await page.locator('[data-match-status]').textContent()) ?? '', message, what);
    assert.ok(await page.locator('[data-match-column-field]').isHidden(), `${what}: no column offered`);
  }
  // A UTF-16 file with its mark is read.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'marked.csv',
    mimeType: 'text/csv',
    buffer: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`Ref,Name\nA,${name}\n`, 'utf16le')]),
  });
  await page.locator('[data-match-column]').waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Match', exact: true }).click();
  assert.deepEqual(await rowMatches(page, 1), [lines[0]!.expected]);
  assert.deepEqual(problems, []);
  await page.close();
});

test('match.html and search.html allow a worker only from their own site or a blob: URL they made, no other page any', () => {
  const policy = (path: string): string =>
    /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(
      readFileSync(join(site, path), 'utf8'),
    )![1]!;
  assert.match(policy('match.html'), /(^|;)\s*worker-src 'self' blob:\s*(;|$)/);
  assert.match(policy('search.html'), /(^|;)\s*worker-src 'self' blob:\s*(;|$)/);
  for (const path of ['index.html', 'about.html', 'names.html'])
    assert.doesNotMatch(policy(path), /worker-src/, path);
});
