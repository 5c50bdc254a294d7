// Every crawler option, its default, its check and its meaning, in one zod schema: the resolver
// (resolve-options.ts), the command-line parser and `--help` (command-line.ts) all read it, so
// they cannot disagree.
import { resolve } from 'node:path';
import { z } from 'zod';
import { documented } from '../lib/command-line.ts';
import type { CrawlReporter } from './events.ts';

/** A configuration mistake: reported as one line, exit code 2. */
export class CrawlConfigError extends Error {
  override name = 'CrawlConfigError';
}

const PROGRESS_MODES = ['auto', 'bar', 'lines', 'none'] as const;
export type ProgressMode = (typeof PROGRESS_MODES)[number];

/** The lowest `--rate` other than 0: one request a week and a half. */
const MIN_RATE = 0.000001;

/** The path every address of the API starts with (README: "Configuration"). */
const API_BASE_PATH = '/public/v1';

/** The longest key accepted (docs/security.md: "memory"). */
const MAX_KEY_LENGTH = 256;

const NO_API_URL = 'no API URL: set ORGDIR_API_URL or pass --api-url URL';
const NO_API_KEY = 'no API key: set ORGDIR_API_KEY or pass --key-file PATH';

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** The address of the API, checked in the order a person would fix it; without its trailing slash. */
const apiAddress = z
  .string({ error: NO_API_URL })
  .trim()
  .min(1, NO_API_URL)
  .refine(URL.canParse, {
    error: (issue) => `the API URL is not a URL: ${JSON.stringify(issue.input)}`,
    abort: true,
  })
  .refine((value) => ['https:', 'http:'].includes(new URL(value).protocol), {
    error: (issue) =>
      `the API URL must start with https:// (or http://), not ${new URL(String(issue.input)).protocol}`,
    abort: true,
  })
  .refine((value) => new URL(value).username === '' && new URL(value).password === '', {
    error: 'the API URL must not carry a user name or password',
    abort: true,
  })
  .refine((value) => new URL(value).search === '' && new URL(value).hash === '', {
    error:
      'the API URL must not carry a query string or fragment (give the key with ORGDIR_API_KEY or --key-file)',
    abort: true,
  })
  // Without it every request answers 404, which looks like a register that lost everything.
  .refine((value) => new URL(value).pathname.replace(/\/+$/, '').endsWith(API_BASE_PATH), {
    error: (issue) => {
      const url = new URL(String(issue.input));
      return `the API URL must end in ${API_BASE_PATH}, the API's base path (got ${url.origin}${url.pathname}): check ORGDIR_API_URL or --api-url`;
    },
    abort: true,
  })
  .transform((value) => new URL(value).href.replace(/\/+$/, ''));

/**
 * The problem with an API address that crosses the network in plain http, unless allowed: the
 * key would travel unencrypted. Undefined for https, for this machine, or when allowed.
 */
function plainHttpProblem(apiUrl: string, allowHttp: boolean): string | undefined {
  const url = new URL(apiUrl);
  if (url.protocol !== 'http:' || isLoopback(url.hostname) || allowHttp) return undefined;
  return `the API URL uses plain http to ${url.hostname}: the key would cross the network unencrypted (use https, or --allow-http)`;
}

/** A whole number of at least `min`. */
const wholeNumber = (min: number) => z.int().min(min);

/** A duration in milliseconds of at least `min` ms, given in seconds on the command line. */
const duration = (min: number) => z.number().min(min);

