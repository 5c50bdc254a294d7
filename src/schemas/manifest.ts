import { z } from 'zod';
import { DRIFT_ISSUE_NAMES } from './drift.ts';

// `manifest.json` of a data folder: what the crawl did. Written by orgdir itself, so the objects
// are strict: a field the crawler does not know means the file is not what it claims to be.

const CRAWL_OPERATIONS = [
  'voluntaryCodes',
  'voluntaryCodeMembers',
  'registeredCharities',
  'taxEfficientGifts',
  'housingBodies',
  'search',
  'organisation',
] as const;

const crawlFailureSchema = z.strictObject({
  /** The API operation that failed, as the spec names it. */
  operation: z.enum(CRAWL_OPERATIONS),
  /** Organisation id, voluntary code id or search query. */
  id: z.string().optional(),
  /** HTTP status of the last answer; absent when there was no answer (network error, time-out). */
  status: z.int().optional(),
  error: z.string(),
  attempts: z.int(),
  /**
   * `list`: a list, a code's members or a search query; the crawl cannot know all organisations, so
   * it is never published. `record`: one organisation (or an id that cannot be stored); up to
   * `--allow-failures` of these still publish.
   */
  scope: z.enum(['list', 'record']),
});

export type CrawlFailure = z.infer<typeof crawlFailureSchema>;

/** Records that differ from the spec in the same way, counted once. Validation reports, never drops. */
const driftFindingSchema = z.strictObject({
  /** `organisation`, `voluntaryCodes`, `voluntaryCodeMembers`, a list name, or `search`. */
  resource: z.string(),
  /** Where in the record, e.g. `financialSummary.currentIncome` or `funders[].amount`; `` for the root. */
  path: z.string(),
  /** What differs, one of `DRIFT_ISSUES` (src/schemas/drift.ts). */
  issue: z.enum(DRIFT_ISSUE_NAMES),
  message: z.string(),
  count: z.int(),
  /** Up to five organisation ids, or positions in a list such as `registeredCharities[12]`. */
  examples: z.array(z.string()),
});

export type DriftFinding = z.infer<typeof driftFindingSchema>;

/** How many coordinate pairs are in each order (src/lib/geolocation.ts). */
const coordinateCountsSchema = z.strictObject({
  'lon-lat': z.int(),
  'lat-lon': z.int(),
  unknown: z.int(),
  outside: z.int(),
});

export type CoordinateCounts = z.infer<typeof coordinateCountsSchema>;

export const crawlManifestSchema = z.strictObject({
  /** `version` of orgdir's package.json. */
  crawlerVersion: z.string(),
  /** The API base URL crawled (never the key). */
  apiUrl: z.string(),
  /**
   * True when the API marked its answers as made-up sample data (the built-in sample API does,
   * src/lib/sample-data.ts); absent otherwise, and in manifests written before the mark.
   */
  sampleData: z.literal(true).optional(),
  /** When the first run of the crawl that wrote this data folder started (ISO 8601, UTC). */
  startedAt: z.string(),
  /** When the last run ended; `null` while a crawl runs. */
  finishedAt: z.string().nullable(),
  /** Runs that built this data folder: 1, plus one per resume. */
  runs: z.int(),
  /** Every list fetched, every organisation stored or gone (404), within `allowFailures`. */
  complete: z.boolean(),
  options: z.strictObject({
    concurrency: z.int(),
    rate: z.number(),
    searchParam: z.string(),
    voluntaryCodesPath: z.string(),
    discover: z.boolean(),
    /** `--search-budget`: most searches of the sweep, 0 for its own estimate. */
    searchBudget: z.int(),
    allowFailures: z.int(),
    maxAttempts: z.int(),
  }),
  counts: z.strictObject({
    voluntaryCodes: z.int(),
    /** Members per voluntary code id. */
    voluntaryCodeMembers: z.record(z.string(), z.int()),
    registeredCharities: z.int(),
    taxEfficientGifts: z.int(),
    housingBodies: z.int(),
    /** Organisations found only by search (`--discover`); 0 without it. */
    discovered: z.int(),
    /** Distinct organisation ids of all lists (and discovered). */
    organisations: z.int(),
    /** Records in `organisations/`. */
    stored: z.int(),
    /** Listed ids whose record answered 404 or 410. */
    gone: z.int(),
    failed: z.int(),
  }),
  /** Ids whose `Organisation/{id}` answered 404 or 410: listed, but without a record. */
  gone: z.array(z.string()),
  failures: z.array(crawlFailureSchema),
  drift: z.array(driftFindingSchema),
  /** Coordinate order of the registered address and of the other addresses of every stored record. */
  coordinates: z.strictObject({
    registeredAddress: coordinateCountsSchema,
    otherAddresses: coordinateCountsSchema,
  }),
  /** The search sweep (`--discover`, on by default) and how complete it left the crawl; `null` without it. */
  discovery: z
    .strictObject({
      /** Searches answered, the fixed first queries among them. */
      queries: z.int(),
      seeds: z.int(),
      /** Most searches the sweep could send. */
      budget: z.int(),
      /** Organisations found only through search, on no list. */
      discovered: z.int(),
      /** The longest answer; a cap when two or more answers were that long. */
      longestAnswer: z.int(),
      capConfirmed: z.boolean(),
      /** Answers as long as the cap, which the service may have cut short. */
      cappedAnswers: z.int(),
      /**
       * Of those, the ones searched past: every organisation they returned came back again in an
       * answer under the cap (the query split into narrower ones, or covered by others).
       */
      cappedAnswersSplit: z.int(),
      /**
       * Why the sweep stopped: `saturated` (a window of answers found nothing new), `covered` (the
       * organisations estimated missing stayed under 0.25% of the estimated register for 60
       * answers), `exhausted`
       * (no search left that was expected to find anything), `budget` (its searches spent), `time`
       * (`--sweep-time-limit` reached), `limit` (it found as many organisations as the lists allow:
       * ten times those they name, at least 2,000).
       */
      stopped: z.enum(['saturated', 'covered', 'exhausted', 'budget', 'time', 'limit']),
      /** Answers in a row that found nothing new at the end. */
      lastNewAfter: z.int(),
      /**
       * Organisations in the register, estimated by capture-recapture (the lists' size over the
       * share of organisations returned by search that a list names); `null` without lists.
       */
      estimatedRegister: z.int().nullable(),
      /**
       * The search is broken: not one answer held a result, though searches for words the listed
       * organisations hold were asked. Absent in manifests written before it was judged.
       */
      searchBroken: z.boolean().default(false),
      /** How the service read a query of several words: `all` of them, `any` of them, or `unknown`. */
      grammar: z.enum(['all', 'any', 'unknown']).default('unknown'),
      /** Searches asked by a run that stopped before their answer came; not asked again. */
      unanswered: z.int().default(0),
      /** Whether the planner's limits on what it learns were reached (docs/crawling.md, "Bounds"). */
      learningFull: z.boolean().default(false),
    })
    .nullable(),
  /** HTTP attempts of all runs of this data folder. */
  requests: z.strictObject({
    attempts: z.int(),
    retries: z.int(),
    pauses: z.int(),
    /** Answers by HTTP status; `network` counts attempts without an answer. */
    statuses: z.record(z.string(), z.int()),
  }),
});

export type CrawlManifest = z.infer<typeof crawlManifestSchema>;
