// Where the stages read and write, from the environment (README: "Configuration").
import { resolve } from 'node:path';
import { GITHUB_PAGES_SITE_BYTES } from './hosting/limits.ts';
import { parseSize } from './lib/bytes.ts';

/** The crawler's output and the site's input: `ORGDIR_DATA_DIR`, default `data`. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env['ORGDIR_DATA_DIR'] || 'data');
}

/** Where the static site is written: `ORGDIR_SITE_DIR`, default `dist`. */
export function siteDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env['ORGDIR_SITE_DIR'] || 'dist');
}

/** Where the editions are kept: `ORGDIR_EDITIONS_DIR`, default `editions` (README: "Editions"). */
export function editionsDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env['ORGDIR_EDITIONS_DIR'] || 'editions');
}

/** How many editions are kept: `ORGDIR_KEEP_EDITIONS`, default 30. */
export function keepEditions(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env['ORGDIR_KEEP_EDITIONS'] || 30);
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(
      `ORGDIR_KEEP_EDITIONS must be a whole number, 1 or more (got ${env['ORGDIR_KEEP_EDITIONS']})`,
    );
  }
  return value;
}

/**
 * An address the site publishes, from the variable `name`, ending with `/`. A user name or
 * password in it would be published with it (in every page that links there, the feed and
 * datapackage.json): refused, without repeating the value, which holds them.
 */
function publishedAddress(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  if (!URL.canParse(value)) {
    // Not an address, so no user name or password can be told apart in it: shown as given, for
    // the publisher to see what is wrong.
    throw new RangeError(
      `${name} is not an address (got ${value}): give the public address, e.g. https://example.org/orgdir/`,
    );
  }
  const url = new URL(value);
  if (url.username !== '' || url.password !== '') {
    throw new RangeError(
      `${name} must not carry a user name or password: the site publishes this address (give it without them)`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new RangeError(`${name} must be an http(s) address (got ${value})`);
  }
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/**
 * The public address of the site, e.g. https://example.org/orgdir/: `ORGDIR_SITE_URL`. The Atom
 * feed needs absolute links; without it they are written relative to the feed.
 */
export function siteUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return publishedAddress(env, 'ORGDIR_SITE_URL');
}

/**
 * Where the release folder's files are published: `ORGDIR_RELEASE_URL`, e.g. a GitHub release's
 * `https://github.com/OWNER/REPO/releases/latest/download/`. The site links the offline copy
 * there, and a build whose editions folder is empty fetches the previous edition from there.
 */
export function releaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return publishedAddress(env, 'ORGDIR_RELEASE_URL');
}

/**
 * The most bytes a published site may have: `ORGDIR_SITE_BUDGET` ("1GB", "500MB", or bytes),
 * default GitHub Pages' limit of 1 GB. The build refuses to publish a bigger site.
 */
export function siteBudget(env: NodeJS.ProcessEnv = process.env): number {
  const value = env['ORGDIR_SITE_BUDGET']?.trim();
  return value ? parseSize(value) : GITHUB_PAGES_SITE_BYTES;
}
