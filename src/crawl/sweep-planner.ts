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

/** A search answer's text fields of one organisation, as far as the planner reads them. */
export interface FoundOrganisation {
  id: string;
  /** The name and every other searched text: alternative names, address, county, sectors. */
  texts: readonly string[];
  /**
   * Queries that name the organisation's place in the register's classification, such as its
   * county and sub-sector (`Cork "Primary education"`): every organisation has exactly one of each,
   * so these queries together cover the register, and each covers a part small enough to come back
   * whole far more often than a word does.
   */
  facets?: readonly string[];
}

/**
 * How much the planner learns, whatever the answers hold: of one organisation, its first
 * `wordsPerOrganisation` distinct words from the first `charsPerText` characters of each text; in
 * all, `terms` distinct words and word pairs and `memberships` (an organisation holding a term).
 * An organisation met once the planner is full is known by its id alone. At the defaults the
 * planner's memory stays under about 1 GB (docs/crawling.md, "Bounds").
 */
export interface LearningLimits {
  charsPerText: number;
  wordsPerOrganisation: number;
  terms: number;
  memberships: number;
}

const LEARNING_LIMITS: LearningLimits = {
  charsPerText: 1_000,
  wordsPerOrganisation: 64,
  terms: 400_000,
  memberships: 4_000_000,
};

/** How a service reads a query of several words: all of them, any of them, or not yet seen. */
export type SearchGrammar = 'all' | 'any' | 'unknown';

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

/** A query: words and quoted phrases, all of which a result must contain. */
interface Query {
  key: string;
  /** Folded single words. */
  words: string[];
  /** Folded phrases (words joined by one space). */
  phrases: string[];
  /** The query as sent. */
  text: string;
  /** For a narrower query of a split one: that split, and the word it adds. */
  narrowing?: { of: Narrowing; word: string };
}

interface Known {
  words: Set<string>;
  listed: boolean;
  foundBySearch: boolean;
  /** Returned by an answer under the cap: its neighbours in that answer are all known. */
  certified: boolean;
  /** The split queries it matches: it counts in what their narrower queries match. */
  narrowings: Narrowing[];
}

/**
 * A capped query split into narrower ones (it and one more word each), with what it matches and
 * what each narrower query matches kept up to date as organisations and their words come in: the
 * narrower queries are most of the candidates, and each is scored again whenever it comes to the
 * top, so counting its matches afresh each time (an intersection of postings) was most of the
 * planner's work.
 */
interface Narrowing {
  /** The words of the split query and the word pairs of its phrases: a match holds every one. */
  terms: string[];
  matching: Set<Known>;
  /** One more word → what the split query with that word matches. */
  byWord: Map<string, Matches>;
}

/** The known organisations that hold a term (a folded word, or two in a row). */
interface Posting {
  organisations: Set<Known>;
  /** For a word: what it matches as a query, kept up to date (pairs are never queries alone). */
  matches: Matches;
  /** The splits that have the term among theirs. */
  narrowings: Narrowing[];
}

/** A search not yet sent, with its worth when it was last scored. */
interface Candidate {
  query: Query;
  score: number;
}

interface Answered {
  query: Query;
  count: number;
  /** Asked by a run that stopped before the answer: never asked again, and not counted as a search. */
  unanswered?: boolean;
  /** The ids it returned, kept for answers that may have been cut. */
  ids: string[] | undefined;
}

/** Counts one known organisation among a query's matches. */
function count(matches: Matches, organisation: Known): void {
  matches.known += 1;
  if (organisation.listed) matches.listed += 1;
  if (!organisation.certified) matches.uncertified += 1;
}

function noMatches(): Matches {
  return { known: 0, listed: 0, uncertified: 0 };
}

/** The entry of `key`, created empty when there is none. */
function matchesOf(counts: Map<string, Matches>, key: string): Matches {
  let matches = counts.get(key);
  if (matches === undefined) counts.set(key, (matches = noMatches()));
  return matches;
}

