// How much of a stored record the model reads (docs/data-and-downloads.md: "Bounded records"): no
// field nested deeper than `NESTING_LIMIT`, no text or list longer than `SIZE_LIMITS`, and no
// record larger than its limit, each cut noted. One record must not stop the search index or swell
// every page that repeats it; the site's downloads carry a record cut the same way.
import { truncate } from '../lib/text.ts';
import { isPlainObject } from '../lib/objects.ts';
import type { DriftNote } from './drift-note.ts';
import { writtenAmount } from './record-json.ts';

/**
 * The deepest nesting of a record (itself one level) that every step reads: SQLite's JSON
 * functions refuse more than 1,000 levels, and V8's JSON.stringify, which the register and the
 * pages use, runs out of stack a few thousand levels down.
 */
export const NESTING_LIMIT = 1000;

/**
 * How many levels of objects and lists `value` nests (a number or text 0), counted without
 * recursion: a hostile record may nest deeper than the call stack goes.
 */
export function nestingDepth(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let deepest = 1;
  const pending: { value: object; depth: number }[] = [{ value, depth: 1 }];
  while (pending.length > 0) {
    const { value: container, depth } = pending.pop()!;
    for (const child of Array.isArray(container) ? container : Object.values(container)) {
      if (typeof child !== 'object' || child === null) continue;
      if (depth + 1 > deepest) deepest = depth + 1;
      pending.push({ value: child, depth: depth + 1 });
    }
  }
  return deepest;
}

/** The record without its fields nested deeper than `NESTING_LIMIT`, each noted. */
function withinNestingLimit(
  record: Record<string, unknown>,
  drift: DriftNote[] = [],
): Record<string, unknown> {
  if (nestingDepth(record) <= NESTING_LIMIT) return record;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const depth = 1 + nestingDepth(value);
    if (depth <= NESTING_LIMIT) kept[key] = value;
    else drift.push({ path: key, issue: 'too_deep', given: depth });
  }
  return kept;
}

/**
 * How much of a record the model reads, one limit per kind of field (docs/data-and-downloads.md:
 * "Bounded records"). Of 10,000 sample organisations the longest name is 108 characters, the
 * longest legal objects 647 and the largest record 4,650: the limits leave ten to fifty times that,
 * and keep one record's share of the site, the search index and its process's heap near what an
 * ordinary record takes.
 */
export const SIZE_LIMITS = {
  /** Characters of any text: a name, an address, a code, a director, a field the spec does not name. */
  text: 1_000,
  /** Characters of the legal objects, the one field of the spec that is prose. */
  legalObjects: 20_000,
  /** Entries of a list (directors, funders, other names…), or fields of an object. */
  entries: 1_000,
  /** Characters of the record's JSON once its text and lists are cut: beyond it the largest fields are not read. */
  record: 250_000,
} as const;

/** Fields whose text may be as long as `SIZE_LIMITS.legalObjects`. */
const PROSE_FIELDS = new Set(['legalObjectsExtract']);

/**
 * `value` with its text and lists cut to their limits, each cut noted; the same value when nothing
 * is cut. Adds to `size.characters` about what its JSON takes. Called below the nesting limit
 * only, so the recursion is at most `NESTING_LIMIT` deep.
 */
function cutToLimits(
  value: unknown,
  textLimit: number,
  path: string,
  drift: DriftNote[],
  size: { characters: number },
): unknown {
  const written = writtenAmount(value);
  if (written !== undefined) {
    // An amount kept as written is a number: it cannot be cut, only left unread.
    if (written.length <= SIZE_LIMITS.text) {
      size.characters += written.length;
      return value;
    }
    drift.push({ path, issue: 'too_long', given: { characters: written.length, limit: 0 } });
    return undefined;
  }
  if (typeof value === 'string') {
    if (value.length <= textLimit) {
      size.characters += value.length + 2;
      return value;
    }
    drift.push({ path, issue: 'too_long', given: { characters: value.length, limit: textLimit } });
    const cut = truncate(value, textLimit);
    size.characters += cut.length + 2;
    return cut;
  }
  size.characters += 8;
  if (Array.isArray(value)) {
    if (value.length > SIZE_LIMITS.entries)
      drift.push({ path, issue: 'too_long', given: { entries: value.length, limit: SIZE_LIMITS.entries } });
    let changed = value.length > SIZE_LIMITS.entries;
    const kept = value.slice(0, SIZE_LIMITS.entries).map((element, index) => {
      const read = cutToLimits(element, textLimit, `${path}[${index}]`, drift, size);
      if (read !== element) changed = true;
      return read;
    });
    return changed ? kept : value;
  }
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value);
  if (keys.length > SIZE_LIMITS.entries)
    drift.push({ path, issue: 'too_long', given: { entries: keys.length, limit: SIZE_LIMITS.entries } });
  let changed = keys.length > SIZE_LIMITS.entries;
  const kept: Record<string, unknown> = {};
  for (const key of keys.slice(0, SIZE_LIMITS.entries)) {
    const shortKey = key.length > SIZE_LIMITS.text ? truncate(key, SIZE_LIMITS.text) : key;
    const child = `${path}.${shortKey}`;
    if (shortKey !== key)
      drift.push({
        path: child,
        issue: 'too_long',
        given: { characters: key.length, limit: SIZE_LIMITS.text },
      });
    size.characters += shortKey.length + 3;
    kept[shortKey] = cutToLimits(value[key], textLimit, child, drift, size);
    if (kept[shortKey] !== value[key] || shortKey !== key) changed = true;
  }
  return changed ? kept : value;
}

