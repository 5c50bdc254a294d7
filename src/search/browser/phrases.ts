// The phrases of a query ("in quotes"): the documents with all their words, then, only for those
// the rest of the query keeps, the word positions that say where the words follow each other.
import { OccurrenceIndex } from '../format/codec.ts';
import {
  fieldsOnly,
  followingEachOther,
  intersect,
  intersectFields,
  type DocumentFields,
  type Occurrences,
  type UnitMatches,
} from '../format/matches.ts';
import { chunkOf } from '../format/options.ts';
import { partName, type PositionsPart } from '../format/parts.ts';
import type { IndexParts } from './index-parts.ts';
import { exactly, type WordLookup } from './word-lookup.ts';

export class PhraseLookup {
  readonly #parts: IndexParts;
  readonly #words: WordLookup;
  readonly #positions = new Map<string, OccurrenceIndex>();

  constructor(parts: IndexParts, words: WordLookup) {
    this.#parts = parts;
    this.#words = words;
  }

  /** Where a word occurs in the given documents: a lookup of its positions by document and field. */
  async #occurrences(term: string, documents: Iterable<number>): Promise<Occurrences> {
    const core = await this.#parts.core();
    const table = this.#parts.table;
    const key = table.keyOf(term);
    const files = table.files.get(key);
    if (!files) return () => undefined;
    const [firstFile, chunks] = this.#parts.ownPositions.get(term) ?? [files[1], files[2]];
    const needed = new Set<number>();
    for (const document of documents) needed.add(chunkOf(document, core.documentCount, chunks));
    const byChunk = new Map(
      await Promise.all(
        [...needed].map(async (chunk) => {
          const file = firstFile + chunk;
          const cacheKey = `${file}:${term}`;
          let index = this.#positions.get(cacheKey);
          if (!index) {
            const encoded = (await this.#parts.part<PositionsPart>(partName.positions(file)))[key]?.[term];
            index = new OccurrenceIndex(encoded ?? '');
            this.#positions.set(cacheKey, index);
          }
          return [chunk, index] as const;
        }),
      ),
    );
    return (document, field) =>
      byChunk.get(chunkOf(document, core.documentCount, chunks))?.positions(document, field);
  }

  /**
   * The documents with a phrase and the fields where its words follow each other: the documents
   * with all its words, then their word positions. With `within`, only the documents it accepts
   * are looked at (those the rest of the query keeps): their positions are all that is read and
   * checked, and the answer is not kept for later.
   */
  phraseFields(words: readonly string[], within?: (document: number) => boolean): Promise<DocumentFields> {
    const compute = async (): Promise<DocumentFields> => {
      const core = await this.#parts.core();
      const each = await Promise.all(words.map((word) => this.#words.wordFields(exactly(word))));
      const candidates: UnitMatches = new Map();
      for (const [document, fields] of intersectFields(each)) {
        if (!within || within(document)) candidates.set(document, { score: 0, fields });
      }
      if (words.length === 1 || candidates.size === 0) return fieldsOnly(candidates);
      const distinct = [...new Set(words)];
      const lookups = new Map(
        await Promise.all(
          distinct.map(async (word) => [word, await this.#occurrences(word, candidates.keys())] as const),
        ),
      );
      const positionsOf = words.map((word) => lookups.get(word)!);
      return fieldsOnly(followingEachOther(candidates, positionsOf, Object.values(core.fieldIds)));
    };
    return within ? compute() : this.#words.remember(`p:${words.join(' ')}`, compute);
  }

  /** A phrase's matches: its documents and fields, scored as MiniSearch scores its words (added up). */
  async phraseScores(
    words: readonly string[],
    fields: DocumentFields,
    among: ReadonlySet<number> | undefined,
  ): Promise<UnitMatches> {
    const scored = intersect(
      await Promise.all(
        words.map((word) => this.#words.wordScores(exactly(word), among ?? new Set(fields.keys()))),
      ),
    );
    const matches: UnitMatches = new Map();
    for (const [document, matched] of fields) {
      const score = scored.get(document)?.score;
      if (score !== undefined && (!among || among.has(document)))
        matches.set(document, { score, fields: matched });
    }
    return matches;
  }
}