/** The terms a match must hold: the query's words, and each pair of words in a row of its phrases. */
function termsOf(query: Query): string[] {
  const terms = [...query.words];
  for (const phrase of query.phrases) {
    const words = phrase.split(' ');
    for (let index = 0; index + 1 < words.length; index++) terms.push(`${words[index]} ${words[index + 1]}`);
  }
  return terms;
}

/** Whether a known organisation holds every word of a query, its phrases' words included. */
function holdsEveryWord(known: Known, query: Query): boolean {
  for (const word of query.words) if (!known.words.has(word)) return false;
  for (const phrase of query.phrases)
    for (const word of phrase.split(' ')) if (!known.words.has(word)) return false;
  return true;
}

/** Lower case, accents and apostrophes dropped: how the service compares words. */
function foldWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '');
}

/**
 * How much the estimate of the register must grow before every candidate is scored afresh: the
 * estimate scales every expected yield, and it grows as the sweep sees more of the register.
 */
const RESCORE_GROWTH = 1.05;

/**
 * What seeing a known organisation in an answer under the cap is worth, and what a facet query is
 * worth beyond its expected yield, in organisations found, for a group whose facet queries have
 * found as much as the average facet query. Chosen on the sample register (2,000 to 35,000
 * organisations, caps of 100 and 500, one to eight searches in flight): with 8 and 16 and the
 * groups' yields the sweep finds 99.59–100% of it within the budget (the benchmark's crawls
 * 99.61–99.98%); with 8 and 12 and no groups, 99.44–100%; with 8 and 2, 98.98% at 35,000 and a cap
 * of 100.
 */
const CERTIFY_WORTH = 8;
const FACET_WORTH = 16;
/**
 * How many facet queries' worth of the average a group's own record is weighed against: a group
 * with few answers is taken to yield about the average, one with many by what its answers found.
 */
const GROUP_PRIOR_ANSWERS = 5;

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

/** The words of a text, as written. */
function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Parses a query as sent: "quoted phrases" and single words. */
function parseQuery(text: string): Query {
  const words: string[] = [];
  const phrases: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|(\S+)/g)) {
    const folded = wordsOf(match[1] ?? match[2] ?? '').map(foldWord);
    if (match[1] !== undefined && folded.length > 1) phrases.push(folded.join(' '));
    else words.push(...folded);
  }
  words.sort();
  phrases.sort();
  const uniqueWords = [...new Set(words)];
  return {
    key: [...uniqueWords, ...phrases.map((phrase) => `"${phrase}"`)].join(' '),
    words: uniqueWords,
    phrases,
    text,
  };
}

/**
 * A narrower query: `query` and one more word, given folded (`folded`) and as written (`word`,
 * for the service to fold). Built from the query's parts rather than parsed again: a sweep narrows
 * its capped answers by every word of their organisations, tens of thousands of queries.
 */
function narrowed(query: Query, folded: string, word: string, of: Narrowing): Query {
  const words = [...query.words, folded].sort();
  return {
    key: [...words, ...query.phrases.map((phrase) => `"${phrase}"`)].join(' '),
    words,
    phrases: query.phrases,
    text: `${query.text} ${word}`,
    narrowing: { of, word: folded },
  };
}

/** What a query is known to match: the known organisations, the listed and the uncertified among them. */
interface Matches {
  known: number;
  listed: number;
  uncertified: number;
}

/** The group of a facet query: its phrases (the sub-sector), whatever its county. */
function groupOf(query: Query): string {
  return query.phrases.join(' ');
}

/**
 * How many new organisations the queries of each group found, and every query's average: a group's
 * expected yield relative to the average, shrunk toward the average by `prior` answers' worth
 * (an empirical-Bayes mean), so that a group asked once or twice is neither dropped nor favoured.
 */
export class GroupYields {
  readonly #groups = new Map<string, { answers: number; found: number }>();
  #answers = 0;
  #found = 0;

  add(group: string, found: number): void {
    const record = this.#groups.get(group) ?? { answers: 0, found: 0 };
    record.answers += 1;
    record.found += found;
    this.#groups.set(group, record);
    this.#answers += 1;
    this.#found += found;
  }

