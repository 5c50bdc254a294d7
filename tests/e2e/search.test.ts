// The search page as a reader meets it, in Chromium: from file:// (typing, phrases, the address,
// reload, clicking through, filters, pages of results) and from a static server with a strict
// Content-Security-Policy and a slow index. The site is built from a sample register of a few
// hundred organisations; what a query should find is worked out here from the records.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright';
import { organisationPath } from '../../src/lib/routes.ts';
import { countyKey } from '../../src/lib/counties.ts';
import { parseCsv } from '../../src/lib/csv.ts';
import { referenceDocument, type ReferenceDocument } from '../support/reference-documents.ts';
import { referenceWords } from '../support/search-reference.ts';
import { buildSite } from '../../src/site/build.ts';
import { launchChromium } from '../support/chromium.ts';
import { openPage, watchPage, type WatchedPage } from '../support/page-watch.ts';
import { writeSampleDataFolder } from '../support/sample-data-folder.ts';
import { serveSite, type SiteServer } from '../support/static-server.ts';
import { axeViolations } from '../support/axe.ts';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';

const ORGANISATIONS = 300;

const PAGE_SIZE = 20;

let work: string;
let site: string;
let browser: Browser;
let server: SiteServer | undefined;
let records: Record<string, unknown>[];
let documents: ReferenceDocument[];
/** The chosen phrase, and the ids of the organisations that contain it (and of those with both words anywhere). */
let phrase: { words: string[]; ids: string[]; bagOfWords: string[] };

function values(document: ReferenceDocument): string[][] {
  return Object.values(document.fields).flatMap((fieldValues) => fieldValues.map(referenceWords));
}

function containsSequence(tokens: readonly string[], words: readonly string[]): boolean {
  return tokens.some((_, start) => words.every((word, offset) => tokens[start + offset] === word));
}

/** Ids of the organisations whose searchable text has the words in sequence (or, loosely, anywhere). */
function idsWith(words: readonly string[], inSequence: boolean): string[] {
  return documents
    .filter((document) =>
      inSequence
        ? values(document).some((tokens) => containsSequence(tokens, words))
        : words.every((word) => values(document).some((tokens) => tokens.includes(word))),
    )
    .map(({ id }) => id)
    .sort();
}

/**
 * A two-word phrase from a name that a page of results shows whole, and that fewer organisations
 * contain in that order than contain both words: so the phrase, not the words, decides.
 */
function choosePhrase(): typeof phrase {
  for (const document of documents) {
    const name = referenceWords(document.name);
    for (let start = 0; start + 1 < name.length; start += 1) {
      const words = name.slice(start, start + 2);
      if (words.some((word) => word.length < 3)) continue;
      const ids = idsWith(words, true);
      const bagOfWords = idsWith(words, false);
      if (ids.length >= 3 && ids.length <= PAGE_SIZE && bagOfWords.length > ids.length)
        return { words, ids, bagOfWords };
    }
  }
  throw new Error('no suitable phrase in the sample register');
}

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'orgdir-search-e2e-'));
  const dataDir = join(work, 'data');
  site = join(work, 'site');
  records = writeSampleDataFolder(dataDir, { seed: 'search-e2e', orgs: ORGANISATIONS });
  // What each organisation should be found by, read from its record by the test's own code.
  documents = records.map((record) => referenceDocument(record, { lists: [], voluntaryCodes: [] }));
  phrase = choosePhrase();
  await buildSite({ dataDir, siteDir: site, logLevel: 'error' });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A page that records every error and every request that is not a file of the site. */
function open(url: string, waitUntil: 'load' | 'commit' = 'load'): Promise<WatchedPage> {
  return openPage(browser, url, waitUntil);
}

async function resultCount(page: Page): Promise<number> {
  return Number(await page.locator('[data-result-count]').getAttribute('data-result-count'));
}

