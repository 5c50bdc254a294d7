// The settings read from the environment (src/config.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import {
  BUILD_COMMAND_LINE,
  dataDir,
  editionsDir,
  ENVIRONMENT,
  keepEditions,
  releaseUrl,
  SITE_COMMAND_LINE,
  siteBudget,
  siteDir,
  siteUrl,
} from '../../src/config.ts';
import { documentedFields, readSettings } from '../../src/lib/command-line.ts';

/** Every variable the site and the build read. */
const VARIABLES = [
  'ORGDIR_DATA_DIR',
  'ORGDIR_SITE_DIR',
  'ORGDIR_EDITIONS_DIR',
  'ORGDIR_KEEP_EDITIONS',
  'ORGDIR_SITE_URL',
  'ORGDIR_RELEASE_URL',
  'ORGDIR_SITE_BUDGET',
  'ORGDIR_RELEASE_TIMEOUT',
  'ORGDIR_RELEASE_IDLE_TIMEOUT',
];

test('the release and site addresses end with a slash, and must be http(s)', () => {
  assert.equal(
    releaseUrl({ ORGDIR_RELEASE_URL: 'https://github.com/o/r/releases/latest/download' }),
    'https://github.com/o/r/releases/latest/download/',
  );
  assert.equal(siteUrl({ ORGDIR_SITE_URL: ' https://example.org/orgdir/ ' }), 'https://example.org/orgdir/');
  assert.equal(releaseUrl({}), undefined);
  assert.throws(
    () => releaseUrl({ ORGDIR_RELEASE_URL: 'ftp://example.org/' }),
    /must be an http\(s\) address/,
  );
});

// Checked by taking the protection out: without the check, the addresses are returned with their
// credentials, and the site links its downloads and datapackage.json with them.
test('a release or site address with a user name or password is refused, without repeating them', () => {
  const cases: [string, (env: NodeJS.ProcessEnv) => string | undefined][] = [
    ['ORGDIR_RELEASE_URL', releaseUrl],
    ['ORGDIR_SITE_URL', siteUrl],
  ];
  for (const [name, read] of cases) {
    for (const address of [
      'https://publisher:s3cr%2Ft+pw=@example.org/releases/',
      'https://publisher@example.org/releases/',
      'https://:s3cr%2Ft+pw=@example.org/releases/',
      'ftp://publisher:s3cr%2Ft+pw=@example.org/',
    ]) {
      assert.throws(
        () => read({ [name]: address }),
        (error: Error) => {
          assert.ok(error instanceof RangeError);
          assert.match(error.message, new RegExp(`^${name} must not carry a user name or password`));
          assert.equal(/publisher|s3cr/.test(error.message), false, error.message);
          return true;
        },
        `${name}=${address}`,
      );
    }
  }
});

test('without the variables, or with blank ones, each setting takes its default', () => {
  for (const env of [{}, Object.fromEntries(VARIABLES.map((name) => [name, '  ']))]) {
    assert.equal(dataDir(env), resolve('data'));
    assert.equal(siteDir(env), resolve('dist'));
    assert.equal(editionsDir(env), resolve('editions'));
    assert.equal(keepEditions(env), undefined);
    assert.equal(siteBudget(env), 1_000_000_000);
    assert.equal(siteUrl(env), undefined);
    assert.equal(releaseUrl(env), undefined);
  }
});

test('each variable is read through the schema: folders made absolute, numbers and sizes read', () => {
  assert.equal(dataDir({ ORGDIR_DATA_DIR: 'somewhere/data' }), resolve('somewhere/data'));
  assert.equal(siteDir({ ORGDIR_SITE_DIR: '/srv/site' }), '/srv/site');
  assert.equal(editionsDir({ ORGDIR_EDITIONS_DIR: 'kept' }), resolve('kept'));
  assert.equal(keepEditions({ ORGDIR_KEEP_EDITIONS: ' 7 ' }), 7);
  assert.equal(siteBudget({ ORGDIR_SITE_BUDGET: '500MB' }), 500_000_000);
  assert.equal(siteBudget({ ORGDIR_SITE_BUDGET: '2048' }), 2048);
});

