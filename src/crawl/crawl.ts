// The crawl: voluntary codes and their members, the three group lists, optionally a search sweep,
// then `Organisation/{id}` once for every distinct id, all into a partial snapshot that replaces
// the data folder only when complete (README: "Storage contract", "Resume").
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  crawlManifestSchema,
  organisationListSchema,
  ORGANISATION_FIELDS,
  organisationSchema,
  readVoluntaryCode,
  searchResponseSchema,
  voluntaryCodesResponseSchema,
  type CrawlFailure,
  type CrawlManifest,
} from '../schemas/index.ts';
import {
  DATA_LAYOUT,
  DISCOVERED_LIST,
  GROUP_LISTS,
  isGuid,
  ORGANISATION_FILE_PATTERN,
  organisationFile,
  voluntaryCodeIdProblem,
  voluntaryCodeMembersFile,
} from '../lib/data-layout.ts';
import { DISCOVERY_QUERIES } from './discovery.ts';
import { CoordinateTally, DriftReport, isRecord } from './drift.ts';
import { silentReporter, type CrawlReporter, type Operation } from './events.ts';
import { ApiClient, pathSegment } from './http-client.ts';
import {
  CrawlConfigError,
  resolveCrawlOptions,
  type CrawlOptions,
  type ResolvedCrawlOptions,
} from './options.ts';
import { keyRedactor, redactingReporter } from './redact.ts';
import {
  CrawlStopped,
  forEachLimited,
  RequestQueue,
  settleAll,
  WorkFeed,
  type ApiRequest,
  type FetchOutcome,
} from './request-queue.ts';
import { describeError } from './retry-policy.ts';
import {
  acquireLock,
  exists,
  publishSnapshot,
  removeTemporaryFiles,
  repairInterruptedSwap,
  snapshotPaths,
  SnapshotLockedError,
  writeFileAtomic,
  type SnapshotPaths,
} from './snapshot.ts';
import { CRAWLER_VERSION } from './version.ts';

export interface CrawlSummary {
  /** What the command line should exit with: 0 complete, 1 failures or interrupted, 2 configuration. */
  exitCode: 0 | 1 | 2;
  /** One sentence saying how the crawl ended (never containing the key). */
  message: string;
  /** Whether the data folder now holds this crawl's snapshot. */
  published: boolean;
  /** The manifest written (into the data folder when published, into the partial snapshot otherwise). */
  manifest?: CrawlManifest;
  /** The data folder and the partial snapshot, once the options were valid. */
  dataDir?: string;
  partialDir?: string;
}

/** Crawls the API into the data folder. Never throws for a crawl that fails; see `exitCode`. */
export async function crawl(input: CrawlOptions): Promise<CrawlSummary> {
  let options: ResolvedCrawlOptions;
  try {
    options = resolveCrawlOptions(input);
  } catch (error) {
    if (error instanceof CrawlConfigError) return { exitCode: 2, message: error.message, published: false };
    throw error;
  }
  const redact = keyRedactor(options.key);
  const reporter = redactingReporter(input.reporter ?? silentReporter, redact);
  const paths = snapshotPaths(options.dataDir);
  const where = { dataDir: paths.dataDir, partialDir: paths.partialDir };
  let release: () => Promise<void>;
  try {
    release = await acquireLock(paths);
  } catch (error) {
    if (error instanceof SnapshotLockedError)
      return { exitCode: 1, message: error.message, published: false, ...where };
    return { exitCode: 1, message: redact(describeError(error)), published: false, ...where };
  }
  try {
    const run = new CrawlRun(options, paths, reporter, redact, input.discoverQueries ?? DISCOVERY_QUERIES);
    return { ...(await run.run(input.signal)), ...where };
  } catch (error) {
    const message = `the crawl broke off: ${redact(describeError(error))}`;
    reporter.event({ type: 'message', level: 'error', text: message });
    return { exitCode: 1, message, published: false, ...where };
  } finally {
    await release();
  }
}

/** One distinct organisation to fetch: its id as the lists gave it. */
interface ListedOrganisation {
  id: string;
}

type Counts = CrawlManifest['counts'];

