// From what a caller gives to the settings a crawl runs with: defaults applied, every value
// checked against the option table (options.ts), mistakes reported in one sentence.
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  checkNumber,
  CRAWL_OPTIONS,
  CrawlConfigError,
  fromOptionUnit,
  PROGRESS_MODES,
  type CrawlOptions,
  type ProgressMode,
  type ResolvedCrawlOptions,
} from './options.ts';

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** The lowest `--rate` other than 0: one request a week and a half. */
const MIN_RATE = 0.000001;

/** The path every address of the API starts with (README: "Configuration"). */
const API_BASE_PATH = '/public/v1';

/** Checks an API base URL and returns it without a trailing slash. */
export function normaliseApiUrl(value: string, allowHttp: boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CrawlConfigError(`the API URL is not a URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new CrawlConfigError(`the API URL must start with https:// (or http://), not ${url.protocol}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new CrawlConfigError('the API URL must not carry a user name or password');
  }
  if (url.search !== '' || url.hash !== '') {
    throw new CrawlConfigError(
      'the API URL must not carry a query string or fragment (give the key with ORGDIR_API_KEY or --key-file)',
    );
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !allowHttp) {
    throw new CrawlConfigError(
      `the API URL uses plain http to ${url.hostname}: the key would cross the network unencrypted (use https, or --allow-http)`,
    );
  }
  if (!url.pathname.replace(/\/+$/, '').endsWith(API_BASE_PATH)) {
    // Without it every request answers 404, which looks like a register that lost everything.
    throw new CrawlConfigError(
      `the API URL must end in ${API_BASE_PATH}, the API's base path (got ${url.origin}${url.pathname}): check ORGDIR_API_URL or --api-url`,
    );
  }
  return url.href.replace(/\/+$/, '');
}

/** The longest key accepted (docs/security.md: "memory"). */
const MAX_KEY_LENGTH = 256;

function readKeyFile(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new CrawlConfigError(`cannot read the key file ${path} (${code})`);
  }
  const key = text.trim();
  if (key === '') throw new CrawlConfigError(`the key file ${path} is empty`);
  return key;
}

/**
 * A warning when the key file can be read or written by others than its owner, as ssh warns of a
 * private key: anyone with an account on the machine could use the key. None on Windows, whose
 * permissions are not mode bits.
 */
export function keyFileWarning(path: string): string | undefined {
  if (process.platform === 'win32') return undefined;
  let mode: number;
  try {
    mode = statSync(path).mode & 0o777;
  } catch {
    return undefined;
  }
  if ((mode & 0o077) === 0) return undefined;
  const shown = mode.toString(8).padStart(4, '0');
  return `the key file ${path} is open to others than its owner (permissions ${shown}): anyone with an account on this machine can read the key; run chmod 600 ${path}`;
}

/** Applies defaults and checks every value; throws `CrawlConfigError` with one clear sentence. */
export function resolveCrawlOptions(input: CrawlOptions): ResolvedCrawlOptions {
  const resolved: Record<string, unknown> = {};
  for (const option of CRAWL_OPTIONS) {
    if (option.key === 'keyFile') continue;
    const value = input[option.key] ?? option.defaultValue;
    if (value === undefined) continue;
    if (
      option.kind === 'integer' ||
      option.kind === 'number' ||
      option.kind === 'seconds' ||
      option.kind === 'hours'
    ) {
      if (typeof value !== 'number') throw new CrawlConfigError(`${option.key} must be a number`);
      checkNumber(option, fromOptionUnit(option, value), String(fromOptionUnit(option, value)));
    } else if (option.kind === 'boolean') {
      if (typeof value !== 'boolean') throw new CrawlConfigError(`${option.key} must be true or false`);
    } else if (typeof value !== 'string') {
      throw new CrawlConfigError(`${option.key} must be a string`);
    }
    resolved[option.key] = value;
  }

  if (input.key !== undefined && input.keyFile !== undefined) {
    throw new CrawlConfigError('give the key either directly or as a key file, not both');
  }
  const key = input.keyFile !== undefined ? readKeyFile(input.keyFile) : input.key?.trim();
  if (key === undefined || key === '') {
    throw new CrawlConfigError('no API key: set ORGDIR_API_KEY or pass --key-file PATH');
  }
  // Header values must be visible ASCII; a pasted key with a stray character would fail every request.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new CrawlConfigError(
      'the API key must be printable ASCII without spaces (check for a stray character)',
    );
  }
  // A subscription key is 32 characters; a file of many more holds something else, and the
  // redactor's pattern grows with the key.
  if (key.length > MAX_KEY_LENGTH) {
    throw new CrawlConfigError(
      `the API key is ${key.length} characters long, more than ${MAX_KEY_LENGTH}: check that the key file holds only the key`,
    );
  }
  resolved['key'] = key;

  const apiUrl = resolved['apiUrl'];
  if (typeof apiUrl !== 'string' || apiUrl.trim() === '') {
    throw new CrawlConfigError('no API URL: set ORGDIR_API_URL or pass --api-url URL');
  }
  resolved['apiUrl'] = normaliseApiUrl(apiUrl.trim(), resolved['allowHttp'] === true);
  // An empty path would resolve to the working directory, which a crawl would then replace.
  if (String(resolved['dataDir']).trim() === '') {
    throw new CrawlConfigError('--data-dir is an empty path: name a folder');
  }
  resolved['dataDir'] = resolve(String(resolved['dataDir']));

  const searchParam = String(resolved['searchParam']);
  if (!/^[A-Za-z0-9_.~-]+$/.test(searchParam)) {
    throw new CrawlConfigError(
      `--search-param must be a plain parameter name, not ${JSON.stringify(searchParam)}`,
    );
  }
  const codesPath = String(resolved['voluntaryCodesPath']);
  if (!/^\/[A-Za-z0-9_.~/-]*$/.test(codesPath) || codesPath.split('/').includes('..')) {
    throw new CrawlConfigError(
      `--voluntary-codes-path must be a path such as /VoluntaryCodes, not ${JSON.stringify(codesPath)}`,
    );
  }
  if (!PROGRESS_MODES.includes(resolved['progress'] as ProgressMode)) {
    throw new CrawlConfigError(`--progress must be one of ${PROGRESS_MODES.join(', ')}`);
  }
  const rate = resolved['rate'] as number;
  // One request every 1000/rate ms is a timer, and a timer waits at most about 24 days.
  if (rate > 0 && rate < MIN_RATE) {
    throw new CrawlConfigError(
      `--rate must be 0 (no limit) or at least ${MIN_RATE} requests per second, not ${rate}`,
    );
  }
  if ((resolved['backoffMaxMs'] as number) < (resolved['backoffBaseMs'] as number)) {
    throw new CrawlConfigError('--backoff-max must not be less than --backoff-base');
  }
  return resolved as unknown as ResolvedCrawlOptions;
}
