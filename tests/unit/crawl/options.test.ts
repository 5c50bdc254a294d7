import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CRAWL_COMMAND_LINE, CrawlConfigError } from '../../../src/crawl/options.ts';
import { defaultOf, documentedFields } from '../../../src/lib/command-line.ts';
import { normaliseApiUrl, resolveCrawlOptions } from '../../../src/crawl/resolve-options.ts';
import { crawlHelp, parseCrawlCommandLine } from '../../../src/crawl/command-line.ts';

/** Every folder the tests of this file make is inside this one, removed when they end. */
const TEMP = mkdtempSync(join(tmpdir(), 'orgdir-options-tests-'));
after(() => rmSync(TEMP, { recursive: true, force: true }));

const API = 'https://api.example.ie/public/v1';

function parse(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const parsed = parseCrawlCommandLine(argv, env);
  assert.equal(parsed.help, false);
  return parsed.help ? {} : parsed.options;
}

test('every option has its default applied when not given', () => {
  const options = resolveCrawlOptions({ apiUrl: API, key: 'k' });
  assert.equal(options.concurrency, 4);
  assert.equal(options.rate, 5);
  assert.equal(options.searchParam, 'id');
  assert.equal(options.voluntaryCodesPath, '/VoluntaryCodes');
  assert.equal(options.retryAfterCapMs, 300_000);
  assert.equal(options.discover, true);
  assert.equal(options.searchBudget, 0);
  assert.equal(options.allowFailures, 0);
  assert.equal(options.dataDir, resolve('data'));
});

test('flags win over the environment, and the environment over defaults', () => {
  const env = { ORGDIR_API_URL: 'https://env.example.ie/public/v1', ORGDIR_DATA_DIR: '/tmp/env-data' };
  assert.equal(parse([], env).apiUrl, 'https://env.example.ie/public/v1');
  assert.equal(parse(['--api-url', API], env).apiUrl, API);
  assert.equal(parse(['--data-dir', '/tmp/flag-data'], env).dataDir, '/tmp/flag-data');
  assert.equal(parse([], env).dataDir, '/tmp/env-data');
});

test('durations are seconds on the command line and milliseconds inside', () => {
  const options = parse(['--backoff-base', '0.01', '--retry-after-cap', '2', '--request-timeout', '90']);
  assert.equal(options.backoffBaseMs, 10);
  assert.equal(options.retryAfterCapMs, 2000);
  assert.equal(options.requestTimeoutMs, 90_000);
});

test('the key comes from ORGDIR_API_KEY or from a key file, trimmed, and never from a flag', () => {
  assert.equal(parse([], { ORGDIR_API_KEY: 'secret' }).key, 'secret');
  const dir = mkdtempSync(join(TEMP, 'orgdir-key-'));
  const keyFile = join(dir, 'key');
  writeFileSync(keyFile, 'from-file\n');
  const options = parse(['--key-file', keyFile], { ORGDIR_API_KEY: 'secret' });
  assert.equal(resolveCrawlOptions({ ...options, apiUrl: API }).key, 'from-file');
  assert.throws(() => parseCrawlCommandLine(['--key', 'visible'], {}), CrawlConfigError);
});

test('a missing key or URL is a configuration error that says what to set', () => {
  assert.throws(() => resolveCrawlOptions({ apiUrl: API }), /no API key: set ORGDIR_API_KEY/);
  assert.throws(() => resolveCrawlOptions({ key: 'k' }), /no API URL: set ORGDIR_API_URL/);
  assert.throws(
    () => resolveCrawlOptions({ apiUrl: API, keyFile: '/nonexistent/key' }),
    /cannot read the key file/,
  );
  assert.throws(() => resolveCrawlOptions({ apiUrl: API, key: 'abc def' }), /printable ASCII/);
  assert.throws(() => resolveCrawlOptions({ apiUrl: API, key: 'caf\u00e9-key' }), /printable ASCII/);
  // A subscription key is 32 characters; the redactor's pattern grows with the key.
  assert.throws(
    () => resolveCrawlOptions({ apiUrl: API, key: 'k/+='.repeat(65) }),
    /the API key is 260 characters long, more than 256: check that the key file holds only the key/,
  );
  assert.equal(resolveCrawlOptions({ apiUrl: API, key: 'k/+='.repeat(64) }).key.length, 256);
});

test('bad values are one clear sentence naming the flag', () => {
  const cases: [string[], RegExp][] = [
    [['--concurrency', '0'], /--concurrency must be at least 1/],
    [['--concurrency', '2.5'], /--concurrency must be a whole number/],
    [['--rate', 'fast'], /--rate must be a number/],
    [['--nonsense'], /Unknown option '--nonsense'/],
    [['--discover=yes'], /discover/],
  ];
  for (const [argv, message] of cases) {
    assert.throws(
      () => parseCrawlCommandLine(argv, {}),
      (error: Error) => {
        assert.ok(error instanceof CrawlConfigError);
        assert.match(error.message, message);
        assert.equal(error.message.includes('\n'), false);
        return true;
      },
    );
  }
  assert.throws(
    () => resolveCrawlOptions({ apiUrl: API, key: 'k', progress: 'loud' as 'bar' }),
    /--progress/,
  );
  assert.throws(() => resolveCrawlOptions({ apiUrl: API, key: 'k', searchParam: 'a b' }), /--search-param/);
  assert.throws(() => resolveCrawlOptions({ apiUrl: API, key: 'k', voluntaryCodesPath: '/../x' }), /path/);
});

test('API URLs are checked: scheme, no credentials or query, no plain http across the network', () => {
  assert.equal(normaliseApiUrl('https://api.example.ie/public/v1/', false), API);
  assert.equal(normaliseApiUrl('http://127.0.0.1:8080/public/v1', false), 'http://127.0.0.1:8080/public/v1');
  assert.equal(normaliseApiUrl('http://localhost/public/v1', false), 'http://localhost/public/v1');
  assert.throws(() => normaliseApiUrl('not a url', false), /not a URL/);
  assert.throws(() => normaliseApiUrl('ftp://api.example.ie/', false), /https/);
  assert.throws(() => normaliseApiUrl('https://user:pw@api.example.ie/', false), /user name or password/);
  assert.throws(() => normaliseApiUrl('https://api.example.ie/v1?subscription-key=x', false), /query string/);
  assert.throws(() => normaliseApiUrl('http://api.example.ie/public/v1', false), /--allow-http/);
  assert.equal(normaliseApiUrl('http://api.example.ie/public/v1', true), 'http://api.example.ie/public/v1');
});

test('--help documents every option with its default', () => {
  assert.deepEqual(parseCrawlCommandLine(['--help'], {}), { help: true });
  const help = crawlHelp();
  for (const field of documentedFields(CRAWL_COMMAND_LINE)) {
    const option = { flag: field.doc.flag, defaultValue: defaultOf(field.schema) };
    if (option.flag === undefined) continue;
    assert.match(help, new RegExp(`--${option.flag}\\b`));
    if (option.defaultValue !== undefined && option.defaultValue !== false) {
      const line = help.slice(help.indexOf(`--${option.flag}`)).split('\n  --')[0] ?? '';
      assert.match(line.replace(/\s+/g, ' '), /\(default [^)]+\)/, option.flag);
    }
  }
  assert.match(help, /--concurrency N\s+Most requests in flight at once\. \(default 4\)/);
  assert.match(help, /--retry-after-cap S[\s\S]*?\(default 300 s\)/);
  assert.match(help, /ORGDIR_API_KEY/);
});
