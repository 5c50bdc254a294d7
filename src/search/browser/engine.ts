// The query engine the browser runs, and the tests and the benchmark run in Node over the same
// built files. It knows nothing of the DOM or of how a part is loaded: it asks a loader for parts
// by name, so a query loads only the core, one terms shard per word, the positions a phrase
// needs and the results it shows.
import type { SearchResult as MiniSearchResult } from 'minisearch';
import { columnValue, decodeDocuments, OccurrenceIndex } from '../format/codec.ts';
import {
  bit,
  fieldsOnly,
  followingEachOther,
  intersect,
  intersectFields,
  type DocumentFields,
  type Occurrences,
  type UnitMatches,
} from '../format/matches.ts';
import { chunkOf, INDEX_FORMAT } from '../format/options.ts';
import { shardIndex, type ShardIndex } from '../format/shard-index.ts';
import { ShardTable } from '../format/shards.ts';
import {
  FACET_NAMES,
  MULTI_FACETS,
  partName,
  type ColumnPart,
  type CorePart,
  type DocsPart,
  displayOf,
  type FacetName,
  type FactsPart,
  type MembersPart,
  type ObjectsPart,
  type PositionsPart,
  type TermsEntry,
  type TermsPart,
} from '../format/parts.ts';
import { editDistance, isEmptyQuery, parseQuery, type ParsedQuery, type QueryWord } from '../format/query.ts';
import { decodeFacts, type DocumentFacts } from '../format/facts.ts';
import { mendedQuery, nearbyShardWords } from './spelling.ts';
import type { SearchDisplay, SearchField } from '../format/fields.ts';

/** Loads one part of the index by name (`core`, `terms/3`, ...) and resolves to its contents. */
export type PartLoader = (name: string) => Promise<unknown>;

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

/** Word results kept for the next keystrokes, which mostly repeat all but the last word. */
const WORD_CACHE_SIZE = 64;

export const DEFAULT_LIMIT = 20;

/**
 * A result set in at most this many facts files (some 2 kB each at 128 organisations a file) has
 * its filters counted from them; beyond, from the six filter parts (some 240 kB at 35,000
 * organisations), which then cost less than the facts files and stay loaded for the next query.
 */
export const FACTS_FILES_FOR_COUNTS = 32;

/** A suggestion for a word that matches nothing is at most this many edits away. */
const SUGGESTION_EDITS = 2;

/** The documents of a query in the order shown, those whose whole name the query is, and where each matched. */
interface Ranking {
  documents: number[];
  exactNames: Set<number>;
  /** Per document, a bit mask of the fields where every unit of the query matched. */
  fields: Map<number, number>;
}

/** Income sorts highest first; none after every amount. */
function byIncome(facts: ReadonlyMap<number, DocumentFacts>) {
  return (a: number, b: number): number => {
    const first = facts.get(a)?.incomeCents;
    const second = facts.get(b)?.incomeCents;
    if (first === undefined || second === undefined)
      return Number(first === undefined) - Number(second === undefined);
    return second - first;
  };
}

/**
 * The documents in the same order, except that those from `formerFrom` on (no longer on the
 * register) come after all the others.
 */
function formerLast(documents: readonly number[], formerFrom: number): number[] {
  const current: number[] = [];
  const former: number[] = [];
  for (const document of documents) (document < formerFrom ? current : former).push(document);
  return former.length === 0 ? current : current.concat(former);
}

/**
 * Whether MiniSearch's search for `word` can match `term`: the word itself, a longer word it
 * begins when it is a prefix, or a word within its typos (Levenshtein distance, as MiniSearch's).
 */
export function mayMatch(term: string, word: QueryWord): boolean {
  if (term === word.word) return true;
  if (word.prefix && term.startsWith(word.word)) return true;
  return (
    word.fuzzy > 0 &&
    Math.abs(term.length - word.word.length) <= word.fuzzy &&
    editDistance(term, word.word) <= word.fuzzy
  );
}

/** A word of a phrase, which is matched exactly: no prefix, no typo. */
function exactly(word: string): QueryWord {
  return { word, prefix: false, fuzzy: 0 };
}

