// What the sweep planner learns of the organisations it meets: their words and word pairs, the
// postings that say which organisations hold each, and what each query is known to match, kept up
// to date as organisations and their words come in. Bounded whatever the answers hold
// (`LEARNING_LIMITS`).
import { foldServiceText } from '../../lib/service-search.ts';
import { termsOf, wordsOf, type Query } from './query.ts';
import type { Known, Matches, Narrowing } from './known.ts';

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
 * An organisation met once the planner is full is known by its id alone (docs/crawling.md,
 * "Bounds").
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

/** The known organisations that hold a term (a folded word, or two in a row). */
interface Posting {
  organisations: Set<Known>;
  /** For a word: what it matches as a query, kept up to date (pairs are never queries alone). */
  matches: Matches;
  /** The splits that have the term among theirs. */
  narrowings: Narrowing[];
}

/** Counts one known organisation among a query's matches. */
function count(matches: Matches, organisation: Known): void {
  matches.known += 1;
  if (organisation.listed) matches.listed += 1;
  if (organisation.captures > 0) matches.returned += 1;
  if (organisation.captures === 1) matches.once += 1;
  else if (organisation.captures === 2) matches.twice += 1;
  if (!organisation.certified) matches.uncertified += 1;
}

function noMatches(): Matches {
  return { known: 0, listed: 0, returned: 0, once: 0, twice: 0, uncertified: 0 };
}

/** The entry of `key`, created empty when there is none. */
function matchesOf(counts: Map<string, Matches>, key: string): Matches {
  let matches = counts.get(key);
  if (matches === undefined) counts.set(key, (matches = noMatches()));
  return matches;
}

/** Whether a known organisation holds every word of a query, its phrases' words included. */
export function holdsEveryWord(known: Known, query: Query): boolean {
  for (const word of query.words) if (!known.words.has(word)) return false;
  for (const phrase of query.phrases)
    for (const word of phrase.split(' ')) if (!known.words.has(word)) return false;
  return true;
}

/**
 * The organisations known, by lower-case id, and the terms they hold. `onNewPair` hears of each
 * word pair as it is first learnt.
 */
export class TermIndex {
  readonly known = new Map<string, Known>();
  readonly #limits: LearningLimits;
  readonly #onNewPair: (pair: string) => void;
  /** Organisations holding a term, over every term: what the planner's memory grows with. */
  #memberships = 0;
  #full = false;
  /** Folded word, or two folded words in a row, → the known organisations that contain it. */
  readonly #postings = new Map<string, Posting>();
  /** Each word as written → folded. */
  readonly #folded = new Map<string, string>();
  /** The written form of each folded word first seen, sent to the service. */
  readonly #spelling = new Map<string, string>();

  constructor(limits: Partial<LearningLimits> | undefined, onNewPair: (pair: string) => void) {
    this.#limits = { ...LEARNING_LIMITS, ...limits };
    this.#onNewPair = onNewPair;
  }

  /** Distinct terms learnt. */
  get terms(): number {
    return this.#postings.size;
  }

  /** Whether a limit stopped the planner learning more. */
  get full(): boolean {
    return this.#full;
  }

  /** Every term learnt: words, and word pairs. */
  termList(): IterableIterator<string> {
    return this.#postings.keys();
  }

  /** A folded word as first written, to send to the service. */
  spelling(word: string): string {
    return this.#spelling.get(word) ?? word;
  }

  /** Takes in an organisation's texts; returns it and the words it did not have before. */
  learn(organisation: FoundOrganisation): { known: Known; added: string[] } {
    const id = organisation.id.toLowerCase();
    let known = this.known.get(id);
    if (known === undefined) {
      known = {
        words: new Set(),
        listed: false,
        foundBySearch: false,
        captures: 0,
        certified: false,
        narrowings: [],
        sequence: [],
      };
      this.known.set(id, known);
    }
    const added: string[] = [];
    const limits = this.#limits;
    for (const whole of organisation.texts) {
      if (known.words.size >= limits.wordsPerOrganisation) break;
      const text = whole.length > limits.charsPerText ? whole.slice(0, limits.charsPerText) : whole;
      const words = wordsOf(text);
      const folded = words.map((written) => this.#fold(written));
      if (known.sequence.length > 0) known.sequence.push('');
      for (let index = 0; index < folded.length; index++) {
        const word = folded[index];
        if (word === undefined || word === '') continue;
        if (known.words.size >= limits.wordsPerOrganisation) break;
        known.sequence.push(word);
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

  /** A word folded as the service compares words (`foldServiceText`), remembered (within the limit on terms): the same words come back in organisation after organisation. */
  #fold(written: string): string {
    let folded = this.#folded.get(written);
    if (folded === undefined) {
      folded = foldServiceText(written);
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
      this.#full = true;
      return undefined;
    }
    const posting = this.#postings.get(term);
    if (posting !== undefined) return posting;
    if (this.#postings.size >= this.#limits.terms) {
      this.#full = true;
      return undefined;
    }
    const created = this.posting(term);
    if (term.includes(' ')) this.#onNewPair(term);
    return created;
  }

  /** The posting of a term, created empty when there is none. */
  posting(term: string): Posting {
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
        this.narrow(narrowing, known);
    }
  }

  #holdsAll(known: Known, terms: readonly string[]): boolean {
    for (const term of terms) if (this.#postings.get(term)?.organisations.has(known) !== true) return false;
    return true;
  }

  /** Counts an organisation that matches a split in what each of its narrower queries matches. */
  narrow(narrowing: Narrowing, known: Known): void {
    narrowing.matching.add(known);
    known.narrowings.push(narrowing);
    for (const word of known.words) count(matchesOf(narrowing.byWord, word), known);
  }

  /**
   * Applies `change` to every count an organisation is in, before its listed or certified mark
   * changes: those of its words and of the narrower queries of the splits it matches.
   */
  recount(known: Known, change: (matches: Matches) => void): void {
    for (const word of known.words) {
      change(this.posting(word).matches);
      for (const narrowing of known.narrowings) change(matchesOf(narrowing.byWord, word));
    }
  }

  /**
   * The known organisations that match a query (a phrase where each pair of its words does), in
   * the order of the smallest posting of its terms.
   */
  matching(query: Query): Known[] {
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
  matches(query: Query): Matches {
    if (query.narrowing !== undefined) return matchesOf(query.narrowing.of.byWord, query.narrowing.word);
    const [word, ...others] = query.words;
    if (word !== undefined && others.length === 0 && query.phrases.length === 0)
      return this.#postings.get(word)?.matches ?? noMatches();
    const matches = noMatches();
    for (const organisation of this.matching(query)) count(matches, organisation);
    return matches;
  }
}
