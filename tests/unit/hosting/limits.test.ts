import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { formatHostingReport, judgeHosting, type SiteMeasure } from '../../../src/hosting/limits.ts';
import { measureSite } from '../../../src/hosting/measure.ts';
import { releaseDirOf } from '../../../src/hosting/release-folder.ts';
import { robotsTxt, sitemapFiles, writeSearchEngineFiles } from '../../../src/site/search-engines.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-hosting-'));
after(() => rmSync(root, { recursive: true, force: true }));

function site(overrides: Partial<SiteMeasure> = {}): SiteMeasure {
  return {
    bytes: 300_000_000,
    files: 15_000,
    widestFolder: { path: 'org', entries: 12_000 },
    largestFile: { path: 'downloads/organisations.json.gz', bytes: 12_000_000 },
    ...overrides,
  };
}

const verdict = (measure: SiteMeasure, host: string) => judgeHosting(measure).find((v) => v.host === host)!;

test('a small site fits every host', () => {
  assert.ok(judgeHosting(site()).every((v) => v.fits));
});

test('GitHub Pages refuses a site over 1 GB, and says by how much', () => {
  const big = verdict(site({ bytes: 1_169_000_000 }), 'GitHub Pages');
  assert.equal(big.fits, false);
  assert.deepEqual(big.reasons, ['1.2 GB is over its 1 GB per site']);
  assert.equal(verdict(site({ bytes: 1_000_000_000 }), 'GitHub Pages').fits, true);
});

test('Netlify refuses a folder of more than 54,000 entries, naming the folder', () => {
  const wide = verdict(site({ widestFolder: { path: 'org', entries: 70_000 } }), 'Netlify');
  assert.equal(wide.fits, false);
  assert.match(wide.reasons[0]!, /^org\/ holds 70,000 entries, over its 54,000 per folder$/);
  assert.equal(verdict(site({ widestFolder: { path: 'org', entries: 54_000 } }), 'Netlify').fits, true);
});

test('Cloudflare Pages counts files (20,000 free, 100,000 paid) and 25 MiB per file', () => {
  const many = site({ files: 74_000 });
  assert.equal(verdict(many, 'Cloudflare Pages (free)').fits, false);
  assert.equal(verdict(many, 'Cloudflare Pages (paid)').fits, true);
  assert.equal(verdict(site({ files: 100_001 }), 'Cloudflare Pages (paid)').fits, false);
  const large = verdict(
    site({ largestFile: { path: 'downloads/organisations.json', bytes: 88_000_000 } }),
    'Cloudflare Pages (paid)',
  );
  assert.deepEqual(large.reasons, ['downloads/organisations.json (88 MB) is over its 25 MiB per file']);
});

test('a plain web server takes anything', () => {
  const huge = site({ bytes: 5e9, files: 1e6, widestFolder: { path: '', entries: 1e6 } });
  assert.deepEqual(verdict(huge, 'A plain web server'), {
    host: 'A plain web server',
    fits: true,
    reasons: ['no limit but its disk'],
  });
});

test('the report names bytes, files, the widest folder, the largest parts and each host with its verdict', () => {
  const measure = site({
    files: 74_000,
    widestFolder: { path: 'record', entries: 35_000 },
    parts: [
      { path: 'org', bytes: 200e6 },
      { path: 'record', bytes: 60e6 },
      { path: 'search', bytes: 25e6 },
      { path: '', bytes: 10e6 },
      { path: 'county', bytes: 5e6 },
    ],
  });
  const report = formatHostingReport(measure, judgeHosting(measure));
  assert.match(report, /^hosting: 300 MB in 74,000 files; widest folder record\/ \(35,000 entries\)/);
  assert.match(
    report,
    /\n {2}largest parts: org\/ 200 MB, record\/ 60 MB, search\/ 25 MB, top-level files 10 MB\n/,
  );
  assert.match(report, /\n {2}fits {5}GitHub Pages: 300 MB of 1 GB/);
  assert.match(report, /\n {2}fits {5}Netlify: widest folder 35,000 of 54,000 entries/);
  assert.match(
    report,
    /\n {2}too big {2}Cloudflare Pages \(free\): 74,000 files are over its 20,000 per site/,
  );
});

