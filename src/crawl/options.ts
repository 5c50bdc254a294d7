// Every crawler option, its default and its meaning, in one place: the table below drives the
// resolver (resolve-options.ts), the command-line parser and `--help` (command-line.ts), so they
// cannot disagree.
import type { CrawlReporter } from './events.ts';

/** A configuration mistake: reported as one line, exit code 2. */
export class CrawlConfigError extends Error {
  override name = 'CrawlConfigError';
}

export type ProgressMode = 'auto' | 'bar' | 'lines' | 'none';

/** The crawler's settings once defaults are applied and values checked (see `CRAWL_OPTIONS`). */
export interface ResolvedCrawlOptions {
  apiUrl: string;
  key: string;
  dataDir: string;
  concurrency: number;
  rate: number;
  searchParam: string;
  voluntaryCodesPath: string;
  discover: boolean;
  searchBudget: number;
  fresh: boolean;
  allowFailures: number;
  maxAttempts: number;
  maxRateLimitWaits: number;
  maxConsecutiveFailures: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  retryAfterCapMs: number;
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  requestTimeoutMs: number;
  resumeMaxAgeHours: number;
  allowHttp: boolean;
  progress: ProgressMode;
  progressIntervalMs: number;
}

/**
 * What `crawl()` accepts: any option may be left out (its default applies). `key` or `keyFile`
 * and `apiUrl` have no default; without them the crawl ends with a configuration error.
 */
export type CrawlOptions = Partial<ResolvedCrawlOptions> & {
  /** A file whose content (trimmed) is the subscription key; the CLI's `--key-file`. */
  keyFile?: string;
  /** Search queries for `discover`; default `DISCOVERY_QUERIES` (src/crawl/discovery.ts). */
  discoverQueries?: readonly string[];
  /** Receives progress events; default: none. */
  reporter?: CrawlReporter;
  /** Aborting it stops the crawl: in-flight requests are cancelled, the partial folder kept. */
  signal?: AbortSignal;
};

type OptionKind = 'string' | 'integer' | 'number' | 'seconds' | 'hours' | 'boolean' | 'progress';

export interface OptionDefinition {
  /** Property of `ResolvedCrawlOptions`, or `keyFile`. */
  key: keyof ResolvedCrawlOptions | 'keyFile';
  /** Command-line flag, without the dashes. */
  flag: string;
  kind: OptionKind;
  /** Environment variable read when the flag is absent. */
  env?: string;
  /** Default, in the unit of the option (milliseconds for `seconds` options); none when required. */
  defaultValue?: string | number | boolean;
  /** Smallest accepted value for numeric options, in the unit shown on the command line. */
  min?: number;
  /** Placeholder shown in `--help`. */
  placeholder?: string;
  description: string;
}

