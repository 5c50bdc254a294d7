// The search sweep (on unless `--no-discover`): searches for the organisations that no list names,
// choosing each search by what it is expected to find (sweep-planner.ts), until the sweep saturates
// or its budget is spent. What it finds is fetched while it goes on, and kept in
// lists/discovered.json. Each answer is kept as it comes in the partial folder's sweep journal, so a
// crawl stopped mid-sweep resumes without asking any answered search again.
import { appendFile, readFile, rm } from 'node:fs/promises';
import { searchResponseSchema } from '../schemas/index.ts';
import { DATA_LAYOUT, DISCOVERED_LIST, SWEEP_JOURNAL, isGuid } from '../lib/data-layout.ts';
import { isPlainObject } from '../lib/objects.ts';
import { stringsOf, textOf } from '../lib/text.ts';
import { writeFileAtomic } from '../storage/atomic-file.ts';
import { shown, type CrawlContext } from './crawl-state.ts';
import type { ApiRequest } from './request-queue.ts';
import { SweepPlanner, type FoundOrganisation, type SweepCoverage } from './sweep-planner.ts';

/** Share of the estimated register that the sweep may spend in searches, and its floor. */
const SEARCH_BUDGET_SHARE = 0.14;
const SEARCH_BUDGET_FLOOR = 200;
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

/** One line of the sweep journal: a search's answer, as much of it as a resume needs. */
interface JournalLine {
  query: string;
  /** Results in the answer. */
  count: number;
  /** The ids of every result, in the answer's order. */
  ids: string[];
  /** Search results of organisations not known before, as the API sent them. */
  found: unknown[];
}

/** The planner's view of one search result: its texts and its place in the classification. */
function foundOrganisation(result: unknown): FoundOrganisation | undefined {
  if (!isPlainObject(result) || !isGuid(result['id'])) return undefined;
  const texts = [
    textOf(result['name']),
    ...stringsOf(result['altNames']),
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
  const { state, options } = context;
  const planner = new SweepPlanner({
    seeds,
    budget: (registerSize) =>
      options.searchBudget > 0
        ? options.searchBudget
        : Math.max(SEARCH_BUDGET_FLOOR, Math.ceil(registerSize * SEARCH_BUDGET_SHARE)),
    saturationWindow,
  });
  for (const key of listed) planner.list({ id: key, texts: [] });
  state.onRecord = (id, record) => {
    const organisation = foundOrganisation(record);
    if (organisation !== undefined && listed.has(id.toLowerCase())) planner.list({ ...organisation, id });
  };
  return planner;
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
  for (const line of await journal.read()) {
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
  const outcome = await context.queue.fetch(request);
  if (outcome.kind !== 'ok') {
    state.failRequest(request, outcome, 'list');
    planner.answer(query, []);
    return;
  }
  const parsed = searchResponseSchema.safeParse(outcome.value);
  if (!parsed.success) state.drift.addIssues('search', query, parsed.error.issues);
  const results: unknown[] = Array.isArray(outcome.value) ? outcome.value : [];
  const organisations = foundOrganisations(results);
  const lesson = planner.answer(query, organisations, results.length);
  const newIds = new Set(lesson.found.map((organisation) => organisation.id.toLowerCase()));
  const found = results.filter(
    (result) =>
      isPlainObject(result) && typeof result['id'] === 'string' && newIds.has(result['id'].toLowerCase()),
  );
  const ids = organisations.map((organisation) => organisation.id);
  await journal.append({ query, count: results.length, ids, found });
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
  for (;;) {
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
        planner.rescore();
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
): Promise<void> {
  const { state } = context;
  const results = [...discovered.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, result]) => result);
  const coverage = planner.coverage;
  state.counts.discovered = results.length;
  state.discovery = discoveryOf(coverage, results.length);
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
  await replayJournal(context, journal, planner, discovered);
  await runSearches(context, planner, listed, (query) =>
    askSearch(context, { planner, journal, discovered }, query),
  );
  context.state.onRecord = undefined;
  await writeDiscovered(context, planner, discovered);
}

function foundOrganisations(results: readonly unknown[]): FoundOrganisation[] {
  return results.map(foundOrganisation).filter((found) => found !== undefined);
}

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
  };
}

function parseJournalLine(raw: string): JournalLine | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (
    !isPlainObject(value) ||
    typeof value['query'] !== 'string' ||
    typeof value['count'] !== 'number' ||
    !Array.isArray(value['ids']) ||
    !Array.isArray(value['found'])
  )
    return undefined;
  return {
    query: value['query'],
    count: value['count'],
    ids: value['ids'].filter((id): id is string => typeof id === 'string'),
    found: value['found'],
  };
}

/**
 * The answers of an unfinished sweep, one JSON line each, appended as they come. A line cut short
 * by a crash is the last one and is ignored: its search is asked again.
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
