// The subscription key never leaves the header it is sent in. A publisher's whole flow, run as
// child processes with a unique key in the environment against a sample API that answers with
// errors, resets, cut-off bodies and rate limits, behind a gateway that gives the key back (in its
// headers, error messages, a redirect's address and one record, JSON-escaped and percent-encoded
// as encoders write a key with `/`, `+` and `=`, and across the cut of a long message): a crawl
// that completes after retries, a crawl that fails, the site, and a whole `npm run build`. The key
// must appear, in any of those forms or as its first characters, in no file of the data folder,
// the site, the editions or the archives (their bytes and what they hold once unpacked) and in
// nothing printed.
//
// Checked by taking the protections out: with the redactor matching the key as sent only, the
// JSON-escaped record reaches the data folder, pages, search index and downloads, and the
// percent-encoded messages the manifest and stderr; with messages cut before they are redacted,
// the key's first characters reach the manifest and stderr.
//
// The gateway, on this machine, passes on none of the sample API's headers: its register is not
// marked as made up, and the site built from it says nothing of sample data.
import { after, before, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright';
import { startSampleApi, type RunningSampleApi } from '../../src/sample-api/server.ts';
import { TAR_ARCHIVE_NAME } from '../../src/site/offline-copies.ts';
import { runChild } from '../support/child-process.ts';
import { readTree } from '../support/data-tree.ts';
import { startEchoingApi, type EchoingApi } from '../support/echoing-api.ts';
import { launchChromium } from '../support/chromium.ts';
import { readerModes, saysNothingOfSampleData } from '../support/reader-modes.ts';
import { serveSite, type SiteServer } from '../support/static-server.ts';

const ROOT = join(import.meta.dirname, '..', '..');
/** Unique to this run: its first 12 characters occur nowhere else; `/`, `+`, `=` are escaped by encoders. */
const KEY = `${randomBytes(9).toString('base64url')}/orgdir+test=${randomBytes(8).toString('hex')}==`;
/**
 * The key as it might be written if it leaked: plain, base64 (a Basic header), percent-encoded in
 * either case, JSON-escaped as PHP (`\/`) and .NET (`\u002B`) write it, and its first characters
 * (what a message cut before redaction keeps).
 */
const FORMS = [
  KEY,
  Buffer.from(KEY).toString('base64'),
  encodeURIComponent(KEY),
  encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (code) => code.toLowerCase()),
  KEY.replaceAll('/', '\\/'),
  KEY.replaceAll('+', '\\u002B'),
  KEY.slice(0, 10),
];

let work: string;
let api: RunningSampleApi;
let gateway: EchoingApi;
let browser: Browser;
let server: SiteServer;
const ORGS = 120;
const outputs: { command: string; code: number | null; stdout: string; stderr: string }[] = [];

async function run(
  t: TestContext,
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<(typeof outputs)[number]> {
  // Only what the test gives, as a publisher's cron job would: nothing leaks in from outside.
  const { code, stdout, stderr } = await runChild(
    t,
    process.execPath,
    [join(ROOT, 'scripts', script), ...args],
    {
      cwd: work,
      env: { PATH: process.env['PATH'] ?? '', ASTRO_TELEMETRY_DISABLED: '1', ...env },
    },
  );
  const result = { command: `${script} ${args.join(' ')}`, code, stdout, stderr };
  outputs.push(result);
  return result;
}

function leaks(where: string, content: Buffer | string): string[] {
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
  return FORMS.filter((form) => bytes.includes(form)).map(
    (form) =>
      `${where} holds ${form === KEY ? 'the key' : form.length < 12 ? 'the start of the key' : 'an encoding of the key'}`,
  );
}

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'orgdir-secrets-'));
  api = await startSampleApi({
    port: 0,
    orgs: ORGS,
    key: KEY,
    faults: {
      errorRate: 0.05,
      resetRate: 0.03,
      truncateRate: 0.03,
      rateLimitRate: 0.02,
      retryAfterSeconds: 1,
    },
  });
  gateway = await startEchoingApi(api);
  browser = await launchChromium();
  // The site is built by a test below; the server reads its files when asked.
  server = await serveSite(join(work, 'site'));
});

after(async () => {
  await server?.close();
  await browser?.close();
  await gateway?.close();
  await api?.close();
  rmSync(work, { recursive: true, force: true });
});

const crawlEnv = () => ({
  ORGDIR_API_URL: gateway.baseUrl,
  ORGDIR_API_KEY: KEY,
  ORGDIR_DATA_DIR: join(work, 'data'),
});
// The redirected organisation cannot be fetched: one failure is expected.
const crawlArgs = [
  '--rate',
  '0',
  '--backoff-base',
  '0.001',
  '--progress',
  'lines',
  '--discover',
  '--allow-failures',
  '1',
];