  /** The group's shrunk mean yield over the overall mean (1 before any answer). */
  relativeYield(group: string, prior: number): number {
    // One found organisation is assumed on top of the answers, so that a run of empty answers
    // everywhere leaves the mean above zero and the ratio defined.
    const mean = (this.#found + 1) / (this.#answers + 1);
    const record = this.#groups.get(group) ?? { answers: 0, found: 0 };
    return (record.found + prior * mean) / (record.answers + prior) / mean;
  }
}

/**
 * Chooses the searches of one sweep. Call `list` for each organisation the lists named, `next` for
 * each search to send (undefined: none now; `state` says whether for good), and `answer` with each
 * search's results, in any order.
 */
export class SweepPlanner {
  readonly #options: SweepPlannerOptions;
  readonly #known = new Map<string, Known>();
  readonly #limits: LearningLimits;
  /** Organisations holding a term, over every term: what the planner's memory grows with. */
  #memberships = 0;
  #learningFull = false;
  /** Ids whose record answered 404: not in the register, so in no count of it. */
  readonly #gone = new Set<string>();
  #grammar: SearchGrammar = 'unknown';
  /** Answers of several terms whose results held every term, and those whose results mostly did not. */
  #allEvidence = 0;
  #anyEvidence = 0;
  #unanswered = 0;
  /** Folded word, or two folded words in a row, → the known organisations that contain it. */
  readonly #postings = new Map<string, Posting>();
  /** Each word as written → folded. */
  readonly #folded = new Map<string, string>();
  /** The written form of each folded word first seen, sent to the service. */
  readonly #spelling = new Map<string, string>();
  readonly #answered = new Map<string, Answered>();
  /** Keys of the searches handed out and not yet answered. */
  readonly #pending = new Set<string>();
  readonly #queued = new Set<string>();
  /** Keys of the facet queries offered: they cover the register between them. */
  readonly #facets = new Set<string>();
  #seedIndex = 0;
  /** Candidates by expected yield, highest first; a yield is recomputed before the query is sent. */
  #heap: Candidate[] = [];
  #listed = 0;
  #searchSeen = new Set<string>();
  #searchSeenListed = 0;
  #longest = 0;
  #longestCount = 0;
  #sinceNew = 0;
  /** Moving average of the share of new organisations in answers at the cap. */
  #cappedNewShare = 0.5;
  #registerAtRescore = 0;
  /** What the facet queries answered so far found, by group. */
  readonly #facetYields = new GroupYields();
  #stopped: SweepState | undefined;