/** Waits until the results shown are for `query` (the status names it), then returns the count. */
async function resultsFor(page: Page, query: string): Promise<number> {
  await page.waitForFunction(
    (expected) => document.querySelector('[data-search-status]')?.textContent?.includes(`for “${expected}”`),
    query,
  );
  return resultCount(page);
}

/** The organisations linked from the results shown, by id. */
async function linkedIds(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('[data-search-results] h3 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => /([0-9a-f-]{36})\.html$/.exec(href)?.[1] ?? href).sort();
}

const searchPage = () => pathToFileURL(join(site, 'search.html')).href;

test('typing a quoted phrase from file:// finds exactly the organisations with that phrase; the address keeps it over a reload; a click opens one', async () => {
  const { page, problems } = await open(searchPage());
  const input = page.locator('input[type="search"]');
  // The same words without quotes find every organisation that has both of them.
  await input.pressSequentially(`${phrase.words.join(' ')} `);
  assert.equal(await resultsFor(page, phrase.words.join(' ')), phrase.bagOfWords.length);

  const query = `"${phrase.words.join(' ')}"`;
  await input.fill('');
  await input.pressSequentially(query);
  assert.equal(await resultsFor(page, query), phrase.ids.length);
  assert.deepEqual(await linkedIds(page), phrase.ids);
  assert.equal(new URL(page.url()).searchParams.get('q'), query);

  await page.reload();
  assert.equal(await resultsFor(page, query), phrase.ids.length);
  assert.equal(await input.inputValue(), query);
  assert.deepEqual(await linkedIds(page), phrase.ids);

  const last = page.locator('[data-search-results] h3 a').last();
  const name = await last.textContent();
  await last.click();
  await page.waitForURL(/\/org\/[0-9a-f-]{36}\.html$/);
  const id = /([0-9a-f-]{36})\.html$/.exec(page.url())![1]!;
  assert.ok(phrase.ids.includes(id));
  assert.ok(page.url().endsWith(organisationPath(id)));
  assert.equal(await page.locator('h1').textContent(), name);
  assert.deepEqual(problems, []);
  await page.close();
});

test('by keyboard alone: type a phrase, press Enter, move to the first result and open its page', async () => {
  const query = `"${phrase.words.join(' ')}"`;
  const { page, problems } = await open(searchPage());
  await page.locator('input[type="search"]').focus();
  await page.keyboard.type(query);
  await page.keyboard.press('Enter');
  await resultsFor(page, query);
  assert.equal(await page.locator('[data-search-status]').getAttribute('aria-live'), 'polite');
  let onResult = false;
  for (let presses = 0; presses < 15 && !onResult; presses += 1) {
    await page.keyboard.press('Tab');
    onResult = await page.evaluate(() => document.activeElement?.matches('[data-search-results] a') ?? false);
  }
  assert.ok(onResult, 'Tab reaches the first result');
  const name = await page.evaluate(() => document.activeElement?.textContent ?? '');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/org\/[0-9a-f-]{36}\.html$/);
  const id = /([0-9a-f-]{36})\.html$/.exec(page.url())![1]!;
  assert.ok(phrase.ids.includes(id));
  assert.ok(page.url().endsWith(organisationPath(id)));
  assert.equal(await page.locator('h1').textContent(), name);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the search box on the home page leads to the search page with the query in the address', async () => {
  const { page, problems } = await open(pathToFileURL(join(site, 'index.html')).href);
  // A word in quotation marks is matched exactly: no prefix, no typo.
  const query = `"${phrase.words[0]!}"`;
  await page.locator('input[type="search"]').fill(query);
  await page.locator('input[type="search"]').press('Enter');
  await page.waitForURL(/search\.html\?q=/);
  assert.equal(new URL(page.url()).searchParams.get('q'), query);
  assert.equal(await resultsFor(page, query), idsWith([phrase.words[0]!], false).length);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a filter narrows the results and is kept in the address; every page of results can be reached', async () => {
  const { page, problems } = await open(`${searchPage()}?q=${encodeURIComponent('the ')}`);
  const total = await resultsFor(page, 'the');
  assert.ok(total > PAGE_SIZE, `${total} results for "the"`);
  assert.equal(await page.locator('[data-search-results] > li').count(), PAGE_SIZE);
  await page.getByRole('link', { name: 'Next page' }).click();
  await page.waitForFunction(() => new URL(window.location.href).searchParams.get('page') === '2');
  await page.waitForFunction(
    () => document.querySelector('[data-search-results]')?.getAttribute('start') === '21',
  );
  assert.equal(
    await page.locator('[data-search-results] > li').count(),
    Math.min(PAGE_SIZE, total - PAGE_SIZE),
  );

  const county = page.locator('select[data-search-filter="county"]');
  const option = (await county.locator('option').nth(1).getAttribute('value'))!;
  await county.selectOption(option);
  await page.waitForFunction(
    (value) => new URL(window.location.href).searchParams.get('county') === value,
    option,
  );
  await page.waitForFunction(
    (before) =>
      Number(document.querySelector('[data-result-count]')?.getAttribute('data-result-count')) < before,
    total,
  );
  const narrowed = await resultCount(page);
  assert.ok(narrowed > 0 && narrowed < total);
  await page.reload();
  await page.waitForFunction(
    (value) =>
      (document.querySelector('select[data-search-filter="county"]') as HTMLSelectElement).value === value,
    option,
  );
  assert.equal(await resultsFor(page, 'the'), narrowed);
  assert.deepEqual(problems, []);
  await page.close();
});