test('a crawl through errors, resets, cut-off answers and rate limits completes, and a crawl that fails reports why', async (t) => {
  const complete = await run(t, 'crawl.ts', crawlArgs, crawlEnv());
  // Exit 1: the organisation the gateway only redirects fails, as it should; every other is stored.
  assert.equal(complete.code, 1, complete.stderr);
  assert.match(complete.stderr, new RegExp(`${ORGS - 1} organisations stored, 1 gone, 1 failed; published`));
  // The gateway gave the key back every way it can.
  assert.ok(
    Object.values(gateway.echoes).every((count) => count > 0),
    JSON.stringify(gateway.echoes),
  );
  assert.match(
    readFileSync(join(work, 'data', 'organisations', `${gateway.recordId}.json`), 'utf8'),
    /Quote the subscription key/,
  );
  const stats = api.stats();
  const faults = ['429', '500', '503'].reduce((sum, status) => sum + (stats.statuses[status] ?? 0), 0);
  assert.ok(faults + stats.resets + stats.truncated > 0, 'faults were answered and retried');

  // Every answer an error now: the retries run out and the crawl ends with failures (data kept).
  api.setFaults({ errorRate: 1 });
  const failed = await run(
    t,
    'crawl.ts',
    [...crawlArgs, '--fresh', '--max-attempts', '2', '--max-consecutive-failures', '3'],
    crawlEnv(),
  );
  assert.notEqual(failed.code, 0);
  assert.match(failed.stderr, /^crawl: /m);
  api.setFaults({});

  // A refused key: the crawl stops at once and says so, quoting the gateway's message.
  gateway.refuseKey = true;
  const refused = await run(t, 'crawl.ts', [...crawlArgs, '--fresh'], crawlEnv());
  gateway.refuseKey = false;
  assert.equal(refused.code, 2, refused.stderr);
  assert.match(
    refused.stderr,
    /refused the subscription key.*Access denied: key \[redacted key\] is not valid/,
  );
});

test('the site is built from the crawled data folder, with its tar.gz', async (t) => {
  const site = await run(t, 'site.ts', ['--data', join(work, 'data'), '--out', join(work, 'site')], {
    ORGDIR_API_KEY: KEY,
    ORGDIR_EDITIONS_DIR: join(work, 'no-editions'),
  });
  assert.equal(site.code, 0, site.stderr);
  assert.match(site.stdout, new RegExp(`^site: ${ORGS - 1} organisations`));
});

const MODES = readerModes(
  () => pathToFileURL(join(work, 'site') + '/').href,
  () => server.root,
);

saysNothingOfSampleData('the site of a crawl through the gateway on this machine', MODES, () => ({
  browser,
  data: join(work, 'data'),
  paths: [
    'index.html',
    'search.html',
    'about.html',
    `org/${readdirSync(join(work, 'site', 'org')).find((file) => file.endsWith('.html'))}`,
  ],
}));

test('a whole build through the same gateway publishes data, site and edition', async (t) => {
  const build = await run(t, 'build.ts', ['--rate', '0', '--backoff-base', '0.001', '--progress', 'none'], {
    ORGDIR_API_URL: gateway.baseUrl,
    ORGDIR_API_KEY: KEY,
    ORGDIR_DATA_DIR: join(work, 'build', 'data'),
    ORGDIR_SITE_DIR: join(work, 'build', 'dist'),
    ORGDIR_EDITIONS_DIR: join(work, 'build', 'editions'),
  });
  assert.equal(build.code, 0, build.stderr);
  assert.match(build.stdout, /^build: published edition/);
  assert.ok(existsSync(join(work, 'build', 'dist', 'index.html')));
});

test("the key is in no file of the data folder, the site, anything beside them or Astro's working files", () => {
  const found: string[] = [];
  for (const [path, content] of readTree(work)) found.push(...leaks(path, content));
  // Astro's working files stay in the project while it builds a site outside it.
  if (existsSync(join(ROOT, '.astro')))
    for (const [path, content] of readTree(join(ROOT, '.astro')))
      found.push(...leaks(`.astro/${path}`, content));
  assert.deepEqual(found, []);
  assert.ok(readTree(work).size > 200, 'the files were there to search');
});

test('the key is in nothing the offline copy holds once unpacked', () => {
  const found: string[] = [];
  const tar = gunzipSync(readFileSync(join(work, 'site-release', TAR_ARCHIVE_NAME)));
  // A header of 512 bytes for each of more than a hundred files: the whole site, not a stub.
  assert.ok(tar.length > 100 * 512);
  found.push(...leaks(TAR_ARCHIVE_NAME, tar));
  assert.deepEqual(found, []);
});

test('the key is in nothing the commands printed, errors and retries included', () => {
  assert.ok(outputs.length >= 3);
  assert.ok(
    outputs.some(({ stderr }) => /retr|fail|error/i.test(stderr)),
    'errors were reported',
  );
  const found = outputs.flatMap(({ command, stdout, stderr }) => [
    ...leaks(`stdout of ${command}`, stdout),
    ...leaks(`stderr of ${command}`, stderr),
  ]);
  assert.deepEqual(found, []);
});
