// The query engine the browser runs, and the tests and the benchmark run in Node over the same
// built files. It knows nothing of the DOM or of how a part is loaded: it asks a loader for parts
// by name, so a query loads only the core, one terms shard per word, the positions a phrase
// needs and the results it shows.
import { intersectFields, bit, type UnitMatches } from '../format/matches.ts';
import { FACET_NAMES, type CorePart, type DocsEntry, displayOf, type FacetName } from '../format/parts.ts';
import { isEmptyQuery, parseSearchBoxQuery, type ParsedQuery } from '../format/query.ts';
import type { DocumentFacts } from '../format/facts.ts';
import type { SearchDisplay, SearchField } from '../format/fields.ts';
import { acceptance, facetCounts, type Acceptance } from './facets.ts';
import { IndexParts, type PartLoader } from './index-parts.ts';
import { PhraseLookup } from './phrases.ts';
import { byIncome, filtered, formerLast, ranked } from './ranking.ts';
import { mendedQuery } from './spelling.ts';
import { nearestWord, typoCorrections } from './typos.ts';
import { exactly, WordLookup } from './word-lookup.ts';

/** Filter values by facet: a county, a sector, a list or a voluntary code key from the core. */
export type SearchFilters = Partial<Record<FacetName, string>>;

/**
 * The order of the results: relevance (an exact name first, then by score, then A–Z), name (A–Z)
 * or latest income (highest first, those without one last; equal incomes by relevance). In
 * every order, organisations no longer on the register come after all those on it.
 */
export type SortOrder = 'relevance' | 'name' | 'income';

export const SORT_ORDERS: readonly SortOrder[] = ['relevance', 'name', 'income'];

export interface SearchRequest {
  query: string;
  filters?: SearchFilters;
  /** Default: relevance. */
  sort?: SortOrder;
  /** First result to show, from 0. */
  offset?: number;
  /** Results to show; the rest are counted and ranked, not loaded. */
  limit?: number;
}

/** A result: what its card shows (`SearchDisplay`), with how it matched. */
export interface SearchHit extends SearchDisplay {
  /** The document's number in the index. */
  document: number;
  /** The name is exactly the words of the query. */
  exactName: boolean;
  /** The fields where every word and phrase of the query matched, in index order; none for filters alone. */
  matched: SearchField[];
}

export interface SearchResponse {
  query: ParsedQuery;
  /** Every match, best first, as document numbers. */
  documents: number[];
  /** The results from `offset`, with what they show. */
  hits: SearchHit[];
  offset: number;
}

export const DEFAULT_LIMIT = 20;

export class SearchEngine {
  readonly #parts: IndexParts;
  readonly #words: WordLookup;
  readonly #phrases: PhraseLookup;

  constructor(load: PartLoader) {
    this.#parts = new IndexParts(load);
    this.#words = new WordLookup(this.#parts);
    this.#phrases = new PhraseLookup(this.#parts, this.#words);
  }

  /** The core part; loading it first lets the page say "ready" before anyone types. */
  core(): Promise<CorePart> {
    return this.#parts.core();
  }

