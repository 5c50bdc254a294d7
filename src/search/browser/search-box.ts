// One search form and its results, bound to the engine: the reader's typing, filters, order and
// pages each run the search again, and the newest search's results are drawn.
import { element } from '../../lib/elements.ts';
import { Announcer, foundMessage } from './announcer.ts';
import { DEFAULT_LIMIT, type SearchHit } from './engine.ts';
import { listenToForm } from './form-listeners.ts';
import { showChosenFilters, showFacetCounts } from './facet-filters.ts';
import { RESULTS_EVENT } from '../format/options.ts';
import type { CorePart } from '../format/parts.ts';
import type { ResultsRequest } from './protocol.ts';
import { downloadResults, type ShownSearch } from './results-download.ts';
import { drawResults } from './results-view.ts';
import type { SearchElements } from './search-elements.ts';
import { addressOf, dropUnknownFilters, stateFromAddress, type SearchState } from './search-state.ts';
import type { SearchService } from './service.ts';
import type { Correction } from './spelling.ts';
import { SpellingNotes } from './spelling-notes.ts';

/** Resolves in a task of its own, so that the work after it is not part of the task before. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** One search form and its results, bound to the engine. */
export class SearchBox {
  readonly #page: SearchElements;
  readonly #search: SearchService;
  readonly #announcer: Announcer;
  #state: SearchState;
  /** The index's core, once it has arrived: searches can run. */
  #core: CorePart | undefined;
  /** The index could not be loaded: nothing will run. */
  #failed = false;
  readonly #notes: SpellingNotes;
  /** Counts searches started, so that a slower, older one cannot overwrite a newer one. */
  #ticket = 0;
  /** The search shown, when it found something: what the download writes. */
  #shownSearch: ShownSearch | undefined;
  /** A page of results was asked for from the pager: its count takes the focus once drawn. */
  #focusCountWhenDrawn = false;

  constructor(page: SearchElements, search: SearchService) {
    this.#page = page;
    this.#search = search;
    this.#announcer = new Announcer(page.status);
    this.#notes = new SpellingNotes(page.status, (query) => this.#queryLink(query));
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
    objects = new Map<number, string>(),
  ): void {
    drawResults(this.#page, this.#state, { hits, total, offset, searching, objects });
  }

  /** Runs the search the state asks for and shows its page of results, or says why not yet. */
  async run(): Promise<void> {
    const current = ++this.#ticket;
    const state = this.#state;
    this.#notes.clear();
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
      if (correction) this.#notes.correction(correction);
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
    if (shown)
      await downloadResults(this.#search, shown, this.#page.siteUrl, (message) => this.#say(message));
  }

  /** For a query that found nothing, the nearest query that finds something, as a link. */
  async #suggest(ticket: number): Promise<void> {
    const query = this.#state.query;
    const nearest = query.trim() === '' ? undefined : await this.#search.suggest(query);
    if (ticket !== this.#ticket || nearest === undefined) return;
    this.#notes.didYouMean(nearest);
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

  /** How many were found, for what, and which of them this page shows. */
  #sayFound(total: number, offset: number, shownHits: number, correction?: Correction): void {
    this.#say(foundMessage(this.#state.query.trim(), total, offset, shownHits, correction), true);
  }

  /** A new state from the reader's action, and its search run. */
  #change(state: SearchState, typing: boolean): Promise<void> {
    this.#announcer.typing = typing;
    this.#state = state;
    return this.run();
  }

  /** Typing, Enter, a filter, the order and a page of results each run the search again. */
  listen(): void {
    listenToForm(this.#page, {
      state: () => this.#state,
      change: (state, typing) => void this.#change(state, typing),
      pageAsked: () => (this.#focusCountWhenDrawn = true),
      download: () =>
        this.#download().catch((error: unknown) =>
          this.#say(`The download failed: ${error instanceof Error ? error.message : String(error)}`),
        ),
    });
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
