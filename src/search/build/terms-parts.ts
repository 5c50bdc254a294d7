// The words' parts: terms shards by their first characters, packed into files, and the positions
// beside them (src/search/build/position-parts.ts).
import { DEFAULT_LAYOUT, type IndexLayout } from './layout.ts';
import { partName, PartText } from '../format/parts.ts';
import { pack, positionParts } from './position-parts.ts';
import { ShardTable, type ShardFiles } from '../format/shards.ts';
import { encodeTerms, type WordsDocument } from './word-passes.ts';

/** Numbers and codes may be split past this depth; words are not, so that a typo after it is still found. */
const WORD_SPLIT_DEPTH = 3;

/**
 * The prefixes to split: a group larger than `threshold` bytes is split by one more character,
 * down to three characters for words, deeper for numbers and codes (a prefix with a digit, or
 * whose words mostly continue with one).
 */
function splitPrefixes(termBytes: ReadonlyMap<string, number>, threshold: number): Set<string> {
  const split = new Set<string>();
  const groupsOf = (terms: Iterable<string>, length: number): Map<string, string[]> => {
    const groups = new Map<string, string[]>();
    for (const term of terms) {
      const prefix = term.slice(0, length);
      let group = groups.get(prefix);
      if (!group) groups.set(prefix, (group = []));
      group.push(term);
    }
    return groups;
  };
  const pending = [...groupsOf(termBytes.keys(), 2)];
  while (pending.length > 0) {
    const [prefix, terms] = pending.pop()!;
    const bytes = terms.reduce((sum, term) => sum + termBytes.get(term)!, 0);
    const deeper = terms.filter((term) => term.length > prefix.length);
    if (prefix.length < 2 || bytes <= threshold || deeper.length < 2) continue;
    if (prefix.length >= WORD_SPLIT_DEPTH && !/\p{N}/u.test(prefix)) {
      const numeric = deeper
        .filter((term) => /\p{N}/u.test(term.charAt(prefix.length)))
        .reduce((sum, term) => sum + termBytes.get(term)!, 0);
      if (numeric * 2 < bytes) continue;
    }
    split.add(prefix);
    pending.push(...groupsOf(deeper, prefix.length + 1));
  }
  return split;
}

/**
 * The terms parts' layout: words grouped by their first characters into shards (each shard's
 * words in order), packed into files. The parts are written by `termsParts` once the positions
 * have said which words have positions files of their own; their names are taken in `parts` here,
 * in the order the index lists them.
 */
function termShards(
  termBytes: ReadonlyMap<string, number>,
  layout: IndexLayout,
  parts: Map<string, unknown>,
) {
  // Terms, grouped by their first two characters; a large group is split by one more character.
  const split = splitPrefixes(termBytes, layout.splitGroupBytes);
  const splitTable = new ShardTable(split, []);
  const shards = new Map<string, string[]>();
  for (const term of termBytes.keys()) {
    const key = splitTable.keyOf(term);
    let shard = shards.get(key);
    if (!shard) shards.set(key, (shard = []));
    shard.push(term);
  }
  const keys = [...shards.keys()].sort();
  for (const shard of shards.values()) shard.sort((a, b) => (a < b ? -1 : 1));
  // A shard's bytes as a JSON array of its entries.
  const shardBytes = (key: string): number => {
    const terms = shards.get(key)!;
    return terms.reduce((sum, term) => sum + termBytes.get(term)!, 1 + terms.length);
  };
  const termsFileOf = pack(
    keys.map((key) => [key, shardBytes(key)]),
    layout.termsFileBytes,
    0,
  );
  for (const key of keys) {
    const name = partName.terms(termsFileOf.get(key)!);
    if (!parts.has(name)) parts.set(name, undefined);
  }

  return { split, splitTable, keys, shards, termsFileOf };
}

/**
 * The terms parts, each as its JSON text: a `TermsPart`, shard key to its entries, written from
 * the entries' texts; a word with positions files of its own has them named last in its entry.
 */
function termsParts(
  { keys, shards, termsFileOf }: ReturnType<typeof termShards>,
  encodedTerms: ReadonlyMap<string, string>,
  ownFiles: ReadonlyMap<string, [number, number]>,
  parts: Map<string, unknown>,
): void {
  const keysOf = new Map<string, string[]>();
  for (const key of keys) {
    const name = partName.terms(termsFileOf.get(key)!);
    let inFile = keysOf.get(name);
    if (!inFile) keysOf.set(name, (inFile = []));
    inFile.push(key);
  }
  const entryJson = (term: string): string => {
    const json = encodedTerms.get(term)!;
    const files = ownFiles.get(term);
    return files === undefined ? json : `${json.slice(0, -1)},${JSON.stringify(files)}]`;
  };
  for (const [name, inFile] of keysOf) {
    // The keys in the order JSON.stringify would give an object's: those that read as array
    // indices first, by number, then the rest as they were added.
    const ordered = Object.keys(Object.fromEntries(inFile.map((key) => [key, 0])));
    const members = ordered.map(
      (key) => `${JSON.stringify(key)}:[${shards.get(key)!.map(entryJson).join(',')}]`,
    );
    parts.set(name, new PartText(`{${members.join(',')}}`));
  }
}

/** What the words' parts give the rest of the index. */
export interface IndexedWords {
  fieldIds: Record<string, number>;
  averageFieldLength: number[];
  split: Set<string>;
  shardFiles: Map<string, ShardFiles>;
  /** Distinct words in the index. */
  termCount: number;
}

/** The terms and positions parts, into `parts`, from the documents' fields in index order. */
export function indexWords(
  documents: readonly WordsDocument[],
  options: { layout?: Partial<IndexLayout> },
  parts: Map<string, unknown>,
): IndexedWords {
  const layout = { ...DEFAULT_LAYOUT, ...options.layout };
  const { encodedTerms, termBytes, fieldIds, averageFieldLength } = encodeTerms(documents, layout);
  const shards = termShards(termBytes, layout, parts);
  const { shardFiles, ownFiles } = positionParts(documents, fieldIds, shards, layout, parts);
  termsParts(shards, encodedTerms, ownFiles, parts);
  return { fieldIds, averageFieldLength, split: shards.split, shardFiles, termCount: encodedTerms.size };
}
