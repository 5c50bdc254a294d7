// File names made from the register's own words (code ids, counties, sectors): readable, safe in
// any file system and URL, and stable between builds.

/**
 * "Dún Laoghaire" → "Dun Laoghaire": letters without their accents (fadas and the like). Not a
 * search's folding (src/search/format/fold.ts for the site's, src/lib/service-search.ts for the
 * register service's): a file name keeps its case and words here, and slugify then keeps ASCII
 * alone, so that a link stays the same whatever either search does with the words.
 */
export function withoutAccents(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

/** Names Windows keeps for devices, with or without an extension: a file "con.html" cannot be unzipped there. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(?=\.|$)/;

/** "Co. Dún Laoghaire" → "co-dun-laoghaire"; never empty, never a Windows device name ("con" → "con_"). */
export function slugify(text: string, fallback = 'unnamed'): string {
  const slug = withoutAccents(text)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80)
    .replace(/[-.]+$/g, '');
  return slug === '' ? fallback : slug.replace(WINDOWS_DEVICE, '$1_');
}

/**
 * Gives each key a slug of its own: when two keys share a slug, the later ones (in the order
 * given) get "-2", "-3"… The same input order always gives the same slugs.
 */
export function uniqueSlugs(keys: readonly string[], fallback = 'unnamed'): Map<string, string> {
  const result = new Map<string, string>();
  const taken = new Set<string>();
  for (const key of keys) {
    if (result.has(key)) continue;
    const base = slugify(key, fallback);
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
    taken.add(slug);
    result.set(key, slug);
  }
  return result;
}
