// A night of many changes end to end: two builds against the sample API, the second at a night
// many editions on, so that some 1,400 organisations change at once. The changes pages are held to
// their size, their summary to counts the test makes from the two nights' record files, every
// changed organisation to a link; the feeds are parsed as XML by Chromium and their links followed.
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { EditionStore } from '../../src/editions/store.ts';
import { FIELD_LABELS } from '../../src/records/organisation.ts';
import { filesUnder } from '../../src/site/archive.ts';
import { launchChromium } from '../support/chromium.ts';
import { buildIn, nightlyBuilds, placeUnder, storedRecords, type Place } from '../support/build-place.ts';
import { PHONE, sidewaysOverflow } from '../support/phone.ts';

const ORGS = 2500;
/** Each edition of the sample register changes 6% of it: 24 editions on, some 1,500 of 2,500 records differ. */
const LATER = 25;
const PAGE_LIMIT = 200_000;

const { root, api } = nightlyBuilds('orgdir-changes-', ORGS, after);

const firstNight = placeUnder(root, 'first');
const secondNight = placeUnder(root, 'second');

before(async () => {
  const first = await buildIn({ after }, firstNight, await api(1));
  assert.equal(first.code, 0, first.stderr);
  cpSync(firstNight.dir, secondNight.dir, { recursive: true, verbatimSymlinks: true });
  const server = await api(LATER);
  // A month of changes in one night is more than the publish guard lets through unasked.
  const second = await buildIn({ after }, secondNight, server, ['--accept', 'a month of changes at once']);
  assert.equal(second.code, 0, second.stderr);
});

/** JSON with the keys of every object sorted: two values are the same when these are. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );
}

interface Reference {
  added: string[];
  removed: string[];
  renamed: string[];
  /** Per top-level field other than the name, the organisations whose field differs. */
  fields: Map<string, number>;
  changed: string[];
}

function reference(
  before: Map<string, Record<string, unknown>>,
  now: Map<string, Record<string, unknown>>,
): Reference {
  const result: Reference = { added: [], removed: [], renamed: [], fields: new Map(), changed: [] };
  for (const id of now.keys()) if (!before.has(id)) result.added.push(id);
  for (const id of before.keys()) if (!now.has(id)) result.removed.push(id);
  for (const [id, record] of now) {
    const old = before.get(id);
    if (old === undefined) continue;
    const keys = new Set([...Object.keys(old), ...Object.keys(record)]);
    const differing = [...keys].filter((key) => canonical(old[key]) !== canonical(record[key]));
    if (differing.length > 0) result.changed.push(id);
    for (const key of differing) {
      if (key === 'name') result.renamed.push(id);
      else result.fields.set(key, (result.fields.get(key) ?? 0) + 1);
    }
  }
  return result;
}

function visibleText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/\s+/g, ' ');
}

function newestPages(): { id: string; pages: string[] } {
  const newest = new EditionStore(secondNight.editions).latest()!;
  const pages = readdirSync(join(secondNight.site, 'changes'))
    .filter((name) => name === `${newest.id}.html` || new RegExp(`^${newest.id}-p\\d+\\.html$`).test(name))
    .map((name) => `changes/${name}`);
  return { id: newest.id, pages };
}

test('at some 1,400 changes no changes page reaches 200 kB, and every changed organisation is a link from them', () => {
  const expected = reference(storedRecords(firstNight), storedRecords(secondNight));
  const total = expected.added.length + expected.removed.length + expected.changed.length;
  assert.ok(total >= 1400, `${total} changes`);
  const sizes = filesUnder(join(secondNight.site, 'changes')).map(
    (file) => statSync(join(secondNight.site, 'changes', file)).size,
  );
  const largest = Math.max(...sizes);
  assert.ok(largest < PAGE_LIMIT, `largest changes page ${largest} bytes`);

  const { pages } = newestPages();
  assert.ok(pages.length > 1, 'the night is paged');
  const linked = new Set<string>();
  for (const page of pages) {
    for (const [, href] of readFileSync(join(secondNight.site, page), 'utf8').matchAll(
      /\shref="([^"#]*)(#[^"]*)?"/g,
    )) {
      const target = posix.normalize(posix.join(posix.dirname(page), decodeURIComponent(href!)));
      if (target.startsWith('org/')) linked.add(target);
    }
  }
  const missing = [...expected.added, ...expected.removed, ...expected.changed].filter(
    (id) => !linked.has(`org/${id}.html`) || !existsSync(join(secondNight.site, 'org', `${id}.html`)),
  );
  assert.deepEqual(missing, []);
  console.log(`${total} organisations changed; ${pages.length} pages; largest ${largest} bytes`);
});

test('on a phone no page of the night scrolls sideways or draws past the edge outside a box that scrolls', async () => {
  const { pages } = newestPages();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of ['changes.html', ...pages]) {
      await page.goto(pathToFileURL(join(secondNight.site, path)).href);
      const { scrollWidth, cutOff } = await sidewaysOverflow(page);
      assert.ok(scrollWidth <= PHONE.width, `${path} is ${scrollWidth} px wide`);
      assert.deepEqual(cutOff, [], `${path} draws past the edge`);
    }
  } finally {
    await browser.close();
  }
});

