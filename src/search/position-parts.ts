// The positions parts of the search index: where each word stands in each document, for
// phrases. Positions are kept by the terms' shards; a term with many positions gets files of its
// own, split by ranges of documents (src/search/build-index.ts builds the rest).
import { encodeOccurrences, type Occurrence } from './codec.ts';
import type { SearchDocument } from './document.ts';
import { tokenize } from './fold.ts';
import { chunkStart, SEARCH_FIELDS } from './options.ts';
import { partName, type PositionsPart, type TermsEntry } from './parts.ts';
import type { ShardFiles, ShardTable } from './shards.ts';

export function byteLength(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

/** Packs named items into files of about `target` bytes, in order; an item larger than that has a file of its own. */
export function pack(
  sizes: readonly [string, number][],
  target: number,
  firstFile: number,
): Map<string, number> {
  const fileOf = new Map<string, number>();
  let file = firstFile - 1;
  let filled = Infinity;
  for (const [name, size] of sizes) {
    if (filled + size > target) {
      file += 1;
      filled = 0;
    }
    fileOf.set(name, file);
    filled += size;
  }
  return fileOf;
}

/** A growable list of small numbers, four bytes each: positions of 30,000 records fit in tens of megabytes. */
class NumberList {
  values = new Uint32Array(8);
  length = 0;

  push(...numbers: number[]): void {
    if (this.length + numbers.length > this.values.length) {
      const grown = new Uint32Array(Math.max(this.values.length * 2, this.length + numbers.length));
      grown.set(this.values);
      this.values = grown;
    }
    for (const number of numbers) this.values[this.length++] = number;
  }
}

/**
 * Word positions per term, as a flat list of (document, field, count, positions...) in document
 * order, with a gap between the values of a field so that no phrase spans two values.
 */
function occurrencesOf(
  documents: readonly Pick<SearchDocument, 'fields'>[],
  fieldIds: Record<string, number>,
): Map<string, NumberList> {
  const occurrences = new Map<string, NumberList>();
  documents.forEach((document, number) => {
    for (const field of SEARCH_FIELDS) {
      const positions = new Map<string, number[]>();
      let position = 0;
      for (const value of document.fields[field]) {
        for (const term of tokenize(value)) {
          let list = positions.get(term);
          if (!list) positions.set(term, (list = []));
          list.push(position);
          position += 1;
        }
        position += 1;
      }
      for (const [term, list] of positions) {
        let termOccurrences = occurrences.get(term);
        if (!termOccurrences) occurrences.set(term, (termOccurrences = new NumberList()));
        termOccurrences.push(number, fieldIds[field]!, list.length, ...list);
      }
    }
  });
  return occurrences;
}

/** The occurrences of a term in documents `from` (inclusive) to `to` (exclusive). */
function occurrencesIn(list: NumberList, from: number, to: number): Occurrence[] {
  const found: Occurrence[] = [];
  let index = 0;
  while (index < list.length) {
    const document = list.values[index]!;
    const count = list.values[index + 2]!;
    if (document >= from && document < to) {
      found.push({
        document,
        field: list.values[index + 1]!,
        positions: [...list.values.subarray(index + 3, index + 3 + count)],
      });
    }
    index += 3 + count;
  }
  return found;
}

/** The terms' shards, as the terms parts were cut. */
export interface TermShards {
  keys: readonly string[];
  splitTable: ShardTable;
  termsFileOf: ReadonlyMap<string, number>;
  shards: ReadonlyMap<string, TermsEntry[]>;
}

/**
 * Writes the positions parts into `parts`, and names in each term's entry the files of a term
 * that has files of its own; returns the files of each shard, for the core.
 */
export function positionParts(
  documents: readonly Pick<SearchDocument, 'fields'>[],
  fieldIds: Record<string, number>,
  { keys, splitTable, termsFileOf, shards }: TermShards,
  layout: { termPositionsBytes: number; positionsFileBytes: number },
  parts: Map<string, unknown>,
): Map<string, ShardFiles> {
  const documentCount = documents.length;
  const occurrences = occurrencesOf(documents, fieldIds);
  const positionsOf = new Map<string, Record<string, NumberList>>();
  for (const [term, list] of occurrences) {
    const key = splitTable.keyOf(term);
    let shard = positionsOf.get(key);
    if (!shard) positionsOf.set(key, (shard = {}));
    shard[term] = list;
  }
  // Each term's positions encoded whole. A term with many positions gets files of its own (split
  // by ranges of documents), named in its terms entry, so that a phrase with "community" does not
  // read the positions of every other word that starts "com"; the rest are kept by shard.
  const wholeOf = new Map<string, Record<string, string>>();
  const ownTerms: [key: string, term: string][] = [];
  for (const key of keys) {
    const whole: Record<string, string> = {};
    for (const [term, list] of Object.entries(positionsOf.get(key) ?? {})) {
      const encoded = encodeOccurrences(occurrencesIn(list, 0, Infinity));
      if (encoded.length > layout.termPositionsBytes) ownTerms.push([key, term]);
      else whole[term] = encoded;
    }
    wholeOf.set(key, whole);
  }
  const positionsBytes = new Map(keys.map((key) => [key, byteLength(wholeOf.get(key))]));
  const chunksOf = new Map(
    keys.map((key) => [key, Math.max(1, Math.ceil(positionsBytes.get(key)! / layout.positionsFileBytes))]),
  );
  const packedKeys = keys.filter((key) => chunksOf.get(key) === 1);
  const positionsFileOf = pack(
    packedKeys.map((key) => [key, positionsBytes.get(key)!]),
    layout.positionsFileBytes,
    0,
  );
  let nextPositionsFile = Math.max(-1, ...positionsFileOf.values()) + 1;
  /** Writes positions by ranges of documents into `chunks` consecutive files from `firstFile`. */
  const writeChunks = (key: string, terms: readonly string[], firstFile: number, chunks: number) => {
    for (let chunk = 0; chunk < chunks; chunk += 1) {
      const from = chunkStart(chunk, documentCount, chunks);
      const to = chunkStart(chunk + 1, documentCount, chunks);
      const name = partName.positions(firstFile + chunk);
      const part = (parts.get(name) as PositionsPart | undefined) ?? {};
      const byTerm: Record<string, string> = (part[key] ??= {});
      for (const term of terms) {
        const inRange = occurrencesIn(positionsOf.get(key)![term]!, from, to);
        if (inRange.length > 0) byTerm[term] = encodeOccurrences(inRange);
      }
      parts.set(name, part);
    }
  };
  const shardFiles = new Map<string, ShardFiles>();
  for (const key of keys) {
    const chunks = chunksOf.get(key)!;
    const firstFile = chunks === 1 ? positionsFileOf.get(key)! : nextPositionsFile;
    shardFiles.set(key, [termsFileOf.get(key)!, firstFile, chunks]);
    if (chunks === 1) {
      const name = partName.positions(firstFile);
      const part = (parts.get(name) as PositionsPart | undefined) ?? {};
      part[key] = wholeOf.get(key)!;
      parts.set(name, part);
    } else {
      nextPositionsFile += chunks;
      writeChunks(key, Object.keys(wholeOf.get(key)!), firstFile, chunks);
    }
  }
  const entryOf = new Map([...shards.values()].flat().map((entry) => [entry[0], entry]));
  for (const [key, term] of ownTerms) {
    const bytes = encodeOccurrences(occurrencesIn(positionsOf.get(key)![term]!, 0, Infinity)).length;
    const chunks = Math.max(1, Math.ceil(bytes / layout.positionsFileBytes));
    writeChunks(key, [term], nextPositionsFile, chunks);
    entryOf.get(term)![2] = [nextPositionsFile, chunks];
    nextPositionsFile += chunks;
  }

  return shardFiles;
}