export class SearchEngine {
  readonly #load: PartLoader;
  readonly #parts = new Map<string, Promise<unknown>>();
  /** MiniSearch indexes by shard key (every word of the shard), or by shard key and query word (the words it can match). */
  readonly #shards = new Map<string, Promise<ShardIndex | undefined>>();
  readonly #positions = new Map<string, OccurrenceIndex>();
  readonly #units = new Map<string, Promise<DocumentFields>>();
  /** Words with positions files of their own, from the shards loaded so far: [first file, files]. */
  readonly #ownPositions = new Map<string, readonly [number, number]>();
  /** Name lengths (unique words) of the documents in the name postings loaded so far. */
  readonly #nameLengths = new Map<number, number>();
  #core: Promise<CorePart> | undefined;
  #table = new ShardTable([], []);

  constructor(load: PartLoader) {
    this.#load = load;
  }

  #part<T>(name: string): Promise<T> {
    let part = this.#parts.get(name);
    if (!part) {
      part = this.#load(name);
      // A part that failed may load on a later attempt (a flaky host); do not keep the failure.
      part.catch(() => this.#parts.delete(name));
      this.#parts.set(name, part);
    }
    return part as Promise<T>;
  }

  /** The core part; loading it first lets the page say "ready" before anyone types. */
  core(): Promise<CorePart> {
    this.#core ??= this.#part<CorePart>(partName.core()).then((core) => {
      if (core.format !== INDEX_FORMAT)
        throw new Error(`search index format ${core.format}, expected ${INDEX_FORMAT}`);
      this.#table = ShardTable.decode(core);
      return core;
    });
    return this.#core;
  }

  /** The entries of one shard, and the positions files of its common words noted. */
  #entries(key: string): Promise<TermsEntry[] | undefined> {
    return this.core().then(async () => {
      const files = this.#table.files.get(key);
      if (!files) return undefined;
      const entries = (await this.#part<TermsPart>(partName.terms(files[0])))[key] ?? [];
      for (const [term, , positions] of entries) if (positions) this.#ownPositions.set(term, positions);
      return entries;
    });
  }

  /**
   * The index a word is searched in: its shard's words that the search can match (itself, the
   * words it begins when it is a prefix, those within its typos), which is what MiniSearch would
   * find of it in the whole shard, with the same scores, since a word's score depends only on its
   * own postings. An index that holds every word of the shard is kept for any later word in it.
   */
  #indexFor(key: string, word: QueryWord): Promise<ShardIndex | undefined> {
    const whole = this.#shards.get(key);
    if (whole) return whole;
    const wordKey = `${key}\u0000${word.word}\u0000${word.prefix}\u0000${word.fuzzy}`;
    let index = this.#shards.get(wordKey);
    if (!index) {
      index = this.core().then(async (core) => {
        const entries = await this.#entries(key);
        if (!entries) return undefined;
        const matching = entries.filter(([term]) => mayMatch(term, word));
        const built = shardIndex(core, matching, this.#nameLengths);
        if (matching.length === entries.length) this.#shards.set(key, Promise.resolve(built));
        return built;
      });
      index.catch(() => this.#shards.delete(wordKey));
      this.#shards.set(wordKey, index);
    }
    return index;
  }

  /** A unit's documents and fields, kept for the next keystrokes, which mostly repeat all but the last word. */
  #remember(key: string, compute: () => Promise<DocumentFields>): Promise<DocumentFields> {
    let matches = this.#units.get(key);
    if (matches) {
      this.#units.delete(key);
    } else {
      matches = compute();
      matches.catch(() => this.#units.delete(key));
    }
    this.#units.set(key, matches);
    if (this.#units.size > WORD_CACHE_SIZE) this.#units.delete(this.#units.keys().next().value!);
    return matches;
  }

  /** The indexes of the shards a word's matches can come from. */
  #indexesFor(word: QueryWord): Promise<(ShardIndex | undefined)[]> {
    return Promise.all(this.#table.keysFor(word.word, word.prefix).map((key) => this.#indexFor(key, word)));
  }

  /**
   * The documents a word matches (exactly, by prefix when it is the last word, or with a typo)
   * and the fields it matches in, read from its postings without scoring them.
   */
  #wordFields(word: QueryWord): Promise<DocumentFields> {
    return this.#remember(`w:${word.word}:${word.prefix}:${word.fuzzy}`, async () => {
      await this.core();
      const fields: DocumentFields = new Map();
      for (const index of await this.#indexesFor(word)) {
        index?.addFieldsOf(
          index.terms.filter((term) => mayMatch(term, word)),
          fields,
        );
      }
      return fields;
    });
  }

  /**
   * A word's matches with MiniSearch's scores, of the documents `among` keeps (all when
   * undefined): MiniSearch scores only those (a document boost of 0 skips the others before
   * they are scored, and 1 leaves a score as it is), and their scores are what a search of every
   * document gives them.
   */
  async #wordScores(word: QueryWord, among: ReadonlySet<number> | undefined): Promise<UnitMatches> {
    const core = await this.core();
    const matches: UnitMatches = new Map();
    const boostDocument = among && ((document: number) => (among.has(document) ? 1 : 0));
    for (const index of await this.#indexesFor(word)) {
      if (!index) continue;
      const results: MiniSearchResult[] = index.search(word.word, {
        prefix: word.prefix,
        fuzzy: word.fuzzy > 0 ? word.fuzzy : false,
        combineWith: 'OR',
        ...(boostDocument && { boostDocument }),
      });
      // Shards hold different words, so adding their scores is what one index would give.
      for (const result of results) {
        const document = result.id as number;
        let match = matches.get(document);
        if (!match) {
          match = { score: 0, fields: 0 };
          matches.set(document, match);
        }
        match.score += result.score;
        for (const term in result.match) {
          for (const field of result.match[term]!) match.fields |= bit(core.fieldIds[field]!);
        }
      }
    }
    return matches;
  }

  /** Where a word occurs in the given documents: a lookup of its positions by document and field. */
  async #occurrences(term: string, documents: Iterable<number>): Promise<Occurrences> {
    const core = await this.core();
    const key = this.#table.keyOf(term);
    const files = this.#table.files.get(key);
    if (!files) return () => undefined;
    const [firstFile, chunks] = this.#ownPositions.get(term) ?? [files[1], files[2]];
    const needed = new Set<number>();
    for (const document of documents) needed.add(chunkOf(document, core.documentCount, chunks));
    const byChunk = new Map(
      await Promise.all(
        [...needed].map(async (chunk) => {
          const file = firstFile + chunk;
          const cacheKey = `${file}:${term}`;
          let index = this.#positions.get(cacheKey);
          if (!index) {
            const encoded = (await this.#part<PositionsPart>(partName.positions(file)))[key]?.[term];
            index = new OccurrenceIndex(encoded ?? '');
            this.#positions.set(cacheKey, index);
          }
          return [chunk, index] as const;
        }),
      ),
    );
    return (document, field) =>
      byChunk.get(chunkOf(document, core.documentCount, chunks))?.positions(document, field);
  }

  /**
   * The documents with a phrase and the fields where its words follow each other: the documents
   * with all its words, then their word positions. With `within`, only the documents it accepts
   * are looked at (those the rest of the query keeps): their positions are all that is read and
   * checked, and the answer is not kept for later.
   */
  #phraseFields(words: readonly string[], within?: (document: number) => boolean): Promise<DocumentFields> {
    const compute = async (): Promise<DocumentFields> => {
      const core = await this.core();
      const each = await Promise.all(words.map((word) => this.#wordFields(exactly(word))));
      const candidates: UnitMatches = new Map();
      for (const [document, fields] of intersectFields(each)) {
        if (!within || within(document)) candidates.set(document, { score: 0, fields });
      }
      if (words.length === 1 || candidates.size === 0) return fieldsOnly(candidates);
      const distinct = [...new Set(words)];
      const lookups = new Map(
        await Promise.all(
          distinct.map(async (word) => [word, await this.#occurrences(word, candidates.keys())] as const),
        ),
      );
      const positionsOf = words.map((word) => lookups.get(word)!);
      return fieldsOnly(followingEachOther(candidates, positionsOf, Object.values(core.fieldIds)));
    };
    return within ? compute() : this.#remember(`p:${words.join(' ')}`, compute);
  }

  /** A phrase's matches: its documents and fields, scored as MiniSearch scores its words (added up). */
  async #phraseScores(
    words: readonly string[],
    fields: DocumentFields,
    among: ReadonlySet<number> | undefined,
  ): Promise<UnitMatches> {
    const scored = intersect(
      await Promise.all(
        words.map((word) => this.#wordScores(exactly(word), among ?? new Set(fields.keys()))),
      ),
    );
    const matches: UnitMatches = new Map();
    for (const [document, matched] of fields) {
      const score = scored.get(document)?.score;
      if (score !== undefined && (!among || among.has(document)))
        matches.set(document, { score, fields: matched });
    }
    return matches;
  }

  async #filter(filters: SearchFilters): Promise<((document: number) => boolean) | undefined> {
    const core = await this.core();
    const tests: ((document: number) => boolean)[] = [];
    for (const facet of FACET_NAMES) {
      const key = filters[facet];
      if (key === undefined) continue;
      const part = await this.#part<ColumnPart | MembersPart>(partName.facet(facet));
      if (facet === 'county' || facet === 'sector') {
        const { column, width } = part as ColumnPart;
        const value = core.facets[facet].findIndex((option) => option.key === key);
        tests.push((document) => columnValue(column, width, document) === value);
      } else {
        const encoded = (part as MembersPart)[key];
        const members = new Set(encoded ? decodeDocuments(encoded) : []);
        tests.push((document) => members.has(document));
      }
    }
    return tests.length === 0 ? undefined : (document) => tests.every((test) => test(document));
  }

  /** Every document a filter accepts, in index order (a search by filters alone). */
  #filtered(core: CorePart, accept: ((document: number) => boolean) | undefined): Ranking {
    const documents: number[] = [];
    for (let document = 0; document < core.documentCount; document += 1) {
      if (!accept || accept(document)) documents.push(document);
    }
    return { documents, exactNames: new Set(), fields: new Map() };
  }

  /** The documents every unit matched, an exact name first, then by score. */
  #ranked(
    core: CorePart,
    query: ParsedQuery,
    units: readonly UnitMatches[],
    accept: ((document: number) => boolean) | undefined,
  ): Ranking {
    const exactNames = new Set<number>();
    const nameField = core.fieldIds['name']!;
    const queryWords = new Set([...query.words.map(({ word }) => word), ...query.phrases.flat()]).size;
    const ranked: { document: number; exact: boolean; score: number }[] = [];
    const fields = new Map<number, number>();
    // A query of one field (`director:`) keeps the documents where every unit matched in it.
    const only = query.field === undefined ? 0 : bit(core.fieldIds[query.field]!);
    for (const [document, { score, fields: matched }] of intersect(units)) {
      if (accept && !accept(document)) continue;
      if ((matched & only) !== only) continue;
      fields.set(document, matched);
      const exact =
        this.#nameLengths.get(document) === queryWords &&
        units.every((unit) => (unit.get(document)!.fields & bit(nameField)) !== 0);
      ranked.push({ document, exact, score });
      if (exact) exactNames.add(document);
    }
    ranked.sort((a, b) => Number(b.exact) - Number(a.exact) || b.score - a.score || a.document - b.document);
    return { documents: ranked.map(({ document }) => document), exactNames, fields };
  }

  /** What a result shows of a document, from its docs part. */
  async #hit(
    core: CorePart,
    document: number,
    exactNames: ReadonlySet<number>,
    fields = 0,
  ): Promise<SearchHit> {
    const docs = await this.#part<DocsPart>(partName.docs(Math.floor(document / core.docsPerFile)));
    const display = displayOf(
      docs[document % core.docsPerFile]!,
      (option) => core.facets.status[option]?.label ?? '',
    );
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
  async facts(documents: Iterable<number>): Promise<Map<number, DocumentFacts>> {
    const core = await this.core();
    const files = new Set<number>();
    for (const document of documents) files.add(Math.floor(document / core.factsPerFile));
    const byDocument = new Map<number, DocumentFacts>();
    await Promise.all(
      [...files].map(async (file) => {
        const decoded = decodeFacts(await this.#part<FactsPart>(partName.facts(file)));
        decoded.forEach((facts, offset) => byDocument.set(file * core.factsPerFile + offset, facts));
      }),
    );
    return byDocument;
  }

  /**
   * How many of `documents` have each option of each facet, in the order of the core's options:
   * counted over every document given, not only a page of them. A result set in a few facts files
   * is counted from them; one spread wider, from the six filter parts (which a filter loads
   * anyway), rather than from the facts files, of which it would need nearly every one.
   */
  async facetCounts(documents: readonly number[]): Promise<Record<FacetName, number[]>> {
    const core = await this.core();
    const factsFiles = new Set(documents.map((document) => Math.floor(document / core.factsPerFile)));
    return factsFiles.size <= FACTS_FILES_FOR_COUNTS
      ? this.#countsFromFacts(core, documents)
      : this.#countsFromFilters(core, documents);
  }

  async #countsFromFacts(core: CorePart, documents: readonly number[]): Promise<Record<FacetName, number[]>> {
    const facts = await this.facts(documents);
    const counts = Object.fromEntries(
      FACET_NAMES.map((facet) => [facet, new Array<number>(core.facets[facet].length).fill(0)]),
    ) as Record<FacetName, number[]>;
    for (const document of documents) {
      const of = facts.get(document);
      if (!of) continue;
      counts.county[of.county]! += 1;
      counts.sector[of.sector]! += 1;
      for (const facet of MULTI_FACETS) for (const option of of[facet]) counts[facet][option]! += 1;
    }
    return counts;
  }

  async #countsFromFilters(
    core: CorePart,
    documents: readonly number[],
  ): Promise<Record<FacetName, number[]>> {
    const parts = await Promise.all(
      FACET_NAMES.map((facet) => this.#part<ColumnPart | MembersPart>(partName.facet(facet))),
    );
    const given = new Uint8Array(core.documentCount);
    for (const document of documents) given[document] = 1;
    const counts = {} as Record<FacetName, number[]>;
    FACET_NAMES.forEach((facet, at) => {
      const options = core.facets[facet];
      const facetCounts = new Array<number>(options.length).fill(0);
      if (facet === 'county' || facet === 'sector') {
        const { column, width } = parts[at] as ColumnPart;
        for (const document of documents) facetCounts[columnValue(column, width, document)]! += 1;
      } else {
        options.forEach(({ key }, option) => {
          const encoded = (parts[at] as MembersPart)[key];
          for (const document of encoded ? decodeDocuments(encoded) : [])
            facetCounts[option]! += given[document]!;
        });
      }
      counts[facet] = facetCounts;
    });
    return counts;
  }

  /** The legal objects of a document, for the excerpt of a match in them. */
  async objects(document: number): Promise<string> {
    const core = await this.core();
    const objects = await this.#part<ObjectsPart>(
      partName.objects(Math.floor(document / core.objectsPerFile)),
    );
    return objects[document % core.objectsPerFile] ?? '';
  }

  /** What results show of every document given, in that order (a download of the whole result set). */
  async details(documents: readonly number[]): Promise<SearchHit[]> {
    const core = await this.core();
    return Promise.all(documents.map((document) => this.#hit(core, document, new Set())));
  }

  /** The documents in the order asked for (relevance is the order they come in), those no longer on the register last. */
  async #sorted(core: CorePart, documents: number[], sort: SortOrder): Promise<number[]> {
    // Document numbers follow the A–Z order, with those no longer on the register after the rest.
    if (sort === 'name') return [...documents].sort((a, b) => a - b);
    const sorted = sort === 'income' ? [...documents].sort(byIncome(await this.facts(documents))) : documents;
    return formerLast(sorted, core.formerFrom);
  }

  /**
   * The indexed word nearest to `word` within two edits, or none: looked for in its shard and in
   * those a slip in its first letters would have sent it from (spelling.ts: nearbyShardWords).
   */
  async #nearest(word: string): Promise<string | undefined> {
    const lookup: QueryWord = { word, prefix: false, fuzzy: SUGGESTION_EDITS };
    const keys = new Set(nearbyShardWords(word).flatMap((nearby) => this.#table.keysFor(nearby, false)));
    const shards = await Promise.all([...keys].map((key) => this.#indexFor(key, lookup)));
    const documentsByTerm = new Map<string, number>();
    for (const shard of shards) {
      for (const result of shard?.search(word, { fuzzy: SUGGESTION_EDITS, combineWith: 'OR' }) ?? []) {
        for (const term of result.terms) documentsByTerm.set(term, (documentsByTerm.get(term) ?? 0) + 1);
      }
    }
    // The fewest edits first; of those, the word most records use.
    let best: { term: string; edits: number; documents: number } | undefined;
    for (const [term, documents] of documentsByTerm) {
      const edits = editDistance(word, term);
      if (best === undefined || edits < best.edits || (edits === best.edits && documents > best.documents)) {
        best = { term, edits, documents };
      }
    }
    return best?.term;
  }

  /**
   * For a query that finds nothing, the query with each word that matches nothing, in quotes or
   * not, replaced by the indexed word nearest to it ("little buddys" → "little buddies",
   * `"glaway simon"` → `"galway simon"`), when that query finds something.
   */
  async suggest(raw: string): Promise<string | undefined> {
    await this.core();
    const suggestion = await mendedQuery(parseQuery(raw), async (word) =>
      (await this.#wordFields(word)).size > 0 ? word.word : this.#nearest(word.word),
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
    const corrected = new Map<string, string>();
    for (const word of parseQuery(raw).words) {
      if (word.fuzzy === 0) continue;
      let asTyped = false;
      let best: { term: string; documents: number } | undefined;
      for (const index of await this.#indexesFor(word)) {
        for (const term of index?.terms ?? []) {
          if (!mayMatch(term, word)) continue;
          if (term === word.word || (word.prefix && term.startsWith(word.word))) asTyped = true;
          const documents = new Map<number, number>();
          index!.addFieldsOf([term], documents);
          if (best === undefined || documents.size > best.documents)
            best = { term, documents: documents.size };
        }
      }
      if (!asTyped && best !== undefined) corrected.set(word.word, best.term);
    }
    return corrected;
  }

  /**
   * The matches of each word and phrase of a query, scored only where every one of them and the
   * filters keep the document. First which documents match, from the postings alone: a phrase's
   * words are looked up at once beside the query's words, but its positions are read only for
   * the documents that every word and the filters keep. Then only the documents every unit keeps
   * are scored.
   */
  async #unitsOf(
    query: ParsedQuery,
    accepting: Promise<((document: number) => boolean) | undefined>,
  ): Promise<UnitMatches[]> {
    // (A failure here is the phrase's own, and reported when it is awaited there.)
    for (const phrase of query.phrases) {
      for (const word of phrase) this.#wordFields(exactly(word)).catch(() => undefined);
    }
    const [wordFields, accept] = await Promise.all([
      Promise.all(query.words.map((word) => this.#wordFields(word))),
      accepting,
    ]);
    const alongside = wordFields.length === 0 ? undefined : intersectFields(wordFields);
    const within =
      alongside === undefined && accept === undefined
        ? undefined
        : (document: number) =>
            (alongside === undefined || alongside.has(document)) && (!accept || accept(document));
    const phraseFields = await Promise.all(query.phrases.map((phrase) => this.#phraseFields(phrase, within)));
    const unitFields = [...wordFields, ...phraseFields];
    // A query of one unit and no filter keeps every document it matches: nothing to leave out.
    let among: Set<number> | undefined;
    if (unitFields.length > 1 || accept) {
      among = new Set();
      for (const document of intersectFields(unitFields).keys())
        if (!accept || accept(document)) among.add(document);
    }
    return Promise.all([
      ...query.words.map((word) => this.#wordScores(word, among)),
      ...query.phrases.map((phrase, at) => this.#phraseScores(phrase, phraseFields[at]!, among)),
    ]);
  }

  /** Runs a query: every match ranked (an exact name first, then by score), and one page of hits. */
  async search(request: SearchRequest): Promise<SearchResponse> {
    const core = await this.core();
    const query = parseQuery(request.query);
    const filters = request.filters ?? {};
    const offset = Math.max(0, Math.floor(request.offset ?? 0));
    const limit = Math.max(0, Math.floor(request.limit ?? DEFAULT_LIMIT));
    const hasFilter = FACET_NAMES.some((facet) => filters[facet] !== undefined);
    if (isEmptyQuery(query) && !hasFilter) return { query, documents: [], hits: [], offset };

    const accepting = this.#filter(filters);
    const units =
      query.words.length === 1 && query.phrases.length === 0 && !hasFilter
        ? // One word and no filter: every document it matches is a result, scored at once.
          [await this.#wordScores(query.words[0]!, undefined)]
        : await this.#unitsOf(query, accepting);
    const accept = await accepting;

    const ranking =
      units.length === 0 ? this.#filtered(core, accept) : this.#ranked(core, query, units, accept);
    const { exactNames, fields } = ranking;
    const documents = await this.#sorted(core, ranking.documents, request.sort ?? 'relevance');

    const page = documents.slice(offset, offset + limit);
    const hits = await Promise.all(
      page.map((document) => this.#hit(core, document, exactNames, fields.get(document))),
    );
    return { query, documents, hits, offset };
  }
}