/** The settings of a crawl. Durations are given in seconds on the command line, kept in ms inside. */
const settings = {
  apiUrl: documented(z.string().optional().pipe(apiAddress), {
    flag: 'api-url',
    env: 'ORGDIR_API_URL',
    placeholder: 'URL',
    description:
      'Base URL of the API, ending with its version prefix, e.g. https://host/public/v1. No query string, no user name or password; plain http only to this machine (or with --allow-http). Required by `npm run crawl`; without it `npm run build` crawls the built-in sample API.',
  }),
  key: documented(
    z
      .string()
      .optional()
      .pipe(z.string({ error: NO_API_KEY }).trim().min(1, NO_API_KEY))
      // Header values must be visible ASCII; a pasted key with a stray character would fail every request.
      .refine((key) => /^[\x21-\x7e]+$/.test(key), {
        error: 'the API key must be printable ASCII without spaces (check for a stray character)',
        abort: true,
      })
      // A subscription key is 32 characters; a file of many more holds something else, and the
      // redactor's pattern grows with the key.
      .refine((key) => key.length <= MAX_KEY_LENGTH, {
        error: (issue) =>
          `the API key is ${String(issue.input).length} characters long, more than ${MAX_KEY_LENGTH}: check that the key file holds only the key`,
      }),
    {
      env: 'ORGDIR_API_KEY',
      description:
        'The subscription key, sent only in the Ocp-Apim-Subscription-Key header, when --key-file is not given.',
    },
  ),
  dataDir: documented(
    // An empty path would resolve to the working directory, which a crawl would then replace.
    z
      .string()
      .refine((path) => path.trim() !== '', '--data-dir is an empty path: name a folder')
      .transform((path) => resolve(path))
      .prefault('data'),
    {
      flag: 'data-dir',
      env: 'ORGDIR_DATA_DIR',
      placeholder: 'DIR',
      description:
        'The data folder (its layout: docs/crawling.md, "Storage contract"). The crawl builds DIR.partial beside it and swaps it in only when complete.',
    },
  ),
  concurrency: documented(wholeNumber(1).default(4), {
    flag: 'concurrency',
    placeholder: 'N',
    description: 'Most requests in flight at once.',
  }),
  rate: documented(
    z
      .number()
      .min(0)
      // One request every 1000/rate ms is a timer, and a timer waits at most about 24 days.
      .refine((rate) => rate === 0 || rate >= MIN_RATE, {
        error: (issue) =>
          `--rate must be 0 (no limit) or at least ${MIN_RATE} requests per second, not ${String(issue.input)}`,
      })
      .default(5),
    {
      flag: 'rate',
      placeholder: 'N',
      description:
        'Most requests started per second, retries included; 0 for no limit. The service never published its limit; 5/s crawls 35,000 organisations in about two hours, well inside a night, and a 429 slows the whole crawl further.',
    },
  ),
  searchParam: documented(
    z
      .string()
      .refine((name) => /^[A-Za-z0-9_.~-]+$/.test(name), {
        error: (issue) => `--search-param must be a plain parameter name, not ${JSON.stringify(issue.input)}`,
      })
      .default('id'),
    {
      flag: 'search-param',
      placeholder: 'NAME',
      description: 'Name of the query-string parameter of `search` (the spec writes it as `id`).',
    },
  ),
  voluntaryCodesPath: documented(
    z
      .string()
      .refine((path) => /^\/[A-Za-z0-9_.~/-]*$/.test(path) && !path.split('/').includes('..'), {
        error: (issue) =>
          `--voluntary-codes-path must be a path such as /VoluntaryCodes, not ${JSON.stringify(issue.input)}`,
      })
      .default('/VoluntaryCodes'),
    {
      flag: 'voluntary-codes-path',
      placeholder: 'PATH',
      description: 'Path of the `voluntaryCodes` operation below the base URL (not given by the spec).',
    },
  ),
  discover: documented(z.boolean().default(true), {
    flag: 'discover',
    description:
      "Sweep `search` for the organisations that no list names (companies, clubs, schools, trusts): fixed first queries, then searches chosen by what they are expected to find, a search cut at the service's cap split into narrower ones, until a window of searches finds nothing new or the budget is spent. They are crawled too and listed in lists/discovered.json. --no-discover crawls the lists alone.",
  }),
  searchBudget: documented(wholeNumber(0).default(0), {
    flag: 'search-budget',
    placeholder: 'N',
    description:
      'Most searches of the sweep; 0 for 14% of the register as the sweep estimates it (at least 200), and never more than 14% of ten times the organisations the lists name: an estimate fed by the answers cannot raise it past what the lists allow.',
  }),
  sweepTimeLimitHours: documented(z.number().min(0).default(2), {
    flag: 'sweep-time-limit',
    placeholder: 'H',
    unit: 'hours',
    description:
      'Longest time the search sweep may ask searches, whatever it expects to find; 0 for no limit. At the default 5 requests/s, 35,000 organisations take about 17 minutes of searches.',
  }),
  fresh: documented(z.boolean().default(false), {
    flag: 'fresh',
    description: 'Discard an unfinished crawl (DIR.partial) and start over.',
  }),
  allowFailures: documented(wholeNumber(0).default(0), {
    flag: 'allow-failures',
    placeholder: 'N',
    description:
      'Replace the data folder even when up to N organisations still failed after their retries (the exit code is still 1). A failed list always keeps the previous data.',
  }),
  maxAttempts: documented(wholeNumber(1).default(8), {
    flag: 'max-attempts',
    placeholder: 'N',
    description:
      'Attempts per request for network errors, time-outs, truncated bodies, 408 and 5xx (rate-limit answers are counted apart).',
  }),
  maxRateLimitWaits: documented(wholeNumber(0).default(30), {
    flag: 'max-rate-limit-waits',
    placeholder: 'N',
    description: 'Times one request may be told to wait (429, or 403 over quota) before it counts as failed.',
  }),
  maxConsecutiveFailures: documented(wholeNumber(0).default(20), {
    flag: 'max-consecutive-failures',
    placeholder: 'N',
    description:
      'Stop the crawl when this many requests in a row (records, lists and searches alike) failed after all their retries: the API is down, and a nightly run should end rather than wait out every record. 0 never stops.',
  }),
  deadAfterMs: documented(duration(0).default(45_000), {
    flag: 'dead-after',
    placeholder: 'S',
    unit: 'seconds',
    description:
      'Stop the crawl when every attempt for this long failed without an answer from the API (no record, list, search or 404 came back): the API is down, and retrying each request for minutes would keep a nightly build busy for half an hour. 0 never stops.',
  }),
  backoffBaseMs: documented(duration(0).default(1000), {
    flag: 'backoff-base',
    placeholder: 'S',
    unit: 'seconds',
    description: 'First retry delay; it doubles with each attempt, with jitter.',
  }),
  backoffMaxMs: documented(duration(0).default(60_000), {
    flag: 'backoff-max',
    placeholder: 'S',
    unit: 'seconds',
    description: 'Longest retry delay of the backoff.',
  }),
  retryAfterCapMs: documented(duration(0).default(300_000), {
    flag: 'retry-after-cap',
    placeholder: 'S',
    unit: 'seconds',
    description:
      'Longest Retry-After obeyed; Azure API Management asks for up to 300 s. A longer request waits this long, then tries again.',
  }),
  connectTimeoutMs: documented(duration(1).default(10_000), {
    flag: 'connect-timeout',
    placeholder: 'S',
    unit: 'seconds',
    description: 'Time allowed to open a connection.',
  }),
  headersTimeoutMs: documented(duration(1).default(30_000), {
    flag: 'headers-timeout',
    placeholder: 'S',
    unit: 'seconds',
    description: 'Time allowed for the response headers to arrive.',
  }),
  bodyTimeoutMs: documented(duration(1).default(30_000), {
    flag: 'body-timeout',
    placeholder: 'S',
    unit: 'seconds',
    description: 'Longest silence allowed while the body arrives.',
  }),
  requestTimeoutMs: documented(duration(1).default(120_000), {
    flag: 'request-timeout',
    placeholder: 'S',
    unit: 'seconds',
    description: 'Time allowed for one whole request, body included.',
  }),
  resumeMaxAgeHours: documented(z.number().min(0).default(12), {
    flag: 'resume-max-age',
    placeholder: 'H',
    unit: 'hours',
    description:
      'An unfinished crawl older than this is discarded rather than resumed, so a nightly run never publishes records from an earlier night.',
  }),
  allowHttp: documented(z.boolean().default(false), {
    flag: 'allow-http',
    description:
      'Allow a plain http:// API URL for a host other than this machine (the key would cross the network unencrypted).',
  }),
  progress: documented(z.enum(PROGRESS_MODES).default('auto'), {
    flag: 'progress',
    placeholder: 'MODE',
    description: 'auto (a bar on a terminal, lines otherwise), bar, lines or none.',
  }),
  progressIntervalMs: documented(duration(10).default(10_000), {
    flag: 'progress-interval',
    placeholder: 'S',
    unit: 'seconds',
    description: 'Time between progress lines when not on a terminal.',
  }),
};

