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
//   either grammar, and sends no query of several terms;
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
import { GrammarCheck, type SearchGrammar } from './sweep/grammar.ts';
import { longerPhrases, split, widestNarrower } from './sweep/narrowing.ts';
import { CandidatePool } from './sweep/pool.ts';
import { parseQuery, type Query } from './sweep/query.ts';
import { RegisterSample } from './sweep/register.ts';
import { TermIndex, type FoundOrganisation, type LearningLimits, type Narrowing } from './sweep/terms.ts';
import { RESCORE_GROWTH } from './sweep/worth.ts';

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

/**
 * Why the sweep stopped, or `running`: `time` and `limit` are the sweep's hard bounds (its time,
 * and the organisations it may find), set by the sweep.
 */
export type SweepState = 'running' | 'saturated' | 'exhausted' | 'budget' | 'time' | 'limit';

/** Where the sweep stands (src/schemas/manifest.ts, `discovery`, says what each figure means). */
export interface SweepCoverage {
  queries: number;
  seeds: number;
  budget: number;
  discovered: number;
  longestAnswer: number;
  capConfirmed: boolean;
  cappedAnswers: number;
  cappedAnswersSplit: number;
  state: SweepState;
  lastNewAfter: number;
  estimatedRegister: number | null;
  /** Not one answer held a result, though searches for the listed organisations' own words were asked. */
  searchBroken: boolean;
  /** How the service reads several words, as far as the answers showed. */
  grammar: SearchGrammar;
  /** Searches asked by a run that stopped before their answer came, not asked again. */
  unanswered: number;
  /** What the planner learnt: distinct terms, and whether a limit stopped it learning more. */
  terms: number;
  learningFull: boolean;
}

/** What one answer taught the planner. */
export interface AnswerLesson {
  /** Organisations not known before. */
  found: FoundOrganisation[];
}

