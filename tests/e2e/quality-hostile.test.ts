// A register whose every string may be an attack (tests/support/hostile-data.ts): the site still
// builds, writes only inside its own folder, and in Chromium no script of the data runs on any page
// or in any search, no element gets an event handler, and every link stays safe. A record nested
// past every parser's depth, amounts past a floating-point number, NUL characters, right-to-left
// names and a gone organisation in an edition that claims a live one's id are among it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parse, serialize } from 'parse5';
import type { Browser, Page } from 'playwright';
import { buildSite, type SiteSummary } from '../../src/site/build.ts';
import type { EditionsView } from '../../src/editions/history.ts';
import { filesUnder } from '../../src/site/archive.ts';
import { OUTPUT_MARK } from '../../src/storage/output-folder.ts';
import { withoutOptionalEndTags } from '../../src/site/lean-page.ts';
import { launchChromium } from '../support/chromium.ts';
import { readTree } from '../support/data-tree.ts';
import {
  ATTACKS,
  DEEP_LEVELS,
  EXTREME_AMOUNTS,
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
let summary: SiteSummary;
/** A live organisation whose id a kept edition gives, in capitals, to a gone one. */
let claimed: string;

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'orgdir-hostile-'));
  dataDir = join(work, 'data');
  hostile = writeHostileDataFolder(dataDir);
  dataBefore = readTree(dataDir);
  // The site's folder is alone in its parent: anything else there afterwards was written outside it.
  parent = join(work, 'out');
  mkdirSync(parent);
  site = join(parent, 'site');
  claimed = hostile.ids[1]!;
  const impostor = { id: claimed.toUpperCase(), name: `Impostor ${HOSTILE_WORD}` };
  const editions: EditionsView = {
    editions: [],
    former: [{ ...impostor, lastSeen: '2024-05-10', goneSince: '2024-05-11', record: impostor }],
    carried: [{ ...impostor, carriedFrom: '2024-05-10', record: impostor }],
    histories: new Map(),
  };
  summary = await buildSite({ dataDir, siteDir: site, tarGz: false, logLevel: 'error', editions });
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
      // The site's own classic scripts: the search client and index parts, the list matcher and its
      // table, the comparison's client and records, the permalinks' client and history scripts.
      const own =
        script.type === 'application/ld+json' ||
        /\/(search|match|compare|history)\/[\w/-]+\.js$/.test(script.src) ||
        /\/permalink\.js$/.test(script.src);
      if (!own) found.push(`script ${script.type} ${script.src} ${script.text.slice(0, 60)}`);
    }
    for (const tag of ['iframe', 'object', 'embed', 'img', 'base', 'form[action^="javascript"]'])
      for (const element of document.querySelectorAll(tag)) found.push(element.outerHTML.slice(0, 80));
    return found;
  });
}

/** Links matching `selector` whose name carries a right-to-left override: isolated, or not. */
async function bareRightToLeftNames(
  page: Page,
  selector: string,
): Promise<{ bare: string[]; isolated: number }> {
  return page.locator(selector).evaluateAll((links) => {
    const named = links.filter((link) => link.textContent?.includes('\u202E'));
    const isolated = named.filter((link) => link.closest('[dir]') || link.querySelector('bdi'));
    return {
      bare: named.filter((link) => !isolated.includes(link)).map((link) => link.textContent ?? ''),
      isolated: isolated.length,
    };
  });
}

/** What one page of the hostile site showed in Chromium, opened once for the tests that read every page. */
interface PageSeen {
  path: string;
  /** The page's one <h1>, as text; null for none or several. */
  heading: string | null;
  /** Text nodes carrying a right-to-left override outside an isolating element of the heading or link naming them. */
  bareRightToLeft: string[];
  /** Headings and links naming something whose name carries a right-to-left override. */
  rightToLeftNamed: number;
  /** Scripts and handlers not the site's own, once every element was moved over and focused. */
  foreign: string[];
}

let walked: Promise<{ seen: PageSeen[]; problems: string[] }> | undefined;

/**
 * Every page of the hostile site, opened once in Chromium under the page watch: each page's heading
 * and its right-to-left names are read as built, then every element is moved over and focused (a
 * payload could wait for a pointer or focus) and the DOM searched for foreign code.
 */
