// Organisations no longer on the register stay findable, end to end: two nightly builds against the
// sample API, the second at an edition in which some organisations left the register. Which ones
// left is worked out here from the two nights' data folders; the site's search (the engine over
// its built files, and the page in Chromium), its list matcher's table and its A–Z are held to it.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright';
import { EditionStore } from '../../src/editions/store.ts';
import { launchChromium } from '../support/chromium.ts';
import { SearchEngine, SORT_ORDERS } from '../../src/search/browser/engine.ts';
import { nodePartLoader } from '../support/search-loader.ts';
import { decodeMatchTable, MATCH_TABLE_FUNCTION } from '../../src/match/table.ts';
import { Matcher } from '../../src/match/matcher.ts';
import { storedRecords } from '../support/build-place.ts';
import { sharedNights } from '../support/shared-nights.ts';
import { axeViolations } from '../support/axe.ts';
import { htmlProblems } from '../support/html-validate.ts';
import { openPage } from '../support/page-watch.ts';

let browser: Browser | undefined;
after(() => browser?.close());

/** The second night's site. */
let site: string;

/** The organisations of the first night that the second night's data folder no longer holds, with their names. */
let gone: Map<string, string>;
/** The date of the edition they went in. */
let since: string;
let engine: SearchEngine;

before(async () => {
  const [firstNight, secondNight] = await sharedNights();
  site = secondNight.site;
  const now = storedRecords(secondNight);
  gone = new Map(
    [...storedRecords(firstNight)]
      .filter(([id]) => !now.has(id))
      .map(([id, record]) => [id, String(record['name'])]),
  );
  assert.ok(gone.size > 0, 'some organisations left the register');
  since = new EditionStore(secondNight.editions).list().at(-1)!.date;
  engine = new SearchEngine(nodePartLoader(join(site, 'search')));
  browser = await launchChromium();
});

const idOfHref = (href: string) => /org\/([^/]+)\.html$/.exec(href)?.[1] ?? href;

test('a search for the name or number of an organisation no longer on the register finds it, flagged with the date it went', async () => {
  for (const [id, name] of gone) {
    const { hits } = await engine.search({ query: `"${name}"`, limit: 1000 });
    const found = hits.find((hit) => idOfHref(hit.href) === id);
    assert.ok(found, `${name} found by its name`);
    assert.equal(found.goneSince, since);
    assert.deepEqual(found.status, ['No longer on the register']);
    const number = found.number.split(' ').at(-1)!;
    assert.notEqual(number, '');
    const byNumber = await engine.search({ query: number, limit: 1000 });
    assert.deepEqual(
      byNumber.hits.map((hit) => idOfHref(hit.href)),
      [id],
      `${number} finds ${name} and no other organisation`,
    );
  }
});

test('in every order, an organisation no longer on the register comes after all those on it', async () => {
  let mixed = 0;
  for (const name of gone.values()) {
    for (const word of name.split(/\s+/).filter((part) => part.length > 3)) {
      for (const sort of SORT_ORDERS) {
        const { documents } = await engine.search({ query: word, sort, limit: 0 });
        const ids = (await engine.details(documents)).map((hit) => idOfHref(hit.href));
        const firstGone = ids.findIndex((id) => gone.has(id));
        const lastCurrent = ids.findLastIndex((id) => !gone.has(id));
        assert.ok(firstGone >= 0, `${word} finds ${name}`);
        assert.ok(lastCurrent < firstGone, `${sort} for ${word}: ${ids.join(' ')}`);
        if (lastCurrent >= 0) mixed += 1;
      }
    }
  }
  assert.ok(mixed > 3, `${mixed} result sets with organisations on the register and off it`);
});