test('from a static server with a strict script policy and a slow index, the page says it is loading, then searches', async () => {
  let releaseCore!: () => void;
  const coreReleased = new Promise<void>((resolve) => {
    releaseCore = resolve;
  });
  server = await serveSite(site, {
    headers: {
      'content-security-policy':
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
    },
    // The core of the index arrives only when the test has seen the page wait for it, as on a
    // connection slower than any timer could promise.
    holdUntil: (path) => (path.endsWith('/search/core.js') ? coreReleased : undefined),
  });
  const query = `"${phrase.words[1]!}"`;
  const { page, problems } = await open(`${server.root}search.html`, 'commit');
  await page.waitForFunction(() =>
    document.querySelector('[data-search-status]')?.textContent?.startsWith('Loading the search index'),
  );
  await page.locator('input[type="search"]').fill(query);
  assert.match(
    (await page.locator('[data-search-status]').textContent()) ?? '',
    /Loading the search index… your search will run as soon as it has arrived/,
  );
  releaseCore();
  assert.equal(await resultsFor(page, query), idsWith([phrase.words[1]!], false).length);
  assert.deepEqual(problems, []);
  await page.close();
});

/**
 * Searches the chosen phrase from a server of the site sending `headers`, and checks that it finds
 * exactly the organisations with the phrase, with no problem on the page. Resolves to the index's
 * parts the search asked for, the core aside, each with how it was requested (`script`, `fetch`).
 */
async function phraseOverHttp(
  headers: Record<string, string> = {},
): Promise<{ part: string; type: string }[]> {
  const local = await serveSite(site, { headers });
  try {
    const query = `"${phrase.words.join(' ')}"`;
    const page = await browser.newPage();
    const parts: { part: string; type: string }[] = [];
    page.on('request', (request) => {
      const part = /\/search\/((?:terms|positions|docs|cards|objects|facets|facts)\/[^/]+)\.js$/.exec(
        request.url(),
      )?.[1];
      if (part) parts.push({ part, type: request.resourceType() });
    });
    const problems = await watchPage(page, local.origin);
    await page.goto(`${local.root}search.html?q=${encodeURIComponent(query)}`);
    assert.equal(await resultsFor(page, query), phrase.ids.length);
    assert.deepEqual(await linkedIds(page), phrase.ids);
    assert.deepEqual(problems, []);
    await page.close();
    return parts;
  } finally {
    await local.close();
  }
}