test('measuring a folder counts bytes and files, and finds the widest folder and the largest file', () => {
  const dir = join(root, 'measure');
  mkdirSync(join(dir, 'org'), { recursive: true });
  mkdirSync(join(dir, 'record', 'deep'), { recursive: true });
  for (let n = 0; n < 5; n++) writeFileSync(join(dir, 'org', `${n}.html`), 'x'.repeat(10));
  writeFileSync(join(dir, 'record', 'deep', 'big.json'), 'y'.repeat(500));
  writeFileSync(join(dir, 'index.html'), 'z');
  assert.deepEqual(measureSite(dir), {
    bytes: 551,
    files: 7,
    widestFolder: { path: 'org', entries: 5 },
    largestFile: { path: 'record/deep/big.json', bytes: 500 },
    parts: [
      { path: 'record', bytes: 500 },
      { path: 'org', bytes: 50 },
      { path: '', bytes: 1 },
    ],
  });
});

test('the release folder sits beside the site folder', () => {
  assert.equal(releaseDirOf('/srv/dist'), '/srv/dist-release');
  assert.equal(releaseDirOf('/srv/dist/'), '/srv/dist-release');
});

test('robots.txt allows everything and, with the public address, names the sitemap', () => {
  assert.equal(robotsTxt(), 'User-agent: *\nAllow: /\n');
  assert.equal(
    robotsTxt('https://example.org/orgdir/'),
    'User-agent: *\nAllow: /\n\nSitemap: https://example.org/orgdir/sitemap.xml\n',
  );
});

test('the sitemap is an index of parts of at most the limit, with absolute, encoded addresses', () => {
  const paths = ['index.html', 'org/a.html', 'org/b.html', 'code/x&y.html', 'county/dún laoghaire.html'];
  const files = sitemapFiles('https://example.org/orgdir/', paths, 2);
  assert.deepEqual(
    files.map((file) => file.name),
    ['sitemap.xml', 'sitemap-1.xml.gz', 'sitemap-2.xml.gz', 'sitemap-3.xml.gz'],
  );
  const index = files[0]!.content;
  assert.match(index, /<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  assert.equal(index.match(/<sitemap><loc>/g)?.length, 3);
  assert.match(index, /<loc>https:\/\/example.org\/orgdir\/sitemap-3.xml.gz<\/loc>/);
  const locs = files
    .slice(1)
    .flatMap((file) => [...file.content.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]));
  assert.deepEqual(locs, [
    'https://example.org/orgdir/index.html',
    'https://example.org/orgdir/org/a.html',
    'https://example.org/orgdir/org/b.html',
    'https://example.org/orgdir/code/x%26y.html',
    'https://example.org/orgdir/county/d%C3%BAn%20laoghaire.html',
  ]);
  for (const part of files.slice(1)) assert.ok((part.content.match(/<url>/g)?.length ?? 0) <= 2);
});

test('a register-sized site gets parts of 50,000 addresses', () => {
  const paths = Array.from({ length: 100_001 }, (_, n) => `org/${n}.html`);
  const files = sitemapFiles('https://example.org/', paths);
  assert.deepEqual(
    files.slice(1).map((file) => file.content.match(/<url>/g)?.length),
    [50_000, 50_000, 1],
  );
});

test('without a public address only robots.txt is written; with one, the sitemap lists every page', () => {
  const dir = join(root, 'engines');
  mkdirSync(join(dir, 'org'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '');
  writeFileSync(join(dir, 'org', 'a.html'), '');
  writeFileSync(join(dir, 'site.css'), '');
  writeSearchEngineFiles(dir);
  assert.deepEqual(measureSite(dir).files, 4);
  writeSearchEngineFiles(dir, 'https://example.org/');
  assert.equal(measureSite(dir).files, 6);
  const part = gunzipSync(readFileSync(join(dir, 'sitemap-1.xml.gz'))).toString('utf8');
  assert.equal(part, sitemapFiles('https://example.org/', ['index.html', 'org/a.html'])[1]!.content);
  assert.match(
    readFileSync(join(dir, 'sitemap.xml'), 'utf8'),
    /<loc>https:\/\/example.org\/sitemap-1.xml.gz<\/loc>/,
  );
});
