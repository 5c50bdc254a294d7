// npm run sample-api -- [flags]: serves the sample API on loopback until stopped (Ctrl-C).
import { parseArgs } from 'node:util';
import {
  DEFAULT_LIST_SHARE,
  DEFAULT_ORGS,
  DEFAULT_SEED,
  generateDataset,
} from '../src/sample-api/dataset.ts';
import {
  DEMO_SUBSCRIPTION_KEY,
  SEARCH_RESULT_LIMIT,
  startSampleApi,
  type DegradationOptions,
  type FaultOptions,
  type RunningSampleApi,
} from '../src/sample-api/server.ts';

const DEFAULT_PORT = 8765;

const HELP = `Usage: npm run sample-api -- [flags]

Serves every operation of the API spec over a deterministic sample register on loopback,
until stopped with Ctrl-C (SIGINT) or SIGTERM.

  --port N                 port to listen on; 0 picks a free one (default ${DEFAULT_PORT})
  --host H                 address to listen on (default 127.0.0.1)
  --orgs N                 organisations with a record (default ${DEFAULT_ORGS}; up to 100000 and more)
  --seed S                 seed of the data; same seed and size give the same bytes (default ${DEFAULT_SEED})
  --key K                  accepted Ocp-Apim-Subscription-Key (default ${DEMO_SUBSCRIPTION_KEY})
  --codes strings|objects  shape of the VoluntaryCodes answer (default objects)
  --search-limit N         most results of one search, cut without a word (default ${SEARCH_RESULT_LIMIT})
  --list-share R           about what share of the register a list names (default ${DEFAULT_LIST_SHARE});
                           the rest is reachable only through search
  --edition N              night of the register: 1 as generated, each later one a known set of
                           changes on the one before (default 1; see src/sample-api/editions.ts)

Faults (all off by default; rates are shares between 0 and 1):
  --latency-ms N                    delay before each answer (default 0)
  --jitter-ms N                     the delay varies by up to this much either way (default 0)
  --error-rate R                    answer 500 or 503
  --rate-limit-rate R               answer 429 with Retry-After
  --retry-after-seconds N           Retry-After of a 429 (default 1)
  --rate-limit-without-retry-after R  share of those 429s sent without Retry-After
  --reset-rate R                    reset the connection instead of answering
  --truncate-rate R                 announce the full Content-Length, send part of the body
  --stall-rate R                    never answer
  --max-concurrent N                answer 429 above N requests in flight
  --quota N                         answer 403 with Retry-After after N requests per window
  --quota-retry-after-seconds N     length of the quota window (default 60)
  --fault-seed S                    seed of the fault stream (default faults)

A bad night of the register (the same organisations on every request):
  --drop-share R                    share of organisations gone from every list, record 404
  --empty-list NAME                 answer this list or voluntary code id as [] (repeatable)
  --failing-share R                 share of organisations whose record always answers 500
  --blank-field F                   field blanked in --blank-share of the records
  --blank-share R

  --help                   show this help

Statistics: GET /_stats (no key needed); POST /_stats resets them.`;