test("over http the search worker fetches the index's parts itself, the page's thread running none of them", async () => {
  const parts = await phraseOverHttp();
  assert.ok(
    parts.some(({ part }) => /^(docs|cards)\//.test(part)),
    JSON.stringify(parts),
  );
  assert.deepEqual(
    parts.filter(({ type }) => type !== 'fetch'),
    [],
    'no part is loaded as a script of the page',
  );
});

test("when a host's policy refuses the worker a fetch, the page loads the parts and the search still finds", async () => {
  const parts = await phraseOverHttp({
    'content-security-policy':
      "default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' data:",
  });
  assert.ok(
    parts.some(({ part, type }) => /^(docs|cards)\//.test(part) && type === 'script'),
    JSON.stringify(parts),
  );
});

test('a misspelt word that finds nothing is offered the nearest word that finds something, and the offer runs it', async () => {
  // A long word of a name with two letters after its first two swapped: two edits, one more than
  // a typo the search forgives, so the query itself finds nothing.
  const word = documents
    .flatMap((document) => referenceWords(document.name))
    .find((candidate) => /^[a-z]{8,}$/.test(candidate) && candidate[3] !== candidate[4])!;
  const misspelt = `${word.slice(0, 3)}${word[4]}${word[3]}${word.slice(5)}`;
  const { page, problems } = await open(`${searchPage()}?q=${encodeURIComponent(`${misspelt} `)}`);
  assert.equal(await resultsFor(page, misspelt), 0);
  const offer = page.locator('[data-search-suggestion]');
  await offer.waitFor({ state: 'visible' });
  assert.equal(await offer.locator('a').first().textContent(), word);
  await offer.locator('a').first().click();
  const found = await resultsFor(page, word);
  assert.equal(found, idsWith([word], false).length);
  assert.ok(found > 0);
  assert.equal(await offer.isVisible(), false, 'the offer goes once its query runs');
  assert.match(page.url(), new RegExp(`[?&]q=${word}(?:&|$)`));
  assert.deepEqual(problems, []);
});

/** Levenshtein distance, written here for the tests' own expectations. */
function edits(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, at) => at);
  for (const [i, x] of [...a].entries()) {
    const next = [i + 1];
    for (const [j, y] of [...b].entries())
      next.push(Math.min(row[j + 1]! + 1, next[j]! + 1, row[j]! + (x === y ? 0 : 1)));
    row = next;
  }
  return row[b.length]!;
}

/** Every word of every searchable field of the sample register. */
function vocabulary(): Set<string> {
  return new Set(documents.flatMap((document) => values(document).flat()));
}

/** The words of `known` within `distance` edits of `word`. */
function near(known: Set<string>, word: string, distance: number): string[] {
  return [...known].filter(
    (other) => Math.abs(other.length - word.length) <= distance && edits(other, word) <= distance,
  );
}

/** The search page at each width, from file:// and over http, each in a context of its own. */
async function atEachWidthAndPlace(check: (page: Page, url: string) => Promise<void>): Promise<void> {
  const local = await serveSite(site);
  try {
    for (const url of [searchPage(), `${local.root}search.html`]) {
      for (const width of [1280, 390]) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const { page, problems } = await openPage(context, url);
        await check(page, url);
        assert.deepEqual(problems, [], `${url} at ${width}`);
        await context.close();
      }
    }
  } finally {
    await local.close();
  }
}

