// The sweep's queries: a query as sent ("quoted phrases" and single words), read and folded by the
// service's own rule (src/lib/service-search.ts, which the sample API answers by), keyed for the
// sweep, and the narrower queries built from one.
import { parseServiceQuery } from '../../lib/service-search.ts';
import type { Narrowing } from './known.ts';

/** A query: words and quoted phrases, all of which a result must contain. */
export interface Query {
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

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

/** The words of a text, as written: what the sweep sends back to the service as a query. */
export function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/**
 * A query as sent, read as the service reads it (`parseServiceQuery`), with the key the sweep
 * knows it by: its distinct words, sorted, then its phrases, sorted.
 */
export function keyedQuery(text: string): Query {
  const parsed = parseServiceQuery(text);
  const words = [...parsed.words].sort();
  const phrases = [...parsed.phrases].sort();
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
export function narrowed(query: Query, folded: string, word: string, of: Narrowing): Query {
  const words = [...query.words, folded].sort();
  return {
    key: [...words, ...query.phrases.map((phrase) => `"${phrase}"`)].join(' '),
    words,
    phrases: query.phrases,
    text: `${query.text} ${word}`,
    narrowing: { of, word: folded },
  };
}

/** The terms a match must hold: the query's words, and each pair of words in a row of its phrases. */
export function termsOf(query: Query): string[] {
  const terms = [...query.words];
  for (const phrase of query.phrases) {
    const words = phrase.split(' ');
    for (let index = 0; index + 1 < words.length; index++) terms.push(`${words[index]} ${words[index + 1]}`);
  }
  return terms;
}

/** The folded words of a query, its phrases' words included. */
export function wordsOfQuery(query: Query): string[] {
  return [...query.words, ...query.phrases.flatMap((phrase) => phrase.split(' '))];
}

/** The number of terms the service reads in a query: its words and its phrases. */
export function termCount(query: Query): number {
  return query.words.length + query.phrases.length;
}

/** The group of a facet query: its phrases (the sub-sector), whatever its county. */
export function groupOf(query: Query): string {
  return query.phrases.join(' ');
}