/**
 * About how many characters `value`'s JSON takes when none of its text, lists and fields is over
 * its limit; `undefined` when one is. Allocates nothing: nearly every record is within its limits,
 * and is read as it is.
 */
function sizeWithinLimits(value: unknown, textLimit: number): number | undefined {
  if (typeof value === 'string') return value.length <= textLimit ? value.length + 2 : undefined;
  if (typeof value !== 'object' || value === null) return 8;
  const written = writtenAmount(value);
  if (written !== undefined) return written.length <= SIZE_LIMITS.text ? written.length : undefined;
  let size = 2;
  let entries = 0;
  if (Array.isArray(value)) {
    if (value.length > SIZE_LIMITS.entries) return undefined;
    for (const element of value) {
      const inner = sizeWithinLimits(element, textLimit);
      if (inner === undefined) return undefined;
      size += inner + 1;
    }
    return size;
  }
  for (const key in value) {
    if (++entries > SIZE_LIMITS.entries || key.length > SIZE_LIMITS.text) return undefined;
    const inner = sizeWithinLimits((value as Record<string, unknown>)[key], textLimit);
    if (inner === undefined) return undefined;
    size += key.length + 3 + inner;
  }
  return size;
}

/**
 * The record as the model reads it: without fields nested past `NESTING_LIMIT`, its text and lists
 * cut to `SIZE_LIMITS`, and, when it is still over the record's limit, without its largest fields;
 * each noted in `drift`. The same object when nothing is left out or cut. The site's downloads carry
 * a record cut this way, so that they hold no more of it than its page.
 */
export function boundedRecord(
  record: Record<string, unknown>,
  drift: DriftNote[] = [],
): Record<string, unknown> {
  const within = withinNestingLimit(record, drift);
  let whole = 2;
  for (const key in within) {
    const inner =
      key.length > SIZE_LIMITS.text
        ? undefined
        : sizeWithinLimits(within[key], PROSE_FIELDS.has(key) ? SIZE_LIMITS.legalObjects : SIZE_LIMITS.text);
    whole = inner === undefined ? Infinity : whole + key.length + 3 + inner;
    if (whole > SIZE_LIMITS.record) break;
  }
  if (whole <= SIZE_LIMITS.record) return within;
  // About what each field's JSON takes: counted as it is cut, never by writing it (a field of a
  // hostile record may be more than a string can hold).
  const sizes: { key: string; characters: number }[] = [];
  let bounded: Record<string, unknown> = {};
  let changed = within !== record;
  for (const [key, value] of Object.entries(within)) {
    const textLimit = PROSE_FIELDS.has(key) ? SIZE_LIMITS.legalObjects : SIZE_LIMITS.text;
    const shortKey = key.length > SIZE_LIMITS.text ? truncate(key, SIZE_LIMITS.text) : key;
    if (shortKey !== key)
      drift.push({
        path: shortKey,
        issue: 'too_long',
        given: { characters: key.length, limit: SIZE_LIMITS.text },
      });
    const size = { characters: shortKey.length + 3 };
    bounded[shortKey] = cutToLimits(value, textLimit, shortKey, drift, size);
    sizes.push({ key: shortKey, characters: size.characters });
    if (bounded[shortKey] !== value || shortKey !== key) changed = true;
  }
  let total = sizes.reduce((sum, field) => sum + field.characters, 2);
  if (total > SIZE_LIMITS.record) {
    const dropped = new Set<string>();
    for (const field of sizes.sort((a, b) => b.characters - a.characters)) {
      if (total <= SIZE_LIMITS.record) break;
      dropped.add(field.key);
      drift.push({
        path: field.key,
        issue: 'too_large',
        given: { characters: field.characters, limit: SIZE_LIMITS.record },
      });
      total -= field.characters;
    }
    bounded = Object.fromEntries(Object.entries(bounded).filter(([key]) => !dropped.has(key)));
    changed = true;
  }
  return changed ? bounded : record;
}