test('a word found only with a typo is announced: "Showing results for …", with a link to search for the word as typed', async () => {
  const known = vocabulary();
  // "hospise" when the sample has hospices; else a long word of a name with its fifth letter changed,
  // one typo from that word alone.
  const candidates = [
    ['hospice', 'hospise'],
    ...documents
      .flatMap((document) => referenceWords(document.name))
      .filter((word) => /^[a-z]{7,}$/.test(word))
      .flatMap((word) =>
        [...'aeiouy'].map((letter) => [word, `${word.slice(0, 4)}${letter}${word.slice(5)}`]),
      ),
  ] as [string, string][];
  const [word, typo] = candidates.find(
    ([right, wrong]) => known.has(right) && !known.has(wrong) && near(known, wrong, 1).join() === right,
  )!;
  await atEachWidthAndPlace(async (page) => {
    await page.goto(`${page.url().split('?')[0]}?q=${encodeURIComponent(`${typo} `)}`);
    assert.equal(await resultsFor(page, word), idsWith([word], false).length);
    const offer = page.locator('[data-search-suggestion]');
    assert.equal(await offer.textContent(), `Showing results for ${word}. Search instead for "${typo}".`);
    assert.match(
      (await page.locator('[data-search-status]').textContent()) ?? '',
      new RegExp(`corrected from “${typo}”`),
    );
    assert.deepEqual(await axeViolations(page), []);
    // The word as typed, quoted, is matched exactly: nothing, and the word it is near is offered back.
    await offer.getByRole('link', { name: `"${typo}"` }).click();
    assert.equal(await resultsFor(page, `"${typo}"`), 0);
    await page.getByRole('link', { name: `"${word}"` }).waitFor();
    assert.match((await offer.textContent()) ?? '', /^Did you mean /);
  });
});

test('a misspelt quoted phrase that finds nothing is offered the phrase it is near, even misspelt in its first letters', async () => {
  const known = vocabulary();
  // A two-word phrase of a name whose first word, its second and third letters swapped, is near
  // no other word of the register.
  const found = documents
    .flatMap((document) => {
      const name = referenceWords(document.name);
      return name.slice(0, -1).map((first, at) => [first, name[at + 1]!] as const);
    })
    .map(([first, second]) => ({ first, second, typo: `${first[0]}${first[2]}${first[1]}${first.slice(3)}` }))
    .find(
      ({ first, second, typo }) =>
        /^[a-z]{5,}$/.test(first) &&
        /^[a-z]{3,}$/.test(second) &&
        !known.has(typo) &&
        near(known, typo, 2).join() === first &&
        idsWith([first, second], true).length > 0,
    )!;
  const query = `"${found.typo} ${found.second}"`;
  const offered = `"${found.first} ${found.second}"`;
  await atEachWidthAndPlace(async (page) => {
    await page.goto(`${page.url().split('?')[0]}?q=${encodeURIComponent(query)}`);
    assert.equal(await resultsFor(page, query), 0);
    const offer = page.locator('[data-search-suggestion]');
    await offer.waitFor({ state: 'visible' });
    assert.equal(await offer.locator('a').first().textContent(), offered);
    await offer.locator('a').first().click();
    assert.equal(await resultsFor(page, offered), idsWith([found.first, found.second], true).length);
  });
});

/** The sample record of an id. */
function recordOf(id: string): Record<string, unknown> {
  return records.find((record) => record['id'] === id)!;
}

function incomeOf(id: string): number | undefined {
  return (recordOf(id)['financialSummary'] as { currentIncome?: number } | undefined)?.currentIncome;
}