  /** A result, from what its docs entry shows. */
  #hit(
    core: CorePart,
    document: number,
    entry: DocsEntry,
    exactNames: ReadonlySet<number>,
    fields = 0,
  ): SearchHit {
    const display = displayOf(entry, (option) => core.facets.status[option]?.label ?? '');
    const matched = Object.entries(core.fieldIds)
      .filter(([, id]) => (fields & bit(id)) !== 0)
      .sort((a, b) => a[1] - b[1])
      .map(([field]) => field as SearchField);
    return {
      document,
      ...display,
      exactName: exactNames.has(document),
      matched,
    };
  }

  /** The facts of the given documents, from the facts files their numbers fall in. */
  facts(documents: Iterable<number>): Promise<Map<number, DocumentFacts>> {
    return this.#parts.facts(documents);
  }

  /** How many of `documents` have each option of each facet, in the order of the core's options (facets.ts). */
  facetCounts(documents: readonly number[]): Promise<Record<FacetName, number[]>> {
    return facetCounts(this.#parts, documents);
  }

  /** The legal objects of a document, for the excerpt of a match in them. */
  objects(document: number): Promise<string> {
    return this.#parts.objects(document);
  }

  /** What results show of every document given, in that order (a download of the whole result set). */
  async details(documents: readonly number[]): Promise<SearchHit[]> {
    const core = await this.core();
    // The docs files alone: for every result, a word's cards would mostly add bytes.
    const shown = await this.#parts.display(documents, false);
    return documents.map((document) => this.#hit(core, document, shown.get(document)!, new Set()));
  }

  /** The documents in the order asked for (relevance is the order they come in), those no longer on the register last. */
  async #sorted(core: CorePart, documents: number[], sort: SortOrder): Promise<number[]> {
    // Document numbers follow the A–Z order, with those no longer on the register after the rest.
    if (sort === 'name') return [...documents].sort((a, b) => a - b);
    const sorted = sort === 'income' ? [...documents].sort(byIncome(await this.facts(documents))) : documents;
    return formerLast(sorted, core.formerFrom);
  }

  /**
   * For a query that finds nothing, the query with each word that matches nothing, in quotes or
   * not, replaced by the indexed word nearest to it ("little buddys" → "little buddies",
   * `"glaway simon"` → `"galway simon"`), when that query finds something.
   */
  async suggest(raw: string): Promise<string | undefined> {
    await this.core();
    const suggestion = await mendedQuery(parseSearchBoxQuery(raw), async (word) =>
      (await this.#words.wordFields(word)).size > 0
        ? word.word
        : nearestWord(this.#parts, this.#words, word.word),
    );
    if (suggestion === undefined) return undefined;
    const { documents } = await this.search({ query: `${suggestion} `, limit: 0 });
    return documents.length > 0 ? suggestion : undefined;
  }

  /**
   * The words of a query the index holds only with a typo (not as typed, nor as the beginning of
   * a word when the query ends on it), each with the word it matched that most records use:
   * "hospise" → "hospice".
   */
  async corrections(raw: string): Promise<Map<string, string>> {
    await this.core();
    return typoCorrections(this.#words, raw);
  }

  /**
   * The matches of each word and phrase of a query, scored only where every one of them and the
   * filters keep the document. First which documents match, from the postings alone: a phrase's
   * words are looked up at once beside the query's words, but its positions are read only for
   * the documents that every word and the filters keep. Then only the documents every unit keeps
   * are scored.
   */
  async #unitsOf(query: ParsedQuery, accepting: Promise<Acceptance>): Promise<UnitMatches[]> {
    // A phrase's words are looked up at once, and their cards read while its positions are (a
    // failure here is the phrase's own, and reported when it is awaited there).
    for (const phrase of query.phrases) {
      for (const word of phrase)
        this.#words
          .wordFields(exactly(word))
          .then(() => this.#parts.readCards(word))
          .catch(() => undefined);
    }
    const [wordFields, accept] = await Promise.all([
      Promise.all(query.words.map((word) => this.#words.wordFields(word))),
      accepting,
    ]);
    // Beside a phrase, the cards of the rarest other word, whose documents hold every result, are
    // read while the phrase's positions are: read with the docs files of the results they leave
    // out, they made one request more than the six a browser sends a host at once, and a round.
    if (query.phrases.length > 0 && wordFields.length > 0) {
      const rarest = wordFields.reduce(
        (best, fields, at) => (fields.size < wordFields[best]!.size ? at : best),
        0,
      );
      this.#parts.readCards(query.words[rarest]!.word);
    }
    const alongside = wordFields.length === 0 ? undefined : intersectFields(wordFields);
    const within =
      alongside === undefined && accept === undefined
        ? undefined
        : (document: number) =>
            (alongside === undefined || alongside.has(document)) && (!accept || accept(document));
    const phraseFields = await Promise.all(
      query.phrases.map((phrase) => this.#phrases.phraseFields(phrase, within)),
    );
    const unitFields = [...wordFields, ...phraseFields];
    // A query of one unit and no filter keeps every document it matches: nothing to leave out.
    let among: Set<number> | undefined;
    if (unitFields.length > 1 || accept) {
      among = new Set();
      for (const document of intersectFields(unitFields).keys())
        if (!accept || accept(document)) among.add(document);
    }
    return Promise.all([
      ...query.words.map((word) => this.#words.wordScores(word, among)),
      ...query.phrases.map((phrase, at) => this.#phrases.phraseScores(phrase, phraseFields[at]!, among)),
    ]);
  }

  /** Runs a query: every match ranked (an exact name first, then by score), and one page of hits. */
  async search(request: SearchRequest): Promise<SearchResponse> {
    const core = await this.core();
    const query = parseSearchBoxQuery(request.query);
    const filters = request.filters ?? {};
    const offset = Math.max(0, Math.floor(request.offset ?? 0));
    const limit = Math.max(0, Math.floor(request.limit ?? DEFAULT_LIMIT));
    const hasFilter = FACET_NAMES.some((facet) => filters[facet] !== undefined);
    if (isEmptyQuery(query) && !hasFilter) return { query, documents: [], hits: [], offset };

    const accepting = acceptance(this.#parts, filters);
    const units =
      query.words.length === 1 && query.phrases.length === 0 && !hasFilter
        ? // One word and no filter: every document it matches is a result, scored at once.
          [await this.#words.wordScores(query.words[0]!, undefined)]
        : await this.#unitsOf(query, accepting);
    const accept = await accepting;

    const ranking =
      units.length === 0
        ? filtered(core, accept)
        : ranked(core, query, units, accept, this.#words.nameLengths);
    const { exactNames, fields } = ranking;
    const documents = await this.#sorted(core, ranking.documents, request.sort ?? 'relevance');

    const page = documents.slice(offset, offset + limit);
    const shown = await this.#parts.display(page);
    const hits = page.map((document) =>
      this.#hit(core, document, shown.get(document)!, exactNames, fields.get(document)),
    );
    return { query, documents, hits, offset };
  }
}
