// The narrowing of a search: of one cut at the service's cap, by its query and one more word of
// the organisations it matches (or, where several words mean any of them, by a longer phrase);
// and of one a run died on, by the narrower search that stands in for the broad answer lost.
import { narrowed, termCount, termsOf, wordsOfQuery, type Query } from './query.ts';
import type { Matches, Narrowing } from './known.ts';
import type { TermIndex } from './terms.ts';

/** A split query and its narrower queries, each with what it is known to match. */
export interface Split {
  narrowing: Narrowing;
  narrower: [Query, Matches][];
}

/**
 * Narrower queries of a capped one: it and one more word of the organisations it matches. What
 * each narrower query matches is counted in one pass over the capped query's matches. None for a
 * query of four terms or more, nor where several words mean any of them (`anyGrammar`): a word
 * added widens there, and the phrases offered for every pair narrow instead.
 */
export function split(terms: TermIndex, query: Query, anyGrammar: boolean): Split | undefined {
  if (termCount(query) >= 4 || anyGrammar) return undefined;
  const narrowing: Narrowing = { terms: termsOf(query), matching: new Set(), byWord: new Map() };
  for (const known of terms.matching(query)) terms.narrow(narrowing, known);
  for (const term of narrowing.terms) terms.posting(term).narrowings.push(narrowing);
  const own = new Set(wordsOfQuery(query));
  const narrower: [Query, Matches][] = [];
  for (const [word, matches] of narrowing.byWord) {
    if (!own.has(word)) narrower.push([narrowed(query, word, terms.spelling(word), narrowing), matches]);
  }
  return { narrowing, narrower };
}

/** The narrower query of a split that the most known organisations match. */
function widestNarrower(terms: TermIndex, query: Query, narrowing: Narrowing): Query | undefined {
  const own = new Set(wordsOfQuery(query));
  let widest: [string, number] | undefined;
  for (const [word, matches] of narrowing.byWord) {
    if (!own.has(word) && matches.known > (widest?.[1] ?? 0)) widest = [word, matches.known];
  }
  if (widest === undefined) return undefined;
  const [word] = widest;
  return narrowed(query, word, terms.spelling(word), narrowing);
}

/**
 * Under OR, a capped phrase (or word) is narrowed by a longer phrase: it and the word before or
 * after it in a known organisation that holds it, up to five words. The longer phrases, folded.
 */
export function longerPhrases(terms: TermIndex, query: Query): Set<string> {
  const longer = new Set<string>();
  if (termCount(query) !== 1) return longer;
  const phrase = query.words[0] ?? query.phrases[0] ?? '';
  const words = phrase.split(' ');
  if (words.length < 2 || words.length >= 5) return longer;
  for (const known of terms.matching(query)) {
    const sequence = known.sequence;
    for (let start = 0; start + words.length <= sequence.length; start++) {
      if (!words.every((word, offset) => sequence[start + offset] === word)) continue;
      const before = sequence[start - 1];
      const after = sequence[start + words.length];
      if (before !== undefined && before !== '') longer.add([before, ...words].join(' '));
      if (after !== undefined && after !== '') longer.add([...words, after].join(' '));
    }
  }
  return longer;
}

/**
 * The searches a run died on: never asked again, but split once the listed organisations' words
 * are in, each with its narrower search that the most known organisations match asked as soon as
 * the seeds are, standing in for the broad answer lost.
 */
export class StandIns {
  /** Searches a run died on, not yet split. */
  #unsplit: Query[] = [];
  readonly #standIns: Query[] = [];

  diedOn(query: Query): void {
    this.#unsplit.push(query);
  }

  /** Splits every search a run died on with `splitOne`, and keeps the stand-in of each. */
  splitAll(terms: TermIndex, splitOne: (query: Query) => Narrowing | undefined): void {
    for (const query of this.#unsplit) {
      const narrowing = splitOne(query);
      const standIn = narrowing === undefined ? undefined : widestNarrower(terms, query, narrowing);
      if (standIn !== undefined) this.#standIns.push(standIn);
    }
    this.#unsplit = [];
  }

  /** The next stand-in that `asked` does not hold, taken out. */
  next(isAsked: (key: string) => boolean): Query | undefined {
    for (let query = this.#standIns.shift(); query !== undefined; query = this.#standIns.shift())
      if (!isAsked(query.key)) return query;
    return undefined;
  }
}