/** The partial snapshot's manifest, or `undefined` when there is none or it is unreadable. */
async function readManifest(dir: string): Promise<CrawlManifest | undefined> {
  try {
    const parsed = crawlManifestSchema.safeParse(
      JSON.parse(await readFile(join(dir, DATA_LAYOUT.manifest), 'utf8')),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Untrusted text (an id from a list) shown in a report: quoted and cut short. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

class CrawlRun {
  readonly #options: ResolvedCrawlOptions;
  readonly #paths: SnapshotPaths;
  readonly #reporter: CrawlReporter;
  readonly #redact: (text: string) => string;
  readonly #discoverQueries: readonly string[];
  readonly #client: ApiClient;
  readonly #queue: RequestQueue;
  readonly #drift = new DriftReport();
  readonly #coordinates = new CoordinateTally();
  readonly #failures: CrawlFailure[] = [];
  readonly #gone = new Set<string>();
  /** Distinct organisations by lower-case id. */
  readonly #organisations = new Map<string, ListedOrganisation>();
  /** Each distinct organisation once, for the fetching, as the lists and the sweep name them. */
  readonly #toFetch = new WorkFeed<[string, ListedOrganisation]>();
  /** Organisations finished (stored, gone or failed) while the search sweep still ran. */
  #finishedDuringSweep = 0;
  #sweeping = false;
  readonly #invalidIds = new Set<string>();
  #stored = 0;
  /** Organisations that failed after their retries since the last one that did not. */
  #failuresInARow = 0;
  #counts: Counts = {
    voluntaryCodes: 0,
    voluntaryCodeMembers: {},
    registeredCharities: 0,
    taxEfficientGifts: 0,
    housingBodies: 0,
    discovered: 0,
    organisations: 0,
    stored: 0,
    gone: 0,
    failed: 0,
  };
  #discovery: CrawlManifest['discovery'] = null;
  #startedAt = new Date().toISOString();
  #runs = 1;
  #previousRequests: CrawlManifest['requests'] = { attempts: 0, retries: 0, pauses: 0, statuses: {} };

  constructor(
    options: ResolvedCrawlOptions,
    paths: SnapshotPaths,
    reporter: CrawlReporter,
    redact: (text: string) => string,
    discoverQueries: readonly string[],
  ) {
    this.#options = options;
    this.#paths = paths;
    this.#reporter = reporter;
    this.#redact = redact;
    this.#discoverQueries = discoverQueries;
    this.#client = new ApiClient({
      apiUrl: options.apiUrl,
      key: options.key,
      connections: options.concurrency,
      connectTimeoutMs: options.connectTimeoutMs,
      headersTimeoutMs: options.headersTimeoutMs,
      bodyTimeoutMs: options.bodyTimeoutMs,
      requestTimeoutMs: options.requestTimeoutMs,
      userAgent: `orgdir-crawler/${CRAWLER_VERSION}`,
    });
    this.#queue = new RequestQueue((url, signal) => this.#client.get(url, signal), options, reporter, redact);
  }

  #say(level: 'info' | 'warn' | 'error', text: string): void {
    this.#reporter.event({ type: 'message', level, text });
  }

  #partial(relative: string): string {
    return join(this.#paths.partialDir, relative);
  }

  #fail(failure: CrawlFailure): void {
    this.#failures.push({ ...failure, error: this.#redact(failure.error) });
  }

  /** Records a request that got no usable answer; returns the error text. */
  #failRequest(
    request: ApiRequest,
    outcome: Exclude<FetchOutcome, { kind: 'ok' }>,
    scope: CrawlFailure['scope'],
  ): string {
    const status = outcome.status;
    const error = outcome.kind === 'not-found' ? `HTTP ${outcome.status}: not found` : outcome.error;
    this.#fail({
      operation: request.operation,
      ...(request.id === undefined ? {} : { id: request.id }),
      ...(status === undefined ? {} : { status }),
      error,
      attempts: outcome.attempts,
      scope,
    });
    return error;
  }

  async run(signal: AbortSignal | undefined): Promise<Omit<CrawlSummary, 'dataDir' | 'partialDir'>> {
    const onAbort = () => this.#queue.stop(new CrawlStopped('aborted', 'the crawl was interrupted'));
    if (signal?.aborted === true) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const repaired = await repairInterruptedSwap(
        this.#paths,
        async (dir) => (await readManifest(dir))?.complete === true,
      );
      if (repaired !== undefined) this.#say('warn', repaired);
      await this.#openPartial();

      let stopped: CrawlStopped | undefined;
      try {
        this.#reporter.event({ type: 'phase', phase: 'lists', total: GROUP_LISTS.length + 1 });
        await settleAll([this.#voluntaryCodes(), ...GROUP_LISTS.map((list) => this.#groupList(list))]);
        if (!this.#options.discover) {
          await rm(this.#partial(`${DATA_LAYOUT.lists}/${DISCOVERED_LIST}.json`), { force: true });
        }
        // The sweep and the listed records share the request slots: the sweep's answers are large
        // (up to 4 MB each for 30,000 organisations), and alone it took 3.6 s against a bound of
        // 0.6 s, while the listed records, which need nothing from it, waited.
        await settleAll([this.#discoverThenClose(), this.#fetchOrganisations()]);
      } catch (error) {
        if (!(error instanceof CrawlStopped)) throw error;
        stopped = error;
      }
      return await this.#finish(stopped);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      this.#queue.close();
      await this.#client.close();
    }
  }

  /** Resumes the partial snapshot when it is of this API and recent enough; otherwise starts over. */
  async #openPartial(): Promise<void> {
    const { partialDir } = this.#paths;
    if (await exists(partialDir)) {
      const previous = await readManifest(partialDir);
      const ageHours = previous === undefined ? 0 : (Date.now() - Date.parse(previous.startedAt)) / 3_600_000;
      let reason: string | undefined;
      if (this.#options.fresh) reason = '--fresh';
      else if (previous === undefined) reason = 'it has no readable manifest';
      else if (previous.apiUrl !== this.#options.apiUrl) reason = `it is of another API (${previous.apiUrl})`;
      else if (!(ageHours <= this.#options.resumeMaxAgeHours)) {
        reason = `it started ${ageHours.toFixed(1)} h ago, more than --resume-max-age ${this.#options.resumeMaxAgeHours} h`;
      }
      if (reason === undefined && previous !== undefined) {
        this.#startedAt = previous.startedAt;
        this.#runs = previous.runs + 1;
        this.#previousRequests = previous.requests;
        const removed = await removeTemporaryFiles(partialDir);
        this.#say(
          'info',
          `resuming the unfinished crawl started ${previous.startedAt} (run ${this.#runs})${removed > 0 ? `; removed ${removed} temporary files` : ''}`,
        );
      } else {
        this.#say(
          'info',
          `starting over: discarding the unfinished crawl in ${partialDir} because ${reason}`,
        );
        await rm(partialDir, { recursive: true, force: true });
      }
    }
    for (const folder of [DATA_LAYOUT.organisations, DATA_LAYOUT.lists, DATA_LAYOUT.voluntaryCodeMembers]) {
      await mkdir(this.#partial(folder), { recursive: true });
    }
    await this.#writeManifest(this.#manifest(false, null));
  }

  /**
   * The answer of a list operation: read back from the partial snapshot when an earlier run stored
   * it, otherwise fetched and stored as sent. `undefined` after a recorded failure.
   */
  async #storedOrFetched(request: ApiRequest, file: string): Promise<unknown> {
    const path = this.#partial(file);
    try {
      return JSON.parse(await readFile(path, 'utf8'));
    } catch {
      // Not stored yet (or unreadable, which cannot happen with atomic writes): fetch it.
    }
    const outcome = await this.#queue.fetch(request);
    if (outcome.kind === 'ok') {
      await writeFileAtomic(path, outcome.body);
      return outcome.value;
    }
    const error = this.#failRequest(request, outcome, 'list');
    this.#say(
      'warn',
      `${request.operation}${request.id === undefined ? '' : ` ${request.id}`} failed: ${error}`,
    );
    return undefined;
  }

  async #voluntaryCodes(): Promise<void> {
    const value = await this.#storedOrFetched(
      { operation: 'voluntaryCodes', url: this.#client.url(this.#options.voluntaryCodesPath) },
      DATA_LAYOUT.voluntaryCodes,
    );
    if (value === undefined) return;
    const parsed = voluntaryCodesResponseSchema.safeParse(value);
    if (!parsed.success) this.#drift.addIssues('voluntaryCodes', 'voluntaryCodes', parsed.error.issues);
    if (!Array.isArray(value)) {
      this.#fail({
        operation: 'voluntaryCodes',
        error: 'the answer is not an array of codes',
        attempts: 1,
        scope: 'list',
      });
      return;
    }
    this.#counts.voluntaryCodes = value.length;
    this.#say('info', `voluntaryCodes: ${value.length} codes`);
    const codes = new Map<string, string>();
    value.forEach((entry: unknown, index) => {
      const code = typeof entry === 'string' || isRecord(entry) ? readVoluntaryCode(entry) : undefined;
      if (code === undefined) {
        const error = `entry ${index} of the codes has no recognisable id: ${shown(entry)}`;
        this.#fail({ operation: 'voluntaryCodeMembers', error, attempts: 0, scope: 'record' });
        return;
      }
      const problem = voluntaryCodeIdProblem(code.id);
      const sameName = codes.get(code.id.toLowerCase());
      if (problem !== undefined) {
        const error = `voluntary code id ${shown(code.id)} cannot be a file name: ${problem}`;
        this.#fail({
          operation: 'voluntaryCodeMembers',
          id: shown(code.id),
          error,
          attempts: 0,
          scope: 'record',
        });
      } else if (sameName !== undefined && sameName !== code.id) {
        const error = `voluntary code id ${shown(code.id)} differs from ${shown(sameName)} only in case: one file name for both`;
        this.#fail({ operation: 'voluntaryCodeMembers', id: code.id, error, attempts: 0, scope: 'record' });
      } else {
        codes.set(code.id.toLowerCase(), code.id);
      }
    });
    await settleAll([...codes.values()].map((code) => this.#voluntaryCodeMembers(code)));
    // Counts in the order of the codes, whatever order their members arrived in.
    const arrived = this.#counts.voluntaryCodeMembers;
    this.#counts.voluntaryCodeMembers = {};
    for (const code of codes.values()) {
      const count = arrived[code];
      if (count !== undefined) this.#counts.voluntaryCodeMembers[code] = count;
    }
  }

  async #voluntaryCodeMembers(code: string): Promise<void> {
    const file = voluntaryCodeMembersFile(code);
    if (file === undefined) return;
    const url = this.#client.url(`/VoluntaryCodeMembers/${pathSegment(code)}`);
    const value = await this.#storedOrFetched({ operation: 'voluntaryCodeMembers', id: code, url }, file);
    if (value === undefined) return;
    const members = this.#readList('voluntaryCodeMembers', code, value);
    this.#counts.voluntaryCodeMembers[code] = members;
    this.#say('info', `voluntaryCodeMembers ${code}: ${members} organisations`);
  }

  async #groupList(list: (typeof GROUP_LISTS)[number]): Promise<void> {
    const paths = {
      registeredCharities: '/registeredCharities/',
      taxEfficientGifts: '/taxEfficientGifts',
      housingBodies: '/housingBodies/',
    };
    const value = await this.#storedOrFetched(
      { operation: list, url: this.#client.url(paths[list]) },
      `${DATA_LAYOUT.lists}/${list}.json`,
    );
    if (value === undefined) return;
    this.#counts[list] = this.#readList(list, list, value);
    this.#say('info', `${list}: ${this.#counts[list]} organisations`);
  }

  /** Validates a list of OrganisationSummary and collects its ids; returns its length. */
  #readList(operation: Operation, name: string, value: unknown): number {
    const parsed = organisationListSchema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const index = typeof issue.path[0] === 'number' ? `[${issue.path[0]}]` : '';
        this.#drift.addIssues(operation, `${name}${index}`, [issue]);
      }
    }
    if (!Array.isArray(value)) {
      const error = `the answer of ${name} is not an array`;
      this.#fail({ operation, id: name, error, attempts: 1, scope: 'list' });
      return 0;
    }
    value.forEach((entry: unknown, index) => {
      const id = isRecord(entry) ? entry['id'] : undefined;
      this.#addOrganisation(id, operation, `${name}[${index}]`);
    });
    return value.length;
  }

  /** Adds a listed id to the crawl; an id that is not a GUID is a recorded failure, never a path. */
  #addOrganisation(id: unknown, operation: Operation, where: string): boolean {
    if (isGuid(id)) {
      const key = id.toLowerCase();
      if (this.#organisations.has(key)) return false;
      const organisation = { id };
      this.#organisations.set(key, organisation);
      this.#toFetch.push([key, organisation]);
      return true;
    }
    const text = shown(id);
    if (this.#invalidIds.has(text)) return false;
    this.#invalidIds.add(text);
    const error =
      id === undefined
        ? `${where} has no id`
        : `${where} has the id ${text}, which is not a GUID: not fetched, not stored`;
    this.#fail({ operation, id: text, error, attempts: 0, scope: 'record' });
    return false;
  }

  /**
   * The sweep when asked for; then no more organisations will come, whatever its outcome, and the
   * phase of the organisations begins with their total known.
   */
  async #discoverThenClose(): Promise<void> {
    try {
      if (this.#options.discover) {
        this.#sweeping = true;
        await this.#discover();
      }
    } finally {
      this.#sweeping = false;
      this.#toFetch.close();
      this.#counts.organisations = this.#organisations.size;
      this.#reporter.event({
        type: 'phase',
        phase: 'organisations',
        total: this.#organisations.size,
        done: this.#finishedDuringSweep,
      });
    }
  }

  /**
   * Sweeps `search` for organisations in no list (the lists are all in by now); they are fetched
   * as they are found and stored in lists/discovered.json.
   */
  async #discover(): Promise<void> {
    const file = this.#partial(`${DATA_LAYOUT.lists}/${DISCOVERED_LIST}.json`);
    const queries = this.#discoverQueries;
    this.#reporter.event({ type: 'phase', phase: 'discover', total: queries.length });
    const inLists = this.#organisations.size;
    try {
      const stored: unknown = JSON.parse(await readFile(file, 'utf8'));
      if (Array.isArray(stored)) {
        for (const [index, result] of stored.entries()) {
          this.#addOrganisation(
            isRecord(result) ? result['id'] : undefined,
            'search',
            `discovered[${index}]`,
          );
        }
        this.#counts.discovered = this.#organisations.size - inLists;
        this.#discovery = {
          queries: queries.length,
          answered: queries.length,
          resultsSeen: stored.length,
          discovered: this.#counts.discovered,
        };
        return;
      }
    } catch {
      // No sweep stored yet.
    }
    const listed = new Set(this.#organisations.keys());
    const discovered = new Map<string, unknown>();
    let answered = 0;
    let resultsSeen = 0;
    await forEachLimited(queries, this.#options.concurrency, async (query) => {
      const url = this.#client.url('/search', { name: this.#options.searchParam, value: query });
      const request: ApiRequest = { operation: 'search', id: query, url };
      const outcome = await this.#queue.fetch(request);
      if (outcome.kind !== 'ok') {
        this.#failRequest(request, outcome, 'list');
        return;
      }
      answered += 1;
      const parsed = searchResponseSchema.safeParse(outcome.value);
      if (!parsed.success) this.#drift.addIssues('search', query, parsed.error.issues);
      if (!Array.isArray(outcome.value)) return;
      resultsSeen += outcome.value.length;
      for (const result of outcome.value as unknown[]) {
        const id = isRecord(result) ? result['id'] : undefined;
        if (isGuid(id) && !listed.has(id.toLowerCase()) && !discovered.has(id.toLowerCase())) {
          discovered.set(id.toLowerCase(), result);
          this.#addOrganisation(id, 'search', `search ${shown(query)}`);
        }
      }
    });
    const results = [...discovered.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, result]) => result);
    this.#counts.discovered = results.length;
    this.#discovery = { queries: queries.length, answered, resultsSeen, discovered: results.length };
    // Stored only when every query answered, so that a resumed crawl sweeps again otherwise.
    if (answered === queries.length) await writeFileAtomic(file, `${JSON.stringify(results, null, 2)}\n`);
    this.#say(
      'info',
      `discovery: ${results.length} organisations in no list (${answered}/${queries.length} queries answered)`,
    );
  }

  /** Validates a record and counts its coordinates; the record is stored whatever the verdict. */
  #observeOrganisation(id: string, value: unknown): void {
    const parsed = organisationSchema.safeParse(value);
    if (!parsed.success) this.#drift.addIssues('organisation', id, parsed.error.issues);
    this.#drift.addUnknownFields('organisation', id, value, ORGANISATION_FIELDS);
    if (
      isRecord(value) &&
      typeof value['id'] === 'string' &&
      value['id'].toLowerCase() !== id.toLowerCase()
    ) {
      this.#drift.add(
        'organisation',
        id,
        'id',
        'id_mismatch',
        'the record carries another id than the one requested',
      );
    }
    this.#coordinates.observe(value);
    this.#stored += 1;
  }

  async #storedOrganisationIds(): Promise<Set<string>> {
    const ids = new Set<string>();
    for (const name of await readdir(this.#partial(DATA_LAYOUT.organisations))) {
      const match = ORGANISATION_FILE_PATTERN.exec(name);
      if (match?.[1] !== undefined) ids.add(match[1]);
    }
    return ids;
  }

  /** Fetches every organisation the lists and the sweep name, as they come. */
  async #fetchOrganisations(): Promise<void> {
    const stored = await this.#storedOrganisationIds();
    // Enough work in hand to keep every slot busy while some requests sleep before a retry.
    const inHand = Math.max(16, this.#options.concurrency * 4);
    await forEachLimited(this.#toFetch, inHand, async ([key, organisation]) => {
      await this.#fetchOrganisation(organisation, stored.has(key));
      if (this.#sweeping) this.#finishedDuringSweep += 1;
    });
    // Records of an earlier run that no list names now (a discovery since switched off) go.
    for (const id of stored) {
      if (!this.#organisations.has(id))
        await rm(this.#partial(`${DATA_LAYOUT.organisations}/${id}.json`), { force: true });
    }
  }

  async #fetchOrganisation(organisation: ListedOrganisation, alreadyStored: boolean): Promise<void> {
    const file = organisationFile(organisation.id);
    if (file === undefined) return;
    const path = this.#partial(file);
    if (alreadyStored) {
      try {
        this.#observeOrganisation(organisation.id, JSON.parse(await readFile(path, 'utf8')));
        this.#reporter.event({ type: 'organisation', id: organisation.id, outcome: 'already-stored' });
        return;
      } catch {
        await rm(path, { force: true });
      }
    }
    const request: ApiRequest = {
      operation: 'organisation',
      id: organisation.id,
      url: this.#client.url(`/Organisation/${pathSegment(organisation.id)}`),
    };
    const outcome = await this.#queue.fetch(request);
    if (outcome.kind !== 'failed') this.#failuresInARow = 0;
    if (outcome.kind === 'ok') {
      await writeFileAtomic(path, outcome.body);
      this.#observeOrganisation(organisation.id, outcome.value);
      this.#reporter.event({ type: 'organisation', id: organisation.id, outcome: 'stored' });
    } else if (outcome.kind === 'not-found') {
      this.#gone.add(organisation.id);
      this.#reporter.event({ type: 'organisation', id: organisation.id, outcome: 'gone' });
    } else {
      this.#failRequest(request, outcome, 'record');
      this.#reporter.event({ type: 'organisation', id: organisation.id, outcome: 'failed' });
      this.#failuresInARow += 1;
      const limit = this.#options.maxConsecutiveFailures;
      if (limit > 0 && this.#failuresInARow >= limit) {
        const message = `${this.#failuresInARow} organisations in a row failed after their retries (the last: ${outcome.error}); the API looks down`;
        this.#queue.stop(new CrawlStopped('failing', this.#redact(message)));
      }
    }
  }

  #manifest(complete: boolean, finishedAt: string | null): CrawlManifest {
    const options = this.#options;
    const statistics = this.#queue.statistics;
    const statuses = { ...this.#previousRequests.statuses };
    for (const [status, count] of Object.entries(statistics.statuses))
      statuses[status] = (statuses[status] ?? 0) + count;
    const recordFailures = this.#failures.filter((failure) => failure.scope === 'record').length;
    return {
      crawlerVersion: CRAWLER_VERSION,
      apiUrl: options.apiUrl,
      startedAt: this.#startedAt,
      finishedAt,
      runs: this.#runs,
      complete,
      options: {
        concurrency: options.concurrency,
        rate: options.rate,
        searchParam: options.searchParam,
        voluntaryCodesPath: options.voluntaryCodesPath,
        discover: options.discover,
        allowFailures: options.allowFailures,
        maxAttempts: options.maxAttempts,
      },
      counts: { ...this.#counts, stored: this.#stored, gone: this.#gone.size, failed: recordFailures },
      gone: [...this.#gone].sort(),
      failures: [...this.#failures].sort(
        (a, b) =>
          a.scope.localeCompare(b.scope) ||
          a.operation.localeCompare(b.operation) ||
          (a.id ?? '').localeCompare(b.id ?? ''),
      ),
      drift: this.#drift.findings(),
      coordinates: {
        registeredAddress: { ...this.#coordinates.registeredAddress },
        otherAddresses: { ...this.#coordinates.otherAddresses },
      },
      discovery: this.#discovery,
      requests: {
        attempts: this.#previousRequests.attempts + statistics.attempts,
        retries: this.#previousRequests.retries + statistics.retries,
        pauses: this.#previousRequests.pauses + statistics.pauses,
        statuses,
      },
    };
  }

  async #writeManifest(manifest: CrawlManifest): Promise<void> {
    await writeFileAtomic(
      this.#partial(DATA_LAYOUT.manifest),
      `${this.#redact(JSON.stringify(manifest, null, 2))}\n`,
    );
  }

  async #finish(stopped: CrawlStopped | undefined): Promise<Omit<CrawlSummary, 'dataDir' | 'partialDir'>> {
    const listFailures = this.#failures.filter((failure) => failure.scope === 'list').length;
    const recordFailures = this.#failures.length - listFailures;
    const complete =
      stopped === undefined && listFailures === 0 && recordFailures <= this.#options.allowFailures;
    const manifest = this.#manifest(complete, new Date().toISOString());
    await this.#writeManifest(manifest);
    const { dataDir, partialDir } = this.#paths;
    if (complete) {
      this.#reporter.event({ type: 'phase', phase: 'publish', total: 1 });
      await publishSnapshot(this.#paths);
    }
    const counts = `${manifest.counts.stored} organisations stored, ${manifest.counts.gone} gone, ${manifest.counts.failed} failed`;
    if (stopped?.kind === 'unauthorised') {
      const missing = /missing/i.test(stopped.message)
        ? 'the key is missing'
        : 'the key is wrong or not allowed';
      return {
        exitCode: 2,
        message: `the API refused the subscription key (${stopped.message}): ${missing}; check ORGDIR_API_KEY or --key-file. ${dataDir} is unchanged.`,
        published: false,
        manifest,
      };
    }
    if (stopped?.kind === 'failing') {
      return {
        exitCode: 1,
        message: `stopped: ${stopped.message} (${counts}); ${dataDir} is unchanged; run again to resume from ${partialDir}`,
        published: false,
        manifest,
      };
    }
    if (stopped !== undefined) {
      return {
        exitCode: 1,
        message: `interrupted (${counts}); ${dataDir} is unchanged; run again to resume from ${partialDir}`,
        published: false,
        manifest,
      };
    }
    const answered = Object.keys(manifest.requests.statuses).some((status) => /^\d+$/.test(status));
    if (!complete && !answered && manifest.failures.length > 0) {
      // Not one answer from the API: the address is wrong or the service is down, and every
      // failure says the same thing.
      return {
        exitCode: 1,
        message: `cannot reach the API at ${this.#options.apiUrl} (${manifest.failures[0]!.error}); ${dataDir} is unchanged; run again when it answers`,
        published: false,
        manifest,
      };
    }
    if (this.#failures.length === 0) {
      return {
        exitCode: 0,
        message: `complete: ${counts}; published to ${dataDir}`,
        published: true,
        manifest,
      };
    }
    const failed = `${this.#failures.length} failures (${listFailures} of lists, ${recordFailures} of records)`;
    return complete
      ? {
          exitCode: 1,
          message: `${failed}, within --allow-failures ${this.#options.allowFailures}: ${counts}; published to ${dataDir}`,
          published: true,
          manifest,
        }
      : {
          exitCode: 1,
          message: `${failed}: ${counts}; ${dataDir} is unchanged; run again to retry the failures, resuming from ${partialDir}`,
          published: false,
          manifest,
        };
  }
}
