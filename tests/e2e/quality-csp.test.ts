// The Content-Security-Policy every page carries in a <meta> element (astro.config.mjs): only the
// site's own scripts and styles, nothing from elsewhere. Checked in the markup, then in Chromium
// over file:// and over HTTP: no page reports a violation, search still works, and what a page
// did not bring (an inline script or handler, an inline style, an outside image) is blocked.
// (eval is not tried in the page: DevTools' evaluation is allowed it whatever the policy says.)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright';
import { sharedSite } from '../support/shared-sites.ts';
import { filesUnder } from '../../src/site/archive.ts';
import { launchChromium } from '../support/chromium.ts';
import { watchPage } from '../support/page-watch.ts';
import { serveSite, type SiteServer } from '../support/static-server.ts';
import { startTags } from '../support/site-links.ts';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';

let site: string;
let browser: Browser;
let server: SiteServer;

before(async () => {
  ({ site } = await sharedSite('fixtures'));
  browser = await launchChromium();
  server = await serveSite(site, { subPath: '/archive/orgdir/' });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const pages = () => filesUnder(site).filter((path) => path.endsWith('.html'));
/** One page of each kind the site has. */
const PAGE_TYPES = [
  'index.html',
  'search.html',
  'org/2e427ca3-b6c4-4801-b9f2-ad6c518b45e5.html',
  'org/7f1c9b20-3d4e-4a5b-8c6d-0e1f2a3b4c5d.html',
  'code/governancecode.html',
  'codes.html',
  'lists.html',
  'county/dublin.html',
  'counties.html',
  'list/registered-charities.html',
  'names/f.html',
  'names.html',
  'sector/6.html',
  'sectors.html',
  'subsector/6.5.html',
  'about.html',
  'downloads.html',
  'funders.html',
  'funder/health-service-executive.html',
  'regulator/charities-regulatory-authority.html',
  'figures.html',
];
const html = (path: string) => readFileSync(join(site, path), 'utf8');

/** The policy of a page's <meta> element, by directive. */
function policyOf(markup: string): Map<string, string[]> {
  const metas = startTags(markup).filter(
    ({ element, attributes }) =>
      element === 'meta' &&
      attributes.some(
        ([name, value]) => name === 'http-equiv' && value.toLowerCase() === 'content-security-policy',
      ),
  );
  assert.equal(metas.length, 1, 'one policy element');
  const content = metas[0]!.attributes.find(([name]) => name === 'content')?.[1] ?? '';
  const policy = new Map<string, string[]>();
  for (const directive of content.split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name) policy.set(name.toLowerCase(), sources);
  }
  return policy;
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

test('every page carries one policy, before its first style or script, that allows only the site itself', () => {
  for (const path of pages()) {
    const markup = html(path);
    const policy = policyOf(markup);
    // A policy governs only what comes after it; a JSON-LD block is data, not script.
    const tags = startTags(markup);
    const metaAt = tags.findIndex(
      ({ element, attributes }) => element === 'meta' && attributes.some(([name]) => name === 'http-equiv'),
    );
    const firstResource = tags.findIndex(
      ({ element, attributes }) =>
        element === 'style' ||
        (element === 'script' && !attributes.some(([, value]) => value === 'application/ld+json')),
    );
    assert.ok(metaAt >= 0 && (firstResource < 0 || metaAt < firstResource), `${path}: policy comes first`);
    assert.deepEqual(policy.get('default-src'), ["'none'"], path);
    assert.deepEqual(policy.get('base-uri'), ["'none'"], path);
    assert.deepEqual(policy.get('form-action'), ["'self'"], path);
    assert.deepEqual(policy.get('img-src'), ["'self'", 'data:'], path);
    // A worker only where one runs: the list matcher's and search's from their own script's file
    // or, from file://, a blob: URL.
    const workers = { 'match.html': ["'self'", 'blob:'], 'search.html': ["'self'", 'blob:'] }[path];
    assert.deepEqual(policy.get('worker-src'), workers, path);
    for (const directive of ['script-src', 'style-src']) {
      const sources = policy.get(directive) ?? [];
      assert.ok(sources.includes("'self'"), `${path}: ${directive} 'self'`);
      for (const source of sources)
        assert.match(
          source,
          /^('self'|'sha(256|384|512)-[A-Za-z0-9+/]+=*')$/,
          `${path}: ${directive} ${source}`,
        );
    }
    for (const [directive, sources] of policy) {
      for (const forbidden of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'http:', 'https:'])
        assert.ok(!sources.includes(forbidden), `${path}: ${directive} ${forbidden}`);
    }
    // What the page holds inline is allowed by hash, and nothing relies on a style attribute.
    for (const { element, attributes, text } of tags) {
      assert.ok(!attributes.some(([name]) => name === 'style'), `${path}: <${element} style>`);
      if (element === 'style')
        assert.ok(policy.get('style-src')!.includes(sha256(text!)), `${path}: style hashed`);
      const data = attributes.some(([name, value]) => name === 'type' && value === 'application/ld+json');
      if (element === 'script' && !data && !attributes.some(([name]) => name === 'src'))
        assert.ok(policy.get('script-src')!.includes(sha256(text!)), `${path}: inline script hashed`);
    }
  }
});

/** Searches from the search page, as a reader does, and returns how many organisations were found. */
async function search(page: Page, query: string): Promise<number> {
  await page.locator('input[type="search"]').fill(query);
  await page.waitForFunction(
    (expected) => document.querySelector('[data-search-status]')?.textContent?.includes(`for “${expected}”`),
    query,
  );
  return Number(await page.locator('[data-result-count]').getAttribute('data-result-count'));
}

async function everyPageTypeAndSearch(root: string, origin: string): Promise<void> {
  const page = await browser.newPage();
  const problems = await watchPage(page, origin);
  for (const path of PAGE_TYPES) {
    await page.goto(`${root}${path}`);
    assert.equal(await page.locator('h1').count(), 1, path);
  }
  await page.goto(`${root}search.html`);
  assert.ok((await search(page, 'housing')) > 0);
  const county = page.locator('select[data-search-filter="county"]');
  // The first county with a result: one with none is disabled.
  await county.selectOption(
    (await county.locator('option:not([value=""]):not([disabled])').first().getAttribute('value'))!,
  );
  await page.waitForFunction(() => new URL(window.location.href).searchParams.has('county'));
  await county.selectOption('');
  await page.waitForFunction(() => !new URL(window.location.href).searchParams.has('county'));
  await page.locator('[data-search-results] a').first().click();
  await page.waitForURL(/\/org\/[0-9a-f-]+\.html$/);
  await page.goto(`${root}index.html`);
  await page.locator('input[type="search"]').fill('cork');
  await page.locator('input[type="search"]').press('Enter');
  await page.waitForURL(/search\.html\?q=cork$/);
  await page.waitForFunction(() =>
    document.querySelector('[data-search-status]')?.textContent?.includes('found'),
  );
  assert.deepEqual(problems, []);
  await page.close();
}

test('over file:// a page of each kind loads with no policy violation, and search finds, filters and leads on', async () => {
  await everyPageTypeAndSearch(pathToFileURL(site).href + '/', 'file:');
});

test('over HTTP from a sub-path a page of each kind loads with no policy violation, and search finds, filters and leads on', async () => {
  await everyPageTypeAndSearch(server.root, server.origin);
});

/** Tries what the policy must stop; returns what got through. */
async function attempts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const through: string[] = [];
    const state = window as unknown as Record<string, unknown>;
    const script = document.createElement('script');
    script.textContent = 'window.injectedScriptRan = true;';
    document.head.append(script);
    if (state['injectedScriptRan']) through.push('inline script');
    const handler = document.createElement('div');
    handler.setAttribute('onclick', 'window.injectedHandlerRan = true');
    document.body.append(handler);
    handler.click();
    if (state['injectedHandlerRan']) through.push('event-handler attribute');
    const style = document.createElement('style');
    style.textContent = 'body { outline: 7px solid rgb(1, 2, 3); }';
    document.head.append(style);
    if (getComputedStyle(document.body).outlineWidth === '7px') through.push('inline style');
    const image = new Image();
    const loaded = new Promise<boolean>((resolve) => {
      image.onload = () => resolve(true);
      image.onerror = () => resolve(false);
    });
    image.src = 'http://127.0.0.1:9/pixel.png';
    if (await loaded) through.push('outside image');
    return through;
  });
}

test('the policy is in force over file:// and HTTP: what a page did not bring is blocked and reported', async () => {
  for (const root of [pathToFileURL(site).href + '/', server.root]) {
    for (const path of ['index.html', 'org/2e427ca3-b6c4-4801-b9f2-ad6c518b45e5.html', 'search.html']) {
      const page = await browser.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        const match = /^Content-Security-Policy: (\S+)/.exec(message.text());
        if (match) violations.push(match[1]!);
      });
      await watchPage(page, 'file:');
      await page.goto(`${root}${path}`);
      assert.deepEqual(await attempts(page), [], `${root}${path}`);
      for (const directive of ['script-src-elem', 'script-src-attr', 'style-src-elem', 'img-src'])
        assert.ok(
          violations.includes(directive),
          `${root}${path}: ${directive} reported (${violations.join(', ')})`,
        );
      await page.close();
    }
  }
});
