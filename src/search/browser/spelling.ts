// What the search says about spelling. A word of five letters or more tolerates one typo, so
// "hospise" finds the hospices: that correction is announced ("Showing results for hospice") with
// the way back to the word as typed, quoted, which the search matches exactly. A query that finds
// nothing is offered the nearest query that finds something ("Did you mean"), its phrases mended
// too. Pure helpers; the engine finds the words (engine.ts), the page draws them (page.ts).
import type { ParsedQuery, QueryWord } from '../format/query.ts';

/** A query the search corrected: what it searched for, and the query as typed, to search for instead. */
export interface Correction {
  /** The query with each corrected word replaced by the word it matched. */
  showing: string;
  /** The query with each corrected word quoted, which the search matches exactly, without a typo. */
  instead: string;
}

/** Quoted, as the query language writes a phrase. */
const quoted = (words: readonly string[]): string => `"${words.join(' ')}"`;

/**
 * The correction of `query`, given each word the index held only with a typo and the word it
 * matched (`corrected`); none when every word matched as typed.
 */
export function correctionOf(
  query: ParsedQuery,
  corrected: ReadonlyMap<string, string>,
): Correction | undefined {
  if (corrected.size === 0 || query.field !== undefined) return undefined;
  const phrases = query.phrases.map(quoted);
  const words = query.words.map(({ word }) => word);
  return {
    showing: [...phrases, ...words.map((word) => corrected.get(word) ?? word)].join(' '),
    instead: [...phrases, ...words.map((word) => (corrected.has(word) ? quoted([word]) : word))].join(' '),
  };
}

/**
 * Words whose shard (the index is split by a word's first letters) may hold a word two edits
 * from `word` that differs from it in its first letters: the word itself, its first two or its
 * second and third letters swapped, and it without its first or its second letter ("glaway" is
 * looked for among the "ga…" words, where "galway" is).
 */
export function nearbyShardWords(word: string): string[] {
  const swap = (at: number) => word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  const variants = [word];
  if (word.length >= 2) variants.push(swap(0), word.slice(1));
  if (word.length >= 3) variants.push(swap(1), word[0] + word.slice(2));
  return [...new Set(variants)];
}

/**
 * The query with each word (outside and inside quotes) that matches nothing replaced by its
 * nearest indexed word; none when a word has nothing near it, or when nothing was replaced.
 * `nearest` gives a word's replacement, itself when it matches as it is (a phrase's words are
 * matched exactly: no prefix, no typo).
 */
export async function mendedQuery(
  query: ParsedQuery,
  nearest: (word: QueryWord) => Promise<string | undefined>,
): Promise<string | undefined> {
  let changed = false;
  const mend = async (word: QueryWord): Promise<string | undefined> => {
    const replacement = await nearest(word);
    if (replacement !== undefined && replacement !== word.word) changed = true;
    return replacement;
  };
  const phrases: string[] = [];
  for (const phrase of query.phrases) {
    const mended: string[] = [];
    for (const word of phrase) {
      const replacement = await mend({ word, prefix: false, fuzzy: 0 });
      if (replacement === undefined) return undefined;
      mended.push(replacement);
    }
    phrases.push(quoted(mended));
  }
  const words: string[] = [];
  for (const word of query.words) {
    const replacement = await mend(word);
    if (replacement === undefined) return undefined;
    words.push(replacement);
  }
  return changed ? [...phrases, ...words].join(' ') : undefined;
}
