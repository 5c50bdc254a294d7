// The query language of the site's search box, as people type: words, all required, and "quoted
// phrases" that match only that sequence of words; the last word a prefix while it is typed, long
// words allowed a typo, a registration number with or without its prefix, and `director:` for
// the directors' names alone. Words are folded as the site's index folds them (./fold.ts).
// Parsing is shared by the browser client and the tests' reference.
//
// It is not the register service's grammar (src/lib/service-search.ts, which the sample API and
// the crawler's sweep share): that one has no prefixes, typos, number prefixes or fields, fewer
// quotation marks, and folds words by the service's rule (apostrophes dropped, `&` only a space,
// `ß` as it is).
import type { SearchField } from './fields.ts';
import { hasDigit, tokenize } from './fold.ts';

/** Straight, curly, low and angle quotation marks all open and close a phrase. */
const QUOTE = /["“”„‟«»＂]/;

/**
 * The prefixes people write before a registration number: the Charities Regulator's RCN, Revenue's
 * CHY, the Companies Registration Office's CRO, an approved housing body's AHB, and the
 * identifiers printed on every page (`IE-CHY-20028352`). The index holds the number alone, so the
 * prefix, however spaced or joined (`CHY11624`, `CHY 11624`, `RCN-20074852`), is read away.
 */
const NUMBER_PREFIX = /(?<![\p{L}\p{N}])(?:ie[\s-]*)?(?:chy|rcn|cro|ahb)[\s.:#-]*(?=\p{N})/giu;

/** A query's text with the prefixes of registration numbers taken off the numbers. */
function withoutNumberPrefixes(text: string): string {
  return text.replace(NUMBER_PREFIX, '');
}

/** The last word is a prefix only from this length: shorter ones would match most records. */
const PREFIX_MIN_LENGTH = 3;

/** Words of this length or more tolerate one typo; numbers and codes never do. */
const FUZZY_MIN_LENGTH = 5;

export interface QueryWord {
  /** Folded, as `tokenize` gives it. */
  word: string;
  /** Matches every word that starts with it (the last word, while it is being typed). */
  prefix: boolean;
  /** Edits tolerated by the typo match: 0 or 1. */
  fuzzy: number;
}

export interface ParsedQuery {
  /** Every word outside quotes, each required. */
  words: QueryWord[];
  /** Every quoted phrase, as its folded words, each required as that exact sequence. */
  phrases: string[][];
  /** The one field searched, when the query names one (`director:`); every field otherwise. */
  field?: SearchField;
}

/**
 * `director:` (or `directors:`) before a query searches the directors' names alone, each word
 * exactly as written: the other boards a name sits on, not the names like it.
 */
const DIRECTOR_PREFIX = /^\s*directors?\s*:\s*/i;

/** True when the query has nothing to search for. */
export function isEmptyQuery(query: ParsedQuery): boolean {
  return query.words.length === 0 && query.phrases.length === 0;
}

/**
 * Reads a query as typed. A quotation mark without its pair runs to the end of the query, so a
 * phrase being typed is already a phrase. The last word is a prefix when the query ends on it
 * (no space or punctuation after it) and it is long enough to narrow anything down.
 */
export function parseSearchBoxQuery(raw: string): ParsedQuery {
  const director = DIRECTOR_PREFIX.exec(raw);
  if (director) {
    const { words, phrases } = parseSearchBoxQuery(raw.slice(director[0].length));
    return {
      words: words.map(({ word }) => ({ word, prefix: false, fuzzy: 0 })),
      phrases,
      field: 'directors',
    };
  }
  const segments = raw.split(QUOTE).map(withoutNumberPrefixes);
  const wordTexts: string[] = [];
  const phrases: string[][] = [];
  const seenPhrases = new Set<string>();
  segments.forEach((segment, index) => {
    const tokens = tokenize(segment);
    if (index % 2 === 0) {
      wordTexts.push(...tokens);
      return;
    }
    const key = tokens.join(' ');
    if (tokens.length > 0 && !seenPhrases.has(key)) {
      seenPhrases.add(key);
      phrases.push(tokens);
    }
  });

  const lastSegment = segments.length % 2 === 1 ? segments[segments.length - 1]! : '';
  const endsOnWord = tokenize(lastSegment).length > 0 && /[\p{L}\p{N}\p{M}]$/u.test(lastSegment);
  const words: QueryWord[] = [];
  const seenWords = new Set<string>();
  wordTexts.forEach((word, index) => {
    const prefix = endsOnWord && index === wordTexts.length - 1 && word.length >= PREFIX_MIN_LENGTH;
    const key = `${word}${prefix ? '*' : ''}`;
    if (seenWords.has(key)) return;
    seenWords.add(key);
    words.push({ word, prefix, fuzzy: fuzzyEdits(word) });
  });
  return { words, phrases };
}

function fuzzyEdits(word: string): number {
  return word.length >= FUZZY_MIN_LENGTH && !hasDigit(word) ? 1 : 0;
}

/** Levenshtein distance: inserted, deleted or replaced letters. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}
