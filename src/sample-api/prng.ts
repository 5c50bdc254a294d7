// Seeded randomness for the sample API. Every organisation draws from its own stream, seeded from
// (dataset seed, index, purpose), so that any record can be made alone, in any order, and comes out
// the same every time: the list summaries are made eagerly and the full records lazily.

/** A source of uniform numbers in [0, 1). */
export type Random = () => number;

/** xmur3: folds a string into a stream of 32-bit seeds. */
function xmur3(text: string): () => number {
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return () => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return (h ^= h >>> 16) >>> 0;
  };
}

/** sfc32: small, fast and good enough for test data; 128 bits of state. */
function sfc32(a: number, b: number, c: number, d: number): Random {
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** A stream determined only by the parts given, e.g. `createRandom('orgdir', 17, 'record')`. */
export function createRandom(...parts: readonly (string | number)[]): Random {
  const seed = xmur3(parts.join('\u241f'));
  const random = sfc32(seed(), seed(), seed(), seed());
  // The first outputs of sfc32 are weakly mixed with its seed; discard a few.
  for (let i = 0; i < 12; i++) random();
  return random;
}

/** An integer in [min, max], both included. */
export function integer(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function chance(random: Random, probability: number): boolean {
  return random() < probability;
}

export function pick<T>(random: Random, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(random() * items.length)] as T;
}

/** Picks from `[item, weight]` pairs; weights need not sum to 1. */
export function pickWeighted<T>(random: Random, items: readonly (readonly [T, number])[]): T {
  let total = 0;
  for (const [, weight] of items) total += weight;
  let target = random() * total;
  for (const [item, weight] of items) {
    target -= weight;
    if (target < 0) return item;
  }
  const last = items[items.length - 1];
  if (last === undefined) throw new Error('pick from an empty list');
  return last[0];
}

/** A cumulative table for repeated weighted picks from the same large list. */
export interface WeightedTable<T> {
  items: readonly T[];
  cumulative: Float64Array;
}

export function weightedTable<T>(items: readonly (readonly [T, number])[]): WeightedTable<T> {
  const cumulative = new Float64Array(items.length);
  let total = 0;
  items.forEach(([, weight], i) => {
    total += weight;
    cumulative[i] = total;
  });
  return { items: items.map(([item]) => item), cumulative };
}

export function pickFromTable<T>(random: Random, table: WeightedTable<T>): T {
  const { cumulative, items } = table;
  const target = random() * (cumulative[cumulative.length - 1] ?? 0);
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((cumulative[middle] ?? 0) > target) high = middle;
    else low = middle + 1;
  }
  return items[low] as T;
}

/** `count` distinct items, in the order drawn. */
export function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) {
    const index = Math.floor(random() * pool.length);
    chosen.push(pool[index] as T);
    pool.splice(index, 1);
  }
  return chosen;
}

/** A lower-case version-4 GUID, e.g. `2e427ca3-b6c4-4801-b9f2-ad6c518b45e5`. */
export function guid(random: Random): string {
  const hex = (bits: number, digits: number) => bits.toString(16).padStart(digits, '0');
  const word = () => Math.floor(random() * 4294967296);
  const a = word();
  const b = word();
  const c = word();
  const d = word();
  return [
    hex(a, 8),
    hex(b >>> 16, 4),
    hex(0x4000 | (b & 0x0fff), 4),
    hex(0x8000 | ((c >>> 16) & 0x3fff), 4),
    hex(c & 0xffff, 4) + hex(d, 8),
  ].join('-');
}
