// The search page in the browser: one classic script (`search/search.js`), since module scripts
// and fetch() fail from file://. The query engine runs in a worker (src/search/browser/worker.ts): this
// same script, started as every client's worker is (src/lib/client-worker.ts), so that parsing the index, ranking and counting never
// hold the page's thread. Over http(s) the worker fetches the index's parts itself; the page
// hands it the core, which its own script tag brings, and from file:// every part it asks for: a
// classic script inserted on demand, which hands its JSON text to the global registration
// function, and the page passes it on. Everything is built with DOM methods and textContent: no HTML from data, no
// inline handlers, no eval.
import { startClientWorker } from '../../lib/client-worker.ts';
import { element, saveFile } from '../../lib/elements.ts';
import { SEARCH_FILTER_PARAMS } from '../../lib/routes.ts';
import { countOf, groupDigits } from '../../lib/text.ts';
import {
  DEFAULT_LIMIT,
  SearchEngine,
  SORT_ORDERS,
  type SearchFilters,
  type SearchHit,
  type SortOrder,
} from './engine.ts';
import { showChosenFilters, showFacetCounts } from './facet-filters.ts';
import { INDEX_PART_FUNCTION, RESULTS_EVENT, SEARCH_CLIENT_FUNCTION } from '../format/options.ts';
import type { DeliveredPart } from '../format/part-script.ts';
import { FACET_NAMES, partName, type CorePart, type FacetName } from '../format/parts.ts';
import { ShardTable } from '../format/shards.ts';
import type { CallName, FromWorker, ResultsRequest, SearchCalls, ToWorker } from './protocol.ts';
import { parseQuery } from '../format/query.ts';
import { resultCard } from './result-card.ts';
import { safeHref, searchService, type SearchService } from './service.ts';
import { serveSearch, type WorkerScope } from './worker.ts';
import type { Correction } from './spelling.ts';

/** Address parameters: `?q=` and one per filter, plus the order and the page of results. */
const FILTER_PARAMS: Readonly<Record<FacetName, string>> = SEARCH_FILTER_PARAMS;

/** A pause in typing after which the result count is announced. */
const ANNOUNCE_AFTER_MS = 500;

/** What an index file calls with its part's JSON text (`INDEX_PART_FUNCTION`). */
type DeliverPart = (name: string, build: string, text: unknown) => void;

/** Loads a part of the index by name and resolves to what its file delivered. */
type TextLoader = (name: string) => Promise<DeliveredPart>;

/**
 * Loads parts by inserting `<script src>` elements next to this script's own file. A part the
 * page itself includes after this script (the core, fetched in parallel with it) delivers
 * its part unasked and is kept until it is asked for, and so does a part loaded ahead
 * (`preload`); one asked for while it is still loading is not loaded twice. `onCore` hears of
 * the core's text when its script has run.
 */
function scriptLoader(
  base: URL,
  onCore?: (text: string) => void,
): { load: TextLoader; preload: (name: string) => void } {
  const waiting = new Map<
    string,
    { resolve: (part: DeliveredPart) => void; reject: (error: Error) => void }
  >();
  const arrived = new Map<string, { build: string; text: unknown }>();
  /** Parts whose script is in the page and has not run yet. */
  const loading = new Set<string>();
  let build: string | undefined;
  const settle = (name: string, partBuild: string, text: unknown) => {
    const pending = waiting.get(name)!;
    waiting.delete(name);
    if (name === 'core') build = partBuild;
    if ((build !== undefined && partBuild !== build) || typeof text !== 'string') {
      pending.reject(new Error('the search index changed while this page was open; reload the page'));
    } else {
      pending.resolve({ name, build: partBuild, text });
    }
  };
  const deliverPart: DeliverPart = (name, partBuild, text) => {
    if (waiting.has(name)) settle(name, partBuild, text);
    else arrived.set(name, { build: partBuild, text });
    if (name === 'core' && typeof text === 'string') onCore?.(text);
  };
  (window as unknown as Record<string, DeliverPart>)[INDEX_PART_FUNCTION] = deliverPart;
  const insert = (name: string): void => {
    loading.add(name);
    const script = document.createElement('script');
    script.src = new URL(`${name}.js`, base).href;
    script.addEventListener('load', () => {
      script.remove();
      loading.delete(name);
      // A script that ran without delivering its part is not one of ours.
      if (waiting.has(name)) {
        waiting.get(name)!.reject(new Error(`search index file ${name}.js did not deliver its part`));
        waiting.delete(name);
      }
    });
    script.addEventListener('error', () => {
      script.remove();
      loading.delete(name);
      waiting.get(name)?.reject(new Error(`search index file ${name}.js could not be loaded`));
      waiting.delete(name);
    });
    document.head.append(script);
  };
  const load: TextLoader = (name) =>
    new Promise((resolve, reject) => {
      waiting.set(name, { resolve, reject });
      const early = arrived.get(name);
      if (early) {
        arrived.delete(name);
        settle(name, early.build, early.text);
      } else if (!loading.has(name)) {
        insert(name);
      }
    });
  const preload = (name: string): void => {
    if (!waiting.has(name) && !arrived.has(name) && !loading.has(name)) insert(name);
  };
  return { load, preload };
}

