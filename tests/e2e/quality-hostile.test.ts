// A register whose every string may be an attack (tests/support/hostile-data.ts): the site still
// builds, writes only inside its own folder, and in Chromium no script of the data runs on any page
// or in any search, no element gets an event handler, and every link stays safe.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright';
import { buildSite } from '../../src/site/build.ts';
import { filesUnder } from '../../src/site/archive.ts';
import { launchChromium } from '../../src/bench/chromium.ts';
import { readTree } from '../support/data-tree.ts';
import {
  ATTACKS,
  HOSTILE_WORD,
  ODD_FUNDER_NAMES,
  writeHostileDataFolder,
  type HostileDataFolder,
} from '../support/hostile-data.ts';
import { siteHtmlProblems } from '../support/html-validate.ts';
import { watchPage } from '../support/page-watch.ts';
import { siteLinkProblems, startTags } from '../support/site-links.ts';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';

let work: string;
let dataDir: string;
let parent: string;
let site: string;
let hostile: HostileDataFolder;
let dataBefore: Map<string, Buffer>;
let browser: Browser;

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'orgdir-hostile-'));
  dataDir = join(work, 'data');
  hostile = writeHostileDataFolder(dataDir);
  dataBefore = readTree(dataDir);
  // The site's folder is alone in its parent: anything else there afterwards was written outside it.
  parent = join(work, 'out');
  mkdirSync(parent);
  site = join(parent, 'site');
  await buildSite({ dataDir, siteDir: site, tarGz: false, logLevel: 'error' });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

const pages = () => filesUnder(site).filter((path) => path.endsWith('.html'));
const fileUrl = (path: string) => pathToFileURL(join(site, path)).href;

/** What scripts and handlers the page's DOM holds: only the site's own may be there. */
async function foreignCode(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) found.push(`${element.tagName} ${attribute.name}`);
        if (/^\s*(javascript|data|vbscript):/i.test(attribute.value) && attribute.name !== 'content')
          found.push(`${element.tagName} ${attribute.name}="${attribute.value.slice(0, 60)}"`);
      }
    }
    for (const script of document.querySelectorAll('script')) {
      // The site's own classic scripts: the search client and index parts, the list matcher and its table.
      const own = script.type === 'application/ld+json' || /\/(search|match)\/[\w/]+\.js$/.test(script.src);
      if (!own) found.push(`script ${script.type} ${script.src} ${script.text.slice(0, 60)}`);
    }
    for (const tag of ['iframe', 'object', 'embed', 'img', 'base', 'form[action^="javascript"]'])
      for (const element of document.querySelectorAll(tag)) found.push(element.outerHTML.slice(0, 80));
    return found;
  });
}

test('the hostile register builds, writes nothing outside the site and its release folder, and leaves the data as it was', () => {
  // The release folder beside the site holds the database (and the offline copy, when one is written).
  // The site is a link to the folder it shows, beside it (src/storage/folder-swap.ts).
  const shown = basename(readlinkSync(site));
  assert.match(shown, /^\.site\.[0-9a-z]+-[0-9a-f]{6}$/);
  assert.deepEqual(readdirSync(parent).sort(), [shown, 'site', 'site-release'].sort());
  assert.deepEqual(readdirSync(work).sort(), ['data', 'out']);
  const after = readTree(dataDir);
  assert.deepEqual([...after.keys()].sort(), [...dataBefore.keys()].sort());
  for (const [path, content] of dataBefore) assert.ok(content.equals(after.get(path)!), path);
  for (const id of hostile.ids) assert.ok(pages().includes(`org/${id}.html`), id);
});

test('no file name in the site holds "..", a character file systems refuse, or a Windows device name', () => {
  for (const path of filesUnder(site)) {
    assert.doesNotMatch(path, /\.\./, path);
    for (const segment of path.split('/')) {
      assert.match(segment, /^[A-Za-z0-9][A-Za-z0-9._-]*$/, path);
      assert.doesNotMatch(segment, /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i, path);
    }
  }
});

