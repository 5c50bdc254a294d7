// Listings ranked by size, as a reader meets them: for every kind of listing (county, sector,
// sub-sector, list, voluntary code, funder, regulator) the largest-first pages hold each member of
// the group once, in the order of the latest incomes the data folder's records give, and a reader
// moves between the two orders and on to an organisation from file://, and on a phone's screen.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright';
import { parseCsv } from '../../src/lib/csv.ts';
import { launchChromium } from '../support/chromium.ts';
import { openPage, watchPage } from '../support/page-watch.ts';
import { sharedSite } from '../support/shared-sites.ts';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';

/** How many rows a page of a listing holds, ranked or A–Z (src/lib/paginate.ts). */
const PAGE_ROWS = 200;

const KINDS = ['county', 'sector', 'subsector', 'list', 'code', 'funder', 'regulator'] as const;

let data: string;
let site: string;
let browser: Browser;
/** The data folder's records by lower-cased id, read here as JSON, apart from the site's reader. */
const records = new Map<string, Record<string, unknown>>();

before(async () => {
  ({ data, site } = await sharedSite('quality'));
  for (const file of readdirSync(join(data, 'organisations'))) {
    // The fixture's unreadable record has no page; it is in no listing either.
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(readFileSync(join(data, 'organisations', file), 'utf8')) as Record<string, unknown>;
    } catch {
      continue;
    }
    records.set(file.slice(0, -'.json'.length).toLowerCase(), record);
  }
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
});

const read = (path: string) => readFileSync(join(site, path), 'utf8');
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

interface Row {
  /** The organisation's id, when the row links its page. */
  id?: string;
  name: string;
  number: string;
  status: string;
  income: string;
}

/**
 * The rows of a page's ranked table, as its HTML gives them. A row and a cell end where the next
 * begins: HTML lets a page leave out their end tags.
 */
function rowsOf(html: string): Row[] {
  const body = /<table class="ranked">[\s\S]*?<tbody>([\s\S]*?)(?:<\/tbody>)?<\/table>/.exec(html)?.[1];
  assert.ok(body !== undefined, 'a ranked table');
  return [...body.matchAll(/<tr>([\s\S]*?)(?:<\/tr>)?(?=<tr>|$)/g)].map(([, row]) => {
    const cells = [...row!.matchAll(/<td>([\s\S]*?)(?:<\/td>)?(?=<td>|$)/g)].map((cell) => cell[1]!);
    assert.equal(cells.length, 4, row);
    const id = /href="[^"]*org\/([^"/]+)\.html"/.exec(cells[0]!)?.[1];
    return {
      ...(id !== undefined && { id }),
      name: text(cells[0]!),
      income: text(cells[1]!),
      number: text(cells[2]!),
      status: text(cells[3]!),
    };
  });
}

/** Every group's largest-first pages in one folder, in page order: slug → paths. */
function rankedGroups(kind: string): Map<string, string[]> {
  const groups = new Map<string, { page: number; path: string }[]>();
  for (const file of readdirSync(join(site, 'largest', kind))) {
    const [, slug, page] = /^(.*?)(?:-p(\d+))?\.html$/.exec(file)!;
    const pages = groups.get(slug!) ?? [];
    pages.push({ page: Number(page ?? 1), path: `largest/${kind}/${file}` });
    groups.set(slug!, pages);
  }
  return new Map(
    [...groups].map(([slug, pages]) => {
      pages.sort((a, b) => a.page - b.page);
      assert.deepEqual(
        pages.map((page) => page.page),
        pages.map((_, index) => index + 1),
        `${kind}/${slug}: pages 1 to n`,
      );
      return [slug, pages.map((page) => page.path)];
    }),
  );
}

/** The latest income a record gives, as a number; `undefined` when it gives none. */
function incomeOf(record: Record<string, unknown> | undefined): number | undefined {
  const summary = record?.['financialSummary'] as Record<string, unknown> | undefined;
  const income = summary?.['currentIncome'];
  if (typeof income === 'number' && Number.isFinite(income)) return income;
  if (typeof income === 'string' && /^-?\d+$/.test(income.trim())) return Number(income);
  return undefined;
}

const names = new Intl.Collator('en-IE', { sensitivity: 'base', numeric: true });

/** A relative link of a page as a path from the site root. */
const resolve = (from: string, href: string) => posix.normalize(posix.join(posix.dirname(from), href));

/** The A–Z (or by-amount) page a largest-first page links back to. */
function unrankedOf(path: string): string {
  const nav = /<nav class="pages sort" aria-label="Sort order">([\s\S]*?)<\/nav>/.exec(read(path))?.[1];
  assert.ok(nav, `${path}: a sort control`);
  assert.match(nav, /<span aria-current="true">Largest first<\/span>/, path);
  const href = /<a href="([^"]+)">/.exec(nav)?.[1];
  assert.ok(href, `${path}: a link to the other order`);
  return resolve(path, href);
}

