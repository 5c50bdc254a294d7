// Which shard a word lives in, shared by the builder and the client. Words are grouped by their
// first two characters; a group that is too large is split by one more character (a prefix in
// `split`), and so on. A typo is tolerated only inside a word's own shard: after its first two
// characters, or three for the most crowded beginnings (numbers and codes, which are never
// matched with typos, may be split further).
import { decodeNumbers, encodeNumbers, unzigzag, zigzag } from './codec.ts';

/** Where one shard's files are: [terms file, first positions file, number of positions files]. */
export type ShardFiles = readonly [terms: number, firstPositions: number, positionsFiles: number];

export class ShardTable {
  readonly split: ReadonlySet<string>;
  readonly files: ReadonlyMap<string, ShardFiles>;
  /** Shard keys, sorted. */
  readonly keys: readonly string[];

  constructor(split: Iterable<string>, files: Iterable<readonly [string, ShardFiles]>) {
    this.split = new Set(split);
    this.files = new Map(files);
    this.keys = [...this.files.keys()].sort();
  }

  /** The shard of a word: its shortest prefix of two or more characters that was not split. */
  keyOf(term: string): string {
    let length = 2;
    while (length < term.length && this.split.has(term.slice(0, length))) length += 1;
    return term.slice(0, length);
  }

  /**
   * The shards a word's matches can come from: its own, and when it is matched as a prefix and
   * its group was split, every shard under it.
   */
  keysFor(term: string, prefix: boolean): string[] {
    if (!prefix || !this.split.has(term)) return [this.keyOf(term)];
    const found: string[] = [];
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.keys[middle]! < term) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < this.keys.length && this.keys[index]!.startsWith(term); index += 1) {
      found.push(this.keys[index]!);
    }
    return found;
  }

  /**
   * The compact form the core carries: keys and split prefixes space-separated, and the files as
   * runs. Neighbouring small shards share a terms file and a positions file, so in key order the
   * same files repeat for a run of keys (2,230 keys in 527 runs at 35,000 organisations): each run
   * is its length and its files, each file as the step from the run before (`fileRuns`).
   */
  encode(): { shardKeys: string; shardFiles: string; splitPrefixes: string } {
    return {
      shardKeys: this.keys.join(' '),
      shardFiles: encodeNumbers(fileRuns(this.keys.map((key) => this.files.get(key)!))),
      splitPrefixes: [...this.split].sort().join(' '),
    };
  }

  static decode({
    shardKeys,
    shardFiles,
    splitPrefixes,
  }: {
    shardKeys: string;
    shardFiles: string;
    splitPrefixes: string;
  }): ShardTable {
    const keys = shardKeys === '' ? [] : shardKeys.split(' ');
    const files = filesOfRuns(decodeNumbers(shardFiles));
    if (files.length !== keys.length) throw new Error(`${keys.length} shard keys but ${files.length} files`);
    return new ShardTable(
      splitPrefixes === '' ? [] : splitPrefixes.split(' '),
      keys.map((key, index) => [key, files[index]!] as const),
    );
  }
}

/**
 * Files in key order as runs: for each run of keys with the same files, its length, then the
 * step of each of its three numbers from the run before (from 0 for the first), signed.
 */
export function fileRuns(files: readonly ShardFiles[]): number[] {
  const numbers: number[] = [];
  let before: ShardFiles = [0, 0, 0];
  for (let index = 0; index < files.length;) {
    const run = files[index]!;
    let length = 1;
    while (index + length < files.length && files[index + length]!.every((n, at) => n === run[at]))
      length += 1;
    numbers.push(length, ...run.map((n, at) => zigzag(n - before[at]!)));
    before = run;
    index += length;
  }
  return numbers;
}

/** The files `fileRuns` wrote, one per key. */
export function filesOfRuns(numbers: readonly number[]): ShardFiles[] {
  if (numbers.length % 4 !== 0) throw new Error('shard files end part-way through a run');
  const files: ShardFiles[] = [];
  let before: ShardFiles = [0, 0, 0];
  for (let at = 0; at < numbers.length; at += 4) {
    const run: ShardFiles = [
      before[0] + unzigzag(numbers[at + 1]!),
      before[1] + unzigzag(numbers[at + 2]!),
      before[2] + unzigzag(numbers[at + 3]!),
    ];
    for (let count = 0; count < numbers[at]!; count += 1) files.push(run);
    before = run;
  }
  return files;
}
