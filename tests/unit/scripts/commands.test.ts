// Bad input to every command: unknown options, a malformed URL, a host that does not answer (a
// closed loopback port), a data folder that is missing, empty or corrupt. Each gets one clear line
// on stderr (no stack trace), a non-zero exit, and the live data, site and editions are left
// byte for byte as they were.
import { after, before, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runChild } from '../../support/child-process.ts';
import { readTree } from '../../support/data-tree.ts';
import { OUTPUT_MARK } from '../../../src/storage/output-folder.ts';
import { MATCH_TABLE_FILE } from '../../../src/lib/routes.ts';
import { diskFullImport } from '../../support/disk-full.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const FIXTURE = join(ROOT, 'tests', 'fixtures', 'data');

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

let work: string;
let live: { data: string; site: string; editions: string };
let before_: Map<string, Buffer>;
let closedPort: number;
let busy: Server;

function run(
  t: TestContext,
  script: string,
  args: string[],
  env: Record<string, string> = {},
  nodeFlags: string[] = [],
): Promise<Result> {
  return runChild(t, process.execPath, [...nodeFlags, join(ROOT, 'scripts', script), ...args], {
    cwd: work,
    env: {
      PATH: process.env['PATH'] ?? '',
      ASTRO_TELEMETRY_DISABLED: '1',
      ORGDIR_DATA_DIR: live.data,
      ORGDIR_SITE_DIR: live.site,
      ORGDIR_EDITIONS_DIR: live.editions,
      ...env,
    },
  });
}

/** Exits non-zero with one line from `command` that says `what`, and no stack trace anywhere. */
function assertOneClearLine(result: Result, command: string, what: RegExp, exitCode?: number): void {
  const output = `${result.stdout}${result.stderr}`;
  assert.notEqual(result.code, 0, output);
  if (exitCode !== undefined) assert.equal(result.code, exitCode, output);
  assert.doesNotMatch(output, /^\s+at |node:internal|\bError \[|^\w*Error: /m, 'no stack trace');
  const lines = result.stderr.split('\n').filter((line) => line.startsWith(`${command}: `));
  assert.equal(lines.length, 1, result.stderr);
  assert.match(lines[0]!, what);
}

function assertLiveUnchanged(): void {
  const now = readTree(work);
  for (const [path, content] of before_) assert.ok(content.equals(now.get(path) ?? Buffer.alloc(0)), path);
  const livePaths = (tree: Map<string, Buffer>) =>
    [...tree.keys()].filter((path) => /^(data|site|editions)\//.test(path)).sort();
  assert.deepEqual(livePaths(now), livePaths(before_));
}

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'orgdir-cli-'));
  live = { data: join(work, 'data'), site: join(work, 'site'), editions: join(work, 'editions') };
  cpSync(FIXTURE, live.data, { recursive: true });
  mkdirSync(join(live.site, 'org'), { recursive: true });
  writeFileSync(join(live.site, 'index.html'), '<!doctype html><title>The live site</title>');
  writeFileSync(join(live.site, 'org', 'x.html'), 'a page of the live site');
  writeFileSync(join(live.site, OUTPUT_MARK), 'a site an earlier build wrote');
  mkdirSync(join(work, 'own', 'photos'), { recursive: true });
  writeFileSync(join(work, 'own', 'index.html'), 'a folder of my own');
  writeFileSync(join(work, 'own', 'photos', 'a.jpg'), 'a photo of my own');
  mkdirSync(live.editions);
  writeFileSync(join(live.editions, 'kept.txt'), 'an edition');
  mkdirSync(join(work, 'empty'));
  mkdirSync(join(work, 'corrupt', 'organisations'), { recursive: true });
  writeFileSync(
    join(work, 'corrupt', 'organisations', '2e427ca3-b6c4-4801-b9f2-ad6c518b45e5.json'),
    '{"name": "cut off',
  );
  writeFileSync(join(work, 'corrupt', 'manifest.json'), '\u0000\u0001');
  before_ = readTree(work);
  // A port nothing listens on: taken from the system, then let go.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
});

