// Builds the site once from the hand-made fixture data folder, then checks it as a reader would:
// in Chromium from file:// and from a sub-path of a static server, every link, the downloads and
// the archive.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  mkdirSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright';
import { launchChromium } from '../support/chromium.ts';
import { openPage, originOf, watchPage, type WatchedPage } from '../support/page-watch.ts';
import { serveSite, type SiteServer } from '../support/static-server.ts';
import { siteLinkProblems } from '../support/site-links.ts';
import { PHONE, sidewaysOverflow } from '../support/phone.ts';
import { axeViolations } from '../support/axe.ts';
import { htmlProblems } from '../support/html-validate.ts';
import { buildSite, type SiteSummary } from '../../src/site/build.ts';
import { TAR_ARCHIVE_NAME } from '../../src/site/offline-copies.ts';
import { filesUnder } from '../../src/site/archive.ts';
import { releaseDirOf } from '../../src/hosting/release-folder.ts';
import { DATABASE_FILE } from '../../src/site/register-data.ts';
import { OUTPUT_MARK } from '../../src/storage/output-folder.ts';
import { TARGETS } from '../bench/figures.ts';
import { readSigningKey, SIGNED_MANIFEST } from '../../src/hosting/signed-manifest.ts';
import { REPLAYED_API_DIR } from '../../src/site/replayed-api.ts';

process.env['ASTRO_TELEMETRY_DISABLED'] = '1';
const FIXTURE = fileURLToPath(new URL('../fixtures/data/', import.meta.url));
const FULL = 'org/2e427ca3-b6c4-4801-b9f2-ad6c518b45e5.html';
const SPARSE = 'org/7f1c9b20-3d4e-4a5b-8c6d-0e1f2a3b4c5d.html';
const ODD = 'org/a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5e.html';
const UNKNOWN_LOCATION = 'org/c0ffee00-1111-4222-8333-444455556666.html';
const PAGES = [
  'index.html',
  FULL,
  SPARSE,
  'code/governancecode.html',
  'county/dublin.html',
  'downloads.html',
];
const SUB_PATH = '/some/sub/path/';

let work: string;
let site: string;
let summary: SiteSummary;
let browser: Browser;
let server: SiteServer;
let serverRoot: string;
/** The publisher's public key the site is signed for, made with signify itself. */
let publicKeyFile: string;

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'orgdir-site-e2e-'));
  site = join(work, 'site');
  publicKeyFile = join(work, 'publisher.pub');
  const secretKeyFile = join(work, 'publisher.sec');
  execFileSync('signify-openbsd', ['-G', '-n', '-c', 'publisher', '-p', publicKeyFile, '-s', secretKeyFile]);
  summary = await buildSite({
    dataDir: FIXTURE,
    siteDir: site,
    recordFiles: true,
    signingKey: readSigningKey(readFileSync(secretKeyFile, 'utf8')),
    logLevel: 'error',
  });
  browser = await launchChromium();
  server = await serveSite(site, { subPath: SUB_PATH });
  serverRoot = server.root;
});

after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

function html(path: string): string {
  return readFileSync(join(site, path), 'utf8');
}

/** Opens a page and records everything that went wrong or left the site. */
function visit(url: string): Promise<WatchedPage> {
  return openPage(browser, url);
}

test('the build reports its pages and writes one page per organisation and per voluntary code', () => {
  assert.equal(summary.organisations, 5);
  for (const id of ['governancecode', 'ictr', 'sorp'])
    assert.ok(existsSync(join(site, 'code', `${id}.html`)), id);
  assert.equal(readdirSync(join(site, 'org')).filter((name) => name.endsWith('.html')).length, 5);
  // Counted here with a walk of our own, not with the function the build counts with.
  const htmlFiles = readdirSync(site, { recursive: true, encoding: 'utf8' }).filter((path) =>
    path.endsWith('.html'),
  );
  assert.ok(htmlFiles.length > 5 + 3, `${htmlFiles.length} pages`);
  assert.equal(summary.pages, htmlFiles.length);
});

test('every internal link and source of every page resolves to a file, and none starts with a slash', () => {
  assert.deepEqual(siteLinkProblems(site), []);
});

