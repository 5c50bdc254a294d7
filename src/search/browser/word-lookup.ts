// The words of a query looked up in the index: the shards a word's matches can come from, each
// built into a MiniSearch index of only the words it can match (itself, those it begins when it is
// a prefix, those within its typos), then the documents and fields it matches, or their scores.
import type { SearchResult as MiniSearchResult } from 'minisearch';
import { bit, type DocumentFields, type UnitMatches } from '../format/matches.ts';
import { editDistance, type QueryWord } from '../format/query.ts';
import { shardIndex, type ShardIndex } from '../format/shard-index.ts';
import type { IndexParts } from './index-parts.ts';

/** Word results kept for the next keystrokes, which mostly repeat all but the last word. */
const WORD_CACHE_SIZE = 64;

/**
 * Whether MiniSearch's search for `word` can match `term`: the word itself, a longer word it
 * begins when it is a prefix, or a word within its typos (Levenshtein distance, as MiniSearch's).
 */
export function mayMatch(term: string, word: QueryWord): boolean {
  if (term === word.word) return true;
  if (word.prefix && term.startsWith(word.word)) return true;
  return (
    word.fuzzy > 0 &&
    Math.abs(term.length - word.word.length) <= word.fuzzy &&
    editDistance(term, word.word) <= word.fuzzy
  );
}

/** A word of a phrase, which is matched exactly: no prefix, no typo. */
export function exactly(word: string): QueryWord {
  return { word, prefix: false, fuzzy: 0 };
}

export class WordLookup {
  readonly #parts: IndexParts;
  /** MiniSearch indexes by shard key (every word of the shard), or by shard key and query word (the words it can match). */
  readonly #shards = new Map<string, Promise<ShardIndex | undefined>>();
  readonly #units = new Map<string, Promise<DocumentFields>>();
  /** Name lengths (unique words) of the documents in the name postings loaded so far. */
  readonly nameLengths = new Map<number, number>();

  constructor(parts: IndexParts) {
    this.#parts = parts;
  }

  /**
   * The index a word is searched in: its shard's words that the search can match (itself, the
   * words it begins when it is a prefix, those within its typos), which is what MiniSearch would
   * find of it in the whole shard, with the same scores, since a word's score depends only on its
   * own postings. An index that holds every word of the shard is kept for any later word in it.
   */
  indexFor(key: string, word: QueryWord): Promise<ShardIndex | undefined> {
    const whole = this.#shards.get(key);
    if (whole) return whole;
    const wordKey = `${key}\u0000${word.word}\u0000${word.prefix}\u0000${word.fuzzy}`;
    let index = this.#shards.get(wordKey);
    if (!index) {
      index = this.#parts.core().then(async (core) => {
        const entries = await this.#parts.entries(key);
        if (!entries) return undefined;
        const matching = entries.filter(([term]) => mayMatch(term, word));
        const built = shardIndex(core, matching, this.nameLengths);
        if (matching.length === entries.length) this.#shards.set(key, Promise.resolve(built));
        return built;
      });
      index.catch(() => this.#shards.delete(wordKey));
      this.#shards.set(wordKey, index);
    }
    return index;
  }

  /** A unit's documents and fields, kept for the next keystrokes, which mostly repeat all but the last word. */
  remember(key: string, compute: () => Promise<DocumentFields>): Promise<DocumentFields> {
    let matches = this.#units.get(key);
    if (matches) {
      this.#units.delete(key);
    } else {
      matches = compute();
      matches.catch(() => this.#units.delete(key));
    }
    this.#units.set(key, matches);
    if (this.#units.size > WORD_CACHE_SIZE) this.#units.delete(this.#units.keys().next().value!);
    return matches;
  }

  /** The indexes of the shards a word's matches can come from. */
  indexesFor(word: QueryWord): Promise<(ShardIndex | undefined)[]> {
    return Promise.all(
      this.#parts.table.keysFor(word.word, word.prefix).map((key) => this.indexFor(key, word)),
    );
  }

  /**
   * The documents a word matches (exactly, by prefix when it is the last word, or with a typo)
   * and the fields it matches in, read from its postings without scoring them.
   */
  wordFields(word: QueryWord): Promise<DocumentFields> {
    return this.remember(`w:${word.word}:${word.prefix}:${word.fuzzy}`, async () => {
      await this.#parts.core();
      const fields: DocumentFields = new Map();
      for (const index of await this.indexesFor(word)) {
        index?.addFieldsOf(
          index.terms.filter((term) => mayMatch(term, word)),
          fields,
        );
      }
      return fields;
    });
  }

  /**
   * A word's matches with MiniSearch's scores, of the documents `among` keeps (all when
   * undefined): MiniSearch scores only those (a document boost of 0 skips the others before
   * they are scored, and 1 leaves a score as it is), and their scores are what a search of every
   * document gives them.
   */
  async wordScores(word: QueryWord, among: ReadonlySet<number> | undefined): Promise<UnitMatches> {
    const core = await this.#parts.core();
    const matches: UnitMatches = new Map();
    const boostDocument = among && ((document: number) => (among.has(document) ? 1 : 0));
    for (const index of await this.indexesFor(word)) {
      if (!index) continue;
      const results: MiniSearchResult[] = index.search(word.word, {
        prefix: word.prefix,
        fuzzy: word.fuzzy > 0 ? word.fuzzy : false,
        combineWith: 'OR',
        ...(boostDocument && { boostDocument }),
      });
      // Shards hold different words, so adding their scores is what one index would give.
      for (const result of results) {
        const document = result.id as number;
        let match = matches.get(document);
        if (!match) {
          match = { score: 0, fields: 0 };
          matches.set(document, match);
        }
        match.score += result.score;
        for (const term in result.match) {
          for (const field of result.match[term]!) match.fields |= bit(core.fieldIds[field]!);
        }
      }
    }
    return matches;
  }
}