/** Empty answers to searches for the listed organisations' words after which the search is broken. */
const BROKEN_AFTER = 3;

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
  /** Searches a run died on, split once the listed organisations' words are in (`listedKnown`). */
  #unsplit: Query[] = [];
  /**
   * For each search a run died on, its narrower search that the most known organisations match,
   * asked as soon as the seeds are: it stands in for the broad answer lost.
   */
  readonly #standIns: Query[] = [];
  /** Answers, while none has held a result, to searches for words a listed organisation holds. */
  #emptyProbes = 0;
  #seedIndex = 0;
  #sinceNew = 0;
  #registerAtRescore = 0;
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
    const query = parseQuery(text);
    if (this.#asked.diedOn(query)) this.#unsplit.push(query);
  }

  /**
   * An organisation a list named, with the texts known of it: none at first, then those of its
   * record once it is stored (called again for the same organisation, it learns the new words).
   */
  list(organisation: FoundOrganisation): void {
    const { known, added } = this.#terms.learn(organisation);
    let words: Iterable<string> = added;
    if (!known.listed) {
      this.#terms.recount(known, (matches) => (matches.listed += 1));
      known.listed = true;
      this.#register.addListed(organisation.id.toLowerCase());
      words = known.words;
    }
    for (const word of words) this.#pool.offerWord(word);
    for (const facet of organisation.facets ?? []) this.#pool.offerFacet(facet);
  }

  /** Whether the organisation is known already, from a list or a search. */
  knows(id: string): boolean {
    return this.#terms.known.has(id.toLowerCase());
  }

  /** The next search to send, or undefined when none is worth sending now. */
  next(): string | undefined {
    if (this.#stopped !== undefined) return undefined;
    if (this.#asked.queries + this.#asked.pending >= this.#budget()) return this.#stopWhenIdle('budget');
    const first = this.#nextSeed() ?? this.#nextStandIn();
    if (first !== undefined) return first;
    // A window of empty answers says the sweep is done only once the search is known to work: while
    // every answer was empty, the listed organisations' own words are asked first.
    const probing = this.#cap.longest === 0 && this.#emptyProbes < BROKEN_AFTER;
    if (!probing && this.#sinceNew >= this.#options.saturationWindow(this.#registerSize()))
      return this.#stopWhenIdle('saturated');
    const chosen = this.#pool.best();
    if (chosen === undefined) return this.#stopWhenIdle('exhausted');
    return this.#asked.handOut(chosen);
  }

  /** No search now; and none ever, for `state`, once no answer is awaited. */
  #stopWhenIdle(state: SweepState): undefined {
    if (this.#asked.pending === 0) this.#stopped = state;
    return undefined;
  }

  #nextSeed(): string | undefined {
    while (this.#seedIndex < this.#options.seeds.length) {
      const query = parseQuery(this.#options.seeds[this.#seedIndex++] ?? '');
      if (query.key !== '' && !this.#asked.isAsked(query.key)) return this.#asked.handOut(query);
    }
    return undefined;
  }

  #nextStandIn(): string | undefined {
    for (let query = this.#standIns.shift(); query !== undefined; query = this.#standIns.shift())
      if (!this.#asked.isAsked(query.key)) return this.#asked.handOut(query);
    return undefined;
  }

  /**
   * A search's answer: `results` are the organisations it returned (only the new ones need their
   * texts: an answer replayed from the sweep's journal has the others as ids), `count` how many.
   */
  answer(text: string, results: readonly FoundOrganisation[], count = results.length): AnswerLesson {
    const query = parseQuery(text);
    this.#cap.observe(count);
    const capped = this.#cap.isCapped(count);
    this.#asked.answered(query, count, capped ? results.map((result) => result.id.toLowerCase()) : undefined);
    const found = this.#learnResults(results);
    if (!capped) this.#certify(results);
    if (this.#cap.longest === 0 && this.#terms.matches(query).listed > 0) this.#emptyProbes += 1;
    const known = results.map((result) => this.#terms.known.get(result.id.toLowerCase()));
    if (this.#grammar.judge(query, known, capped)) this.#becomeAny();
    this.#pool.answered(query, found.length);
    this.#sinceNew = found.length > 0 ? 0 : this.#sinceNew + 1;
    if (this.seedsSent && count > 0 && capped) this.#cap.learnShare(found.length, count);
    if (capped) {
      if (this.#grammar.grammar === 'any')
        for (const folded of longerPhrases(this.#terms, query)) this.#pool.offerPhrase(folded);
      else this.#split(query);
    }
    const register = this.#estimatedRegister();
    if (register !== null && register > this.#registerAtRescore * RESCORE_GROWTH) this.rescore();
    return { found };
  }

  /** Takes in an answer's results: those not known before, found, and their words offered. */
  #learnResults(results: readonly FoundOrganisation[]): FoundOrganisation[] {
    const found: FoundOrganisation[] = [];
    for (const result of results) {
      const id = result.id.toLowerCase();
      this.#register.addSeen(id, this.#terms.known.get(id));
      if (this.#terms.known.has(id)) continue;
      const { known } = this.#terms.learn(result);
      known.foundBySearch = true;
      found.push(result);
      for (const word of known.words) this.#pool.offerWord(word);
      for (const facet of result.facets ?? []) this.#pool.offerFacet(facet);
    }
    return found;
  }

  /** The results of an answer under the cap: their neighbours in it are all known. */
  #certify(results: readonly FoundOrganisation[]): void {
    for (const result of results) {
      const known = this.#terms.known.get(result.id.toLowerCase());
      if (known !== undefined && !known.certified) {
        this.#terms.recount(known, (matches) => (matches.uncertified -= 1));
        known.certified = true;
      }
    }
  }

  /**
   * The listed organisations' words are all in: each search a run died on is split as a capped one
   * is, so that the narrower searches under it (each a smaller answer) are asked in its stead, and
   * every candidate is scored afresh. Split before, its narrower searches would have only the
   * words of the organisations the journal's answers held.
   */
  listedKnown(): void {
    for (const query of this.#unsplit) {
      const narrowing = this.#split(query);
      const standIn = narrowing === undefined ? undefined : widestNarrower(this.#terms, query, narrowing);
      if (standIn !== undefined) this.#standIns.push(standIn);
    }
    this.#unsplit = [];
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
    return {
      ...cappedAnswers(this.#asked, this.#cap, this.#terms),
      queries: this.#asked.queries,
      seeds: this.#options.seeds.length,
      budget: this.#budget(),
      discovered: discovered(this.#terms, this.#register),
      longestAnswer: this.#cap.longest,
      capConfirmed: this.#cap.confirmed,
      state: this.state,
      lastNewAfter: this.#sinceNew,
      estimatedRegister: this.#estimatedRegister(),
      // Broken: no answer held a single result, although at least three of the searches asked
      // were for words the listed organisations hold, which a working search finds.
      searchBroken: this.#cap.longest === 0 && this.#emptyProbes >= BROKEN_AFTER,
      grammar: this.#grammar.grammar,
      unanswered: this.#asked.unanswered,
      terms: this.#terms.terms,
      learningFull: this.#terms.full,
    };
  }

  /** Several words mean any of them: from now on only single words and phrases narrow. */
  #becomeAny(): void {
    for (const term of this.#terms.termList()) if (term.includes(' ')) this.#pool.offerPhrase(term);
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

/**
 * The answers at the cap, once it is confirmed, and those seen past: every organisation it returned
 * has since come back in an answer under the cap (its narrower searches, or others that cover it),
 * so that what the cap may have hidden around them was searched whole.
 */
function cappedAnswers(
  asked: AskedSearches,
  cap: CapWatch,
  terms: TermIndex,
): { cappedAnswers: number; cappedAnswersSplit: number } {
  const longest = cap.confirmed ? cap.longest : undefined;
  let capped = 0;
  let split = 0;
  for (const answered of asked.all()) {
    if (longest === undefined || answered.count < longest) continue;
    capped += 1;
    if ((answered.ids ?? []).every((id) => terms.known.get(id)?.certified === true)) split += 1;
  }
  return { cappedAnswers: capped, cappedAnswersSplit: split };
}

/** Organisations found by the searches alone, and not gone. */
function discovered(terms: TermIndex, register: RegisterSample): number {
  let count = 0;
  for (const [id, known] of terms.known)
    if (known.foundBySearch && !known.listed && !register.isGone(id)) count += 1;
  return count;
}
