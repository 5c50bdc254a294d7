// The words a query holds with a typo: the indexed word nearest to one that matches nothing (for
// a suggestion), and the word each one found only with a typo matched (for a note beside the
// results).
import { editDistance, parseSearchBoxQuery, type QueryWord } from '../format/query.ts';
import type { IndexParts } from './index-parts.ts';
import { nearbyShardWords } from './spelling.ts';
import { mayMatch, type WordLookup } from './word-lookup.ts';

/** A suggestion for a word that matches nothing is at most this many edits away. */
const SUGGESTION_EDITS = 2;

/**
 * The indexed word nearest to `word` within two edits, or none: looked for in its shard and in
 * those a slip in its first letters would have sent it from (spelling.ts: nearbyShardWords).
 */
export async function nearestWord(
  parts: IndexParts,
  words: WordLookup,
  word: string,
): Promise<string | undefined> {
  const lookup: QueryWord = { word, prefix: false, fuzzy: SUGGESTION_EDITS };
  const keys = new Set(nearbyShardWords(word).flatMap((nearby) => parts.table.keysFor(nearby, false)));
  const shards = await Promise.all([...keys].map((key) => words.indexFor(key, lookup)));
  const documentsByTerm = new Map<string, number>();
  for (const shard of shards) {
    for (const result of shard?.search(word, { fuzzy: SUGGESTION_EDITS, combineWith: 'OR' }) ?? []) {
      for (const term of result.terms) documentsByTerm.set(term, (documentsByTerm.get(term) ?? 0) + 1);
    }
  }
  // The fewest edits first; of those, the word most records use.
  let best: { term: string; edits: number; documents: number } | undefined;
  for (const [term, documents] of documentsByTerm) {
    const edits = editDistance(word, term);
    if (best === undefined || edits < best.edits || (edits === best.edits && documents > best.documents)) {
      best = { term, edits, documents };
    }
  }
  return best?.term;
}

/**
 * The words of a query the index holds only with a typo (not as typed, nor as the beginning of
 * a word when the query ends on it), each with the word it matched that most records use:
 * "hospise" → "hospice".
 */
export async function typoCorrections(words: WordLookup, raw: string): Promise<Map<string, string>> {
  const corrected = new Map<string, string>();
  for (const word of parseSearchBoxQuery(raw).words) {
    if (word.fuzzy === 0) continue;
    let asTyped = false;
    let best: { term: string; documents: number } | undefined;
    for (const index of await words.indexesFor(word)) {
      for (const term of index?.terms ?? []) {
        if (!mayMatch(term, word)) continue;
        if (term === word.word || (word.prefix && term.startsWith(word.word))) asTyped = true;
        const documents = new Map<number, number>();
        index!.addFieldsOf([term], documents);
        if (best === undefined || documents.size > best.documents) best = { term, documents: documents.size };
      }
    }
    if (!asTyped && best !== undefined) corrected.set(word.word, best.term);
  }
  return corrected;
}
