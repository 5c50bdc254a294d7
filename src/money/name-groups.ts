// Names typed by hand across thousands of records ("Pobal", "POBAL", "Pobal."): grouped when they
// differ only in case, spacing or punctuation, with every spelling kept, and given a file name of
// their own that does not depend on which other names the register holds.
import { createHash } from 'node:crypto';
import { withoutAccents } from '../lib/slugs.ts';

/**
 * The key names are grouped by: lower case, without spaces or punctuation. A name of punctuation
 * alone ("???") keeps its characters, so that "???" and "!!!" stay two names. Accents are kept:
 * "Údarás" and "Udaras" are not the same spelling apart from punctuation.
 */
export function nameKey(name: string): string {
  const normal = name.normalize('NFKC').trim();
  const folded = normal.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return folded === '' ? normal.replace(/\s+/g, ' ') : folded;
}

/** Windows keeps these names for devices: a file "con.html" cannot be unzipped there. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/;
const MAX_READABLE = 60;

/**
 * A file name for the group of `key`, spelled `name`. When the readable form says everything
 * the key says ("Department of Health" → "department-of-health"), it is the slug; two keys can
 * then never share it, since dropping its hyphens gives the key back. Otherwise (accents, other
 * scripts, punctuation alone, a very long name, a name that would read as a page number or a
 * Windows device) a hash of the key follows a double hyphen, which a readable slug never has.
 * Either way the slug depends on this name alone, so it stays the same from build to build.
 */
export function nameSlug(key: string, name: string): string {
  const base = withoutAccents(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const readable =
    base !== '' &&
    base.length <= MAX_READABLE &&
    base.replace(/-/g, '') === key &&
    !/-p[0-9]+$/.test(base) &&
    !WINDOWS_DEVICE.test(base);
  if (readable) return base;
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 12);
  return `${base.slice(0, MAX_READABLE).replace(/-+$/, '') || 'name'}--${hash}`;
}

const collator = new Intl.Collator('en-IE', { sensitivity: 'base', numeric: true });

export interface Spelling {
  name: string;
  /** How many times the records use this spelling. */
  count: number;
}

/** How many times each value occurs; `undefined` is not counted. */
export function countsOf(values: Iterable<string | undefined>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** The spellings of one group, the commonest first (ties A–Z): the first one is its label. */
export function spellingsByUse(counts: ReadonlyMap<string, number>): Spelling[] {
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || collator.compare(a.name, b.name) || (a.name < b.name ? -1 : 1));
}

export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * Slugs for groups, checked to be distinct: two hashes of twelve hex digits agreeing is not
 * expected in the life of the register, but a page must never be written over by another.
 */
export function distinctSlugs<T extends { slug: string; key: string }>(groups: readonly T[]): void {
  const seen = new Map<string, string>();
  for (const group of groups) {
    const other = seen.get(group.slug);
    if (other !== undefined) {
      throw new Error(`two names share the address ${group.slug}: "${other}" and "${group.key}"`);
    }
    seen.set(group.slug, group.key);
  }
}
