// The candidate searches and what each is worth: every word, phrase and facet of the organisations
// met is offered, scored by what it is expected to find, and handed out best first.
import type { AskedSearches } from './asked.ts';
import type { CapWatch } from './cap.ts';
import { Candidates } from './candidates.ts';
import type { GrammarCheck } from './grammar.ts';
import { groupOf, keyedQuery, wordsOfQuery, type Query } from './query.ts';
import type { Matches } from './known.ts';
import type { TermIndex } from './terms.ts';
import { CertifyYield, FacetTrend, GroupRatios, GroupYields, groupYield, worth } from './worth.ts';

/** What the pool reads of the planner's state. */
export interface PoolContext {
  terms: TermIndex;
  asked: AskedSearches;
  cap: CapWatch;
  grammar: GrammarCheck;
  /** The register's estimated size, or null before there is an estimate. */
  estimatedRegister: () => number | null;
  /** Organisations the lists named (and were not found gone). */
  listed: () => number;
}

/** The candidates offered so far, and the yields of the facet queries answered. */
export class CandidatePool {
  readonly #context: PoolContext;
  readonly #candidates = new Candidates((query) => this.#expectedYield(query));
  /** Keys of the facet queries offered: they cover the register between them. */
  readonly #facets = new Set<string>();
  /** What the facet queries answered so far found, by group. */
  readonly #facetYields = new GroupYields();
  /** What the facet queries answered whole held, against the listed organisations among it, by group. */
  readonly #facetRatios = new GroupRatios();
  /** What the recent facet answers found. */
  readonly #facetTrend = new FacetTrend();
  /** What the recent answers that showed known organisations whole found. */
  readonly #certify = new CertifyYield();

  constructor(context: PoolContext) {
    this.#context = context;
  }

  /** The best candidate now, taken out; undefined when none is worth sending. */
  best(): Query | undefined {
    return this.#candidates.best();
  }

  /** Scores every candidate afresh. */
  rescore(): void {
    this.#candidates.rescore();
  }

  /**
   * An answer to `query` that found `found` new organisations, `whole` results when it came back
   * under the cap: counted for its group if a facet query.
   */
  answered(query: Query, found: number, whole: number | undefined): void {
    if (!this.#facets.has(query.key)) return;
    this.#facetYields.add(groupOf(query), found);
    if (whole === undefined) return;
    this.#facetRatios.add(groupOf(query), whole, this.#context.terms.matches(query).listed);
    const wasDry = this.#facetTrend.dry;
    this.#facetTrend.add(found, whole);
    if (!wasDry && this.#facetTrend.dry) this.#facetsDried();
  }

  /**
   * An answer under the cap that found `found` new organisations and showed `shown` known ones
   * whole that no answer under the cap had returned before.
   */
  shownWhole(found: number, shown: number): void {
    if (shown > 0) this.#certify.add(found, shown);
  }

  /**
   * The facet queries have dried up: every word never asked is offered again (those worth nothing
   * until now were dropped) and every candidate scored afresh, to be weighed against them.
   */
  #facetsDried(): void {
    for (const term of this.#context.terms.termList()) if (!term.includes(' ')) this.offerWord(term);
    this.#candidates.rescore();
  }

  offerFacet(text: string): void {
    const query = keyedQuery(text);
    if (this.#facets.has(query.key)) return;
    this.#facets.add(query.key);
    this.offer(query);
    if (this.#context.grammar.grammar === 'any') this.#offerGroupAlone(query);
  }

  /**
   * Several words mean any of them: a facet query (a county and a sub-sector) widens to either,
   * so each group's sub-sector is asked as a phrase alone, as a facet query of its own. Where the
   * sub-sector is small its answer is whole, and reaches the organisations whose other words are
   * all their own or in answers at the cap, as the facet queries do under the other grammar.
   */
  anyGrammar(): void {
    for (const key of [...this.#facets]) this.#offerGroupAlone(keyedQuery(key));
  }

  #offerGroupAlone(facet: Query): void {
    const group = groupOf(facet);
    if (group === '' || facet.phrases.length !== 1 || facet.words.length === 0) return;
    const alone = keyedQuery(`"${group}"`);
    if (this.#facets.has(alone.key)) return;
    this.#facets.add(alone.key);
    this.offer(alone);
  }

  /**
   * Offers a folded word as a query. Its key is the word itself, so one offered or answered before
   * is passed over before its written form is parsed: every record and answer offers all its words.
   */
  offerWord(word: string): void {
    if (this.#candidates.has(word) || this.#context.asked.isAnswered(word)) return;
    this.offer(keyedQuery(this.#context.terms.spelling(word)));
  }

  /** Folded words offered as the quoted phrase of their written forms. */
  offerPhrase(pair: string): void {
    const key = `"${pair}"`;
    if (this.#candidates.has(key) || this.#context.asked.isAnswered(key)) return;
    const text = pair
      .split(' ')
      .map((word) => this.#context.terms.spelling(word))
      .join(' ');
    this.offer(keyedQuery(`"${text}"`));
  }

  /** Offers a query as a candidate, with what it is known to match when that is counted already. */
  offer(query: Query, matches?: Matches): void {
    if (query.key === '' || this.#candidates.has(query.key) || this.#context.asked.isAnswered(query.key))
      return;
    const score =
      matches === undefined
        ? this.#expectedYield(query)
        : this.#settled(query)
          ? 0
          : this.#worth(query, matches);
    this.#candidates.add(query, score);
  }

  /** Organisations not yet known that a query is expected to return. */
  #expectedYield(query: Query): number {
    return this.#settled(query) ? 0 : this.#worth(query, this.#context.terms.matches(query));
  }

  #worth(query: Query, matches: Matches): number {
    const context = this.#context;
    const facet = this.#facets.has(query.key);
    return worth(matches, {
      register: context.estimatedRegister(),
      listed: context.listed(),
      longest: context.cap.longest,
      cappedNewShare: context.cap.cappedNewShare,
      groupYield: facet ? () => groupYield(this.#facetYields, groupOf(query)) : undefined,
      groupRatio: facet
        ? () => this.#facetRatios.ratio(groupOf(query), context.estimatedRegister(), context.listed())
        : undefined,
      cutShare:
        query.narrowing === undefined ? 0 : matches.known / Math.max(1, query.narrowing.of.matching.size),
      facets: this.#facetTrend,
      certify: this.#certify,
      single:
        !facet && query.narrowing === undefined && query.words.length === 1 && query.phrases.length === 0,
    });
  }

  /** Whether a query can bring nothing new: asked already, or narrower than one that came back whole. */
  #settled(query: Query): boolean {
    const { asked, cap, grammar } = this.#context;
    if (asked.isAsked(query.key) || grammar.widens(query)) return true;
    // A phrase matches only where each of its words does.
    for (const word of wordsOfQuery(query)) {
      const answered = asked.answerTo(word);
      if (answered !== undefined && answered.unanswered !== true && !cap.isCapped(answered.count))
        return true;
    }
    return false;
  }
}
