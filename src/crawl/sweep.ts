// The search sweep (on unless `--no-discover`): searches for the organisations that no list names,
// choosing each search by what it is expected to find (sweep-planner.ts), until the sweep saturates
// or its budget is spent. What it finds is fetched while it goes on, and kept in
// lists/discovered.json. Each answer is kept as it comes in the partial folder's sweep journal, so a
// crawl stopped mid-sweep resumes without asking any answered search again.
//
// Its bounds come from what is known before the first search, never only from the answers (an
// API whose every answer holds new organisations would otherwise raise its own budget without
// end): at most 14% of ten times the listed organisations in searches, at most ten times the
// listed organisations found, `--sweep-time-limit` of time, and at most `MAX_RESULTS_READ` results
// read of one answer (docs/crawling.md, "Bounds").
import { searchResponseSchema } from '../schemas/index.ts';
import { DATA_LAYOUT, DISCOVERED_LIST, isGuid } from '../lib/data-layout.ts';
import { isPlainObject } from '../lib/objects.ts';
import { writeFileAtomic } from '../storage/atomic-file.ts';
import { shown, type CrawlContext } from './crawl-state.ts';
import type { ApiRequest } from './request-queue.ts';
import { SweepPlanner } from './sweep-planner.ts';
import type { SweepCoverage } from './sweep/coverage.ts';
import { SweepJournal, type JournalAnswer } from './sweep/journal.ts';
import { MAX_RESULTS_READ, foundOrganisation, foundOrganisations } from './sweep/search-results.ts';

/** Share of the estimated register that the sweep may spend in searches, and its floor. */
const SEARCH_BUDGET_SHARE = 0.14;
const SEARCH_BUDGET_FLOOR = 200;
/**
 * The register is taken to hold at most this many times the organisations its lists name (they
 * name about 40% of the real one): the hard bound of the searches and of the organisations found.
 */
const REGISTER_OVER_LISTS = 10;
/** The fewest organisations the sweep may find, for a register whose lists name few. */
const FOUND_FLOOR = 2_000;

/** The most searches, whatever the sweep estimates: from the lists, or `--search-budget`. */
function searchLimit(listed: number, searchBudget: number): number {
  if (searchBudget > 0) return searchBudget;
  return Math.max(SEARCH_BUDGET_FLOOR, Math.ceil(listed * REGISTER_OVER_LISTS * SEARCH_BUDGET_SHARE));
}

/** The most organisations, listed and found, after which the sweep asks no more. */
function organisationLimit(listed: number): number {
  return Math.max(FOUND_FLOOR, listed * REGISTER_OVER_LISTS);
}
/**
 * Answers in a row that found nothing new, after which the sweep has saturated: 1% of the
 * estimated register, between 60 and 200 (at 35,000 organisations the last ones still come a
 * hundred searches apart; on a small register sixty empty answers say enough).
 */
function saturationWindow(registerSize: number): number {
  return Math.min(200, Math.max(60, Math.ceil(registerSize * 0.01)));
}

/**
 * The sweep when asked for; then no more organisations will come, whatever its outcome, and the
 * phase of the organisations begins with their total known.
 */
export async function sweepThenClose(context: CrawlContext, seeds: readonly string[]): Promise<void> {
  const { state } = context;
  try {
    if (context.options.discover) {
      state.sweeping = true;
      await sweep(context, seeds);
    }
  } finally {
    state.sweeping = false;
    state.toFetch.close();
    state.counts.organisations = state.organisations.size;
    context.reporter.event({
      type: 'phase',
      phase: 'organisations',
      total: state.organisations.size,
      done: state.finishedDuringSweep,
    });
  }
}

/**
 * The planner, told of every listed organisation. The records of listed organisations, as they are
 * stored, teach it their words: they are the sample from which it estimates what each search
 * would find.
 */
function listedPlanner(
  context: CrawlContext,
  seeds: readonly string[],
  listed: ReadonlySet<string>,
): SweepPlanner {
  const { options } = context;
  const limit = searchLimit(listed.size, options.searchBudget);
  const planner = new SweepPlanner({
    seeds,
    budget: (registerSize) =>
      options.searchBudget > 0
        ? options.searchBudget
        : Math.min(limit, Math.max(SEARCH_BUDGET_FLOOR, Math.ceil(registerSize * SEARCH_BUDGET_SHARE))),
    saturationWindow,
  });
  for (const key of listed) planner.list({ id: key, texts: [] });
  return planner;
}