  constructor(options: SweepPlannerOptions) {
    this.#options = options;
    this.#limits = { ...LEARNING_LIMITS, ...options.limits };
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
    if (this.#gone.has(key)) return;
    this.#gone.add(key);
    const known = this.#known.get(key);
    if (known?.listed === true) this.#listed -= 1;
    if (this.#searchSeen.delete(key) && known?.listed === true) this.#searchSeenListed -= 1;
  }

  /**
   * A search asked by a run that stopped before its answer came: it may be what stopped it (an
   * answer too large to read), so it is never asked again, nor counted as answered.
   */
  unanswered(text: string): void {
    const query = parseQuery(text);
    if (this.#answered.has(query.key)) return;
    this.#answered.set(query.key, { query, count: 0, ids: undefined, unanswered: true });
    this.#unanswered += 1;
  }

  /**
   * An organisation a list named, with the texts known of it: none at first, then those of its
   * record once it is stored (called again for the same organisation, it learns the new words).
   */
  list(organisation: FoundOrganisation): void {
    const { known, added } = this.#learn(organisation);
    let words: Iterable<string> = added;
    if (!known.listed) {
      this.#recount(known, (matches) => (matches.listed += 1));
      known.listed = true;
      this.#listed += 1;
      words = known.words;
      if (this.#searchSeen.has(organisation.id.toLowerCase())) this.#searchSeenListed += 1;
    }
    for (const word of words) this.#offerWord(word);
    for (const facet of organisation.facets ?? []) this.#offerFacet(facet);
  }

  /** Whether the organisation is known already, from a list or a search. */
  knows(id: string): boolean {
    return this.#known.has(id.toLowerCase());
  }

  /** The next search to send, or undefined when none is worth sending now. */
  next(): string | undefined {
    if (this.#stopped !== undefined) return undefined;
    const sent = this.#answered.size + this.#pending.size;
    if (sent >= this.#budget()) {
      if (this.#pending.size === 0) this.#stopped = 'budget';
      return undefined;
    }
    while (this.#seedIndex < this.#options.seeds.length) {
      const query = parseQuery(this.#options.seeds[this.#seedIndex++] ?? '');
      if (query.key === '' || this.#answered.has(query.key) || this.#pending.has(query.key)) continue;
      this.#pending.add(query.key);
      return query.text;
    }
    if (this.#sinceNew >= this.#options.saturationWindow(this.#registerSize())) {
      if (this.#pending.size === 0) this.#stopped = 'saturated';
      return undefined;
    }
    const chosen = this.#popBest();
    if (chosen === undefined) {
      if (this.#pending.size === 0) this.#stopped = 'exhausted';
      return undefined;
    }
    this.#pending.add(chosen.query.key);
    return chosen.query.text;
  }

  /**
   * A search's answer: `results` are the organisations it returned (only the new ones need their
   * texts: an answer replayed from the sweep's journal has the others as ids), `count` how many.
   */
  answer(text: string, results: readonly FoundOrganisation[], count = results.length): AnswerLesson {
    const query = parseQuery(text);
    this.#pending.delete(query.key);
    if (count > this.#longest) {
      this.#longest = count;
      this.#longestCount = 1;
    } else if (count === this.#longest) this.#longestCount += 1;
    const ids = this.#isCapped(count) ? results.map((result) => result.id.toLowerCase()) : undefined;
    this.#answered.set(query.key, { query, count, ids });
    const found: FoundOrganisation[] = [];
    for (const result of results) {
      const id = result.id.toLowerCase();
      if (!this.#searchSeen.has(id) && !this.#gone.has(id)) {
        this.#searchSeen.add(id);
        if (this.#known.get(id)?.listed === true) this.#searchSeenListed += 1;
      }
      if (this.#known.has(id)) continue;
      const { known } = this.#learn(result);
      known.foundBySearch = true;
      found.push(result);
      for (const word of known.words) this.#offerWord(word);
      for (const facet of result.facets ?? []) this.#offerFacet(facet);
    }
    if (!this.#isCapped(count)) {
      for (const result of results) {
        const known = this.#known.get(result.id.toLowerCase());
        if (known !== undefined && !known.certified) {
          this.#recount(known, (matches) => (matches.uncertified -= 1));
          known.certified = true;
        }
      }
    }
    this.#judgeGrammar(query, results);
    if (this.#facets.has(query.key)) this.#facetYields.add(groupOf(query), found.length);
    this.#sinceNew = found.length > 0 ? 0 : this.#sinceNew + 1;
    if (this.#seedIndex >= this.#options.seeds.length && count > 0 && this.#isCapped(count)) {
      this.#cappedNewShare = 0.9 * this.#cappedNewShare + 0.1 * (found.length / count);
    }
    if (this.#isCapped(count)) this.#split(query);
    const register = this.#estimatedRegister();
    if (register !== null && register > this.#registerAtRescore * RESCORE_GROWTH) this.rescore();
    return { found };
  }

  /**
   * Scores every candidate afresh. Choosing lazily (a candidate is re-scored only when it comes to
   * the top) assumes that worth only falls as organisations are found; what the planner learns of
   * the listed organisations' records, and its estimate of the register, can raise it.
   */
  rescore(): void {
    this.#registerAtRescore = this.#estimatedRegister() ?? 0;
    const items = this.#heap;
    this.#heap = [];
    for (const item of items) {
      item.score = this.#expectedYield(item.query);
      this.#push(item);
    }
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
    const cap = this.#capConfirmed ? this.#longest : undefined;
    let capped = 0;
    let split = 0;
    for (const answered of this.#answered.values()) {
      if (cap === undefined || answered.count < cap) continue;
      capped += 1;
      if (this.#seenPast(answered)) split += 1;
    }
    let discovered = 0;
    for (const [id, known] of this.#known)
      if (known.foundBySearch && !known.listed && !this.#gone.has(id)) discovered += 1;
    return {
      queries: this.#answered.size - this.#unanswered,
      seeds: this.#options.seeds.length,
      budget: this.#budget(),
      discovered,
      longestAnswer: this.#longest,
      capConfirmed: this.#capConfirmed,
      cappedAnswers: capped,
      cappedAnswersSplit: split,
      state: this.state,
      lastNewAfter: this.#sinceNew,
      estimatedRegister: this.#estimatedRegister(),
      searchBroken: this.#searchBroken(),
      grammar: this.#grammar,
      unanswered: this.#unanswered,
      terms: this.#postings.size,
      learningFull: this.#learningFull,
    };
  }

  /**
   * Whether the search is broken: no answer held a single result, although at least three of the
   * searches asked were for words the listed organisations hold, which a working search finds.
   */
  #searchBroken(): boolean {
    if (this.#longest > 0) return false;
    let probes = 0;
    for (const answered of this.#answered.values()) {
      if (answered.unanswered !== true && this.#matches(answered.query).listed > 0) probes += 1;
      if (probes >= 3) return true;
    }
    return false;
  }

  /**
   * Judges, from an answer to a query of several terms, whether the service reads them all (every
   * result holds each) or any (most results lack one). Two answers of the second kind, more than
   * of the first, and the planner narrows by phrases from then on.
   */
  #judgeGrammar(query: Query, results: readonly FoundOrganisation[]): void {
    if (this.#grammar === 'any' || query.words.length + query.phrases.length < 2) return;
    let judged = 0;
    let lacking = 0;
    for (const result of results) {
      const known = this.#known.get(result.id.toLowerCase());
      if (known === undefined || known.words.size === 0) continue;
      judged += 1;
      if (!holdsEveryWord(known, query)) lacking += 1;
    }
    if (judged < 3) return;
    if (lacking * 2 > judged) this.#anyEvidence += 1;
    else this.#allEvidence += 1;
    if (this.#anyEvidence >= 2 && this.#anyEvidence > this.#allEvidence) this.#becomeAny();
    else if (this.#allEvidence >= 2 && this.#grammar === 'unknown') this.#grammar = 'all';
  }

  /** Several words mean any of them: from now on only single words and phrases narrow. */
  #becomeAny(): void {
    this.#grammar = 'any';
    for (const term of this.#postings.keys()) if (term.includes(' ')) this.#offerPhrase(term);
    this.rescore();
  }

  /** A pair of folded words offered as the quoted phrase of their written forms. */
  #offerPhrase(pair: string): void {
    const key = `"${pair}"`;
    if (this.#queued.has(key) || this.#answered.has(key)) return;
    const text = pair
      .split(' ')
      .map((word) => this.#spelling.get(word) ?? word)
      .join(' ');
    this.#offer(parseQuery(`"${text}"`));
  }

  #budget(): number {
    return this.#options.budget(this.#registerSize());
  }

  #registerSize(): number {
    return this.#estimatedRegister() ?? this.#known.size - this.#gone.size;
  }

  get #capConfirmed(): boolean {
    return this.#longestCount >= 2 && this.#longest > 1;
  }

  /** Whether an answer this long may have been cut: as long as the longest seen. */
  #isCapped(count: number): boolean {
    return count > 1 && count >= this.#longest;
  }

  /**
   * Whether a capped answer has been seen past: every organisation it returned has since come back
   * in an answer under the cap (its narrower searches, or others that cover it), so that what the
   * cap may have hidden around them was searched whole.
   */
  #seenPast(answered: Answered): boolean {
    return (answered.ids ?? []).every((id) => this.#known.get(id)?.certified === true);
  }

  /** Takes in an organisation's texts; returns it and the words it did not have before. */
  #learn(organisation: FoundOrganisation): { known: Known; added: string[] } {
    const id = organisation.id.toLowerCase();
    let known = this.#known.get(id);
    if (known === undefined) {
      known = { words: new Set(), listed: false, foundBySearch: false, certified: false, narrowings: [] };
      this.#known.set(id, known);
    }
    const added: string[] = [];
    const limits = this.#limits;
    for (const whole of organisation.texts) {
      if (known.words.size >= limits.wordsPerOrganisation) break;
      const text = whole.length > limits.charsPerText ? whole.slice(0, limits.charsPerText) : whole;
      const words = wordsOf(text);
      const folded = words.map((written) => this.#fold(written));
      for (let index = 0; index < folded.length; index++) {
        const word = folded[index];
        if (word === undefined || word === '') continue;
        if (known.words.size >= limits.wordsPerOrganisation) break;
        // Two words in a row are kept as a pair too, for the phrases: a phrase is taken to match
        // where each pair of its words does, which is exact for the two-word phrases of the
        // classification and close for longer ones.
        const next = folded[index + 1];
        if (next !== undefined && next !== '') {
          const pair = this.#roomFor(`${word} ${next}`);
          if (pair !== undefined) this.#post(pair, known);
        }
        if (known.words.has(word)) continue;
        const posting = this.#roomFor(word);
        if (posting === undefined) continue;
        known.words.add(word);
        added.push(word);
        if (!this.#spelling.has(word)) this.#spelling.set(word, words[index] ?? word);
        count(posting.matches, known);
        // Before the posting, which may add a split that counts every word of the organisation.
        for (const narrowing of known.narrowings) count(matchesOf(narrowing.byWord, word), known);
        this.#post(posting, known);
      }
    }
    return { known, added };
  }

  /** `foldWord`, remembered (within the limit on terms): the same words come back in organisation after organisation. */
  #fold(written: string): string {
    let folded = this.#folded.get(written);
    if (folded === undefined) {
      folded = foldWord(written);
      if (this.#folded.size < this.#limits.terms) this.#folded.set(written, folded);
    }
    return folded;
  }

  /**
   * The posting of a term, created if the limit on terms allows; `undefined` once the planner is
   * full (the limit on memberships reached, or a new term past the limit on terms).
   */
  #roomFor(term: string): Posting | undefined {
    if (this.#memberships >= this.#limits.memberships) {
      this.#learningFull = true;
      return undefined;
    }
    const posting = this.#postings.get(term);
    if (posting !== undefined) return posting;
    if (this.#postings.size >= this.#limits.terms) {
      this.#learningFull = true;
      return undefined;
    }
    const created = this.#posting(term);
    if (this.#grammar === 'any' && term.includes(' ')) this.#offerPhrase(term);
    return created;
  }

  #posting(term: string): Posting {
    let posting = this.#postings.get(term);
    if (posting === undefined)
      this.#postings.set(
        term,
        (posting = { organisations: new Set(), matches: noMatches(), narrowings: [] }),
      );
    return posting;
  }

  /** Adds an organisation to the posting of a term, and to the splits it now matches. */
  #post(posting: Posting, known: Known): void {
    if (posting.organisations.has(known)) return;
    posting.organisations.add(known);
    this.#memberships += 1;
    for (const narrowing of posting.narrowings) {
      if (!narrowing.matching.has(known) && this.#holdsAll(known, narrowing.terms))
        this.#narrow(narrowing, known);
    }
  }

  #holdsAll(known: Known, terms: readonly string[]): boolean {
    for (const term of terms) if (this.#postings.get(term)?.organisations.has(known) !== true) return false;
    return true;
  }

  /** Counts an organisation that matches a split in what each of its narrower queries matches. */
  #narrow(narrowing: Narrowing, known: Known): void {
    narrowing.matching.add(known);
    known.narrowings.push(narrowing);
    for (const word of known.words) count(matchesOf(narrowing.byWord, word), known);
  }

  /**
   * Applies `change` to every count an organisation is in, before its listed or certified mark
   * changes: those of its words and of the narrower queries of the splits it matches.
   */
  #recount(known: Known, change: (matches: Matches) => void): void {
    for (const word of known.words) {
      change(this.#posting(word).matches);
      for (const narrowing of known.narrowings) change(matchesOf(narrowing.byWord, word));
    }
  }

  /** The register's size: the lists' size over the share of search results that are listed. */
  #estimatedRegister(): number | null {
    if (this.#listed === 0 || this.#searchSeenListed === 0) return null;
    return Math.max(
      this.#known.size - this.#gone.size,
      Math.round((this.#listed * this.#searchSeen.size) / this.#searchSeenListed),
    );
  }

  /**
   * The known organisations that match a query (a phrase where each pair of its words does), in
   * the order of the smallest posting of its terms.
   */
  #matching(query: Query): Known[] {
    const postings: Set<Known>[] = [];
    for (const term of termsOf(query)) {
      const posting = this.#postings.get(term);
      if (posting === undefined) return [];
      postings.push(posting.organisations);
    }
    postings.sort((a, b) => a.size - b.size);
    const matching: Known[] = [];
    for (const organisation of postings[0] ?? []) {
      let all = true;
      for (let index = 1; all && index < postings.length; index++)
        all = postings[index]?.has(organisation) === true;
      if (all) matching.push(organisation);
    }
    return matching;
  }

  /** Known organisations that match a query, and how many of them are listed or uncertified. */
  #matches(query: Query): Matches {
    if (query.narrowing !== undefined) return matchesOf(query.narrowing.of.byWord, query.narrowing.word);
    const [word, ...others] = query.words;
    if (word !== undefined && others.length === 0 && query.phrases.length === 0)
      return this.#postings.get(word)?.matches ?? noMatches();
    const matches = noMatches();
    for (const organisation of this.#matching(query)) count(matches, organisation);
    return matches;
  }

  /** Organisations not yet known that a query is expected to return. */
  #expectedYield(query: Query): number {
    return this.#settled(query) ? 0 : this.#worth(query, this.#matches(query));
  }

  /** Whether the service reads the query otherwise than the planner counts it: several terms, read as any. */
  #widens(query: Query): boolean {
    return this.#grammar === 'any' && query.words.length + query.phrases.length > 1;
  }

  /** Whether a query can bring nothing new: asked already, or narrower than one that came back whole. */
  #settled(query: Query): boolean {
    if (this.#answered.has(query.key) || this.#pending.has(query.key) || this.#widens(query)) return true;
    // A phrase matches only where each of its words does.
    for (const word of [...query.words, ...query.phrases.flatMap((phrase) => phrase.split(' '))]) {
      const answered = this.#answered.get(word);
      if (answered !== undefined && answered.unanswered !== true && !this.#isCapped(answered.count))
        return true;
    }
    return false;
  }

  /** A query's expected yield, given what it is known to match. */
  #worth(query: Query, { known, listed, uncertified }: Matches): number {
    const register = this.#estimatedRegister();
    // Without lists to sample from, the organisations found so far stand in for the register.
    const estimate =
      register === null || this.#listed === 0
        ? (known + 0.5) * 1.5
        : ((listed + 0.5) * register) / this.#listed;
    const total = Math.max(known, estimate);
    // A facet query is worth sending even when the sample suggests nothing new: the facets
    // together are the one sure way to reach organisations whose words no one has seen.
    if (this.#facets.has(query.key))
      return FACET_WORTH * this.#groupYield(query) + Math.max(0, total - known);
    if (total <= known) return 0;
    // An answer expected under the cap is whole: all it holds that is unknown is new. One expected
    // at the cap returns some part of its matches, chosen by the service, and the part that is new
    // has been, on average, the share of new organisations in the capped answers so far.
    const cap = this.#longest > 0 ? this.#longest : Number.POSITIVE_INFINITY;
    // Beyond what it is expected to find, an answer under the cap shows whole the neighbourhood of
    // the organisations it returns: those seen so far only in answers at the cap may have unknown
    // neighbours that no estimate from the sample can point to.
    if (total < cap) return total - known + CERTIFY_WORTH * uncertified;
    return Math.min(total - known, cap * this.#cappedNewShare);
  }

  /**
   * What a facet query of this group (its sub-sector) is expected to find, relative to the average
   * facet query: the groups differ far more than the lists' sample shows (schools and clubs, which
   * the lists seldom name, hide most of the organisations on no list), and a group whose facet
   * queries keep finding nothing is not worth the budget its size in the sample suggests.
   */
  #groupYield(query: Query): number {
    return this.#facetYields.relativeYield(groupOf(query), GROUP_PRIOR_ANSWERS);
  }

  #offerFacet(text: string): void {
    const query = parseQuery(text);
    this.#facets.add(query.key);
    this.#offer(query);
  }

  /**
   * Offers a folded word as a query. Its key is the word itself, so one offered or answered before
   * is passed over before its written form is parsed: every record and answer offers all its words.
   */
  #offerWord(word: string): void {
    if (this.#queued.has(word) || this.#answered.has(word)) return;
    this.#offer(parseQuery(this.#spelling.get(word) ?? word));
  }

  /** Offers a query as a candidate, with what it is known to match when that is counted already. */
  #offer(query: Query, matches?: Matches): void {
    if (query.key === '' || this.#queued.has(query.key) || this.#answered.has(query.key)) return;
    this.#queued.add(query.key);
    const score =
      matches === undefined
        ? this.#expectedYield(query)
        : this.#settled(query)
          ? 0
          : this.#worth(query, matches);
    this.#push({ query, score });
  }

  /**
   * Narrower queries of a capped one: it and one more word of the organisations it matches. What
   * each narrower query matches is counted in one pass over the capped query's matches.
   */
  #split(query: Query): void {
    // Under OR a word added widens: the phrases offered for every pair narrow instead.
    if (query.words.length + query.phrases.length >= 4 || this.#grammar === 'any') return;
    const narrowing: Narrowing = { terms: termsOf(query), matching: new Set(), byWord: new Map() };
    for (const known of this.#matching(query)) this.#narrow(narrowing, known);
    for (const term of narrowing.terms) this.#posting(term).narrowings.push(narrowing);
    const own = new Set([...query.words, ...query.phrases.flatMap((phrase) => phrase.split(' '))]);
    for (const [word, matches] of narrowing.byWord) {
      if (!own.has(word))
        this.#offer(narrowed(query, word, this.#spelling.get(word) ?? word, narrowing), matches);
    }
  }

  #popBest(): Candidate | undefined {
    for (;;) {
      const top = this.#pop();
      if (top === undefined) return undefined;
      const score = this.#expectedYield(top.query);
      if (score < 0.05) {
        this.#queued.delete(top.query.key);
        continue;
      }
      const following = this.#heap[0];
      if (following === undefined || score >= following.score) {
        this.#queued.delete(top.query.key);
        return top;
      }
      top.score = score;
      this.#push(top);
    }
  }

  #push(item: Candidate): void {
    const heap = this.#heap;
    heap.push(item);
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if ((heap[parent]?.score ?? 0) >= item.score) break;
      heap[index] = heap[parent] as typeof item;
      index = parent;
    }
    heap[index] = item;
  }

  #pop(): Candidate | undefined {
    const heap = this.#heap;
    const top = heap[0];
    const last = heap.pop();
    if (top === undefined || last === undefined || heap.length === 0) return top;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let largest = index;
      let largestScore = last.score;
      if (left < heap.length && (heap[left]?.score ?? 0) > largestScore) {
        largest = left;
        largestScore = heap[left]?.score ?? 0;
      }
      if (right < heap.length && (heap[right]?.score ?? 0) > largestScore) largest = right;
      if (largest === index) break;
      heap[index] = heap[largest] as typeof last;
      index = largest;
    }
    heap[index] = last;
    return top;
  }
}