/**
 * The terms files a query needs first, by the core's table of shards: read by the page while the
 * worker starts, so that they have arrived when the worker asks for them.
 */
function firstParts(coreText: string, query: string): string[] {
  const core = JSON.parse(coreText) as CorePart;
  const table = ShardTable.decode(core);
  const { words, phrases } = parseQuery(query);
  const keys = [
    ...words.flatMap((word) => table.keysFor(word.word, word.prefix)),
    ...phrases.flat().map((word) => table.keyOf(word)),
  ];
  const files = new Set(keys.flatMap((key) => table.files.get(key)?.[0] ?? []));
  return [...files].map((file) => partName.terms(file));
}

/** Resolves in a task of its own, so that the work after it is not part of the task before. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The query engine in its worker: each call posts a message and resolves with the worker's
 * answer, and each part the worker asks for is loaded with `load` and handed over as text. When
 * no worker can start (an old browser, a host's policy) or it stops, the same engine runs on the
 * page's thread instead, and the calls not yet answered are asked of it.
 */
function workerService(load: TextLoader, scriptUrl: URL): SearchService {
  type Pending = {
    call: ToWorker & { kind: 'call' };
    resolve: (answer: never) => void;
    reject: (error: Error) => void;
  };
  const pending = new Map<number, Pending>();
  let calls = 0;
  let worker: Worker | undefined;
  let local: SearchService | undefined;
  const ask = ({ call, resolve, reject }: Pending): void => {
    const run = local![call.call] as (...args: unknown[]) => Promise<never>;
    run(...call.args).then(resolve, reject);
  };
  const fallBack = (): void => {
    worker?.terminate();
    worker = undefined;
    local ??= searchService(new SearchEngine(async (name) => JSON.parse((await load(name)).text) as unknown));
    for (const call of pending.values()) ask(call);
    pending.clear();
  };
  try {
    worker = startClientWorker(scriptUrl, SEARCH_CLIENT_FUNCTION);
    worker.addEventListener('message', ({ data: message }: MessageEvent<FromWorker>) => {
      if (message.kind === 'need') {
        load(message.name).then(
          ({ build, text }) =>
            worker?.postMessage({ kind: 'part', name: message.name, build, text } satisfies ToWorker),
          (error: unknown) =>
            worker?.postMessage({
              kind: 'part-failed',
              name: message.name,
              message: error instanceof Error ? error.message : String(error),
            } satisfies ToWorker),
        );
        return;
      }
      const call = pending.get(message.id);
      pending.delete(message.id);
      if (message.kind === 'answer') call?.resolve(message.answer as never);
      else call?.reject(new Error(message.message));
    });
    worker.addEventListener('error', fallBack);
  } catch {
    fallBack();
  }
  const call =
    <Name extends CallName>(name: Name) =>
    (...args: SearchCalls[Name]['args']): Promise<SearchCalls[Name]['answer']> =>
      new Promise((resolve, reject) => {
        const waiting = {
          call: { kind: 'call', id: (calls += 1), call: name, args } as Pending['call'],
          resolve,
          reject,
        };
        if (!worker) return ask(waiting);
        pending.set(waiting.call.id, waiting);
        worker.postMessage(waiting.call);
      });
  return {
    core: call('core'),
    results: call('results'),
    counts: call('counts'),
    suggest: call('suggest'),
    csv: call('csv'),
  };
}