function everyPage(): Promise<{ seen: PageSeen[]; problems: string[] }> {
  walked ??= (async () => {
    const page = await browser.newPage();
    const problems = await watchPage(page, 'file:');
    const seen: PageSeen[] = [];
    for (const path of pages()) {
      await page.goto(fileUrl(path));
      const heading = await page.evaluate(() => {
        const headings = document.querySelectorAll('h1');
        return headings.length === 1 ? headings[0]!.textContent : null;
      });
      const names = await page.evaluate(() => {
        const found: string[] = [];
        const named = document.querySelectorAll(
          'h1, a[href*="org/"], a[href*="funder/"], a[href*="regulator/"]',
        );
        for (const element of named) {
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent?.includes('\u202E')) continue;
            const isolated = node.parentElement?.closest('bdi, [dir]');
            if (!isolated || !element.contains(isolated))
              found.push(`${element.tagName}: ${node.textContent.slice(0, 40)}`);
          }
        }
        return {
          found,
          checked: [...named].filter((element) => element.textContent?.includes('\u202E')).length,
        };
      });
      await page.evaluate(() => {
        for (const element of document.querySelectorAll<HTMLElement>('body *')) {
          for (const type of ['mouseover', 'mouseenter', 'focus', 'click'] as const) {
            if (type === 'click' && element.closest('a, button, form')) continue;
            element.dispatchEvent(new Event(type));
          }
        }
      });
      seen.push({
        path,
        heading,
        bareRightToLeft: names.found,
        rightToLeftNamed: names.checked,
        foreign: await foreignCode(page),
      });
    }
    await page.close();
    return { seen, problems };
  })();
  return walked;
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
  // The one name of orgdir's own that starts with a dot: the mark that the folder is a site it wrote.
  for (const path of filesUnder(site).filter((path) => path !== OUTPUT_MARK)) {
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
  const headings = new Map<string, string>();
  for (const { path, heading } of (await everyPage()).seen.filter(({ path }) =>
    /^(funder|regulator)\/[^/]+\.html$/.test(path),
  )) {
    assert.match(path, /^(funder|regulator)\/[a-z0-9]+(-[a-z0-9]+)*(--[a-z0-9]+)?(-p[0-9]+)?\.html$/, path);
    if (/-p[0-9]+\.html$/.test(path)) continue;
    assert.ok(heading !== null && heading !== '', path);
    assert.ok(!headings.has(`${path.split('/')[0]} ${heading}`), `${path}: a second page for ${heading}`);
    headings.set(`${path.split('/')[0]} ${heading}`, path);
  }
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
  const { seen, problems } = await everyPage();
  assert.equal(seen.length, pages().length);
  for (const { path, foreign } of seen) assert.deepEqual(foreign, [], path);
  assert.deepEqual(problems, []);
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
  // A name with a right-to-left override is isolated in the results as on the pages (checked by
  // taking dir="auto" out of src/search/browser/result-card.ts: this assertion then fails).
  assert.deepEqual(await bareRightToLeftNames(page, '[data-search-results] a'), { bare: [], isolated: 1 });

  // Every filter option is a value of the data: choosing each one must only filter.
  for (const facet of ['county', 'sector', 'list', 'voluntaryCode']) {
    const select = page.locator(`select[data-search-filter="${facet}"]`);
    // An option no result has is disabled (counted 0): a reader cannot choose it.
    for (const value of await select
      .locator('option:not([disabled])')
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
  // Checked by taking dir="auto" out of src/match/browser.ts: the matched name is then bare.
  const names = await bareRightToLeftNames(page, 'tbody a');
  assert.deepEqual(names.bare, []);
  assert.ok(names.isolated > 0, 'a matched name with a right-to-left override is isolated');
  assert.deepEqual(await foreignCode(page), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a record nested deeper than SQLite and JSON.stringify reach is on the site and left out of the database, named', () => {
  // Checked by taking the protection out: without DatabaseWriter's catch the build stops at
  // "CHECK constraint failed: json_valid(record)"; without the record model's depth limit it
  // stops at "Maximum call stack size exceeded" as the register packs the record.
  assert.deepEqual(
    summary.database.leftOut.map((record) => record.id),
    [hostile.deepId],
  );
  const html = readFileSync(join(site, `org/${hostile.deepId}.html`), 'utf8');
  assert.ok(
    html.includes(`nested ${(DEEP_LEVELS + 1).toLocaleString('en-IE')} levels deep`),
    'its page notes the field',
  );
});

test('a gone organisation whose id is a live one in capitals does not replace the live page', () => {
  // Checked by taking the protection out (the filter on the id as given in src/editions/former.ts):
  // org/<id>.html is then the impostor's page and record/<id>.json its record.
  const html = readFileSync(join(site, `org/${claimed}.html`), 'utf8');
  assert.doesNotMatch(html, /Impostor/);
  assert.doesNotMatch(html, /No longer on the register|Not fetched in the latest crawl/);
  assert.ok(!existsSync(join(site, `record/${claimed}.json`)), 'no record file of the impostor');
  assert.ok(!pages().some((path) => readFileSync(join(site, path), 'utf8').includes('Impostor')));
});

test('amounts past a floating-point number: exact totals, bars that are numbers, and CSV amounts as written', () => {
  // Checked by taking the protection out: with the old axis every bar of the extreme record's
  // chart is NaN; read by plain JSON.parse the funder total is rounded and its CSV shows
  // 1.2345678901234568e+29; with the old rounded reading the funder pages say "about ∞ trillion".
  for (const path of pages()) {
    const html = readFileSync(join(site, path), 'utf8');
    assert.doesNotMatch(html, /="[^"]*\b(NaN|-?Infinity)\b/, `${path}: an attribute is not a number`);
    assert.doesNotMatch(html, /∞|NaN/, path);
  }
  const funderPage = pages().find(
    (path) =>
      path.startsWith('funder/') &&
      readFileSync(join(site, path), 'utf8').includes(`<h1><bdi>${EXTREME_AMOUNTS.fund}</bdi></h1>`),
  );
  assert.ok(funderPage, 'the extreme funder has a page');
  assert.ok(
    readFileSync(join(site, funderPage), 'utf8').includes(EXTREME_AMOUNTS.total),
    'its total in full',
  );
  const csv = readFileSync(join(site, funderPage.replace(/\.html$/, '.csv')), 'utf8');
  for (const amount of EXTREME_AMOUNTS.amounts)
    assert.ok(csv.includes(`,${amount}\r\n`), `${amount} as written`);
  assert.doesNotMatch(csv, /e\+/);
});

test('no NUL character reaches a page, a CSV, the feed or a script of the site', () => {
  // Checked by taking the protection out (leanPage's and csvCell's replacement): the pages and
  // CSVs that show the attack "line separator … \u0000 nul" then carry the NUL.
  let shown = 0;
  for (const path of filesUnder(site).filter((file) => /\.(html|csv|csv\.gz|xml|js|json)$/.test(file))) {
    const bytes = readFileSync(join(site, path));
    const text = (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
    assert.ok(!text.includes('\u0000'), `${path} carries a NUL`);
    if (text.includes('\uFFFD nul')) shown += 1;
  }
  assert.ok(shown > 0, 'the attack text is on the site, its NUL replaced');
});

test('every page, hostile text and all, is the same document with and without the end tags it leaves out', () => {
  // Each page as a spec-following parser reads it, written back with every end tag, then lean
  // again: the parser must build the same document from both.
  let dropped = 0;
  for (const path of pages()) {
    const whole = serialize(parse(readFileSync(join(site, path), 'utf8')));
    const lean = withoutOptionalEndTags(whole);
    assert.equal(serialize(parse(lean)), whole, path);
    dropped += whole.length - lean.length;
  }
  assert.ok(dropped > 0, 'end tags left out');
});

test('names from the data are isolated for right-to-left text in every heading and link that names them', async () => {
  // Checked by taking the protection out (the <bdi> of the pages): the name carrying a
  // right-to-left override is then a bare text node of its heading and of every list's link.
  let checked = 0;
  for (const { path, bareRightToLeft, rightToLeftNamed } of (await everyPage()).seen) {
    assert.deepEqual(bareRightToLeft, [], path);
    checked += rightToLeftNamed;
  }
  assert.ok(checked > 0, 'names with a right-to-left override were checked');
});
