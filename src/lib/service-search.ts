// How the register's search service reads a query and compares words: the one rule that the
// sample API answers by (src/sample-api/search.ts) and that the crawler's search sweep predicts
// its answers by (src/crawl/sweep/query.ts). Words are compared whole, ignoring case and accents,
// with apostrophes dropped ("St. Patrick's" holds the word `patricks`); a query is words and
// "quoted phrases", each required.
//
// The site's own search box folds and reads queries otherwise (src/search/format/fold.ts and
// query.ts: `ß` as `ss`, `&` as "and", prefixes as the last word is typed, typos, `director:`):
// that is orgdir's search over its own index, not the service's.

/** Lower case, accents removed, apostrophes dropped, anything else not a letter or digit a space. */
export function foldServiceText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export interface ServiceQuery {
  /** Folded words, each to be found somewhere in the record. */
  words: string[];
  /** Folded phrases (words joined by one space), each to be found as a sequence in one field. */
  phrases: string[];
}

/**
 * Splits a query into phrases (in straight or curly double quotes; an unclosed quote runs to the
 * end) and words, in the order written. A phrase of one word is a word. Returns an empty query
 * when nothing searchable is left.
 */
export function parseServiceQuery(raw: string): ServiceQuery {
  const words: string[] = [];
  const phrases: string[] = [];
  const pattern = /["“”]([^"“”]*)(?:["“”]|$)|([^"“”\s]+)/g;
  for (const match of raw.matchAll(pattern)) {
    const phrase = match[1];
    if (phrase !== undefined) {
      const folded = foldServiceText(phrase);
      if (folded === '') continue;
      if (folded.includes(' ')) phrases.push(folded);
      else words.push(folded);
    } else {
      for (const word of foldServiceText(match[2] ?? '').split(' ')) if (word !== '') words.push(word);
    }
  }
  return { words, phrases };
}

/** True when a query has nothing to search for. */
export function isEmptyServiceQuery(query: ServiceQuery): boolean {
  return query.words.length === 0 && query.phrases.length === 0;
}