interface SearchState {
  query: string;
  filters: SearchFilters;
  sort: SortOrder;
  page: number;
}

function stateFromAddress(): SearchState {
  const params = new URLSearchParams(window.location.search);
  const filters: SearchFilters = {};
  for (const facet of FACET_NAMES) {
    const value = params.get(FILTER_PARAMS[facet]);
    if (value) filters[facet] = value;
  }
  const page = Number(params.get('page'));
  const sort = SORT_ORDERS.find((order) => order === params.get('sort')) ?? 'relevance';
  return {
    query: params.get('q') ?? '',
    filters,
    sort,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function addressOf(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.query !== '') params.set('q', state.query);
  for (const facet of FACET_NAMES) {
    const value = state.filters[facet];
    if (value !== undefined) params.set(FILTER_PARAMS[facet], value);
  }
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  const search = params.toString();
  return `${window.location.pathname}${search === '' ? '' : `?${search}`}`;
}

/**
 * The status line, a live region: while someone types, a count is announced only once they
 * pause, not at every keystroke.
 */
class Announcer {
  readonly #status: HTMLElement;
  #announcement: ReturnType<typeof setTimeout> | undefined;
  /** Whether the last change came from typing (rather than a filter, a page or Enter). */
  typing = false;

  constructor(status: HTMLElement) {
    this.#status = status;
  }

  /** Says `message`; a `settled` one (a result count) waits for a pause in the typing. */
  say(message: string, settled = false): void {
    clearTimeout(this.#announcement);
    if (settled && this.typing) {
      this.#announcement = setTimeout(() => (this.#status.textContent = message), ANNOUNCE_AFTER_MS);
    } else {
      this.#status.textContent = message;
    }
  }
}

/** A filter from an old address that this index does not know is dropped, not kept silently. */
function dropUnknownFilters(filters: SearchState['filters'], core: CorePart): void {
  for (const facet of FACET_NAMES) {
    const key = filters[facet];
    if (key !== undefined && !core.facets[facet].some((option) => option.key === key && option.count > 0)) {
      delete filters[facet];
    }
  }
}

/** Links to the previous and next pages of results, around "Page n of m". */
function drawPager(pager: HTMLElement, state: SearchState, pages: number): void {
  pager.replaceChildren();
  if (pages <= 1) return;
  const link = (label: string, page: number, rel: string) => {
    pager.append(
      element('a', label, { href: addressOf({ ...state, page }), rel, 'data-page': String(page) }),
    );
  };
  if (state.page > 1) link('Previous page', state.page - 1, 'prev');
  pager.append(element('span', ` Page ${groupDigits(state.page)} of ${groupDigits(pages)} `));
  if (state.page < pages) link('Next page', state.page + 1, 'next');
}

/** The parts of one search form and its results that the script reads and fills. */
interface SearchElements {
  container: HTMLElement;
  form: HTMLFormElement;
  input: HTMLInputElement;
  status: HTMLElement;
  count: HTMLElement;
  results: HTMLElement;
  pager: HTMLElement;
  summary: HTMLElement | null;
  selects: Map<FacetName, HTMLSelectElement>;
  sort: HTMLSelectElement | null;
  download: HTMLButtonElement | null;
  /** The site's root relative to this page, for the links of the results. */
  root: string;
  /** The site's public address (ORGDIR_SITE_URL), when the build knew it: the download names pages under it. */
  siteUrl: string | undefined;
}

/** The form's parts; none when the page lacks one the search cannot do without. */
function searchElements(container: HTMLElement): SearchElements | undefined {
  const form = container.querySelector('form');
  const input = container.querySelector<HTMLInputElement>('input[type="search"]');
  const status = container.querySelector<HTMLElement>('[data-search-status]');
  const count = container.querySelector<HTMLElement>('[data-result-count]');
  const results = container.querySelector<HTMLElement>('[data-search-results]');
  const pager = container.querySelector<HTMLElement>('[data-search-pager]');
  if (!form || !input || !status || !count || !results || !pager) return undefined;
  const selects = new Map<FacetName, HTMLSelectElement>();
  for (const facet of FACET_NAMES) {
    const select = container.querySelector<HTMLSelectElement>(`select[data-search-filter="${facet}"]`);
    if (select) selects.set(facet, select);
  }
  return {
    container,
    form,
    input,
    status,
    count,
    results,
    pager,
    summary: container.querySelector<HTMLElement>('[data-search-summary]'),
    selects,
    sort: container.querySelector<HTMLSelectElement>('select[data-search-sort]'),
    download: container.querySelector<HTMLButtonElement>('button[data-search-download]'),
    root: container.dataset['searchRoot'] ?? './',
    siteUrl: container.dataset['siteUrl'] || undefined,
  };
}

/** One search form and its results, bound to the engine. */
class SearchBox {
  readonly #page: SearchElements;
  readonly #search: SearchService;
  readonly #announcer: Announcer;
  #state: SearchState;
  /** The index's core, once it has arrived: searches can run. */
  #core: CorePart | undefined;
  /** The index could not be loaded: nothing will run. */
  #failed = false;
  /** The offer of a nearer query, drawn after the status when a query found nothing. */
  #offer: HTMLElement | undefined;
  /** Counts searches started, so that a slower, older one cannot overwrite a newer one. */
  #ticket = 0;
  /** The search shown, when it found something: what the download writes. */
  #shownSearch: { request: ResultsRequest; total: number } | undefined;
  /** A page of results was asked for from the pager: its count takes the focus once drawn. */
  #focusCountWhenDrawn = false;

  constructor(page: SearchElements, search: SearchService) {
    this.#page = page;
    this.#search = search;
    this.#announcer = new Announcer(page.status);
    this.#state = stateFromAddress();
    // What was typed before this script ran is kept, unless the address carries a query.
    if (this.#state.query === '' && page.input.value !== '') {
      this.#state = { ...this.#state, query: page.input.value };
    } else page.input.value = this.#state.query;
  }

  #say(message: string, settled = false): void {
    this.#announcer.say(message, settled);
  }

  /** Tells the page that results are shown: the event docs/search.md documents ("Events a page can listen for"). */
  #shown(total: number): void {
    const detail = { query: this.#state.query, total };
    performance.mark(RESULTS_EVENT, { detail });
    this.#page.container.dispatchEvent(new CustomEvent(RESULTS_EVENT, { detail }));
  }

  #render(
    hits: SearchHit[],
    total: number,
    offset: number,
    searching = true,
    objects: ReadonlyMap<number, string> = new Map(),
  ): void {
    const { summary, count, results, pager, root } = this.#page;
    if (summary) summary.hidden = !searching;
    count.dataset['resultCount'] = String(total);
    count.textContent = countOf(total, 'organisation');
    const query = parseQuery(this.#state.query);
    results.replaceChildren(
      ...hits.map((hit) => resultCard(hit, safeHref(root, hit.href), query, objects.get(hit.document) ?? '')),
    );
    results.setAttribute('start', String(offset + 1));
    const pages = Math.max(1, Math.ceil(total / DEFAULT_LIMIT));
    drawPager(pager, this.#state, pages);
  }

  /** Runs the search the state asks for and shows its page of results, or says why not yet. */
  async run(): Promise<void> {
    const current = ++this.#ticket;
    const state = this.#state;
    this.#offer?.remove();
    const address = addressOf(state);
    // Writing the address takes the page's thread a few milliseconds; an address that already
    // says this search (the one the page was opened at, say) is left as it is.
    if (address !== addressOf(stateFromAddress())) window.history.replaceState(null, '', address);
    const searching = state.query.trim() !== '' || Object.keys(state.filters).length > 0;
    if (this.#failed) return;
    const core = this.#core;
    if (!searching) {
      this.#shownSearch = undefined;
      if (this.#page.download) this.#page.download.disabled = true;
      this.#render([], 0, 0, false);
      if (core) void this.#countFilters(current, core, undefined);
      this.#say(core ? 'Type a name, a registration number or a place.' : 'Loading the search index…');
      if (core) this.#shown(0);
      return;
    }
    if (!core) {
      this.#say('Loading the search index… your search will run as soon as it has arrived.');
      return;
    }
    try {
      const offset = (state.page - 1) * DEFAULT_LIMIT;
      const request: ResultsRequest = {
        query: state.query,
        filters: state.filters,
        sort: state.sort,
        offset,
        limit: DEFAULT_LIMIT,
      };
      const { total, hits, objects, correction } = await this.#search.results(request);
      if (current !== this.#ticket) return;
      if (offset >= total && state.page > 1) {
        this.#state = { ...state, page: 1 };
        return this.run();
      }
      this.#shownSearch = total === 0 ? undefined : { request, total };
      if (this.#page.download) this.#page.download.disabled = total === 0;
      this.#render(hits, total, offset, true, new Map(objects));
      if (this.#focusCountWhenDrawn) {
        this.#focusCountWhenDrawn = false;
        this.#page.count.focus();
      }
      this.#sayFound(total, offset, hits.length, correction);
      if (correction) this.#showCorrection(correction);
      this.#shown(total);
      if (total === 0) void this.#suggest(current);
      await this.#countFilters(current, core, request);
    } catch (error) {
      if (current !== this.#ticket) return;
      this.#say(`Search failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Counts the filters' options within the results of `request` (the register's totals when
   * undefined), after the results are drawn: the reader sees results first, and the worker counts
   * while the page's thread is free. Their places were drawn with the page, so filling them moves
   * nothing.
   */
  async #countFilters(ticket: number, core: CorePart, request: ResultsRequest | undefined): Promise<void> {
    await nextTask();
    if (ticket !== this.#ticket) return;
    const filters = this.#state.filters;
    const counts = request && (await this.#search.counts(request));
    if (ticket === this.#ticket) showFacetCounts(this.#page.selects, core, filters, counts);
  }

  /** Writes every result of the search shown, in its order, to a CSV file the browser saves. */
  async #download(): Promise<void> {
    const shown = this.#shownSearch;
    if (!shown) return;
    this.#say(`Preparing ${countOf(shown.total, 'result')} for download…`);
    const csv = await this.#search.csv(shown.request, this.#page.siteUrl);
    saveFile(csv, 'search-results.csv');
    this.#say(`${countOf(shown.total, 'result')} saved as search-results.csv.`);
  }

  /** For a query that found nothing, the nearest query that finds something, as a link. */
  async #suggest(ticket: number): Promise<void> {
    const query = this.#state.query;
    const nearest = query.trim() === '' ? undefined : await this.#search.suggest(query);
    if (ticket !== this.#ticket || nearest === undefined) return;
    this.#showOffer([
      'Did you mean ',
      this.#queryLink(nearest),
      '? ',
      element('a', 'How search reads a query', { href: '#search-help' }),
    ]);
  }

  /** Says that a word was found only with a typo: what was searched for, and a link to the query as typed. */
  #showCorrection({ showing, instead }: Correction): void {
    this.#showOffer([
      'Showing results for ',
      element('strong', showing),
      '. Search instead for ',
      this.#queryLink(instead),
      '.',
    ]);
  }

  /** A link that runs `query` here (its address runs it too). */
  #queryLink(query: string): HTMLAnchorElement {
    const state = { ...this.#state, query, page: 1 };
    const link = element('a', query, { href: addressOf(state) });
    link.addEventListener('click', (event) => {
      event.preventDefault();
      this.#page.input.value = query;
      void this.#change(state, false);
    });
    return link;
  }

  /** Draws an offer of another query after the status, in place of the one before. */
  #showOffer(parts: (string | Node)[]): void {
    const offer = element('p', undefined, { class: 'search-suggestion', 'data-search-suggestion': '' });
    offer.append(...parts);
    this.#offer?.remove();
    this.#offer = offer;
    this.#page.status.after(offer);
  }

  /** How many were found, for what, and which of them this page shows. */
  #sayFound(total: number, offset: number, shownHits: number, correction?: Correction): void {
    const query = this.#state.query.trim();
    const about =
      query === ''
        ? ''
        : correction
          ? ` for “${correction.showing}” (corrected from “${query}”)`
          : ` for “${query}”`;
    const range = total > DEFAULT_LIMIT ? `, showing ${offset + 1} to ${offset + shownHits}` : '';
    this.#say(
      `${total === 0 ? 'No organisations found' : `${countOf(total, 'organisation')} found`}${about}${range}.`,
      true,
    );
  }

  /** A new state from the reader's action, and its search run. */
  #change(state: SearchState, typing: boolean): Promise<void> {
    this.#announcer.typing = typing;
    this.#state = state;
    return this.run();
  }

  /** Typing, Enter, a filter and a page of results each run the search again. */
  listen(): void {
    const { input, form, selects, pager, count } = this.#page;
    input.addEventListener('input', () => {
      void this.#change({ ...this.#state, query: input.value, page: 1 }, true);
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.#change({ ...this.#state, query: input.value, page: 1 }, false);
    });
    for (const [facet, select] of selects) {
      select.addEventListener('change', () => {
        const filters = { ...this.#state.filters };
        if (select.value === '') delete filters[facet];
        else filters[facet] = select.value;
        void this.#change({ ...this.#state, filters, page: 1 }, false);
      });
    }
    const { sort, download } = this.#page;
    sort?.addEventListener('change', () => {
      const order = SORT_ORDERS.find((candidate) => candidate === sort.value) ?? 'relevance';
      void this.#change({ ...this.#state, sort: order, page: 1 }, false);
    });
    download?.addEventListener('click', () => {
      this.#download().catch((error: unknown) =>
        this.#say(`The download failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    });
    pager.addEventListener('click', (event) => {
      const target = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-page]');
      if (!target) return;
      event.preventDefault();
      // The focus goes to the new page's count as soon as its results are drawn, not once the
      // filters are counted after them.
      this.#focusCountWhenDrawn = true;
      void this.#change({ ...this.#state, page: Number(target.dataset['page']) }, false);
    });
    count.tabIndex = -1;
  }

  /** Waits for the index's core, then searches and draws the filters; or says search is unavailable. */
  load(): void {
    this.#say('Loading the search index…');
    void this.run();
    this.#search.core().then(
      (core) => {
        this.#core = core;
        dropUnknownFilters(this.#state.filters, core);
        showChosenFilters(this.#page.selects, core, this.#state.filters);
        void this.run();
        if (this.#page.sort) {
          this.#page.sort.value = this.#state.sort;
          this.#page.sort.disabled = false;
        }
      },
      (error: unknown) => {
        this.#failed = true;
        this.#say(`Search is unavailable: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  }
}

/** Binds one search form and its results to the engine. */
function enhance(container: HTMLElement, search: SearchService): void {
  const page = searchElements(container);
  if (!page) return;
  const box = new SearchBox(page, search);
  box.listen();
  box.load();
}

function start(): void {
  const script = document.currentScript as HTMLScriptElement | null;
  const containers = document.querySelectorAll<HTMLElement>('[data-search]');
  if (containers.length === 0) return;
  const scriptUrl = new URL(
    script?.src ??
      document.querySelector<HTMLScriptElement>('script[src$="search/search.js"]')?.src ??
      new URL('search/search.js', window.location.href).href,
  );
  // From file://, the worker asks the page for every part: the first ones the address's query
  // needs are loaded as soon as the core is here, while the worker is still starting.
  const query = new URLSearchParams(window.location.search).get('q') ?? '';
  const { load, preload } = scriptLoader(new URL('./', scriptUrl), (coreText) => {
    if (scriptUrl.protocol !== 'file:' || query.trim() === '') return;
    try {
      for (const name of firstParts(coreText, query)) preload(name);
    } catch {
      // A core this page cannot read is reported when the worker reads it.
    }
  });
  const search = workerService(load, scriptUrl);
  // Starting the worker and binding the form each hold the page's thread for a while: the form is
  // bound in a task of its own, so that the reader's input can come in between.
  void nextTask().then(() => {
    for (const container of containers) enhance(container, search);
  });
}

// The same script is the page's client and, in a worker (no document there), the search worker.
// `defer` runs the script after parsing, but document.currentScript is only set while it runs.
if (typeof document === 'undefined') serveSearch(self as unknown as WorkerScope);
else start();
