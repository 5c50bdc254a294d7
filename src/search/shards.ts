// Which shard a word lives in, shared by the builder and the client. Words are grouped by their
// first two characters; a group that is too large is split by one more character (a prefix in
// `split`), and so on. A typo is tolerated only inside a word's own shard: after its first two
// characters, or three for the most crowded beginnings (numbers and codes, which are never
// matched with typos, may be split further).
import { decodeNumbers, encodeNumbers } from './codec.ts';

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

  /** The compact form the core carries: keys and split prefixes space-separated, files as numbers. */
  encode(): { shardKeys: string; shardFiles: string; splitPrefixes: string } {
    return {
      shardKeys: this.keys.join(' '),
      shardFiles: encodeNumbers(this.keys.flatMap((key) => this.files.get(key)!)),
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
    const numbers = decodeNumbers(shardFiles);
    return new ShardTable(
      splitPrefixes === '' ? [] : splitPrefixes.split(' '),
      keys.map(
        (key, index) =>
          [key, [numbers[index * 3]!, numbers[index * 3 + 1]!, numbers[index * 3 + 2]!]] as const,
      ),
    );
  }
}