/**
 * Keeps the planner told of the records as they come, until the last is in (after the sweep): the
 * listed organisations' words, and the ids that answered 404, which count in no figure of the
 * register. Returns how many organisations found only through search were stored.
 */
function watchRecords(
  context: CrawlContext,
  planner: SweepPlanner,
  listed: ReadonlySet<string>,
  discovered: Discovered,
): { stored: () => number } {
  const { state } = context;
  const stored = new Set<string>();
  state.onRecord = (id, record) => {
    const key = id.toLowerCase();
    if (discovered.has(key)) stored.add(key);
    if (!state.sweeping || !listed.has(key)) return;
    const organisation = foundOrganisation(record);
    if (organisation !== undefined) planner.list({ ...organisation, id });
  };
  state.onGone = (id) => planner.gone(id);
  return { stored: () => stored.size };
}

/** The search results of organisations in no list, by lower-case id; each new one added to the crawl. */
type Discovered = Map<string, unknown>;

function takeFound(
  context: CrawlContext,
  discovered: Discovered,
  found: readonly unknown[],
  query: string,
): void {
  for (const result of found) {
    const id = isPlainObject(result) ? result['id'] : undefined;
    if (!isGuid(id) || discovered.has(id.toLowerCase())) continue;
    discovered.set(id.toLowerCase(), result);
    context.state.addOrganisation(id, 'search', `search ${shown(query)}`);
  }
}

/** The searches of an interrupted run, answered again from the journal. */
async function replayJournal(
  context: CrawlContext,
  journal: SweepJournal,
  planner: SweepPlanner,
  discovered: Discovered,
): Promise<void> {
  const lines = await journal.read();
  const answeredQueries = new Set<string>();
  const abandoned = new Set<string>();
  for (const line of lines) {
    if ('query' in line) answeredQueries.add(line.query);
    else if ('abandoned' in line) abandoned.add(line.abandoned);
  }
  for (const line of lines) {
    if ('asking' in line) {
      // Asked, and neither answered nor given up by the crawl itself: the run died while it was asked.
      if (!answeredQueries.has(line.asking) && !abandoned.has(line.asking)) {
        planner.unanswered(line.asking);
        context.say(
          'warn',
          `search ${shown(line.asking)} was asked by a run that died before its answer came: not asked again`,
        );
      }
      continue;
    }
    if (!('query' in line)) continue;
    const found = new Map(
      foundOrganisations(line.found).map((organisation) => [organisation.id.toLowerCase(), organisation]),
    );
    const organisations = line.ids.map((id) => found.get(id.toLowerCase()) ?? { id, texts: [] });
    planner.answer(line.query, organisations, line.count);
    takeFound(context, discovered, line.found, line.query);
  }
}

/** Asks one search, tells the planner, journals the answer and takes the organisations it found. */
async function askSearch(
  context: CrawlContext,
  sweepers: { planner: SweepPlanner; journal: SweepJournal; discovered: Discovered },
  query: string,
): Promise<void> {
  const { state, options } = context;
  const { planner, journal, discovered } = sweepers;
  const url = context.client.url('/search', { name: options.searchParam, value: query });
  const request: ApiRequest = { operation: 'search', id: query, url };
  // Journalled before it is asked: a search whose answer kills the crawl is never asked again.
  await journal.append({ asking: query });
  let outcome;
  try {
    outcome = await context.queue.fetch(request);
  } catch (error) {
    await journal.append({ abandoned: query });
    throw error;
  }
  if (outcome.kind !== 'ok') {
    state.failRequest(request, outcome, 'list');
    planner.answer(query, []);
    return;
  }
  const parsed = searchResponseSchema.safeParse(outcome.value);
  if (!parsed.success) state.drift.addIssues('search', query, parsed.error.issues);
  const all: unknown[] = Array.isArray(outcome.value) ? outcome.value : [];
  const results = all.length > MAX_RESULTS_READ ? all.slice(0, MAX_RESULTS_READ) : all;
  const organisations = foundOrganisations(results);
  const lesson = planner.answer(query, organisations, all.length);
  const newIds = new Set(lesson.found.map((organisation) => organisation.id.toLowerCase()));
  const found = results.filter(
    (result) =>
      isPlainObject(result) && typeof result['id'] === 'string' && newIds.has(result['id'].toLowerCase()),
  );
  const ids = organisations.map((organisation) => organisation.id);
  await journal.append({ query, count: all.length, ids, found: found as JournalAnswer['found'] });
  takeFound(context, discovered, found, query);
}