test('pages open from file:// with no console error and no failed or outside request', async () => {
  for (const path of PAGES) {
    const { page, problems } = await visit(pathToFileURL(join(site, path)).href);
    assert.equal(await page.locator('h1').count(), 1, path);
    assert.deepEqual(problems, [], path);
    await page.close();
  }
});

test('the shared stylesheet and the outline of Ireland load under the page policy, from file:// and from a server', async () => {
  for (const url of [pathToFileURL(join(site, FULL)).href, serverRoot + FULL]) {
    const page = await browser.newPage();
    const problems = await watchPage(page, originOf(url));
    const loaded: string[] = [];
    page.on('requestfinished', (request) => loaded.push(request.url().split('/').at(-1)!));
    await page.goto(url, { waitUntil: 'load' });
    assert.equal(
      await page.evaluate(() => getComputedStyle(document.querySelector('header')!).display),
      'flex',
      url,
    );
    assert.ok(loaded.includes('site.css') && loaded.includes('ireland.svg'), `${url}: ${loaded.join(', ')}`);
    assert.deepEqual(problems, [], url);
    await page.close();
  }
});

test('pages open from a sub-path of a static server, and links are followed there', async () => {
  for (const path of PAGES) {
    const { page, problems } = await visit(serverRoot + path);
    assert.deepEqual(problems, [], path);
    await page.close();
  }
  const { page, problems } = await visit(serverRoot + 'index.html');
  await page.getByRole('link', { name: 'By county' }).click();
  await page.getByRole('link', { name: 'Dublin' }).click();
  await page.getByRole('link', { name: 'Focus Ireland Housing Trust' }).click();
  assert.equal(new URL(page.url()).pathname, SUB_PATH + FULL);
  await page.getByRole('link', { name: /record as the register gave it/ }).click();
  assert.match(page.url(), /\.json$/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('with record files, each record is in record/ byte for byte as the data folder holds it', () => {
  const copied = readdirSync(join(site, 'record'));
  // Every readable record; the fixture's unreadable one has no page and no copy.
  assert.equal(copied.length, summary.organisations);
  for (const file of copied) {
    assert.ok(
      readFileSync(join(site, 'record', file)).equals(readFileSync(join(FIXTURE, 'organisations', file))),
      file,
    );
  }
});

test('a full organisation page shows every section and the values a reader needs', async () => {
  const { page } = await visit(pathToFileURL(join(site, FULL)).href);
  const headings = await page.locator('h2').allTextContents();
  assert.deepEqual(headings, [
    'About',
    'Addresses',
    'Registration',
    'Finances',
    'Funders',
    'Directors',
    'Legal objects',
    'Sources',
    'Other data',
    'Cite this page',
  ]);
  const text = await page.locator('main').innerText();
  for (const expected of [
    'Also known as: Focus Housing; Focus Ireland',
    'Homeless and emergency relief',
    '22 July 1985',
    'V94 X2E7',
    '20000028',
    'Approved housing bodies',
    '43,981,220',
    '+3,765,347 (+9.4%)',
    'no currency stated',
    'Dublin Region Homeless Executive',
    '1 September 2015',
    'An extract: the source stops part-way through a sentence',
    'CC BY 4.0',
    'Crawled on 12 May 2024',
    'charityClassification',
  ]) {
    assert.ok(text.includes(expected), expected);
  }
  assert.equal(await page.locator('svg.map circle').count(), 1);
  assert.equal(await page.locator('table caption', { hasText: 'Financial summary' }).count(), 1);
  assert.equal(await page.locator('a[href^="javascript:"]').count(), 0);
  await page.close();
});

test('list members without a record are listed without a link and say why', () => {
  assert.match(
    html('list/registered-charities.html'),
    /Wound-up Charity Ltd(?:<\/bdi>)? <span class="note">\(gone from the register/,
  );
  assert.match(
    html('code/governancecode.html'),
    /Former Member Society(?:<\/bdi>)? <span class="note">\(no record in this snapshot/,
  );
  assert.match(html('about.html'), /Records gone from the register(?:<\/dt>)?\s*<dd>1</);
});

test('a sparse page reads naturally: "not given", no map, no stray words', async () => {
  const { page } = await visit(pathToFileURL(join(site, SPARSE)).href);
  const text = await page.locator('main').innerText();
  assert.match(text, /not given/);
  assert.match(text, /No financial summary is given/);
  assert.equal(await page.locator('svg.map').count(), 0);
  await page.close();
});

test('no page says undefined, null or NaN, and an unknown location draws no dot', () => {
  for (const file of filesUnder(site).filter((path) => path.endsWith('.html'))) {
    const visible = html(file)
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<style[\s\S]*?<\/style>/g, '')
      .replace(/<[^>]+>/g, ' ');
    assert.doesNotMatch(visible, /\b(undefined|null|NaN)\b/, file);
  }
  assert.doesNotMatch(html(UNKNOWN_LOCATION), /<circle/);
  assert.match(html(UNKNOWN_LOCATION), /not known \(the source gives 0,0\)/);
});

test('hostile values stay text: no script from a name, no javascript: link, JSON-LD intact', async () => {
  const { page: browserPage, problems } = await visit(pathToFileURL(join(site, ODD)).href);
  // The JSON-LD inline, and otherwise only the site's own script files: none made from a name.
  const scripts = await browserPage
    .locator('script')
    .evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('src') ?? element.getAttribute('type')),
    );
  assert.deepEqual(
    scripts.filter((script) => !script?.endsWith('.js')),
    ['application/ld+json'],
    'one inline script: the JSON-LD',
  );
  for (const script of scripts.filter((script) => script?.endsWith('.js'))) {
    assert.match(script!, /^(\.\.\/)+([a-z]+\/)?[a-z-]+\.js$/, "a script file of the site's own");
  }
  assert.match(await browserPage.locator('h1').innerText(), /<\/script><script>alert/);
  assert.deepEqual(problems, []);
  await browserPage.close();
  const page = html(ODD);
  assert.doesNotMatch(page, /href="javascript:/i);
  const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page)![1]!;
  assert.match(JSON.parse(jsonLd).name, /<\/script><script>alert\(1\)<\/script>/);
  assert.match(page, /the source gave latitude first/);
});

test("pages carry no module script, no external resource and no inline style: one shared stylesheet, and an organisation page stays within the benchmark's page weight", () => {
  for (const file of filesUnder(site).filter((path) => path.endsWith('.html'))) {
    const page = html(file);
    assert.doesNotMatch(page, /type="module"/, file);
    assert.doesNotMatch(page, /<style[\s>]|\sstyle="/, file);
    const depth = file.split('/').length - 1;
    assert.deepEqual(
      [...page.matchAll(/<link[^>]+rel="stylesheet"[^>]*>/g)].map(
        (link) => link[0].match(/href="([^"]*)"/)?.[1],
      ),
      [`${'../'.repeat(depth)}site.css`],
      file,
    );
    assert.doesNotMatch(page, /(src|href)="\/\//, file);
  }
  // The outline of Ireland is one file, not drawn into each page.
  assert.match(html(FULL), /<image href="..\/ireland.svg"/);
  assert.match(html('ireland.svg'), /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*><path d="M/);
  for (const file of filesUnder(join(site, 'org')).filter((path) => path.endsWith('.html'))) {
    assert.ok(Buffer.byteLength(html(`org/${file}`)) <= TARGETS.organisationPageBytes, file);
  }
});

test('downloads match their checksums, and CSV cannot smuggle a formula', () => {
  const sums = readFileSync(join(site, 'downloads', 'SHA256SUMS'), 'utf8')
    .trim()
    .split('\n');
  assert.ok(sums.length >= 7);
  for (const line of sums) {
    const [sum, name] = line.split(/\s+/);
    const digest = createHash('sha256')
      .update(readFileSync(join(site, 'downloads', name!)))
      .digest('hex');
    assert.equal(digest, sum, name);
    assert.ok(html('downloads.html').includes(sum!), `${name} checksum on the downloads page`);
  }
  const csv = readFileSync(join(site, 'downloads', 'organisations.csv'), 'utf8');
  assert.equal(csv.trim().split('\r\n').length, 6);
  assert.match(csv, /,"'=HYPERLINK\(""http:\/\/evil.example"",""click""\)",/);
  const all = JSON.parse(readFileSync(join(site, 'downloads', 'organisations.json'), 'utf8'));
  assert.equal(all.length, 5);
  assert.ok(
    all.some((record: { lastReturnFiled?: unknown }) => record.lastReturnFiled),
    'unknown fields kept',
  );
});

test("a first build's feed, with no edition kept, is well-formed Atom with an entry dated by the crawl", async () => {
  const crawled = JSON.parse(readFileSync(join(FIXTURE, 'manifest.json'), 'utf8')) as { finishedAt: string };
  const page = await browser.newPage();
  // Read by the browser's own XML parser, as a feed reader would.
  const feed = await page.evaluate((xml) => {
    const document = new DOMParser().parseFromString(xml, 'application/xml');
    const atom = 'http://www.w3.org/2005/Atom';
    const child = (parent: Element, name: string) =>
      [...parent.children].find((element) => element.namespaceURI === atom && element.localName === name);
    const root = document.documentElement;
    return {
      errors: document.getElementsByTagName('parsererror').length,
      root: `${root.namespaceURI} ${root.localName}`,
      id: child(root, 'id')?.textContent,
      title: child(root, 'title')?.textContent,
      updated: child(root, 'updated')?.textContent,
      entries: [...root.children]
        .filter((element) => element.localName === 'entry')
        .map((entry) => ({
          id: child(entry, 'id')?.textContent,
          title: child(entry, 'title')?.textContent,
          updated: child(entry, 'updated')?.textContent,
          link: child(entry, 'link')?.getAttribute('href'),
        })),
    };
  }, html('feed.xml'));
  await page.close();
  assert.equal(feed.errors, 0);
  assert.equal(feed.root, 'http://www.w3.org/2005/Atom feed');
  assert.ok(feed.id && feed.title);
  assert.equal(new Date(feed.updated!).getTime(), new Date(crawled.finishedAt).getTime());
  assert.ok(feed.entries.length >= 1, 'at least one entry');
  for (const entry of feed.entries) {
    assert.ok(entry.id?.startsWith('tag:') && entry.title, JSON.stringify(entry));
    assert.equal(new Date(entry.updated!).getTime(), new Date(crawled.finishedAt).getTime());
    assert.ok(existsSync(join(site, entry.link!)), entry.link!);
  }
  assert.match(feed.entries[0]!.title!, new RegExp(`: ${summary.organisations} organisations$`));
});

test('the offline copy, beside the site in its release folder, holds the whole site, and unpacked it works from file://', async () => {
  const release = releaseDirOf(site);
  assert.deepEqual(
    summary.archives.map((archive) => archive.path),
    [join(release, TAR_ARCHIVE_NAME)],
  );
  const siteFiles = filesUnder(site);
  assert.ok(!siteFiles.some((path) => /^orgdir-site\./.test(path)), 'no archive inside the site');
  for (const archive of summary.archives) {
    const digest = createHash('sha256').update(readFileSync(archive.path)).digest('hex');
    assert.equal(digest, archive.sha256);
    assert.equal(
      readFileSync(`${archive.path}.sha256`, 'utf8'),
      `${digest}  ${archive.path.split('/').at(-1)}\n`,
    );
  }
  // Without a release address the site links the offline copy in the release folder beside it.
  assert.match(
    html('index.html'),
    /<a href="\.\.\/site-release\/orgdir-site\.tar\.gz">The whole site as one .tar.gz/,
  );
  assert.match(html('downloads.html'), /<a href="\.\.\/site-release\/orgdir-site\.tar\.gz">/);
  assert.match(
    html('downloads.html').replace(/\s+/g, ' '),
    /The database and the offline copy below are too large to be part of the site: they are in its release folder, <code>site-release\/<\/code>, written beside the site(&#39;|')s own folder\./,
  );
  // The database is beside the site too, with its checksum, and named on the downloads page.
  const database = readFileSync(join(release, DATABASE_FILE));
  const databaseDigest = createHash('sha256').update(database).digest('hex');
  assert.deepEqual(summary.database, {
    path: join(release, DATABASE_FILE),
    bytes: database.length,
    sha256: databaseDigest,
    leftOut: [],
  });
  assert.equal(
    readFileSync(join(release, `${DATABASE_FILE}.sha256`), 'utf8'),
    `${databaseDigest}  ${DATABASE_FILE}\n`,
  );
  assert.ok(!siteFiles.some((path) => path.includes('sqlite')), 'no database inside the site');
  assert.ok(html('downloads.html').includes(databaseDigest));
  assert.ok(html('downloads.html').includes(`<a href="../site-release/${DATABASE_FILE}">`));
  // Unpacked, the offline copy is one folder, named after it, holding the whole site.
  const untarred = join(work, 'untarred');
  mkdirSync(untarred);
  execFileSync('tar', ['-xzf', join(release, TAR_ARCHIVE_NAME), '-C', untarred]);
  const folder = TAR_ARCHIVE_NAME.slice(0, -'.tar.gz'.length);
  assert.deepEqual(readdirSync(untarred), [folder]);
  const listed = execFileSync('tar', ['-tzf', join(release, TAR_ARCHIVE_NAME)], { encoding: 'utf8' })
    .trim()
    .split('\n');
  assert.deepEqual(
    listed.filter((entry) => !entry.startsWith(`${folder}/`)),
    [],
  );
  assert.deepEqual(filesUnder(join(untarred, folder)), siteFiles);
  const { page, problems } = await visit(pathToFileURL(join(untarred, folder, 'index.html')).href);
  await page.getByRole('link', { name: 'Voluntary codes', exact: true }).first().click();
  await page
    .getByRole('link', { name: /Governance Code/ })
    .first()
    .click();
  await page.getByRole('link', { name: 'Focus Ireland Housing Trust' }).click();
  assert.equal(await page.locator('h1').textContent(), 'Focus Ireland Housing Trust');
  assert.deepEqual(problems, []);
  await page.close();
});

/** The absolute addresses of the links of a page's main part that name a file other than a page. */
function downloadLinks(page: Page): Promise<string[]> {
  return page.$$eval('main a[href]', (links) =>
    links
      .map((link) => (link as HTMLAnchorElement).href)
      .filter((href) => /^(file|https?):/.test(href) && !new URL(href).pathname.endsWith('.html')),
  );
}

test('every download the home and downloads pages describe is a link to a file that is there, from file:// and over http, at 1280 and 390 px', async () => {
  const release = releaseDirOf(site);
  // What the build wrote for readers to take: the downloads, and the release folder's files and checksums.
  const offered = [
    ...readFileSync(join(site, 'downloads', 'SHA256SUMS'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => `site/downloads/${line.split(/\s+/)[1]!}`),
    'site/downloads/SHA256SUMS',
    ...readdirSync(release)
      .filter((name) => /\.(gz|sha256)$/.test(name))
      .map((name) => `site-release/${name}`),
  ].sort();
  assert.ok(
    offered.includes(`site-release/${TAR_ARCHIVE_NAME}`) && offered.includes(`site-release/${DATABASE_FILE}`),
  );
  // Served as a host would serve the site with its release folder beside it.
  const both = await serveSite(work);
  try {
    for (const width of [1280, PHONE.width]) {
      for (const base of [pathToFileURL(work).href + '/', both.root]) {
        const linked = new Set<string>();
        for (const path of ['downloads.html', 'index.html']) {
          const context = await browser.newContext({ viewport: { width, height: 900 } });
          const page = await context.newPage();
          const problems = await watchPage(page, originOf(base));
          await page.goto(new URL(`site/${path}`, base).href);
          const hrefs = await downloadLinks(page);
          assert.ok(hrefs.length > 0, `${path} links no download`);
          for (const href of hrefs) {
            if (href.startsWith('file:'))
              assert.ok(existsSync(fileURLToPath(href)), `${path} at ${width}: ${href}`);
            else assert.equal((await page.request.get(href)).status(), 200, `${path} at ${width}: ${href}`);
            linked.add(decodeURIComponent(href.slice(base.length)));
          }
          if (path === 'index.html')
            assert.ok(linked.has(`site-release/${TAR_ARCHIVE_NAME}`), 'the home page links the offline copy');
          if (width === PHONE.width)
            assert.deepEqual((await sidewaysOverflow(page)).cutOff, [], `${path} at ${width}`);
          if (base === both.root && width === 1280) assert.deepEqual(await axeViolations(page), [], path);
          assert.deepEqual(problems, [], `${path} at ${width}`);
          await context.close();
        }
        assert.deepEqual(
          [...linked].filter((path) => /^site(-release|\/downloads)\//.test(path)).sort(),
          offered,
          `${base} at ${width}`,
        );
      }
    }
  } finally {
    await both.close();
  }
  for (const path of ['downloads.html', 'index.html'])
    assert.deepEqual(await htmlProblems(html(path), path), [], path);
});

test('a signed build: signify verifies the site, the replayed API and the release folder, the offline copy carries the site’s manifest, and the About page shows the key', () => {
  const release = releaseDirOf(site);
  for (const folder of [site, join(release, REPLAYED_API_DIR), release]) {
    const checked = spawnSync('signify-openbsd', ['-C', '-p', publicKeyFile, '-x', SIGNED_MANIFEST], {
      cwd: folder,
      encoding: 'utf8',
    });
    assert.equal(checked.status, 0, `${folder}: ${checked.stderr}`);
    assert.match(checked.stdout, /^Signature Verified\n/);
  }
  // Every file of the site is listed but the manifest itself and the output mark, which hosts are not given.
  const listed = readFileSync(join(site, SIGNED_MANIFEST), 'utf8').split('\n').slice(2, -1);
  const published = filesUnder(site).filter((path) => path !== SIGNED_MANIFEST && path !== OUTPUT_MARK);
  assert.equal(listed.length, published.length);
  assert.ok(
    readFileSync(join(release, REPLAYED_API_DIR, 'v1', 'Organisation', FULL.slice(4, -5))).length > 0,
  );
  const unpacked = join(work, 'signed-unpacked');
  mkdirSync(unpacked);
  execFileSync('tar', ['-xzf', join(release, TAR_ARCHIVE_NAME), '-C', unpacked]);
  assert.equal(
    spawnSync('signify-openbsd', ['-C', '-p', publicKeyFile, '-x', SIGNED_MANIFEST], {
      cwd: join(unpacked, 'orgdir-site'),
    }).status,
    0,
  );
  const key = readFileSync(publicKeyFile, 'utf8').split('\n')[1]!;
  assert.ok(html('about.html').includes(key), 'the About page shows the public key');
  assert.doesNotMatch(html('about.html'), /unsigned/);
});

test('with a public and a release address: canonical links, a sitemap of every page, robots.txt, and the offline copy linked where it is published', async () => {
  const public_ = join(work, 'public');
  await buildSite({
    dataDir: FIXTURE,
    siteDir: public_,
    tarGz: false,
    siteUrl: 'https://example.org/orgdir/',
    releaseUrl: 'https://github.com/example/orgdir/releases/latest/download/',
    logLevel: 'error',
  });
  const page = (path: string) => readFileSync(join(public_, path), 'utf8');
  assert.match(page(FULL), new RegExp(`<link rel="canonical" href="https://example.org/orgdir/${FULL}">`));
  assert.match(page('index.html'), /<link rel="canonical" href="https:\/\/example.org\/orgdir\/index.html">/);
  assert.equal(
    page('robots.txt'),
    'User-agent: *\nAllow: /\n\nSitemap: https://example.org/orgdir/sitemap.xml\n',
  );
  assert.match(page('sitemap.xml'), /<loc>https:\/\/example.org\/orgdir\/sitemap-1.xml.gz<\/loc>/);
  const part = gunzipSync(readFileSync(join(public_, 'sitemap-1.xml.gz'))).toString('utf8');
  const listed = [...part.matchAll(/<loc>https:\/\/example.org\/orgdir\/([^<]*)<\/loc>/g)].map((match) =>
    decodeURIComponent(match[1]!),
  );
  assert.deepEqual(
    listed.sort(),
    filesUnder(public_)
      .filter((path) => path.endsWith('.html'))
      .sort(),
  );
  // No archive was asked for: the pages name none, and the release folder holds the database and
  // the replayed API alone.
  assert.doesNotMatch(page('downloads.html'), /orgdir-site/);
  assert.deepEqual(
    readdirSync(releaseDirOf(public_)).sort(),
    [OUTPUT_MARK, DATABASE_FILE, `${DATABASE_FILE}.sha256`, REPLAYED_API_DIR].sort(),
  );
  // The database is linked, and described in datapackage.json, where it is published.
  const databaseUrl = `https://github.com/example/orgdir/releases/latest/download/${DATABASE_FILE}`;
  assert.ok(page('downloads.html').includes(`<a href="${databaseUrl}">`));
  assert.ok(page('downloads.html').includes(`href="${databaseUrl}.sha256"`));
  const described = JSON.parse(page('downloads/datapackage.json')) as { resources: { path: string }[] };
  assert.ok(described.resources.some((resource) => resource.path === databaseUrl));
  // Without record files (the default) there is no record/ folder, and each page says where its
  // record as given is: the downloads.
  assert.ok(!existsSync(join(public_, 'record')));
  assert.match(
    page(FULL),
    /The record as the register gave it is in <code>organisations\.json<\/code>, among the\s+<a href="\.\.\/downloads\.html">downloads<\/a>\./,
  );
  assert.doesNotMatch(page(FULL), /record\//);
  // Without a public address, links stay relative: no canonical link, no sitemap.
  assert.doesNotMatch(html(FULL), /rel="canonical"/);
  assert.ok(!existsSync(join(site, 'sitemap.xml')));
  assert.equal(html('robots.txt'), 'User-agent: *\nAllow: /\n');
  // Built without a key: unsigned, and the About page says so.
  assert.match(page('about.html'), /This build is unsigned/);
  assert.ok(!existsSync(join(public_, SIGNED_MANIFEST)));
});

test('the offline copy is linked at the release address when there is one', async () => {
  const linked = join(work, 'linked');
  await buildSite({
    dataDir: FIXTURE,
    siteDir: linked,
    releaseUrl: 'https://github.com/example/orgdir/releases/latest/download/',
    logLevel: 'error',
  });
  const downloads = readFileSync(join(linked, 'downloads.html'), 'utf8');
  assert.match(
    downloads,
    /<a href="https:\/\/github.com\/example\/orgdir\/releases\/latest\/download\/orgdir-site.tar.gz">/,
  );
  assert.match(
    downloads,
    /href="https:\/\/github.com\/example\/orgdir\/releases\/latest\/download\/orgdir-site.tar.gz.sha256"/,
  );
  assert.match(
    readFileSync(join(linked, 'index.html'), 'utf8'),
    /<a href="https:\/\/github.com\/example\/orgdir\/releases\/latest\/download\/orgdir-site.tar.gz">/,
  );
});

// The mark is what lets a build replace the folder (src/storage/output-folder.ts); without it in
// the site (written before the bundle, which empties the folder) the second build was refused.
test("the site is a link to the folder it shows, marked as orgdir's, and the next build replaces it", async () => {
  assert.ok(lstatSync(site).isSymbolicLink());
  assert.ok(existsSync(join(site, OUTPUT_MARK)));
  const before = readlinkSync(site);
  // This time with the release folder elsewhere, and no address for it.
  const elsewhere = join(work, 'elsewhere', 'release');
  await buildSite({
    dataDir: FIXTURE,
    siteDir: site,
    releaseDir: elsewhere,
    tarGz: false,
    logLevel: 'error',
  });
  assert.notEqual(readlinkSync(site), before);
  // The database is named, not linked, and the page says why and how to get it.
  assert.ok(existsSync(join(elsewhere, DATABASE_FILE)));
  assert.doesNotMatch(html('downloads.html'), /sqlite\.gz"/);
  assert.match(html('downloads.html'), /<code>orgdir\.sqlite\.gz<\/code>, not linked from here/);
  assert.match(
    html('downloads.html').replace(/\s+/g, ' '),
    /The database below is too large to be part of the site, and this site was built without the address it is published at, so it is not linked here: ask the site(&#39;|')s publisher for it/,
  );
  assert.ok(existsSync(join(site, 'index.html')) && existsSync(join(site, OUTPUT_MARK)));
  assert.ok(!existsSync(join(work, before)), 'the folder shown before is gone');
});

test('a build that fails leaves the existing site as it was', async () => {
  await assert.rejects(
    buildSite({ dataDir: join(work, 'no-such-data'), siteDir: site, logLevel: 'error' }),
    /No organisations/,
  );
  assert.ok(existsSync(join(site, 'index.html')));
});
