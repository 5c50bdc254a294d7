// The settings read from the environment (src/config.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { releaseUrl, siteUrl } from '../../src/config.ts';

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
