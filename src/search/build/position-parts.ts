// The positions parts of the search index: where each word stands in each document, for
// phrases. Positions are kept by the terms' shards; a term with many positions gets files of its
// own, split by ranges of documents (src/search/build/terms-parts.ts builds the terms).
import { encodeOccurrences, type Occurrence } from '../format/codec.ts';
import type { SearchDocument } from './document.ts';
import type { SearchField } from '../format/fields.ts';
import { tokenize } from '../format/fold.ts';
import { chunkStart, SEARCH_FIELDS } from '../format/options.ts';
import { partName, PartText, type PositionsPart } from '../format/parts.ts';
import type { ShardFiles, ShardTable } from '../format/shards.ts';

function byteLength(value: unknown): number {
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

/**
 * Every word's occurrences side by side in one array: for each word, a flat list of (document,
 * field, count, positions...) in document order, with a gap between the values of a field so that
 * no phrase spans two values. One list per word (465,000 of them at 100,000 organisations) took
 * some 330 MB, half of it the lists' own objects and the room they kept to grow; counted first,
 * then filled, the 29 million numbers take 114 MB (docs/performance.md, "Memory").
 */
interface Occurrences {
  /** Each word's number, in the order the words were first met. */
  numbers: Map<string, number>;
  /** Where each word's list starts in `values`; the next word's start is where it ends. */
  starts: Uint32Array;
  values: Uint32Array;
}

/** Calls `visit` with each word of each field of each document, and its positions there, in document order. */
function forEachOccurrence(
  documents: readonly Pick<SearchDocument, 'fields'>[],
  visit: (term: string, document: number, field: SearchField, positions: readonly number[]) => void,
): void {
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
      for (const [term, list] of positions) visit(term, number, field, list);
    }
  });
}

/** The documents' occurrences, read twice: once to size each word's list, once to fill it. */
function occurrencesOf(
  documents: readonly Pick<SearchDocument, 'fields'>[],
  fieldIds: Record<string, number>,
): Occurrences {
  const numbers = new Map<string, number>();
  const lengths: number[] = [];
  forEachOccurrence(documents, (term, _document, _field, positions) => {
    let number = numbers.get(term);
    if (number === undefined) {
      number = lengths.length;
      numbers.set(term, number);
      lengths.push(0);
    }
    lengths[number]! += 3 + positions.length;
  });
  const starts = new Uint32Array(lengths.length + 1);
  for (let number = 0; number < lengths.length; number += 1)
    starts[number + 1] = starts[number]! + lengths[number]!;
  const values = new Uint32Array(starts[lengths.length]!);
  const filled = starts.slice(0, lengths.length);
  forEachOccurrence(documents, (term, document, field, positions) => {
    const number = numbers.get(term)!;
    let index = filled[number]!;
    values[index++] = document;
    values[index++] = fieldIds[field]!;
    values[index++] = positions.length;
    values.set(positions, index);
    filled[number] = index + positions.length;
  });
  return { numbers, starts, values };
}

/** The occurrences of word `term` (its number) in documents `from` (inclusive) to `to` (exclusive). */
function occurrencesIn(
  { starts, values }: Occurrences,
  term: number,
  from: number,
  to: number,
): Occurrence[] {
  const found: Occurrence[] = [];
  let index = starts[term]!;
  const end = starts[term + 1]!;
  while (index < end) {
    const document = values[index]!;
    const count = values[index + 2]!;
    if (document >= from && document < to) {
      found.push({
        document,
        field: values[index + 1]!,
        positions: [...values.subarray(index + 3, index + 3 + count)],
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
}

/** Where the positions are: each shard's files, for the core, and those of each term with files of its own. */
export interface PositionFiles {
  shardFiles: Map<string, ShardFiles>;
  /** For the term's entry in its terms part. */
  ownFiles: Map<string, [firstFile: number, files: number]>;
}

/** Each shard's terms, in the order they were first met, as their numbers in `occurrences`. */
function termsByShard({ numbers }: Occurrences, splitTable: ShardTable): Map<string, Record<string, number>> {
  const positionsOf = new Map<string, Record<string, number>>();
  for (const [term, number] of numbers) {
    const key = splitTable.keyOf(term);
    let shard = positionsOf.get(key);
    if (!shard) positionsOf.set(key, (shard = {}));
    shard[term] = number;
  }
  return positionsOf;
}

/**
 * Writes the positions parts into `parts`, each as its JSON text once it is complete, and returns
 * where each shard's and each term's positions are.
 */
export function positionParts(
  documents: readonly Pick<SearchDocument, 'fields'>[],
  fieldIds: Record<string, number>,
  { keys, splitTable, termsFileOf }: TermShards,
  layout: { termPositionsBytes: number; positionsFileBytes: number },
  parts: Map<string, unknown>,
): PositionFiles {
  const documentCount = documents.length;
  const occurrences = occurrencesOf(documents, fieldIds);
  const positionsOf = termsByShard(occurrences, splitTable);
  // Each term's positions encoded whole. A term with many positions gets files of its own (split
  // by ranges of documents), named in its terms entry, so that a phrase with "community" does not
  // read the positions of every other word that starts "com"; the rest are kept by shard.
  const wholeOf = new Map<string, Record<string, string>>();
  const ownTerms: [key: string, term: string][] = [];
  for (const key of keys) {
    const whole: Record<string, string> = {};
    for (const [term, number] of Object.entries(positionsOf.get(key) ?? {})) {
      const encoded = encodeOccurrences(occurrencesIn(occurrences, number, 0, Infinity));
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
  const written = new Set<string>();
  /** Writes positions by ranges of documents into `chunks` consecutive files from `firstFile`. */
  const writeChunks = (key: string, terms: readonly string[], firstFile: number, chunks: number) => {
    for (let chunk = 0; chunk < chunks; chunk += 1) {
      const from = chunkStart(chunk, documentCount, chunks);
      const to = chunkStart(chunk + 1, documentCount, chunks);
      const name = partName.positions(firstFile + chunk);
      const part = (parts.get(name) as PositionsPart | undefined) ?? {};
      const byTerm: Record<string, string> = (part[key] ??= {});
      for (const term of terms) {
        const inRange = occurrencesIn(occurrences, positionsOf.get(key)![term]!, from, to);
        if (inRange.length > 0) byTerm[term] = encodeOccurrences(inRange);
      }
      parts.set(name, part);
      written.add(name);
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
      written.add(name);
    } else {
      nextPositionsFile += chunks;
      writeChunks(key, Object.keys(wholeOf.get(key)!), firstFile, chunks);
    }
  }
  const ownFiles = new Map<string, [number, number]>();
  for (const [key, term] of ownTerms) {
    const bytes = encodeOccurrences(
      occurrencesIn(occurrences, positionsOf.get(key)![term]!, 0, Infinity),
    ).length;
    const chunks = Math.max(1, Math.ceil(bytes / layout.positionsFileBytes));
    writeChunks(key, [term], nextPositionsFile, chunks);
    ownFiles.set(term, [nextPositionsFile, chunks]);
    nextPositionsFile += chunks;
  }
  for (const name of written) parts.set(name, PartText.of(parts.get(name)));

  return { shardFiles, ownFiles };
}