test('the search page flags one no longer on the register, shows it last, and its status filter counts as many as left', async () => {
  // A word of a gone organisation's name that finds organisations on the register too, one page of them.
  let chosen: { word: string; documents: number[]; goneHere: number } | undefined;
  for (const name of gone.values()) {
    for (const word of name.split(/\s+/).filter((part) => part.length > 3)) {
      const { documents } = await engine.search({ query: word, limit: 0 });
      const goneHere = (await engine.details(documents)).filter((hit) => gone.has(idOfHref(hit.href))).length;
      if (documents.length <= 20 && goneHere < documents.length) chosen ??= { word, documents, goneHere };
    }
  }
  assert.ok(chosen, 'a word that finds organisations on and off the register');
  const { word, documents, goneHere } = chosen;
  const context = await browser!.newContext();
  const { page, problems } = await openPage(
    context,
    `${pathToFileURL(join(site, 'search.html')).href}?q=${encodeURIComponent(word)}&sort=name`,
  );
  const countOf = (expected: number) =>
    page.waitForFunction(
      (total) =>
        document.querySelector('[data-result-count]')?.getAttribute('data-result-count') === String(total),
      expected,
    );
  const statusOption = page.locator(
    'select[data-search-filter="status"] option[value="no-longer-on-the-register"]',
  );
  /** The option's text once the counts are drawn (they follow the results). */
  const optionText = async (expected: string) => {
    await page
      .waitForFunction(
        (text) =>
          document.querySelector(
            'select[data-search-filter="status"] option[value="no-longer-on-the-register"]',
          )?.textContent === text,
        expected,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    return statusOption.textContent();
  };
  await countOf(documents.length);
  assert.equal(
    await optionText(`No longer on the register (${goneHere})`),
    `No longer on the register (${goneHere})`,
  );
  const cards = page.locator('[data-search-results] > li');
  const shownIds = (
    await page
      .locator('[data-search-results] h3 a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  ).map(idOfHref);
  assert.equal(shownIds.length, documents.length);
  const firstGone = shownIds.findIndex((id) => gone.has(id));
  assert.ok(firstGone > 0 && shownIds.slice(firstGone).every((id) => gone.has(id)), shownIds.join(' '));
  assert.equal(
    await cards.nth(firstGone).locator('[data-result-gone]').textContent(),
    `No longer on the register since ${since}`,
  );
  assert.equal(await cards.locator('[data-result-gone]').count(), goneHere);
  assert.deepEqual(await axeViolations(page), []);

  // The filter alone finds exactly those that left, and its option counts them.
  await page.goto(`${pathToFileURL(join(site, 'search.html')).href}?status=no-longer-on-the-register`);
  await countOf(gone.size);
  assert.equal(
    await optionText(`No longer on the register (${gone.size})`),
    `No longer on the register (${gone.size})`,
  );
  const shown = await page
    .locator('[data-search-results] h3 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  assert.deepEqual(shown.map(idOfHref).sort(), [...gone.keys()].sort());
  assert.deepEqual(problems, []);
  await context.close();
});

test("the list matcher's table has them, flagged, and a line naming one offers it without claiming a match", () => {
  let text: unknown;
  vm.runInNewContext(readFileSync(join(site, 'match', 'table.js'), 'utf8'), {
    [MATCH_TABLE_FUNCTION]: (table: unknown) => (text = table),
  });
  const entries = decodeMatchTable(text);
  const matcher = new Matcher(entries);
  for (const [id, name] of gone) {
    const entry = entries.find((candidate) => candidate.id.toLowerCase() === id);
    assert.equal(entry?.goneSince, since, name);
    for (const line of [name, entry.numbers[0]?.number ?? name]) {
      const result = matcher.match(line);
      assert.equal(result.best, undefined, `${line}: no match claimed`);
      assert.equal(entries[result.candidates[0]!.entry]!.id.toLowerCase(), id, `${line}: offered first`);
    }
  }
  assert.equal(entries.filter((entry) => entry.goneSince !== undefined).length, gone.size);
});

test('on the match page, a line naming one that left offers it, said to be gone since the date, with no match claimed', async () => {
  const context = await browser!.newContext();
  const { page, problems } = await openPage(context, pathToFileURL(join(site, 'match.html')).href);
  const names = [...gone.values()];
  await page.locator('textarea').fill(names.join('\n'));
  await page.getByRole('button', { name: 'Match', exact: true }).click();
  await page.waitForFunction(
    (expected) => document.querySelectorAll('tbody[data-match-rows] tr').length === expected,
    names.length,
  );
  const rows = page.locator('tbody[data-match-rows] tr');
  for (const [index, name] of names.entries()) {
    const row = rows.nth(index);
    const cells = row.locator('td');
    assert.equal(await cells.nth(1).textContent(), 'no match', `${name}: no match claimed`);
    assert.equal(
      await cells.nth(5).textContent(),
      `same name; no longer on the register since ${since}: choose it if it is the one meant`,
    );
    const offered = await row.locator('select option').nth(1).textContent();
    assert.ok(
      offered?.startsWith(name) && offered.includes(`no longer on the register since ${since}`),
      offered!,
    );
  }
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the A–Z lists each under its letter, linked to its page and noted; the page is valid HTML and passes axe', async () => {
  const folder = join(site, 'names');
  const pages = readdirSync(folder).map((file) => [file, readFileSync(join(folder, file), 'utf8')] as const);
  const context = await browser!.newContext();
  for (const [id, name] of gone) {
    const link = `href="../org/${id}.html"`;
    const found = pages.filter(([, html]) => html.includes(link));
    assert.equal(found.length, 1, `${name} on one page of the A–Z`);
    const [file, html] = found[0]!;
    const item = html.slice(html.indexOf(link)).split(/<\/?li>|<\/[ou]l>/)[0]!;
    assert.match(item.replace(/<[^>]+>/g, ''), new RegExp(`\\(no longer on the register since ${since}\\)`));
    assert.deepEqual(await htmlProblems(html, `names/${file}`), []);
    const { page, problems } = await openPage(context, pathToFileURL(join(folder, file)).href);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems, []);
  }
  await context.close();
});