test('every href is relative, a fragment or http(s), and every link and source resolves inside the site', () => {
  assert.deepEqual(siteLinkProblems(site), []);
  for (const file of pages()) {
    for (const { attributes } of startTags(readFileSync(join(site, file), 'utf8'))) {
      for (const [name, value] of attributes) {
        if (name !== 'href') continue;
        assert.ok(
          /^(https?:\/\/[^\s"'<>]+|#[\w-]*|(?![a-z][a-z0-9+.-]*:)(?!\/)[^\s"'<>]+)$/i.test(value),
          `${file}: href="${value}"`,
        );
      }
    }
  }
});

test('inline JSON keeps every value as text: each JSON-LD block ends where it should, parses and names the organisation', () => {
  const OPEN = '<script type="application/ld+json">';
  for (const id of hostile.ids) {
    const html = readFileSync(join(site, `org/${id}.html`), 'utf8');
    const start = html.indexOf(OPEN);
    assert.ok(start > 0, id);
    // As an HTML parser reads it: the script's text runs to the first "</script", whatever it is.
    const body = html.slice(start + OPEN.length, html.toLowerCase().indexOf('</script', start));
    assert.doesNotMatch(body, /<|\u2028|\u2029/, `${id}: raw "<" or line separator in the JSON-LD`);
    const record = JSON.parse(readFileSync(join(dataDir, 'organisations', `${id}.json`), 'utf8'));
    assert.equal(JSON.parse(body).name, record.name, id);
  }
});

test('odd and hostile funder and regulator names are headings as text, each on a page of its own at a safe address', async () => {
  const page = await browser.newPage();
  const headings = new Map<string, string>();
  for (const path of pages().filter((file) => /^(funder|regulator)\/[^/]+\.html$/.test(file))) {
    assert.match(path, /^(funder|regulator)\/[a-z0-9]+(-[a-z0-9]+)*(--[a-z0-9]+)?(-p[0-9]+)?\.html$/, path);
    if (/-p[0-9]+\.html$/.test(path)) continue;
    await page.goto(fileUrl(path));
    const heading = await page.locator('h1').textContent();
    assert.ok(heading !== null && heading !== '', path);
    assert.ok(!headings.has(`${path.split('/')[0]} ${heading}`), `${path}: a second page for ${heading}`);
    headings.set(`${path.split('/')[0]} ${heading}`, path);
  }
  await page.close();
  const funderPages = [...headings.keys()].filter((key) => key.startsWith('funder '));
  for (const name of ODD_FUNDER_NAMES.filter((odd) => odd.trim() !== '')) {
    assert.ok(headings.has(`funder ${name}`), `no funder page headed ${JSON.stringify(name.slice(0, 40))}`);
  }
  assert.ok(headings.has('funder Funder not given'), 'the entries naming no funder have a page');
  for (const attack of ATTACKS.filter((text) => !text.includes('\u0000'))) {
    const hostile = funderPages.some((key) => key.includes(attack.trim()));
    assert.ok(hostile, `no funder page heading carries ${JSON.stringify(attack)} as text`);
  }
  assert.ok(
    [...headings.keys()].some(
      (key) => key.startsWith('regulator ') && key.includes('<script>alert(1)</script>'),
    ),
    'a regulator heading carries markup as text',
  );
});

test('every page of the hostile site is valid HTML', async () => {
  assert.deepEqual(await siteHtmlProblems(site), []);
});

test('in Chromium no script of the data runs on any page, and no element carries a handler or unsafe URL', async () => {
  const page = await browser.newPage();
  const problems = await watchPage(page, 'file:');
  for (const path of pages()) {
    await page.goto(fileUrl(path));
    // A payload could wait for a pointer or focus: move over and focus every element once.
    await page.evaluate(() => {
      for (const element of document.querySelectorAll<HTMLElement>('body *')) {
        for (const type of ['mouseover', 'mouseenter', 'focus', 'click'] as const) {
          if (type === 'click' && element.closest('a, button, form')) continue;
          element.dispatchEvent(new Event(type));
        }
      }
    });
    assert.deepEqual(await foreignCode(page), [], path);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('searches that find the hostile records, and attack text typed or given in the address, run no script', async () => {
  const page = await browser.newPage();
  const problems = await watchPage(page, 'file:');
  await page.goto(fileUrl('search.html'));
  const input = page.locator('input[type="search"]');
  await page.waitForFunction(() => !document.querySelector('[data-search-filters]')?.hasAttribute('hidden'));

  await input.fill(HOSTILE_WORD);
  await page.waitForFunction(
    (word) => document.querySelector('[data-search-status]')?.textContent?.includes(`for “${word}”`),
    HOSTILE_WORD,
  );
  const found = Number(await page.locator('[data-result-count]').getAttribute('data-result-count'));
  assert.equal(found, hostile.ids.length);
  const hrefs = await page
    .locator('[data-search-results] a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  assert.ok(hrefs.length > 0);
  for (const href of hrefs) assert.match(href, /^org\/dead[0-9a-f-]+\.html$/, href);
  assert.deepEqual(await foreignCode(page), []);

  // Every filter option is a value of the data: choosing each one must only filter.
  for (const facet of ['county', 'sector', 'list', 'voluntaryCode']) {
    const select = page.locator(`select[data-search-filter="${facet}"]`);
    for (const value of await select
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))) {
      await select.selectOption(value);
      assert.deepEqual(await foreignCode(page), [], `${facet}=${value}`);
    }
    await select.selectOption('');
  }

  for (const attack of ATTACKS) {
    await input.fill(attack);
    await page.waitForFunction(
      (query) => document.querySelector('[data-search-status]')?.textContent?.includes(`for “${query}”`),
      attack.trim(),
    );
    assert.deepEqual(await foreignCode(page), [], attack);
  }

  for (const attack of ATTACKS.slice(0, 6)) {
    const query = new URLSearchParams({
      q: attack,
      county: attack,
      sector: attack,
      list: attack,
      code: attack,
    });
    await page.goto(`${fileUrl('search.html')}?${query}`);
    await page.waitForFunction(() =>
      document.querySelector('[data-search-status]')?.textContent?.includes('“'),
    );
    assert.equal(await input.inputValue(), attack);
    assert.deepEqual(await foreignCode(page), [], attack);
  }

  await page.goto(`${fileUrl('search.html')}?q=${HOSTILE_WORD}`);
  await page.locator('[data-search-results] a').first().click();
  await page.waitForURL(/\/org\/dead[0-9a-f-]+\.html$/);
  assert.deepEqual(await foreignCode(page), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the list matcher shows hostile names and attack text as text, and runs no script', async () => {
  const page = await browser.newPage();
  const problems = await watchPage(page, 'file:');
  await page.goto(fileUrl('match.html'));
  const lines = [HOSTILE_WORD, ...ATTACKS.map((attack) => attack.replace(/\0/g, ''))];
  await page.locator('textarea').fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Match', exact: true }).click();
  await page.waitForFunction(
    (count) => document.querySelectorAll('tbody[data-match-rows] tr').length === count,
    lines.length,
  );
  // The hostile records are offered as candidates: choosing one draws its name and link.
  const choices = page.locator('tbody select');
  assert.ok((await choices.count()) > 0);
  for (let index = 0; index < (await choices.count()); index += 1) {
    await choices.nth(index).selectOption({ index: 1 });
  }
  const hrefs = await page
    .locator('tbody a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  for (const href of hrefs) assert.match(href, /^org\/[0-9a-f-]+\.html$/, href);
  assert.deepEqual(await foreignCode(page), []);
  assert.deepEqual(problems, []);
  await page.close();
});