/** The organisations linked from the results shown, by id, in the order shown. */
async function shownIds(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('[data-search-results] h3 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => /([0-9a-f-]{36})\.html$/.exec(href)![1]!);
}

/** Waits until the page shows results in the order `sort` (the address says it). */
async function sortedBy(page: Page, sort: string): Promise<void> {
  await page.locator('select[data-search-sort]').selectOption(sort);
  await page.waitForFunction(
    (order) => new URL(window.location.href).searchParams.get('sort') === order,
    sort,
  );
}

test('results sort by name and by latest income, the order kept in the address over a reload', async () => {
  const query = 'the';
  const ids = idsWith([query], false);
  const { page, problems } = await open(`${searchPage()}?q=${query}%20`);
  assert.equal(await resultsFor(page, query), ids.length);
  const collator = new Intl.Collator('en-IE', { sensitivity: 'base', numeric: true });
  const byName = [...ids].sort(
    (a, b) =>
      collator.compare(String(recordOf(a)['name'] ?? ''), String(recordOf(b)['name'] ?? '')) ||
      (a < b ? -1 : 1),
  );
  await sortedBy(page, 'name');
  await page.waitForFunction(
    (first) => document.querySelector('[data-search-results] h3 a')?.getAttribute('href')?.includes(first),
    byName[0]!,
  );
  assert.deepEqual(await shownIds(page), byName.slice(0, PAGE_SIZE));

  await sortedBy(page, 'income');
  const incomes = ids
    .map(incomeOf)
    .filter((income) => income !== undefined)
    .sort((a, b) => b - a);
  await page.waitForFunction(
    () => document.querySelector('[data-search-results] li [data-result-income]') !== null,
  );
  await page.waitForFunction(
    (top) => document.querySelector('[data-search-results] h3 a')?.getAttribute('href')?.includes(top),
    ids.find((id) => incomeOf(id) === incomes[0])!,
  );
  assert.deepEqual((await shownIds(page)).map(incomeOf), incomes.slice(0, PAGE_SIZE));
  await page.reload();
  await resultsFor(page, query);
  assert.equal(await page.locator('select[data-search-sort]').inputValue(), 'income');
  assert.deepEqual((await shownIds(page)).map(incomeOf), incomes.slice(0, PAGE_SIZE));
  assert.deepEqual(problems, []);
  await page.close();
});

test('each filter counts within the results: a county with none shows 0 and cannot be chosen', async () => {
  const query = `"${phrase.words[0]!}"`;
  const ids = idsWith([phrase.words[0]!], false);
  const { page, problems } = await open(`${searchPage()}?q=${encodeURIComponent(query)}`);
  assert.equal(await resultsFor(page, query), ids.length);
  const county = page.locator('select[data-search-filter="county"] option:not([value=""])');
  const expected = (key: string) =>
    ids.filter((id) => countyKey(String(recordOf(id)['county'] ?? '')) === key).length;
  // Counted after the results are drawn: wait until the counts are those of this query.
  await page.waitForFunction(
    (total) =>
      [...document.querySelectorAll('select[data-search-filter="county"] option:not([value=""])')]
        .map((option) => Number(/\(([\d,]+)\)$/.exec(option.textContent ?? '')![1]!.replace(/,/g, '')))
        .reduce((sum, count) => sum + count, 0) === total,
    ids.length,
  );
  const options = await county.evaluateAll((elements) =>
    elements.map((option) => ({
      key: (option as HTMLOptionElement).value,
      count: Number(/\(([\d,]+)\)$/.exec(option.textContent ?? '')![1]!.replace(/,/g, '')),
      disabled: (option as HTMLOptionElement).disabled,
    })),
  );
  assert.deepEqual(
    options,
    options.map(({ key }) => ({ key, count: expected(key), disabled: expected(key) === 0 })),
  );
  assert.ok(
    options.some(({ count }) => count === 0),
    'a county with no result is listed',
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test("a result shows its number, status, county and latest income, and marks exactly the query's words where it matched", async () => {
  const query = `"${phrase.words.join(' ')}"`;
  const { page, problems } = await open(`${searchPage()}?q=${encodeURIComponent(query)}`);
  assert.equal(await resultsFor(page, query), phrase.ids.length);
  const cards = await page.locator('[data-search-results] > li').evaluateAll((items) =>
    items.map((item) => ({
      href: item.querySelector('h3 a')?.getAttribute('href') ?? '',
      marks: [...item.querySelectorAll('mark')].map((mark) => mark.textContent ?? ''),
      county: item.querySelector('[data-result-county]')?.textContent ?? '',
      income: item.querySelector('[data-result-income]')?.textContent ?? '',
      status: item.querySelector('[data-result-status]')?.textContent ?? '',
      height: item.getBoundingClientRect().height,
    })),
  );
  for (const card of cards) {
    const record = recordOf(/([0-9a-f-]{36})\.html$/.exec(card.href)![1]!);
    const marked = card.marks.flatMap(referenceWords);
    assert.ok(marked.length >= phrase.words.length, `${card.href}: ${card.marks.join('|')}`);
    assert.ok(
      marked.every((word) => phrase.words.includes(word)),
      `only the phrase's words are marked: ${card.marks.join('|')}`,
    );
    assert.equal(card.county, String(record['county'] ?? ''));
    assert.equal(card.status, (record['regulatory'] as string[]).join(', '));
    const summary = record['financialSummary'] as
      { currentIncome?: number; currentYear?: number } | undefined;
    if (summary?.currentIncome !== undefined) {
      assert.equal(
        card.income,
        `Income €${new Intl.NumberFormat('en-IE').format(summary.currentIncome)} (${summary.currentYear})`,
      );
    }
    assert.ok(card.height < 100, `a result is compact: ${Math.round(card.height)} px`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('"Download these results (CSV)" saves every result of the query, not only the page shown, in order', async () => {
  const query = 'the';
  const ids = idsWith([query], false);
  assert.ok(ids.length > PAGE_SIZE);
  const { page, problems } = await open(`${searchPage()}?q=${query}%20&sort=name`);
  await resultsFor(page, query);
  const firstPage = await shownIds(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('button[data-search-download]').click(),
  ]);
  assert.equal(download.suggestedFilename(), 'search-results.csv');
  const [heading, ...rows] = parseCsv(readFileSync((await download.path())!, 'utf8'));
  assert.deepEqual(heading!.slice(0, 6), [
    'name',
    'status',
    'number',
    'county',
    'latest_income',
    'income_year',
  ]);
  const pageColumn = heading!.indexOf('page');
  const rowIds = rows.map((row) => /([0-9a-f-]{36})\.html$/.exec(row[pageColumn]!)![1]!);
  assert.deepEqual([...rowIds].sort(), ids);
  assert.deepEqual(rowIds.slice(0, PAGE_SIZE), firstPage);
  for (const [index, row] of rows.entries()) {
    const record = recordOf(rowIds[index]!);
    const name = String(record['name'] ?? '');
    assert.equal(row[0], /^[=+\-@\t\r]/.test(name) ? `'${name}` : name);
    assert.equal(row[3], String(record['county'] ?? ''));
    const income = incomeOf(rowIds[index]!);
    assert.equal(row[4], income === undefined ? '' : String(income));
  }
  // Opened from file://, each page is named by its path within the site, not by the reader's disk.
  for (const row of rows) {
    assert.match(row[pageColumn]!, /^org\/[0-9a-f-]{36}\.html$/);
    assert.ok(existsSync(join(site, row[pageColumn]!)), row[pageColumn]);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

// How long the page's tasks take on the way is the benchmark's to measure (BENCHMARKS.md, "The
// page's thread"): a bound on a clock here would pass or fail with the machine's other work.
test('a cold load of a search moves nothing on the page', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen = { shift: 0 };
    (window as unknown as { layoutSeen: typeof seen }).layoutSeen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) seen.shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${searchPage()}?q=the%20`);
  await resultsFor(page, 'the');
  // The filters are counted after the results are drawn; wait until they are.
  await page.waitForFunction(() =>
    /\(\d/.test(
      document.querySelector('select[data-search-filter="county"] option:not([value=""])')?.textContent ?? '',
    ),
  );
  // A shift is reported once the page has drawn what caused it: wait until the page has drawn
  // twice and gone idle, so every one that happened has been observed.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve()))),
      ),
  );
  const seen = await page.evaluate(() => (window as unknown as { layoutSeen: { shift: number } }).layoutSeen);
  assert.equal(seen.shift, 0, `layout shift ${seen.shift}`);
  await context.close();
});
