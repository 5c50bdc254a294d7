// Which search to send next, so that a search that cuts long answers short still yields the whole
// register. Pure: it is told what the lists named and what each search answered, and it says what
// to ask next; the sweep (sweep.ts) does the asking, the storing and the resuming.
//
// The method is the adaptive query selection of hidden-web crawling (Ntoulas, Zerfos & Cho,
// "Downloading textual hidden web content through keyword queries", 2005; Barbosa & Freire,
// "Siphoning hidden-web data through keyword-based interfaces", 2004):
// - every word of every organisation found so far is a candidate query;
// - a candidate's worth is the number of organisations not yet found that it is expected to return,
//   estimated from how often its words occur among the organisations the lists named (the lists
//   do not depend on the searches, so they are a fair sample of the register) scaled to the size
//   of the register, which is itself estimated from the share of search results that the lists
//   also name (capture-recapture);
// - an answer as long as the longest answers is taken to be cut at the service's cap and never
//   trusted to be complete: the query is split into narrower ones (the query and one more word of
//   the organisations it matches) until the answers come back under the cap;
// - the sweep stops when a window of answers brought nothing new (saturation), when no candidate
//   is expected to bring anything, or when its budget of searches is spent.
//
// Two things the literature takes for granted are checked here, since a service may break them:
// - that a narrower query narrows. A service may join several words with OR (any of them, best
//   matches first) rather than AND; then each word added to a capped query widens it. The planner
//   sees it in the answers (their results lack the query's words) and from then on narrows with
//   quoted phrases of two words in a row of the known organisations, which mean the same under
//   either grammar, and sends no query of several terms (each sub-sector is asked alone, as a
//   phrase, in place of its facet queries);
// - that what it learns fits in memory: what it reads of one organisation and what it keeps in all
//   are capped (`LEARNING_LIMITS`), whatever the answers hold.

//
// Each idea has a module of its own under sweep/: the query grammar (query.ts), what is learnt of
// the organisations met (terms.ts), the narrowing of a capped search (narrowing.ts), the worth of a
// candidate (worth.ts), the candidates offered and in order of worth (pool.ts, candidates.ts), the
// searches asked (asked.ts), the register's estimated size (register.ts), the cap (cap.ts) and the
// grammar check (grammar.ts). This class puts them together.
import { AskedSearches } from './sweep/asked.ts';
import { CapWatch } from './sweep/cap.ts';
import {
  BROKEN_AFTER,
  COVERED_HOLD,
  COVERED_SHARE,
  coverageOf,
  RecentYield,
  yieldFloor,
  type SweepCoverage,
  type SweepState,
} from './sweep/coverage.ts';
import { GrammarCheck } from './sweep/grammar.ts';
import { StandIns, longerPhrases, split } from './sweep/narrowing.ts';
import { CandidatePool } from './sweep/pool.ts';
import { keyedQuery, type Query } from './sweep/query.ts';
import { RegisterSample } from './sweep/register.ts';
import { certify, learnListed, learnResults, type Learners } from './sweep/results.ts';
import type { Narrowing } from './sweep/known.ts';
import { TermIndex, type FoundOrganisation, type LearningLimits } from './sweep/terms.ts';
import { RESCORE_GROWTH } from './sweep/worth.ts';

/**
 * The fewest organisations that share must come to: on a smaller register the estimate rests on a
 * handful of organisations returned once, too few to tell two missing from five (on the sample's
 * OR register of 1,000 it said one when five were), and the budget and saturation end the sweep.
 */
const COVERED_FEWEST = 10;

export interface SweepPlannerOptions {
  /** The first queries, sent in this order before any chosen ones. */
  seeds: readonly string[];
  /**
   * Most searches to send, seeds and splits included, given the register's estimated size (the
   * organisations known when there is no estimate yet).
   */
  budget: (registerSize: number) => number;
  /** Answers in a row that found nothing new after which the sweep has saturated, given the register's estimated size. */
  saturationWindow: (registerSize: number) => number;
  /** What the planner may learn; `LEARNING_LIMITS` for any left out. */
  limits?: Partial<LearningLimits>;
}

/** What one answer taught the planner. */
export interface AnswerLesson {
  /** Organisations not known before. */
  found: FoundOrganisation[];
}

/**
 * Chooses the searches of one sweep. Call `list` for each organisation the lists named, `next` for
 * each search to send (undefined: none now; `state` says whether for good), and `answer` with each
 * search's results, in any order.
 */