test('each refusal names the variable and says what it must be', () => {
  const cases: [() => unknown, RegExp][] = [
    [() => keepEditions({ ORGDIR_KEEP_EDITIONS: '0' }), /^ORGDIR_KEEP_EDITIONS must be at least 1, not 0$/],
    [
      () => keepEditions({ ORGDIR_KEEP_EDITIONS: '2.5' }),
      /^ORGDIR_KEEP_EDITIONS must be a whole number, not "2.5"$/,
    ],
    [
      () => keepEditions({ ORGDIR_KEEP_EDITIONS: 'all' }),
      /^ORGDIR_KEEP_EDITIONS must be a number, not "all"$/,
    ],
    [
      () => siteBudget({ ORGDIR_SITE_BUDGET: 'lots' }),
      /^not a size: lots \(e\.g\. 1GB, 500MB or a number of bytes\)$/,
    ],
    [() => siteBudget({ ORGDIR_SITE_BUDGET: '0MB' }), /^a size must be more than nothing \(got 0MB\)$/],
    [
      () => siteUrl({ ORGDIR_SITE_URL: 'notaurl' }),
      /^ORGDIR_SITE_URL is not an address \(got notaurl\): give the public address, e\.g\. https:\/\/example\.org\/orgdir\/$/,
    ],
    [
      () => releaseUrl({ ORGDIR_RELEASE_URL: 'mailto:a@example.org' }),
      /^ORGDIR_RELEASE_URL must be an http\(s\) address/,
    ],
  ];
  for (const [read, message] of cases) {
    assert.throws(
      read,
      (error: Error) => error instanceof RangeError && message.test(error.message),
      String(message),
    );
  }
});

test("the site's and the build's flags win over the environment, and their mistakes name the flag", () => {
  const env = { ORGDIR_KEEP_EDITIONS: '5', ORGDIR_DATA_DIR: '/env/data', ORGDIR_SITE_BUDGET: '2GB' };
  const build = readSettings(BUILD_COMMAND_LINE, { 'keep-editions': '3', 'site-budget': '1MB' }, env);
  assert.ok(build.ok);
  assert.equal(build.value.keepEditions, 3);
  assert.equal(build.value.siteBudget, 1_000_000);
  assert.equal(build.value.dataDir, '/env/data');
  assert.equal(build.value.reuseCrawl, false);
  const fromEnv = readSettings(BUILD_COMMAND_LINE, {}, env);
  assert.ok(fromEnv.ok);
  assert.equal(fromEnv.value.keepEditions, 5);
  assert.deepEqual(readSettings(BUILD_COMMAND_LINE, { 'keep-editions': '0' }, env), {
    ok: false,
    problem: '--keep-editions must be at least 1, not 0',
  });
  assert.deepEqual(readSettings(BUILD_COMMAND_LINE, { accept: ' ' }, {}), {
    ok: false,
    problem: '--accept needs a reason',
  });
  const site = readSettings(SITE_COMMAND_LINE, { data: '/flag/data', 'tar-gz': false }, env);
  assert.ok(site.ok);
  assert.equal(site.value.data, '/flag/data');
  assert.equal(site.value.tarGz, false);
  assert.equal(site.value.out, resolve('dist'));
  for (const flag of ['data', 'out', 'release-dir']) {
    assert.deepEqual(readSettings(SITE_COMMAND_LINE, { [flag]: '' }, {}), {
      ok: false,
      problem: `--${flag} is an empty path: name a folder`,
    });
  }
});

test("the release fetch's time limits are given in seconds, default 300 s and 60 s, and must be at least 1 s", () => {
  const defaults = readSettings(BUILD_COMMAND_LINE, {}, {});
  assert.ok(defaults.ok);
  assert.equal(defaults.value.releaseTimeoutMs, 300_000);
  assert.equal(defaults.value.releaseIdleTimeoutMs, 60_000);
  const env = { ORGDIR_RELEASE_TIMEOUT: '900', ORGDIR_RELEASE_IDLE_TIMEOUT: '120' };
  const fromEnv = readSettings(BUILD_COMMAND_LINE, {}, env);
  assert.ok(fromEnv.ok);
  assert.equal(fromEnv.value.releaseTimeoutMs, 900_000);
  assert.equal(fromEnv.value.releaseIdleTimeoutMs, 120_000);
  const flagged = readSettings(
    BUILD_COMMAND_LINE,
    { 'release-timeout': '1800', 'release-idle-timeout': '2.5' },
    env,
  );
  assert.ok(flagged.ok);
  assert.equal(flagged.value.releaseTimeoutMs, 1_800_000);
  assert.equal(flagged.value.releaseIdleTimeoutMs, 2_500);
  assert.deepEqual(readSettings(BUILD_COMMAND_LINE, { 'release-timeout': '0' }, {}), {
    ok: false,
    problem: '--release-timeout must be at least 1, not 0',
  });
  assert.deepEqual(readSettings(BUILD_COMMAND_LINE, {}, { ORGDIR_RELEASE_IDLE_TIMEOUT: 'long' }), {
    ok: false,
    problem: 'ORGDIR_RELEASE_IDLE_TIMEOUT must be a number, not "long"',
  });
});

test('every setting of the environment is documented with its variable', () => {
  const documented = documentedFields(ENVIRONMENT);
  assert.deepEqual(
    documented.map((field) => field.key),
    Object.keys(ENVIRONMENT.shape),
  );
  assert.deepEqual(documented.map((field) => field.doc.env).sort(), [...VARIABLES].sort());
});