/** The organisations an A–Z page and the pages after it link, and how many members it lists unlinked. */
function unrankedMembers(first: string): { ids: string[]; unlinked: number } {
  const folder = posix.dirname(first);
  const stem = posix.basename(first, '.html');
  const paths = readdirSync(join(site, folder))
    .filter(
      (file) =>
        file === `${stem}.html` || new RegExp(`^${stem.replace(/[.]/g, '\\.')}-p\\d+\\.html$`).test(file),
    )
    .map((file) => `${folder}/${file}`);
  const ids: string[] = [];
  let unlinked = 0;
  for (const path of paths) {
    const main = /<main[\s\S]*<\/main>/.exec(read(path))![0];
    for (const [, id] of main.matchAll(/href="[^"]*org\/([^"/]+)\.html"/g)) ids.push(id!);
    unlinked += [...main.matchAll(/<li><bdi>/g)].length;
  }
  return { ids: [...new Set(ids)], unlinked };
}

test('every kind of listing has largest-first pages, each linked from its own page with the current order marked', () => {
  for (const kind of KINDS) {
    const groups = rankedGroups(kind);
    assert.ok(groups.size > 0, kind);
    for (const [slug, paths] of groups) {
      const unranked = unrankedOf(paths[0]!);
      const nav = /<nav class="pages sort" aria-label="Sort order">([\s\S]*?)<\/nav>/.exec(
        read(unranked),
      )?.[1];
      assert.ok(nav, `${unranked}: a sort control`);
      assert.match(nav, /<span aria-current="true">(A–Z|Largest amount)<\/span>/, unranked);
      const href = /<a href="([^"]+)">Largest first<\/a>/.exec(nav)?.[1];
      assert.equal(href && resolve(unranked, href), paths[0], `${kind}/${slug}`);
    }
  }
});

test("each group's largest-first pages hold every member, each once, the largest latest income first", () => {
  let checked = 0;
  let paged = 0;
  for (const kind of KINDS) {
    for (const [slug, paths] of rankedGroups(kind)) {
      const rows = paths.flatMap((path) => rowsOf(read(path)));
      const where = `${kind}/${slug}`;
      // Every member of the group, each once: the members its A–Z pages list, linked or not.
      const linked = rows.flatMap((row) => (row.id === undefined ? [] : [row.id]));
      assert.equal(new Set(linked).size, linked.length, `${where}: an organisation twice`);
      const members = unrankedMembers(unrankedOf(paths[0]!));
      assert.deepEqual([...linked].sort(), [...members.ids].sort(), `${where}: the members with a page`);
      assert.equal(rows.length - linked.length, members.unlinked, `${where}: the members without one`);
      paths.forEach((path, index) =>
        assert.equal(
          rowsOf(read(path)).length,
          index < paths.length - 1 ? PAGE_ROWS : rows.length - PAGE_ROWS * index,
          `${path}: rows`,
        ),
      );
      if (paths.length > 1) paged += 1;
      // Ordered by the records' incomes: those that give one first, largest first; ties and the rest A–Z.
      const incomes = rows.map((row) =>
        row.id === undefined ? undefined : incomeOf(records.get(row.id.toLowerCase())),
      );
      for (let index = 1; index < rows.length; index += 1) {
        const [before, now] = [incomes[index - 1], incomes[index]];
        const at = `${where}, rows ${index} and ${index + 1}: ${rows[index - 1]!.name} (${before}), ${rows[index]!.name} (${now})`;
        assert.ok(!(before === undefined && now !== undefined), `${at}: an income after one without`);
        if (before !== undefined && now !== undefined) assert.ok(before >= now, `${at}: incomes rise`);
        if (before === now)
          assert.ok(names.compare(rows[index - 1]!.name, rows[index]!.name) <= 0, `${at}: not A–Z`);
      }
      checked += rows.length;
    }
  }
  assert.ok(checked > 300, `${checked} rows`);
  assert.ok(paged > 0, 'a group ranked over more than one page');
});

