// From what a caller gives to the settings a crawl runs with: the key file read, then defaults
// applied and every value checked by the crawler's schema (options.ts), mistakes reported in one
// sentence.
import { readFileSync, statSync } from 'node:fs';
import { checkSettings } from '../lib/command-line.ts';
import {
  API_ADDRESS,
  CRAWL_SETTINGS,
  CrawlConfigError,
  type CrawlOptions,
  type ResolvedCrawlOptions,
} from './options.ts';

/** Checks an API base URL and returns it without a trailing slash. */
export function normaliseApiUrl(value: string, allowHttp: boolean): string {
  const result = API_ADDRESS.safeParse({ apiUrl: value, allowHttp });
  if (!result.success)
    throw new CrawlConfigError(result.error.issues[0]?.message ?? 'the API URL is not valid');
  return result.data;
}

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
  if (input.key !== undefined && input.keyFile !== undefined) {
    throw new CrawlConfigError('give the key either directly or as a key file, not both');
  }
  const key = input.keyFile === undefined ? input.key : readKeyFile(input.keyFile);
  const reading = checkSettings(CRAWL_SETTINGS, { ...input, key });
  if (!reading.ok) throw new CrawlConfigError(reading.problem);
  return reading.value;
}