after(async () => {
  await new Promise((resolve) => busy?.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

const closedApi = () => `http://127.0.0.1:${closedPort}/public/v1`;
/** Few, quick retries: the message is under test here, not the patience of the retry policy. */
const QUICK = ['--backoff-base', '0.001', '--max-attempts', '2', '--progress', 'none'];

test('crawl: an unknown option, a malformed URL and a closed port are each one clear line', async (t) => {
  const key = { ORGDIR_API_KEY: 'orgdir-demo-key' };
  assertOneClearLine(await run(t, 'crawl.ts', ['--frobnicate']), 'crawl', /Unknown option '--frobnicate'/, 2);
  assertOneClearLine(
    await run(t, 'crawl.ts', ['--api-url', 'http://[::1/public/v1'], key),
    'crawl',
    /the API URL is not a URL/,
    2,
  );
  assertOneClearLine(
    await run(t, 'crawl.ts', ['--api-url', closedApi(), ...QUICK], key),
    'crawl',
    new RegExp(
      `cannot reach the API at http://127\\.0\\.0\\.1:${closedPort}/public/v1 \\(ECONNREFUSED.*is unchanged`,
    ),
    1,
  );
  assertLiveUnchanged();
});

test('site: an unknown option, a missing value, and a missing, empty or corrupt data folder are each one clear line', async (t) => {
  assertOneClearLine(await run(t, 'site.ts', ['--frobnicate']), 'site', /Unknown option '--frobnicate'/, 2);
  assertOneClearLine(await run(t, 'site.ts', ['--data']), 'site', /'--data <value>' argument missing/, 2);
  const [missing, empty, corrupt] = await Promise.all([
    run(t, 'site.ts', ['--data', join(work, 'no-such-folder')]),
    run(t, 'site.ts', ['--data', join(work, 'empty')]),
    run(t, 'site.ts', ['--data', join(work, 'corrupt')]),
  ]);
  assertOneClearLine(missing!, 'site', /No organisations in .*no-such-folder: run the crawl first/, 1);
  assertOneClearLine(empty!, 'site', /No organisations in .*empty/, 1);
  assertOneClearLine(corrupt!, 'site', /No readable organisations in .*corrupt \(2 unreadable files/, 1);
  assertLiveUnchanged();
});

test('sample-api: an unknown option, a port out of range, a host it cannot use and a port in use are each one clear line', async (t) => {
  const busyPort = String((busy.address() as { port: number }).port);
  const [unknown, range, host, inUse] = await Promise.all([
    run(t, 'sample-api.ts', ['--frobnicate']),
    run(t, 'sample-api.ts', ['--port', '99999']),
    run(t, 'sample-api.ts', ['--port', '0', '--host', 'not a host']),
    run(t, 'sample-api.ts', ['--port', busyPort]),
  ]);
  assertOneClearLine(unknown!, 'sample-api', /Unknown option '--frobnicate'/, 2);
  assertOneClearLine(range!, 'sample-api', /--port must be 65535 or less/, 2);
  assertOneClearLine(host!, 'sample-api', /cannot listen there: .*not a host/, 1);
  assertOneClearLine(inUse!, 'sample-api', /EADDRINUSE.*choose another --port/, 1);
});

test('build: an unknown option, a malformed URL and a closed port are each one clear line, and nothing live is replaced', async (t) => {
  const key = { ORGDIR_API_KEY: 'orgdir-demo-key' };
  assertOneClearLine(
    await run(t, 'build.ts', ['--frobnicate']),
    'build',
    /^build: Unknown option '--frobnicate' \(see --help\)$/,
    2,
  );
  assertOneClearLine(
    await run(t, 'build.ts', [], { ...key, ORGDIR_API_URL: 'http://[::1/public/v1' }),
    'build',
    /the API URL is not a URL/,
    2,
  );
  const unreachable = await run(t, 'build.ts', QUICK, { ...key, ORGDIR_API_URL: closedApi() });
  assertOneClearLine(unreachable, 'build', /nothing was published/, 1);
  assert.match(unreachable.stderr, /cannot reach the API at/);
  assertLiveUnchanged();
});

// Checked by removing the calls of checkOutputFolder (src/site/build-folders.ts, src/crawl/crawl.ts,
// src/editions/publish.ts) and the empty-path checks (scripts/site.ts, src/crawl/resolve-options.ts):
// the folder of one's own was then replaced by a site or a data folder, or its files copied into
// one, and the working directory given as '' was renamed away.
test("a folder of one's own, or an empty path, is never written: site --out, crawl --data-dir and build each refuse it with exit 2", async (t) => {
  const own = join(work, 'own');
  const key = { ORGDIR_API_KEY: 'orgdir-demo-key', ORGDIR_API_URL: closedApi() };
  const [site, siteEmpty, crawl, crawlEmpty, build] = await Promise.all([
    run(t, 'site.ts', ['--out', own]),
    run(t, 'site.ts', ['--out', '']),
    run(t, 'crawl.ts', ['--data-dir', own, ...QUICK], key),
    run(t, 'crawl.ts', ['--data-dir', '', ...QUICK], key),
    run(t, 'build.ts', QUICK, { ...key, ORGDIR_SITE_DIR: own }),
  ]);
  const refusal = /the site folder .*own holds files orgdir did not write \(it has no \.orgdir file\)/;
  assertOneClearLine(site!, 'site', refusal, 2);
  assertOneClearLine(siteEmpty!, 'site', /--out is an empty path: name a folder/, 2);
  assertOneClearLine(crawl!, 'crawl', /the data folder .*own holds files orgdir did not write/, 2);
  assertOneClearLine(crawlEmpty!, 'crawl', /--data-dir is an empty path: name a folder/, 2);
  assertOneClearLine(build!, 'build', refusal, 2);
  assert.doesNotMatch(build!.stderr, /crawling/, 'refused before crawling');
  assertLiveUnchanged();
});

// Checked by removing each check in turn (the base path in src/crawl/resolve-options.ts, the
// lowest --rate there, the data folder's in src/crawl/crawl.ts, ORGDIR_SITE_URL's in
// src/config.ts): the crawl then asked the API four times and ended with exit 1, a stack trace
// was printed, or the data folder that is a file was found only at the end of the crawl.
test('configuration mistakes are found before any work, each in one line with exit 2 that says what to check', async (t) => {
  const key = { ORGDIR_API_KEY: 'orgdir-demo-key' };
  const aFile = join(work, 'a-file');
  writeFileSync(aFile, 'not a folder');
  const origin = closedApi().replace('/public/v1', '');
  const [noBasePath, slowRate, fileAsData, buildSiteUrl, siteSiteUrl] = await Promise.all([
    run(t, 'crawl.ts', ['--api-url', `${origin}/`, ...QUICK], key),
    run(t, 'crawl.ts', ['--api-url', closedApi(), '--rate', '0.0000001', ...QUICK], key),
    run(t, 'crawl.ts', ['--api-url', closedApi(), '--data-dir', aFile, ...QUICK], key),
    run(t, 'build.ts', QUICK, { ...key, ORGDIR_API_URL: closedApi(), ORGDIR_SITE_URL: 'notaurl' }),
    run(t, 'site.ts', [], { ORGDIR_SITE_URL: 'notaurl' }),
  ]);
  assertOneClearLine(
    noBasePath!,
    'crawl',
    /the API URL must end in \/public\/v1, the API's base path \(got http:\/\/127\.0\.0\.1:\d+\/\): check ORGDIR_API_URL or --api-url/,
    2,
  );
  assertOneClearLine(
    slowRate!,
    'crawl',
    /--rate must be 0 \(no limit\) or at least 0\.000001 requests per second/,
    2,
  );
  assertOneClearLine(fileAsData!, 'crawl', /the data folder .*a-file is a file, not a folder/, 2);
  assertOneClearLine(buildSiteUrl!, 'build', /ORGDIR_SITE_URL is not an address \(got notaurl\)/, 2);
  assertOneClearLine(siteSiteUrl!, 'site', /ORGDIR_SITE_URL is not an address \(got notaurl\)/, 2);
  assertLiveUnchanged();
});

// Checked by removing the wrapping of a step's error in src/site/build.ts: the run then ended
// with the bare "ENOSPC: no space left on device, write", naming neither step nor folder.
test('a full disk during the site build is one line naming the step, the folder and what to do, and the live site stays', async (t) => {
  const fullFor = (file: string) => run(t, 'site.ts', [], {}, ['--import', diskFullImport(work, file)]);
  // One file the build writes itself, and one page Astro writes (where a bare error used to come
  // after others about modules it could not load).
  // One after the other: a second build of the same site folder is refused while the first runs.
  const table = await fullFor(MATCH_TABLE_FILE);
  const page = await fullFor('org/2e427ca3-b6c4-4801-b9f2-ad6c518b45e5.html');
  for (const [result, step] of [
    [table!, 'database'],
    [page!, 'bundle'],
  ] as const) {
    assertOneClearLine(
      result,
      'site',
      new RegExp(
        `^site: the ${step} step could not write ${work}: the disk is full \\(ENOSPC\\); free space on the disk that holds ${work}, then run again$`,
      ),
      1,
    );
  }
  assertLiveUnchanged();
});