/** Keeps `concurrency` searches in flight until the planner has none left to ask. */
async function runSearches(
  context: CrawlContext,
  planner: SweepPlanner,
  listed: ReadonlySet<string>,
  ask: (query: string) => Promise<void>,
): Promise<void> {
  let listedRecordsIn = false;
  const inFlight = new Set<Promise<void>>();
  const timeLimitMs = context.options.sweepTimeLimitHours * 3_600_000;
  const endsAt = timeLimitMs > 0 ? Date.now() + timeLimitMs : Number.POSITIVE_INFINITY;
  const organisations = organisationLimit(listed.size);
  for (;;) {
    if (Date.now() >= endsAt) planner.stop('time');
    if (context.state.organisations.size >= organisations) planner.stop('limit');
    while (inFlight.size < context.options.concurrency) {
      // The planner chooses well only once it knows the words of the listed organisations: after the
      // fixed first searches it waits for their records, which take the request slots meanwhile.
      if (planner.seedsSent && !listedRecordsIn) break;
      const query = planner.next();
      if (query === undefined) break;
      const asking: Promise<void> = ask(query).finally(() => inFlight.delete(asking));
      inFlight.add(asking);
    }
    if (inFlight.size === 0) {
      if (planner.seedsSent && !listedRecordsIn) {
        await context.state.recordsSettled(listed.size);
        listedRecordsIn = true;
        planner.listedKnown();
        continue;
      }
      break;
    }
    await Promise.race(inFlight);
  }
}

/** The discovered list written (by id), its count and the sweep's coverage kept for the manifest. */
async function writeDiscovered(
  context: CrawlContext,
  planner: SweepPlanner,
  discovered: Discovered,
  stored: () => number,
): Promise<void> {
  const { state } = context;
  const results = [...discovered.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, result]) => result);
  state.counts.discovered = results.length;
  const coverage = planner.coverage;
  // Figured again once every record is in: those that answered 404 count in none of its figures.
  state.refreshDiscovery = () => {
    state.discovery = discoveryOf(planner.coverage, stored());
  };
  state.refreshDiscovery();
  await writeFileAtomic(
    context.partial(`${DATA_LAYOUT.lists}/${DISCOVERED_LIST}.json`),
    `${context.redact(JSON.stringify(results, null, 2))}\n`,
  );
  context.say(
    'info',
    `discovery: ${results.length} organisations in no list after ${coverage.queries} searches (${coverage.state})`,
  );
}

/** Sweeps `search` for organisations in no list (the lists are all in by now). */
async function sweep(context: CrawlContext, seeds: readonly string[]): Promise<void> {
  context.reporter.event({ type: 'phase', phase: 'discover', total: 0 });
  const listed = new Set(context.state.organisations.keys());
  const planner = listedPlanner(context, seeds, listed);
  const journal = new SweepJournal(context);
  const discovered: Discovered = new Map();
  const records = watchRecords(context, planner, listed, discovered);
  await replayJournal(context, journal, planner, discovered);
  await runSearches(context, planner, listed, (query) =>
    askSearch(context, { planner, journal, discovered }, query),
  );
  await writeDiscovered(context, planner, discovered, records.stored);
}

/** The manifest's account of the sweep; `discovered` counts the organisations found only through search that were stored. */
function discoveryOf(
  coverage: SweepCoverage,
  discovered: number,
): NonNullable<CrawlContext['state']['discovery']> {
  return {
    queries: coverage.queries,
    seeds: coverage.seeds,
    budget: coverage.budget,
    discovered,
    longestAnswer: coverage.longestAnswer,
    capConfirmed: coverage.capConfirmed,
    cappedAnswers: coverage.cappedAnswers,
    cappedAnswersSplit: coverage.cappedAnswersSplit,
    stopped: coverage.state === 'running' ? 'exhausted' : coverage.state,
    lastNewAfter: coverage.lastNewAfter,
    estimatedRegister: coverage.estimatedRegister,
    searchBroken: coverage.searchBroken,
    grammar: coverage.grammar,
    unanswered: coverage.unanswered,
    learningFull: coverage.learningFull,
  };
}