export class SweepPlanner {
  readonly #options: SweepPlannerOptions;
  readonly #terms: TermIndex;
  readonly #register = new RegisterSample();
  readonly #cap = new CapWatch();
  readonly #grammar = new GrammarCheck();
  readonly #asked = new AskedSearches();
  readonly #pool: CandidatePool;
  readonly #learners: Learners;
  readonly #standIns = new StandIns();
  /** Answers, while none has held a result, to searches for words a listed organisation holds. */
  #emptyProbes = 0;
  #seedIndex = 0;
  #sinceNew = 0;
  /** Answers in a row after which the estimate put the missing under `COVERED_SHARE`. */
  #coveredFor = 0;
  #registerAtRescore = 0;
  readonly #recent = new RecentYield();
  /** Whether the listed organisations' words are all in: until then the estimates lack their sample. */
  #listedIn = false;
  #stopped: SweepState | undefined;

  constructor(options: SweepPlannerOptions) {
    this.#options = options;
    this.#terms = new TermIndex(options.limits, (pair) => {
      if (this.#grammar.grammar === 'any') this.#pool.offerPhrase(pair);
    });
    this.#pool = new CandidatePool({
      terms: this.#terms,
      asked: this.#asked,
      cap: this.#cap,
      grammar: this.#grammar,
      estimatedRegister: () => this.#estimatedRegister(),
      listed: () => this.#register.listed,
    });
    this.#learners = { terms: this.#terms, register: this.#register, pool: this.#pool };
  }

  /** Stops the sweep for a bound of its own (`time`, `limit`): no search is handed out after. */
  stop(state: 'time' | 'limit'): void {
    this.#stopped ??= state;
  }

  /**
   * An organisation whose record answered 404: the search or list that named it is wrong, so it
   * counts neither in what the lists and searches share nor in the register's estimated size.
   */
  gone(id: string): void {
    const key = id.toLowerCase();
    this.#register.gone(key, this.#terms.known.get(key));
  }

  /**
   * A search asked by a run that stopped before its answer came: it may be what stopped it (an
   * answer too large to read), so it is never asked again, nor counted as a search or against the
   * budget; the narrower searches under it are asked in its stead (`listedKnown`).
   */
  unanswered(text: string): void {
    const query = keyedQuery(text);
    if (this.#asked.diedOn(query)) this.#standIns.diedOn(query);
  }

  /**
   * An organisation a list named, with the texts known of it: none at first, then those of its
   * record once it is stored (called again for the same organisation, it learns the new words).
   */
  list(organisation: FoundOrganisation): void {
    learnListed(this.#learners, organisation);
  }

  /** Whether the organisation is known already, from a list or a search. */
  knows(id: string): boolean {
    return this.#terms.known.has(id.toLowerCase());
  }

  /** The next search to send, or undefined when none is worth sending now. */
  next(): string | undefined {
    if (this.#stopped !== undefined) return undefined;
    if (this.#asked.queries + this.#asked.pending >= this.#budget()) return this.#stopWhenIdle('budget');
    const first = this.#nextSeed() ?? this.#standIns.next((key) => this.#asked.isAsked(key));
    if (first !== undefined) return this.#asked.handOut(first);
    // A window of empty answers says the sweep is done only once the search is known to work: while
    // every answer was empty, the listed organisations' own words are asked first.
    const probing = this.#cap.longest === 0 && this.#emptyProbes < BROKEN_AFTER;
    if (!probing && this.#sinceNew >= this.#options.saturationWindow(this.#registerSize()))
      return this.#stopWhenIdle('saturated');
    if (this.#coveredFor >= COVERED_HOLD && this.#covered() && this.#recentYieldLow())
      return this.#stopWhenIdle('covered');
    const chosen = this.#pool.best();
    if (chosen === undefined) return this.#stopWhenIdle('exhausted');
    return this.#asked.handOut(chosen);
  }

  /**
   * Whether the organisations the estimates say are missing have fallen under `COVERED_SHARE` of
   * the register. Asked only once the listed organisations' words are in and the cap is confirmed
   * (answers that are whole leave saturation to say when the sweep is done).
   */
  #covered(): boolean {
    if (!this.#listedIn || !this.#cap.confirmed) return false;
    const register = this.#estimatedRegister();
    if (register === null) return false;
    const allowed = register * COVERED_SHARE;
    if (allowed < COVERED_FEWEST) return false;
    const known = this.#terms.known.size - this.#register.goneCount;
    return register - known <= allowed;
  }

  /**
   * Whether the last answers found too few to go on: the estimate alone is a lower bound. The
   * searches in flight count as spent: stopped now, the sweep still ends with their answers.
   */
  #recentYieldLow(): boolean {
    const spent = this.#asked.queries + this.#asked.pending;
    return this.#recent.mean < yieldFloor(spent, this.#registerSize());
  }

  /** No search now; and none ever, for `state`, once no answer is awaited. */
  #stopWhenIdle(state: SweepState): undefined {
    if (this.#asked.pending === 0) this.#stopped = state;
    return undefined;
  }

  /** The next seed not asked already, taken. */
  #nextSeed(): Query | undefined {
    while (this.#seedIndex < this.#options.seeds.length) {
      const query = keyedQuery(this.#options.seeds[this.#seedIndex++] ?? '');
      if (query.key !== '' && !this.#asked.isAsked(query.key)) return query;
    }
    return undefined;
  }

  /**
   * A search's answer: `results` are the organisations it returned (only the new ones need their
   * texts: an answer replayed from the sweep's journal has the others as ids), `count` how many.
   */
  answer(text: string, results: readonly FoundOrganisation[], count = results.length): AnswerLesson {
    const query = keyedQuery(text);
    this.#cap.observe(count);
    const capped = this.#cap.isCapped(count);
    this.#asked.answered(query, count, capped ? results.map((result) => result.id.toLowerCase()) : undefined);
    const uncertified = capped ? 0 : this.#uncertified(results);
    const found = learnResults(this.#learners, results);
    if (!capped) {
      certify(this.#terms, results);
      this.#pool.shownWhole(found.length, uncertified);
    }
    if (this.#cap.longest === 0 && this.#terms.matches(query).listed > 0) this.#emptyProbes += 1;
    const known = results.map((result) => this.#terms.known.get(result.id.toLowerCase()));
    if (this.#grammar.judge(query, known, capped)) this.#becomeAny();
    this.#pool.answered(query, found.length, capped ? undefined : count);
    this.#sinceNew = found.length > 0 ? 0 : this.#sinceNew + 1;
    this.#recent.add(found.length);
    if (this.seedsSent && count > 0 && capped) this.#cap.learnShare(found.length, count);
    if (capped) {
      if (this.#grammar.grammar === 'any')
        for (const folded of longerPhrases(this.#terms, query)) this.#pool.offerPhrase(folded);
      else this.#split(query);
    }
    const register = this.#estimatedRegister();
    if (register !== null && register > this.#registerAtRescore * RESCORE_GROWTH) this.rescore();
    this.#coveredFor = this.#covered() ? this.#coveredFor + 1 : 0;
    return { found };
  }

  /**
   * The listed organisations' words are all in: each search a run died on is split as a capped one
   * is, so that the narrower searches under it (each a smaller answer) are asked in its stead, and
   * every candidate is scored afresh. Split before, its narrower searches would have only the
   * words of the organisations the journal's answers held.
   */
  listedKnown(): void {
    this.#listedIn = true;
    this.#standIns.splitAll(this.#terms, (query) => this.#split(query));
    this.rescore();
  }

  /**
   * Scores every candidate afresh. Choosing lazily (a candidate is re-scored only when it comes to
   * the top) assumes that worth only falls as organisations are found; what the planner learns of
   * the listed organisations' records, and its estimate of the register, can raise it.
   */
  rescore(): void {
    this.#registerAtRescore = this.#estimatedRegister() ?? 0;
    this.#pool.rescore();
  }

  /** Whether the fixed first queries have all been handed out. */
  get seedsSent(): boolean {
    return this.#seedIndex >= this.#options.seeds.length;
  }

  /** Where the sweep stands. */
  get state(): SweepState {
    return this.#stopped ?? 'running';
  }

  get coverage(): SweepCoverage {
    return coverageOf({
      ...this.#learners,
      asked: this.#asked,
      cap: this.#cap,
      grammar: this.#grammar,
      seeds: this.#options.seeds.length,
      budget: this.#budget(),
      state: this.state,
      sinceNew: this.#sinceNew,
      emptyProbes: this.#emptyProbes,
      estimatedRegister: this.#estimatedRegister(),
    });
  }

  /** Known organisations among `results` that no answer under the cap had returned. */
  #uncertified(results: readonly FoundOrganisation[]): number {
    let count = 0;
    for (const result of results)
      if (this.#terms.known.get(result.id.toLowerCase())?.certified === false) count += 1;
    return count;
  }

  /** Several words mean any of them: from now on only single words and phrases narrow. */
  #becomeAny(): void {
    for (const term of this.#terms.termList()) if (term.includes(' ')) this.#pool.offerPhrase(term);
    this.#pool.anyGrammar();
    this.rescore();
  }

  /** Splits a capped query, and offers its narrower queries. */
  #split(query: Query): Narrowing | undefined {
    const narrowed = split(this.#terms, query, this.#grammar.grammar === 'any');
    if (narrowed === undefined) return undefined;
    for (const [narrower, matches] of narrowed.narrower) this.#pool.offer(narrower, matches);
    return narrowed.narrowing;
  }

  #budget(): number {
    return this.#options.budget(this.#registerSize());
  }

  #registerSize(): number {
    return this.#estimatedRegister() ?? this.#terms.known.size - this.#register.goneCount;
  }

  #estimatedRegister(): number | null {
    return this.#register.estimate(this.#terms.known.size);
  }
}