test("the summary's counts are those of the two nights' records, each with a link to its section", () => {
  const expected = reference(storedRecords(firstNight), storedRecords(secondNight));
  const { id, pages } = newestPages();
  const html = readFileSync(join(secondNight.site, 'changes', `${id}.html`), 'utf8');
  const summary = html.slice(
    html.indexOf('id="summary"'),
    html.indexOf('</section>', html.indexOf('id="summary"')),
  );
  const count = (label: string) => {
    const match = new RegExp(`${label.replace(/[()]/g, '\\$&')} (\\d[\\d,]*)`).exec(visibleText(summary));
    return match === null ? 0 : Number(match[1]!.replaceAll(',', ''));
  };
  assert.equal(count('Renamed'), expected.renamed.length);
  assert.equal(count('Added'), expected.added.length);
  assert.equal(count('No longer on the register'), expected.removed.length);
  for (const [field, organisations] of expected.fields) {
    const label = (FIELD_LABELS as Record<string, string>)[field] ?? field;
    assert.equal(count(`Changed: ${label}`), organisations, field);
  }
  // Every jump link lands on an element of that id on a page of the night.
  for (const [, href, anchor] of summary.matchAll(/href="([^"#]*)#([^"]+)"/g)) {
    const file = href === '' ? `changes/${id}.html` : posix.normalize(posix.join('changes', href!));
    assert.ok(pages.includes(file), file);
    assert.match(readFileSync(join(secondNight.site, file), 'utf8'), new RegExp(`id="${anchor}"`));
  }
});

test('the feeds are Atom that Chromium parses, with the required elements, stable ids and links that resolve', async () => {
  const site = secondNight.site;
  const feeds = ['feed.xml', ...filesUnder(join(site, 'feed')).map((file) => `feed/${file}`)];
  assert.ok(feeds.some((file) => file.startsWith('feed/county/')));
  assert.ok(feeds.some((file) => file.startsWith('feed/code/')));
  assert.ok(feeds.some((file) => file.startsWith('feed/funder/')));
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const broken: string[] = [];
    const entries = new Map<string, number>();
    for (const feed of feeds) {
      const found = await page.evaluate(
        (text) => {
          const doc = new DOMParser().parseFromString(text, 'application/xml');
          if (doc.getElementsByTagName('parsererror').length > 0) return undefined;
          const atom = 'http://www.w3.org/2005/Atom';
          const root = doc.documentElement;
          const child = (element: Element, name: string) =>
            [...element.children].filter((item) => item.namespaceURI === atom && item.localName === name);
          const links: string[] = [];
          const missing: string[] = [];
          for (const name of ['id', 'title', 'updated', 'author'])
            if (child(root, name).length !== 1) missing.push(`feed ${name}`);
          const ids: string[] = [];
          for (const entry of child(root, 'entry')) {
            for (const name of ['id', 'title', 'updated'])
              if (child(entry, name).length !== 1) missing.push(`entry ${name}`);
            ids.push(child(entry, 'id')[0]?.textContent ?? '');
            const alternate = child(entry, 'link').find((link) => link.getAttribute('rel') === 'alternate');
            if (alternate === undefined) missing.push('entry alternate');
            else links.push(alternate.getAttribute('href') ?? '');
            const content = child(entry, 'content')[0]?.textContent ?? '';
            const html = new DOMParser().parseFromString(content, 'text/html');
            for (const anchor of html.querySelectorAll('a')) links.push(anchor.getAttribute('href') ?? '');
          }
          for (const link of child(root, 'link')) links.push(link.getAttribute('href') ?? '');
          return { namespace: root.namespaceURI, name: root.localName, missing, ids, links };
        },
        readFileSync(join(site, feed), 'utf8'),
      );
      assert.ok(found, `${feed} parses`);
      assert.equal(found.namespace, 'http://www.w3.org/2005/Atom', feed);
      assert.equal(found.name, 'feed', feed);
      assert.deepEqual(found.missing, [], feed);
      assert.equal(new Set(found.ids).size, found.ids.length, `${feed}: entry ids unique`);
      entries.set(feed, found.ids.length);
      for (const link of found.links) {
        const target = posix.normalize(
          posix.join(posix.dirname(feed), decodeURIComponent(link.split('#')[0]!)),
        );
        if (!existsSync(join(site, target))) broken.push(`${feed} → ${link}`);
      }
    }
    assert.deepEqual(broken, []);
    assert.equal(entries.get('feed.xml'), 2);
    for (const kind of ['county', 'code', 'funder']) {
      assert.ok(
        [...entries].some(([feed, count]) => feed.startsWith(`feed/${kind}/`) && count === 1),
        `a ${kind} feed has the night's entry`,
      );
    }
    // The first night's entry keeps its id when the second night's build writes the feed again.
    const ids = (at: Place) =>
      [...readFileSync(join(at.site, 'feed.xml'), 'utf8').matchAll(/<entry>\s*<id>([^<]*)<\/id>/g)].map(
        (match) => match[1],
      );
    assert.equal(ids(secondNight).at(-1), ids(firstNight)[0]);
  } finally {
    await browser.close();
  }
});

test('a county, a voluntary code and a funder page link their feed, in the head and on the page', () => {
  const site = secondNight.site;
  for (const folder of ['county', 'code', 'funder']) {
    const feed = filesUnder(join(site, 'feed', folder))[0]!;
    const page = join(site, folder, feed.replace(/\.xml$/, '.html'));
    const html = readFileSync(page, 'utf8');
    const href = `../feed/${folder}/${feed}`;
    assert.ok(html.includes(`<link rel="alternate" type="application/atom+xml"`), folder);
    assert.ok(html.includes(`href="${href}"`), `${folder}: ${href}`);
    assert.match(visibleText(html), /Follow the changes to/);
    assert.ok(pathToFileURL(page).href);
  }
});
