// The sample API's command line in zod schemas: what it serves, the faults it injects and the bad
// night of the register it plays. `npm run sample-api -- --help` and docs/sample-api.md are
// written from them.
import { z } from 'zod';
import { documented } from '../lib/command-line.ts';
import { DEFAULT_LIST_SHARE, DEFAULT_ORGS, DEFAULT_SEED } from './dataset.ts';
import { FAULT_DEFAULTS } from './faults.ts';
import { DEMO_SUBSCRIPTION_KEY, SEARCH_RESULT_LIMIT } from './server.ts';

/** The port the sample API listens on when not told. */
const DEFAULT_PORT = 8765;

/** A share between 0 and 1. */
const share = () => z.number().min(0).max(1);

/** What the sample API serves, and where. */
export const SAMPLE_API_COMMAND_LINE = z.object({
  port: documented(
    z
      .int()
      .min(0)
      .max(65535, { error: (issue) => `--port must be 65535 or less (got "${String(issue.input)}")` })
      .default(DEFAULT_PORT),
    { flag: 'port', placeholder: 'N', description: 'Port to listen on; 0 picks a free one.' },
  ),
  host: documented(z.string().default('127.0.0.1'), {
    flag: 'host',
    placeholder: 'H',
    description: 'Address to listen on.',
  }),
  orgs: documented(z.int().min(1).default(DEFAULT_ORGS), {
    flag: 'orgs',
    placeholder: 'N',
    description: 'Organisations with a record (100,000 and more is fine).',
  }),
  seed: documented(z.string().default(DEFAULT_SEED), {
    flag: 'seed',
    placeholder: 'S',
    description: 'Seed of the data; the same seed and size give the same bytes.',
  }),
  key: documented(z.string().default(DEMO_SUBSCRIPTION_KEY), {
    flag: 'key',
    placeholder: 'K',
    description: 'The accepted Ocp-Apim-Subscription-Key.',
  }),
  codes: documented(z.enum(['strings', 'objects']).default('objects'), {
    flag: 'codes',
    placeholder: 'strings|objects',
    description:
      'Shape of the `VoluntaryCodes` answer: `["GOVERNANCECODE", …]` (strings, as in 2018) or `{id, description}` (objects).',
  }),
  searchLimit: documented(z.int().min(1).default(SEARCH_RESULT_LIMIT), {
    flag: 'search-limit',
    placeholder: 'N',
    description: 'Most results of one search, cut without a word as a service like the real one does.',
  }),
  searchWords: documented(z.enum(['all', 'any']).default('all'), {
    flag: 'search-words',
    placeholder: 'all|any',
    description:
      'How a search of several words or phrases is read: all of them (the register of the spec), or any of them, those that hold the most first (a hidden variant of the register, as common relevance engines read a query).',
  }),
  listShare: documented(
    share()
      .refine((value) => value > 0, { error: '--list-share must be above 0 (got "0")' })
      .default(DEFAULT_LIST_SHARE),
    {
      flag: 'list-share',
      placeholder: 'R',
      description:
        'About what share of the register a list names; the rest is reachable only through search.',
    },
  ),
  edition: documented(z.int().min(1).default(1), {
    flag: 'edition',
    placeholder: 'N',
    description:
      'Night of the register: 1 as generated, each later one a known set of changes on the one before (src/sample-api/editions.ts).',
  }),
});

/** Faults injected into /public/v1, all off unless given; rates are shares between 0 and 1. */
export const SAMPLE_API_FAULTS = z.object({
  latencyMs: documented(z.number().min(0).default(0), {
    flag: 'latency-ms',
    placeholder: 'N',
    description: 'Delay before each answer, in milliseconds.',
  }),
  jitterMs: documented(z.number().min(0).default(0), {
    flag: 'jitter-ms',
    placeholder: 'N',
    description: 'The delay varies by up to this many milliseconds either way.',
  }),
  errorRate: documented(share().default(0), {
    flag: 'error-rate',
    placeholder: 'R',
    description: 'Share of requests answered 500 or 503.',
  }),
  rateLimitRate: documented(share().default(0), {
    flag: 'rate-limit-rate',
    placeholder: 'R',
    description: 'Share of requests answered 429 with `Retry-After`.',
  }),
  retryAfterSeconds: documented(z.number().min(0).default(FAULT_DEFAULTS.retryAfterSeconds), {
    flag: 'retry-after-seconds',
    placeholder: 'N',
    description: '`Retry-After` of a 429, in seconds.',
  }),
  rateLimitWithoutRetryAfter: documented(share().default(0), {
    flag: 'rate-limit-without-retry-after',
    placeholder: 'R',
    description: 'Share of those 429s sent without `Retry-After`.',
  }),
  resetRate: documented(share().default(0), {
    flag: 'reset-rate',
    placeholder: 'R',
    description: 'Share of requests whose connection is reset instead of answered.',
  }),
  truncateRate: documented(share().default(0), {
    flag: 'truncate-rate',
    placeholder: 'R',
    description: 'Share of answers that announce the full Content-Length and send part of the body.',
  }),
  stallRate: documented(share().default(0), {
    flag: 'stall-rate',
    placeholder: 'R',
    description: 'Share of requests never answered.',
  }),
  maxConcurrent: documented(z.int().min(1).optional(), {
    flag: 'max-concurrent',
    placeholder: 'N',
    description: 'Answer 429 above N requests in flight (no cap by default).',
  }),
  quota: documented(z.int().min(1).optional(), {
    flag: 'quota',
    placeholder: 'N',
    description: 'Answer 403 with `Retry-After` after N requests per quota window (no quota by default).',
  }),
  quotaRetryAfterSeconds: documented(z.number().min(0).default(FAULT_DEFAULTS.quotaRetryAfterSeconds), {
    flag: 'quota-retry-after-seconds',
    placeholder: 'N',
    description: 'Length of the quota window, in seconds.',
  }),
  faultSeed: documented(z.string().default(FAULT_DEFAULTS.faultSeed), {
    flag: 'fault-seed',
    placeholder: 'S',
    description: 'Seed of the fault stream.',
  }),
});

/** A bad night of the register: the same organisations on every request. */
export const SAMPLE_API_DEGRADATIONS = z.object({
  dropShare: documented(share().default(0), {
    flag: 'drop-share',
    placeholder: 'R',
    description: 'Share of organisations gone from every list and search; their record answers 404.',
  }),
  emptyLists: documented(z.array(z.string()).optional(), {
    flag: 'empty-list',
    placeholder: 'NAME',
    description:
      'Answer this list (registeredCharities, taxEfficientGifts, housingBodies) or voluntary code id as [].',
  }),
  failingShare: documented(share().default(0), {
    flag: 'failing-share',
    placeholder: 'R',
    description: 'Share of organisations whose record always answers 500.',
  }),
  blankField: documented(z.string().optional(), {
    flag: 'blank-field',
    placeholder: 'F',
    description:
      "Field blanked in --blank-share of the records: '' for text, [] for a list, absent otherwise.",
  }),
  blankShare: documented(share().default(0), {
    flag: 'blank-share',
    placeholder: 'R',
    description: 'Share of the records whose --blank-field is blank; needs --blank-field.',
  }),
});