/** The crawler's options. Durations are given in seconds on the command line, kept in ms inside. */
export const CRAWL_OPTIONS: readonly OptionDefinition[] = [
  {
    key: 'apiUrl',
    flag: 'api-url',
    kind: 'string',
    env: 'ORGDIR_API_URL',
    placeholder: 'URL',
    description:
      'Base URL of the API, ending with its version prefix, e.g. https://host/public/v1. No query string, no user name or password. Required.',
  },
  {
    key: 'keyFile',
    flag: 'key-file',
    kind: 'string',
    placeholder: 'PATH',
    description:
      'File holding the subscription key (sent only in the Ocp-Apim-Subscription-Key header). Without it the key is read from ORGDIR_API_KEY. The key itself is never accepted as a flag: it would show in the process list.',
  },
  {
    key: 'dataDir',
    flag: 'data-dir',
    kind: 'string',
    env: 'ORGDIR_DATA_DIR',
    defaultValue: 'data',
    placeholder: 'DIR',
    description:
      'The data folder. The crawl builds DIR.partial beside it and swaps it in only when complete.',
  },
  {
    key: 'concurrency',
    flag: 'concurrency',
    kind: 'integer',
    defaultValue: 4,
    min: 1,
    placeholder: 'N',
    description: 'Most requests in flight at once.',
  },
  {
    key: 'rate',
    flag: 'rate',
    kind: 'number',
    defaultValue: 5,
    min: 0,
    placeholder: 'N',
    description:
      'Most requests started per second, retries included; 0 for no limit. The service never published its limit; 5/s crawls 35,000 organisations in about two hours, well inside a night, and a 429 slows the whole crawl further.',
  },
  {
    key: 'searchParam',
    flag: 'search-param',
    kind: 'string',
    defaultValue: 'id',
    placeholder: 'NAME',
    description: 'Name of the query-string parameter of `search` (the spec writes it as `id`).',
  },
  {
    key: 'voluntaryCodesPath',
    flag: 'voluntary-codes-path',
    kind: 'string',
    defaultValue: '/VoluntaryCodes',
    placeholder: 'PATH',
    description: 'Path of the `voluntaryCodes` operation below the base URL (not given by the spec).',
  },
  {
    key: 'discover',
    flag: 'discover',
    kind: 'boolean',
    defaultValue: true,
    description:
      "Sweep `search` for the organisations that no list names (companies, clubs, schools, trusts): fixed first queries, then searches chosen by what they are expected to find, a search cut at the service's cap split into narrower ones, until a window of searches finds nothing new or the budget is spent. They are crawled too and listed in lists/discovered.json. --no-discover crawls the lists alone.",
  },
  {
    key: 'searchBudget',
    flag: 'search-budget',
    kind: 'integer',
    defaultValue: 0,
    min: 0,
    placeholder: 'N',
    description:
      'Most searches of the sweep; 0 for 14% of the register as the sweep estimates it (at least 200).',
  },
  {
    key: 'fresh',
    flag: 'fresh',
    kind: 'boolean',
    defaultValue: false,
    description: 'Discard an unfinished crawl (DIR.partial) and start over.',
  },
  {
    key: 'allowFailures',
    flag: 'allow-failures',
    kind: 'integer',
    defaultValue: 0,
    min: 0,
    placeholder: 'N',
    description:
      'Replace the data folder even when up to N organisations still failed after their retries (the exit code is still 1). A failed list always keeps the previous data.',
  },
  {
    key: 'maxAttempts',
    flag: 'max-attempts',
    kind: 'integer',
    defaultValue: 8,
    min: 1,
    placeholder: 'N',
    description:
      'Attempts per request for network errors, time-outs, truncated bodies, 408 and 5xx (rate-limit answers are counted apart).',
  },
  {
    key: 'maxRateLimitWaits',
    flag: 'max-rate-limit-waits',
    kind: 'integer',
    defaultValue: 30,
    min: 0,
    placeholder: 'N',
    description: 'Times one request may be told to wait (429, or 403 over quota) before it counts as failed.',
  },
  {
    key: 'maxConsecutiveFailures',
    flag: 'max-consecutive-failures',
    kind: 'integer',
    defaultValue: 20,
    min: 0,
    placeholder: 'N',
    description:
      'Stop the crawl when this many organisations in a row failed after all their retries: the API is down, and a nightly run should end rather than wait out every record. 0 never stops.',
  },
  {
    key: 'backoffBaseMs',
    flag: 'backoff-base',
    kind: 'seconds',
    defaultValue: 1000,
    min: 0,
    placeholder: 'S',
    description: 'First retry delay; it doubles with each attempt, with jitter.',
  },
  {
    key: 'backoffMaxMs',
    flag: 'backoff-max',
    kind: 'seconds',
    defaultValue: 60_000,
    min: 0,
    placeholder: 'S',
    description: 'Longest retry delay of the backoff.',
  },
  {
    key: 'retryAfterCapMs',
    flag: 'retry-after-cap',
    kind: 'seconds',
    defaultValue: 300_000,
    min: 0,
    placeholder: 'S',
    description:
      'Longest Retry-After obeyed; Azure API Management asks for up to 300 s. A longer request waits this long, then tries again.',
  },
  {
    key: 'connectTimeoutMs',
    flag: 'connect-timeout',
    kind: 'seconds',
    defaultValue: 10_000,
    min: 0.001,
    placeholder: 'S',
    description: 'Time allowed to open a connection.',
  },
  {
    key: 'headersTimeoutMs',
    flag: 'headers-timeout',
    kind: 'seconds',
    defaultValue: 30_000,
    min: 0.001,
    placeholder: 'S',
    description: 'Time allowed for the response headers to arrive.',
  },
  {
    key: 'bodyTimeoutMs',
    flag: 'body-timeout',
    kind: 'seconds',
    defaultValue: 30_000,
    min: 0.001,
    placeholder: 'S',
    description: 'Longest silence allowed while the body arrives.',
  },
  {
    key: 'requestTimeoutMs',
    flag: 'request-timeout',
    kind: 'seconds',
    defaultValue: 120_000,
    min: 0.001,
    placeholder: 'S',
    description: 'Time allowed for one whole request, body included.',
  },
  {
    key: 'resumeMaxAgeHours',
    flag: 'resume-max-age',
    kind: 'hours',
    defaultValue: 12,
    min: 0,
    placeholder: 'H',
    description:
      'An unfinished crawl older than this is discarded rather than resumed, so a nightly run never publishes records from an earlier night.',
  },
  {
    key: 'allowHttp',
    flag: 'allow-http',
    kind: 'boolean',
    defaultValue: false,
    description:
      'Allow a plain http:// API URL for a host other than this machine (the key would cross the network unencrypted).',
  },
  {
    key: 'progress',
    flag: 'progress',
    kind: 'progress',
    defaultValue: 'auto',
    placeholder: 'MODE',
    description: 'auto (a bar on a terminal, lines otherwise), bar, lines or none.',
  },
  {
    key: 'progressIntervalMs',
    flag: 'progress-interval',
    kind: 'seconds',
    defaultValue: 10_000,
    min: 0.01,
    placeholder: 'S',
    description: 'Time between progress lines when not on a terminal.',
  },
];

export const PROGRESS_MODES: readonly ProgressMode[] = ['auto', 'bar', 'lines', 'none'];

/** Checks a number given for a numeric option, `shown` as the user wrote it. */
export function checkNumber(definition: OptionDefinition, value: number, shown: string): void {
  const integer = definition.kind === 'integer';
  if (!Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    throw new CrawlConfigError(
      `--${definition.flag} must be ${integer ? 'a whole number' : 'a number'}, not ${JSON.stringify(shown)}`,
    );
  }
  if (definition.min !== undefined && value < definition.min) {
    throw new CrawlConfigError(`--${definition.flag} must be at least ${definition.min}, not ${shown}`);
  }
}

/** The unit a numeric option is shown in on the command line, to the unit it is kept in. */
export function toOptionUnit(definition: OptionDefinition, value: number): number {
  return definition.kind === 'seconds' ? Math.round(value * 1000) : value;
}

export function fromOptionUnit(definition: OptionDefinition, value: number): number {
  return definition.kind === 'seconds' ? value / 1000 : value;
}
