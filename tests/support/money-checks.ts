// Follow the money, checked against the records themselves (for tests/e2e/money-*.test.ts): every funder the records name has its page(s), they
// list exactly the organisations whose records name it, its total is their exact sum and the index
// lists it; each regulator's pages list exactly whom it regulates; county income totals on the
// figures page are the sums of the records; and funders and regulators link both ways.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { countyKey } from '../../src/lib/counties.ts';
import { startTags } from './site-links.ts';

/** What the issue means by one funder: the same name but for case, spacing and punctuation. */
const fold = (name: string) =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** An amount in hundredths, as an integer: the records' amounts have at most two decimals. */
function cents(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return BigInt(Math.round(value * 100));
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value))
    return BigInt(Math.round(Number(value) * 100));
  return undefined;
}

/** "1,234,567" or "1,234.5", as the pages print sums. */
function full(hundredths: bigint): string {
  const negative = hundredths < 0n;
  const size = negative ? -hundredths : hundredths;
  const whole = (size / 100n).toLocaleString('en-IE');
  const fraction = (size % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${negative ? '\u2212' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

interface Expected {
  ids: Set<string>;
  total: bigint;
  entries: number;
}

function readRecords(dataDir: string): Map<string, Record<string, unknown>> {
  const records = new Map<string, Record<string, unknown>>();
  for (const file of readdirSync(join(dataDir, 'organisations'))) {
    try {
      records.set(
        file.replace(/\.json$/, ''),
        JSON.parse(readFileSync(join(dataDir, 'organisations', file), 'utf8')),
      );
    } catch {
      // An unreadable record has no page; the site reports it (about.html).
    }
  }
  return records;
}

function expectedFunders(records: Map<string, Record<string, unknown>>): Map<string, Expected> {
  const funders = new Map<string, Expected>();
  for (const [id, record] of records) {
    for (const funder of Array.isArray(record['funders']) ? record['funders'] : []) {
      const name = text((funder as Record<string, unknown>)['fundSource']);
      if (name === undefined) continue;
      const key = fold(name) || name;
      let expected = funders.get(key);
      if (!expected) funders.set(key, (expected = { ids: new Set(), total: 0n, entries: 0 }));
      expected.ids.add(id);
      expected.entries += 1;
      expected.total += cents((funder as Record<string, unknown>)['amount']) ?? 0n;
    }
  }
  return funders;
}

function expectedRegulators(
  records: Map<string, Record<string, unknown>>,
): Map<string, Map<string, string[]>> {
  const regulators = new Map<string, Map<string, string[]>>();
  for (const [id, record] of records) {
    for (const value of Array.isArray(record['regulators']) ? record['regulators'] : []) {
      const regulator = value as Record<string, unknown>;
      const name = text(regulator['regulatorName']) ?? text(regulator['regulatorDesc']);
      if (name === undefined) continue;
      const key = fold(name) || name;
      let members = regulators.get(key);
      if (!members) regulators.set(key, (members = new Map()));
      const number = text(regulator['regulatorNumber']);
      members.set(id, [...(members.get(id) ?? []), ...(number ? [number] : [])]);
    }
  }
  return regulators;
}

/** A page's links (as paths from the site root) and its text, read as the browser would. */
export class SitePage {
  readonly path: string;
  readonly html: string;
  constructor(site: string, path: string) {
    this.path = path;
    this.html = readFileSync(join(site, path), 'utf8');
  }
  links(): string[] {
    return startTags(this.html)
      .filter(({ element }) => element === 'a')
      .flatMap(({ attributes }) => attributes.filter(([name]) => name === 'href').map(([, value]) => value))
      .filter((href) => !/^[a-z]+:/i.test(href) && !href.startsWith('#'))
      .map((href) =>
        posix.normalize(posix.join(posix.dirname(this.path), decodeURIComponent(href.split('?')[0]!))),
      );
  }
  /** The page reached by the rel="next" link, when there is one. */
  next(): string | undefined {
    const tag = startTags(this.html).find(
      ({ element, attributes }) =>
        element === 'a' && attributes.some(([name, value]) => name === 'rel' && value === 'next'),
    );
    const href = tag?.attributes.find(([name]) => name === 'href')?.[1];
    return href && posix.normalize(posix.join(posix.dirname(this.path), href));
  }
  heading(): string {
    return decode(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(this.html)?.[1] ?? '');
  }
}

function decode(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&amp;/g, '&')
    .trim();
}

/** Every page of a paged list, following "Next" from the first. */
export function allPages(site: string, first: string): SitePage[] {
  const pages = [new SitePage(site, first)];
  for (let next = pages[0]!.next(); next !== undefined; next = pages.at(-1)!.next()) {
    assert.ok(!pages.some((page) => page.path === next), `${next} comes round again`);
    pages.push(new SitePage(site, next));
  }
  return pages;
}

const organisationIds = (pages: SitePage[]) =>
  pages.flatMap((page) => page.links()).flatMap((path) => /^org\/([0-9a-f-]+)\.html$/.exec(path)?.[1] ?? []);

/** The checks, as tests, of the site built from `dataDir`. */
export function checkMoneyPages(name: string, dataDir: () => string, site: () => string): void {
  let records: Map<string, Record<string, unknown>>;
  before(() => {
    records = readRecords(dataDir());
  });

  test(`${name}: every funder has its page(s), listing exactly the organisations that name it, and its total is their exact sum`, () => {
    const expected = expectedFunders(records);
    assert.ok(expected.size > 0, 'the records name funders');
    const index = allPages(site(), 'funders.html');
    const funderPages = [
      ...new Set(index.flatMap((page) => page.links()).filter((path) => /^funder\/[^/]+\.html$/.test(path))),
    ];
    const seen = new Set<string>();
    for (const path of funderPages) {
      const pages = allPages(site(), path);
      const heading = pages[0]!.heading();
      if (heading === 'Funder not given') continue;
      const key = fold(heading) || heading;
      const funder = expected.get(key);
      assert.ok(funder, `${path}: "${heading}" is named by no record`);
      assert.ok(!seen.has(key), `${path}: a second page for "${heading}"`);
      seen.add(key);
      const listed = organisationIds(pages);
      assert.deepEqual(new Set(listed), funder.ids, `${path}: organisations`);
      assert.equal(listed.length, funder.entries, `${path}: one row per funder entry`);
      const total = /data-funder-total[^>]*>([^<]*)</.exec(pages[0]!.html)?.[1]?.trim();
      assert.equal(total, full(funder.total), `${path}: total`);
      const csv = readFileSync(join(site(), path.replace(/\.html$/, '.csv')), 'utf8')
        .trim()
        .split('\r\n');
      assert.equal(csv.length, funder.entries + 1, `${path}: CSV rows`);
    }
    assert.deepEqual(
      [...expected.keys()].filter((key) => !seen.has(key)),
      [],
      'funders without a page',
    );
  });

  test(`${name}: the funders index lists every funder with its total, the largest first`, () => {
    const expected = expectedFunders(records);
    const rows = allPages(site(), 'funders.html').flatMap((page) =>
      [
        ...page.html.matchAll(
          /<tr>\s*<td>\s*<a href="[^"]*">([\s\S]*?)<\/a>\s*(?:<\/td>)?\s*<td class="num">([^<]*)(?:<\/td>)?\s*<td class="num">([^<]*)/g,
        ),
      ].map((match) => ({ name: decode(match[1]!), organisations: match[2]!, total: match[3]! })),
    );
    const named = rows.filter((row) => row.name !== 'Funder not given');
    assert.equal(named.length, expected.size);
    for (const row of named) {
      const funder = expected.get(fold(row.name) || row.name)!;
      assert.equal(row.total, full(funder.total), row.name);
      assert.equal(row.organisations, funder.ids.size.toLocaleString('en-IE'), row.name);
    }
    const totals = named.map((row) => Number(row.total.replace(/,/g, '')));
    assert.deepEqual(
      totals,
      [...totals].sort((a, b) => b - a),
    );
  });

  test(`${name}: each regulator's pages list exactly the organisations that name it, with their numbers`, () => {
    const expected = expectedRegulators(records);
    const regulatorPages = new SitePage(site(), 'regulators.html')
      .links()
      .filter((path) => path.startsWith('regulator/'));
    assert.equal(regulatorPages.length, expected.size);
    for (const path of regulatorPages) {
      const pages = allPages(site(), path);
      const heading = pages[0]!.heading();
      const members = expected.get(fold(heading) || heading);
      assert.ok(members, `${path}: "${heading}"`);
      assert.deepEqual(new Set(organisationIds(pages)), new Set(members.keys()), path);
      for (const numbers of members.values())
        for (const number of numbers)
          assert.ok(
            pages.some((page) => decode(page.html).includes(number)),
            `${path}: ${number}`,
          );
    }
  });

  test(`${name}: the figures page gives each county's income total, the sum of its records`, () => {
    const byCounty = new Map<string, bigint>();
    for (const record of records.values()) {
      const income = cents(
        (record['financialSummary'] as Record<string, unknown> | undefined)?.['currentIncome'],
      );
      if (income === undefined) continue;
      const county = text(record['county']);
      const key = county ? countyKey(county) : '';
      byCounty.set(key, (byCounty.get(key) ?? 0n) + income);
    }
    const html = new SitePage(site(), 'figures.html').html;
    const table = /<caption>Income by county, current year \(derived\)<\/caption>([\s\S]*?)<\/table>/.exec(
      html,
    )?.[1];
    assert.ok(table, 'a table of income by county');
    const shown = new Map<string, string>();
    for (const row of table.matchAll(
      /<tr>\s*<th scope="row">([\s\S]*?)(?:<\/th>)?\s*<td class="num">[^<]*(?:<\/td>)?\s*<td class="num">([^<]*)/g,
    )) {
      const label = decode(row[1]!);
      shown.set(label === 'County not given' ? '' : countyKey(label), row[2]!.trim());
    }
    for (const [key, total] of byCounty) assert.equal(shown.get(key), full(total), `county "${key}"`);
  });

  test(`${name}: organisation pages link to their funders' and regulators' pages, which link back`, () => {
    let checked = 0;
    for (const [id, record] of records) {
      if (!Array.isArray(record['funders']) || record['funders'].length === 0) continue;
      const page = new SitePage(site(), `org/${id}.html`);
      const funderLinks = page.links().filter((path) => path.startsWith('funder/'));
      const regulatorLinks = page.links().filter((path) => path.startsWith('regulator/'));
      assert.ok(funderLinks.length > 0, id);
      for (const path of [...funderLinks, ...regulatorLinks]) {
        assert.ok(organisationIds(allPages(site(), path)).includes(id), `${path} does not list ${id}`);
      }
      checked += 1;
      if (checked === 10) break;
    }
    assert.ok(checked > 0);
  });
}
