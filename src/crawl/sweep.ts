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
import { appendFile, readFile, rm } from 'node:fs/promises';
import { z } from 'zod';
import { searchResponseSchema } from '../schemas/index.ts';
import { DATA_LAYOUT, DISCOVERED_LIST, SWEEP_JOURNAL, isGuid } from '../lib/data-layout.ts';
import { isPlainObject } from '../lib/objects.ts';
import { stringsOf, textOf } from '../lib/text.ts';
import { writeFileAtomic } from '../storage/atomic-file.ts';
import { shown, type CrawlContext } from './crawl-state.ts';
import type { ApiRequest } from './request-queue.ts';
import { SweepPlanner } from './sweep-planner.ts';
import type { SweepCoverage } from './sweep/coverage.ts';
import type { FoundOrganisation } from './sweep/terms.ts';

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
/** Results read of one answer; the rest are counted, not read (a service caps its answers far lower). */
const MAX_RESULTS_READ = 5_000;
/** Alternative names read of one result. */
const MAX_ALT_NAMES = 20;
/** The longest query a journal line may hold: the planner's are a few words. */
const MAX_QUERY_LENGTH = 1_000;

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

const journalQuery = z.string().min(1).max(MAX_QUERY_LENGTH);
const journalId = z.string().refine(isGuid, 'not a GUID');

/**
 * The lines of the sweep journal, checked as strictly as the crawl's own state: the journal sits in
 * a folder others may write to, and a value taken on trust (a count of 1e300) would reach the
 * manifest and the pages.
 */
const journalLineSchema = z.union([
  /** A search's answer, as much of it as a resume needs. */
  z
    .strictObject({
      query: journalQuery,
      /** Results in the answer. */
      count: z.int().min(0),
      /** The ids of the results read, in the answer's order. */
      ids: z.array(journalId).max(MAX_RESULTS_READ),
      /** Search results of organisations not known before, as the API sent them. */
      found: z.array(z.looseObject({ id: journalId })).max(MAX_RESULTS_READ),
    })
    .refine((line) => line.ids.length <= line.count && line.found.length <= line.ids.length, {
      error: 'more ids than results',
    }),
  /** A search about to be asked: without its answer after it, the run stopped while it was asked. */
  z.strictObject({ asking: journalQuery }),
  /** A search whose asking the crawl stopped itself (interrupted, or the API down): asked again. */
  z.strictObject({ abandoned: journalQuery }),
]);

type JournalLine = z.infer<typeof journalLineSchema>;
type JournalAnswer = Extract<JournalLine, { query: string }>;

/** The planner's view of one search result: its texts and its place in the classification. */
function foundOrganisation(result: unknown): FoundOrganisation | undefined {
  if (!isPlainObject(result) || !isGuid(result['id'])) return undefined;
  const altNames = Array.isArray(result['altNames']) ? result['altNames'].slice(0, MAX_ALT_NAMES) : [];
  const texts = [
    textOf(result['name']),
    ...stringsOf(altNames),
    textOf(result['registeredAddress']),
    textOf(result['county']),
    textOf(result['sectorName']),
    textOf(result['subSectorName']),
    textOf(result['secondarySubsectorName']),
  ].filter((text): text is string => text !== undefined && text !== '');
  return { id: result['id'], texts, facets: facetsOf(result) };
}

/**
 * The classification queries of a record or search result: its county with its sub-sector as a
 * phrase. Quotes inside a name would end the phrase early, so a name with one gives no facet.
 */
function facetsOf(record: Record<string, unknown>): string[] {
  const county = textOf(record['county'])?.trim();
  const subSector = textOf(record['subSectorName'])?.trim();
  if (county === undefined || subSector === undefined || county === '' || subSector === '') return [];
  if (/["“”]/.test(county + subSector)) return [];
  return [`${county} "${subSector}"`];
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

function foundOrganisations(results: readonly unknown[]): FoundOrganisation[] {
  return results.map(foundOrganisation).filter((found) => found !== undefined);
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

function parseJournalLine(raw: string): JournalLine | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = journalLineSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The answers of an unfinished sweep, one JSON line each, appended as they come. A line cut short
 * by a crash, or one that is not what the crawl writes, ends what is read: the searches after it
 * are asked again.
 */
class SweepJournal {
  readonly #context: CrawlContext;
  readonly #file: string;
  #writing: Promise<void> = Promise.resolve();

  constructor(context: CrawlContext) {
    this.#context = context;
    this.#file = context.partial(SWEEP_JOURNAL);
  }

  /** The whole lines; a torn end is cut off the file, so that the next answer starts a line. */
  async read(): Promise<JournalLine[]> {
    let text: string;
    try {
      text = await readFile(this.#file, 'utf8');
    } catch {
      return [];
    }
    const lines: JournalLine[] = [];
    let wholeLength = 0;
    for (const raw of text.split('\n')) {
      const line = parseJournalLine(raw);
      if (line === undefined || wholeLength + raw.length + 1 > text.length) break;
      lines.push(line);
      wholeLength += raw.length + 1;
    }
    if (wholeLength < text.length) await writeFileAtomic(this.#file, text.slice(0, wholeLength));
    return lines;
  }

  append(line: JournalLine): Promise<void> {
    const text = `${this.#context.redact(JSON.stringify(line))}\n`;
    this.#writing = this.#writing.then(() => appendFile(this.#file, text));
    return this.#writing;
  }
}

/** Drops the journal of a sweep once the crawl no longer needs it (complete, or discovery off). */
export function removeSweepJournal(context: CrawlContext): Promise<void> {
  return rm(context.partial(SWEEP_JOURNAL), { force: true });
}