/** The crawler's settings, checked together: what `crawl()` runs with, defaults applied. */
export const CRAWL_SETTINGS = z.object(settings).superRefine((options, context) => {
  const plainHttp = plainHttpProblem(options.apiUrl, options.allowHttp);
  if (plainHttp !== undefined) context.addIssue({ code: 'custom', path: ['apiUrl'], message: plainHttp });
  if (options.backoffMaxMs < options.backoffBaseMs) {
    context.addIssue({
      code: 'custom',
      path: ['backoffMaxMs'],
      message: '--backoff-max must not be less than --backoff-base',
    });
  }
});

/**
 * The crawler's command line: its settings, and the key file that gives the key without showing
 * it in the process list.
 */
const { apiUrl, ...otherSettings } = settings;
export const CRAWL_COMMAND_LINE = z.object({
  apiUrl,
  keyFile: documented(z.string(), {
    flag: 'key-file',
    placeholder: 'PATH',
    description:
      'File holding the subscription key (sent only in the Ocp-Apim-Subscription-Key header). Without it the key is read from ORGDIR_API_KEY. The key itself is never accepted as a flag: it would show in the process list.',
  }),
  ...otherSettings,
});

/** The address of the API as a crawl uses it, with whether plain http may cross the network. */
export const API_ADDRESS = z
  .object({ apiUrl: apiAddress, allowHttp: z.boolean() })
  .superRefine(({ apiUrl, allowHttp }, context) => {
    const plainHttp = plainHttpProblem(apiUrl, allowHttp);
    if (plainHttp !== undefined) context.addIssue({ code: 'custom', message: plainHttp });
  })
  .transform(({ apiUrl }) => apiUrl);

/** The crawler's settings once defaults are applied and values checked (see `CRAWL_SETTINGS`). */
export type ResolvedCrawlOptions = z.output<typeof CRAWL_SETTINGS>;

/**
 * What `crawl()` accepts: any option may be left out (its default applies). `key` or `keyFile`
 * and `apiUrl` have no default; without them the crawl ends with a configuration error.
 */
export type CrawlOptions = z.input<typeof CRAWL_SETTINGS> & {
  /** A file whose content (trimmed) is the subscription key; the CLI's `--key-file`. */
  keyFile?: string;
  /** Search queries for `discover`; default `DISCOVERY_QUERIES` (src/crawl/discovery.ts). */
  discoverQueries?: readonly string[];
  /** Receives progress events; default: none. */
  reporter?: CrawlReporter;
  /** Aborting it stops the crawl: in-flight requests are cancelled, the partial folder kept. */
  signal?: AbortSignal;
};