test('each row shows the income and year, the charity number and the statuses its record gives', () => {
  const grouped = new Intl.NumberFormat('en-IE');
  let withIncome = 0;
  for (const kind of KINDS) {
    for (const [, paths] of rankedGroups(kind)) {
      for (const row of paths.flatMap((path) => rowsOf(read(path)))) {
        if (row.id === undefined) {
          assert.match(row.status, /gone from the register|no record in this snapshot/, row.name);
          continue;
        }
        const record = records.get(row.id.toLowerCase())!;
        const summary = record['financialSummary'] as Record<string, unknown> | undefined;
        const income = incomeOf(record);
        if (income !== undefined && Number.isSafeInteger(income) && income >= 0) {
          const year = summary?.['currentYear'];
          assert.equal(
            row.income,
            typeof year === 'number' ? `${grouped.format(income)} (${year})` : grouped.format(income),
            row.name,
          );
          withIncome += 1;
        }
        if (income === undefined) assert.equal(row.income, '', row.name);
        const regulators = (Array.isArray(record['regulators']) ? record['regulators'] : []) as Record<
          string,
          unknown
        >[];
        const charity = regulators.find(
          (regulator) =>
            regulator['regulatorDesc'] === 'CRA' && /^\d+$/.test(String(regulator['regulatorNumber'])),
        );
        if (charity)
          assert.equal(row.number, String(charity['regulatorNumber']).replace(/^0+/, ''), row.name);
        const labels = Array.isArray(record['regulatory']) ? (record['regulatory'] as string[]) : [];
        for (const label of labels) {
          const short = /\(([^()]+)\)\s*$/.exec(label)?.[1] ?? label;
          assert.ok(
            row.status.split(', ').includes(short.trim()),
            `${row.name}: ${label} in "${row.status}"`,
          );
        }
      }
    }
  }
  assert.ok(withIncome > 100, `${withIncome} rows with an income`);
});

test('figures.html opens with the largest organisations by latest income and ranks its bars by size', () => {
  const html = read('figures.html');
  const rows = rowsOf(html);
  const all = [...records.entries()]
    .map(([id, record]) => ({ id, income: incomeOf(record) }))
    .filter((entry): entry is { id: string; income: number } => entry.income !== undefined)
    .sort((a, b) => b.income - a.income);
  assert.equal(rows.length, Math.min(20, all.length));
  rows.forEach((row, index) =>
    assert.equal(incomeOf(records.get(row.id!.toLowerCase())), all[index]!.income, row.name),
  );
  assert.ok(
    html.indexOf('class="ranked"') < html.indexOf('id="meaning"'),
    'the largest organisations come first',
  );
  // Every chart's figures, as its table gives them in full, fall from the first row to the last.
  const tables = [
    ...html.matchAll(
      /<caption>((?!Whole register)[^<]*, current year \(derived\))<\/caption>[\s\S]*?<tbody>([\s\S]*?)(?:<\/tbody>)?<\/table>/g,
    ),
  ];
  assert.ok(tables.length >= 12, `${tables.length} ranked tables`);
  for (const [, caption, body] of tables) {
    const totals = [
      ...body!.matchAll(/<tr>[\s\S]*?<td class="num">[^<]*(?:<\/td>)?<td class="num">([^<]*)/g),
    ].map(([, total]) =>
      total === '–' ? undefined : Number(total!.replace(/,/g, '').replace('\u2212', '-')),
    );
    for (let index = 1; index < totals.length; index += 1) {
      const [before, now] = [totals[index - 1], totals[index]];
      assert.ok(!(before === undefined && now !== undefined), `${caption}: a total after none`);
      if (before !== undefined && now !== undefined)
        assert.ok(before >= now, `${caption}: ${before} then ${now}`);
    }
  }
});

// One page walks every kind, as a reader's tab would; a stalled browser fails the test in minutes.
test(
  'from file://, a reader goes from a listing to its largest-first page, on to an organisation, and back',
  { timeout: 180_000 },
  async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const problems = await watchPage(page, 'file:');
    for (const kind of KINDS) {
      const [first] =
        [...rankedGroups(kind).values()].find((paths) => rowsOf(read(paths[0]!)).some((row) => row.id)) ?? [];
      assert.ok(first, kind);
      const unranked = unrankedOf(first);
      await page.goto(pathToFileURL(join(site, unranked)).href);
      await page.locator('nav[aria-label="Sort order"] a', { hasText: 'Largest first' }).click();
      assert.equal(decodeURI(new URL(page.url()).pathname), join(site, first), kind);
      assert.equal(
        await page.locator('nav[aria-label="Sort order"] [aria-current="true"]').textContent(),
        'Largest first',
      );
      const link = page.locator('table.ranked tbody a').first();
      const name = (await link.textContent())!.trim();
      await link.click();
      assert.equal((await page.locator('h1').textContent())?.trim(), name, kind);
      await page.goBack();
      await page.locator('nav[aria-label="Sort order"] a').click();
      assert.equal(decodeURI(new URL(page.url()).pathname), join(site, unranked), kind);
      assert.deepEqual(problems, [], kind);
    }
    await context.close();
  },
);