const FLAG_OPTIONS = {
  help: { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
  orgs: { type: 'string' },
  seed: { type: 'string' },
  key: { type: 'string' },
  codes: { type: 'string' },
  'search-limit': { type: 'string' },
  'list-share': { type: 'string' },
  'latency-ms': { type: 'string' },
  'jitter-ms': { type: 'string' },
  'error-rate': { type: 'string' },
  'rate-limit-rate': { type: 'string' },
  'retry-after-seconds': { type: 'string' },
  'rate-limit-without-retry-after': { type: 'string' },
  'reset-rate': { type: 'string' },
  'truncate-rate': { type: 'string' },
  'stall-rate': { type: 'string' },
  'max-concurrent': { type: 'string' },
  quota: { type: 'string' },
  'quota-retry-after-seconds': { type: 'string' },
  'fault-seed': { type: 'string' },
  edition: { type: 'string' },
  'drop-share': { type: 'string' },
  'empty-list': { type: 'string', multiple: true },
  'failing-share': { type: 'string' },
  'blank-field': { type: 'string' },
  'blank-share': { type: 'string' },
} as const;

class UsageError extends Error {}

function listShare(value: string | undefined): number | undefined {
  const share = number('list-share', value, 'rate');
  if (share === 0) throw new UsageError('--list-share must be above 0 (got "0")');
  return share;
}

function number(flag: string, value: string | undefined, kind: 'integer' | 'count' | 'rate' | 'amount') {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  const ok =
    value.trim() !== '' &&
    Number.isFinite(parsed) &&
    (kind === 'integer'
      ? Number.isInteger(parsed) && parsed >= 0
      : kind === 'count'
        ? Number.isInteger(parsed) && parsed >= 1
        : kind === 'rate'
          ? parsed >= 0 && parsed <= 1
          : parsed >= 0);
  if (!ok) {
    const expected = {
      integer: 'a whole number, 0 or more',
      count: 'a whole number, 1 or more',
      rate: 'a number between 0 and 1',
      amount: 'a number, 0 or more',
    }[kind];
    throw new UsageError(`--${flag} must be ${expected} (got "${value}")`);
  }
  return parsed;
}

function port(value: string | undefined): number {
  const parsed = number('port', value, 'integer') ?? DEFAULT_PORT;
  if (parsed > 65535) throw new UsageError(`--port must be 65535 or less (got "${value}")`);
  return parsed;
}

/** Drops the flags not given, so that the defaults of src/ apply. */
function definedOnly<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

function isCodesShape(value: string): value is 'strings' | 'objects' {
  return value === 'strings' || value === 'objects';
}

function readFlags() {
  try {
    return parseArgs({ options: FLAG_OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

type Flags = ReturnType<typeof readFlags>;

function faultOptions(values: Flags): FaultOptions {
  return definedOnly({
    latencyMs: number('latency-ms', values['latency-ms'], 'amount'),
    jitterMs: number('jitter-ms', values['jitter-ms'], 'amount'),
    errorRate: number('error-rate', values['error-rate'], 'rate'),
    rateLimitRate: number('rate-limit-rate', values['rate-limit-rate'], 'rate'),
    retryAfterSeconds: number('retry-after-seconds', values['retry-after-seconds'], 'amount'),
    rateLimitWithoutRetryAfter: number(
      'rate-limit-without-retry-after',
      values['rate-limit-without-retry-after'],
      'rate',
    ),
    resetRate: number('reset-rate', values['reset-rate'], 'rate'),
    truncateRate: number('truncate-rate', values['truncate-rate'], 'rate'),
    stallRate: number('stall-rate', values['stall-rate'], 'rate'),
    maxConcurrent: number('max-concurrent', values['max-concurrent'], 'count'),
    quota: number('quota', values.quota, 'count'),
    quotaRetryAfterSeconds: number(
      'quota-retry-after-seconds',
      values['quota-retry-after-seconds'],
      'amount',
    ),
    faultSeed: values['fault-seed'],
  });
}

function degradationOptions(values: Flags): DegradationOptions {
  const degradations: DegradationOptions = definedOnly({
    dropShare: number('drop-share', values['drop-share'], 'rate'),
    emptyLists: values['empty-list'],
    failingShare: number('failing-share', values['failing-share'], 'rate'),
    blankField: values['blank-field'],
    blankShare: number('blank-share', values['blank-share'], 'rate'),
  });
  if (degradations.blankShare !== undefined && degradations.blankField === undefined) {
    throw new UsageError('--blank-share needs --blank-field');
  }
  return degradations;
}

/** What the server says it is serving, and how to reach it. */
function describe(
  api: RunningSampleApi,
  faults: FaultOptions,
  degradations: DegradationOptions,
  readyMs: number,
): void {
  const { dataset } = api;
  const activeFaults = Object.keys(faults);
  console.log(`Sample API: ${api.baseUrl}`);
  console.log(`Subscription key (header Ocp-Apim-Subscription-Key): ${api.key}`);
  console.log(
    `${dataset.orgs} organisations (seed ${dataset.seed}, edition ${dataset.edition}): ${dataset.registeredCharities.length} registered charities, ` +
      `${dataset.taxEfficientGifts.length} tax-efficient gifts, ${dataset.housingBodies.length} housing bodies, ` +
      `${dataset.goneIds.length} listed but gone; ready in ${readyMs} ms`,
  );
  console.log(
    `Faults: ${activeFaults.length === 0 ? 'none' : activeFaults.map((key) => `${key}=${String(faults[key as keyof FaultOptions])}`).join(', ')}`,
  );
  if (Object.keys(degradations).length > 0)
    console.log(
      `Degradations: ${Object.entries(degradations)
        .map(([key, value]) => `${key}=${String(value)}`)
        .join(', ')}`,
    );
  console.log(`Statistics: ${api.origin}/_stats`);
  console.log(`Try: curl -H 'Ocp-Apim-Subscription-Key: ${api.key}' ${api.baseUrl}/registeredCharities/`);
}

async function main(): Promise<number> {
  const values = readFlags();
  if (values.help === true) {
    console.log(HELP);
    return 0;
  }
  const codes = values.codes ?? 'objects';
  if (!isCodesShape(codes)) {
    throw new UsageError(`--codes must be strings or objects (got "${codes}")`);
  }
  const faults = faultOptions(values);
  const degradations = degradationOptions(values);
  const orgs = number('orgs', values.orgs, 'count');
  const edition = number('edition', values.edition, 'count');

  const started = performance.now();
  const api = await startSampleApi(
    definedOnly({
      host: values.host,
      port: port(values.port),
      dataset: generateDataset(
        definedOnly({ orgs, seed: values.seed, edition, listShare: listShare(values['list-share']) }),
      ),
      key: values.key,
      voluntaryCodesShape: codes,
      searchLimit: number('search-limit', values['search-limit'], 'count'),
      faults,
      ...(Object.keys(degradations).length === 0 ? {} : { degradations }),
    }),
  );
  describe(api, faults, degradations, Math.round(performance.now() - started));

  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      console.log(`${signal}: closing`);
      resolve();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  await api.close();
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`sample-api: ${error.message} (see --help)`);
      process.exitCode = 2;
    } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`sample-api: ${(error as Error).message}; choose another --port`);
      process.exitCode = 1;
    } else if (
      ['ENOTFOUND', 'EAI_AGAIN', 'EADDRNOTAVAIL', 'EACCES'].includes(
        (error as NodeJS.ErrnoException).code ?? '',
      )
    ) {
      console.error(`sample-api: cannot listen there: ${(error as Error).message}; check --host and --port`);
      process.exitCode = 1;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  },
);