test('on a phone, a largest-first page of every kind is no wider than the screen: its table scrolls in its own box', async () => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  for (const kind of KINDS) {
    for (const paths of rankedGroups(kind).values()) {
      await page.goto(pathToFileURL(join(site, paths[0]!)).href);
      const { width, table, box } = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        table: document.querySelector('table.ranked')!.getBoundingClientRect().width,
        box: getComputedStyle(document.querySelector('table.ranked')!.parentElement!).overflowX,
      }));
      assert.ok(width <= 390, `${paths[0]} is ${width} px wide`);
      assert.ok(
        table <= 390 || box === 'auto',
        `${paths[0]}: a table ${table} px wide outside a scrolling box`,
      );
    }
  }
  await context.close();
});

/** The kinds whose groups the search can filter by: a ranked listing links the same ranking there. */
const SEARCHABLE = new Set(['county', 'sector', 'list', 'code', 'funder']);

/** How many groups of each kind the test follows into search: the largest, over the most pages. */
const FOLLOWED_PER_KIND = 2;

test('a ranked listing links its group in search, the largest first, and the download holds every member in that order', async () => {
  const context = await browser.newContext({ acceptDownloads: true });
  let followed = 0;
  let paged = 0;
  for (const kind of KINDS) {
    const groups = [...rankedGroups(kind)].map(([slug, paths]) => {
      const html = read(paths[0]!);
      const link = /<a href="([^"]*search\.html\?[^"]*)">\s*The same ranking in search\s*<\/a>/.exec(html);
      return {
        slug,
        paths,
        link: link?.[1]?.replace(/&amp;/g, '&'),
        members: unrankedMembers(unrankedOf(paths[0]!)),
      };
    });
    for (const { slug, link } of groups) {
      if (SEARCHABLE.has(kind) && slug !== 'not-given') assert.ok(link, `${kind}/${slug}: a link to search`);
      else assert.equal(link, undefined, `${kind}/${slug}: no filter in search, no link`);
    }
    const largest = groups
      .filter((group) => group.link !== undefined)
      .sort((a, b) => b.members.ids.length - a.members.ids.length)
      .slice(0, FOLLOWED_PER_KIND);
    for (const { slug, paths, link, members } of largest) {
      const where = `${kind}/${slug}`;
      const { page, problems } = await openPage(context, pathToFileURL(join(site, paths[0]!)).href);
      await page.locator(`a[href="${link!}"]`).click();
      await page.waitForFunction(() =>
        / found\b/.test(document.querySelector('[data-search-status]')?.textContent ?? ''),
      );
      assert.equal(
        Number(await page.locator('[data-result-count]').getAttribute('data-result-count')),
        members.ids.length,
        `${where}: every member with a page found`,
      );
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('button[data-search-download]').click(),
      ]);
      const [heading, ...rows] = parseCsv(readFileSync((await download.path())!, 'utf8'));
      const pageColumn = heading!.indexOf('page');
      const ids = rows.map((row) => /([0-9a-f-]{36})\.html$/.exec(row[pageColumn]!)![1]!.toLowerCase());
      assert.deepEqual(
        [...ids].sort(),
        members.ids.map((id) => id.toLowerCase()).sort(),
        `${where}: the members`,
      );
      // The same incomes, in the same order, as the ranked pages (ties may fall either way).
      const incomes = ids.map((id) => incomeOf(records.get(id)));
      const ranked = paths.flatMap((path) => rowsOf(read(path))).filter((row) => row.id !== undefined);
      assert.deepEqual(
        incomes,
        ranked.map((row) => incomeOf(records.get(row.id!.toLowerCase()))),
        `${where}: the order of the ranked pages`,
      );
      for (let index = 1; index < incomes.length; index += 1) {
        const [before, now] = [incomes[index - 1], incomes[index]];
        assert.ok(
          !(before === undefined && now !== undefined),
          `${where}, row ${index + 1}: an income after none`,
        );
        if (before !== undefined && now !== undefined)
          assert.ok(before >= now, `${where}, row ${index + 1}: incomes rise`);
      }
      assert.deepEqual(problems, [], where);
      await page.close();
      followed += 1;
      if (paths.length > 1) paged += 1;
    }
  }
  assert.equal(followed, SEARCHABLE.size * FOLLOWED_PER_KIND);
  assert.ok(paged > 0, 'a group ranked over more than one page, followed');
  await context.close();
});
