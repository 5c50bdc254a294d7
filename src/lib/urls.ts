// Links of the site are relative and name `.html` files, so that the same output works from
// file://, at a host's root and under any sub-path: under file:// a link to a folder does not
// open its index.html (https://github.com/mkdocs/mkdocs/issues/1367).

/**
 * The URL to use in `href` when it is an absolute http(s) URL; `undefined` otherwise. Escaping
 * does not make `javascript:` safe, so the scheme is checked on the parsed URL.
 */
export function safeHttpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!/^https?:\/\//i.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return undefined;
  return url.href;
}

/** The site path of a page being rendered, without a leading slash: "org/abc.html". */
export function sitePathOf(pathname: string): string {
  let path = decodeURI(pathname).replace(/^\/+/, '');
  if (path === '' || path.endsWith('/')) path += 'index.html';
  else if (!/\.[a-z0-9]+$/i.test(path)) path += '.html';
  return path;
}

/**
 * A relative URL from one site path to another ("org/abc.html" to "index.html" is
 * "../index.html"). Both are paths from the site root without a leading slash.
 */
export function relativeUrl(from: string, to: string): string {
  const fromDirs = from.split('/').slice(0, -1);
  const toParts = to.split('/');
  const toDirs = toParts.slice(0, -1);
  let common = 0;
  while (common < fromDirs.length && common < toDirs.length && fromDirs[common] === toDirs[common]) {
    common += 1;
  }
  const up = '../'.repeat(fromDirs.length - common);
  const rest = [...toDirs.slice(common), toParts.at(-1) ?? ''].map(encodePathSegment).join('/');
  return up + rest;
}

/** Encodes what a path segment cannot carry as is, keeping the readable characters. */
function encodePathSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%2C/g, ',').replace(/%40/g, '@');
}

/**
 * Relative URLs already worked out, per folder of the linking page: tens of thousands of pages
 * share a few folders and link to the same navigation pages.
 */
const linkCache = new Map<string, Map<string, string>>();

/** A function from site path to relative URL for the page at `pathname` (Astro.url.pathname). */
export function linkerFor(pathname: string): (to: string) => string {
  const from = sitePathOf(pathname);
  const folder = from.slice(0, from.lastIndexOf('/') + 1);
  let cache = linkCache.get(folder);
  if (!cache) linkCache.set(folder, (cache = new Map()));
  const known = cache;
  return (to) => {
    let url = known.get(to);
    if (url === undefined) {
      url = relativeUrl(from, to);
      // The navigation's targets come first and stay; most later ones are one-off organisation links.
      if (known.size < 1000) known.set(to, url);
    }
    return url;
  };
}

/** The absolute address of a site path under the site's public address (ending in "/"). */
export function publicAddress(siteUrl: string, path: string): string {
  return new URL(path.split('/').map(encodePathSegment).join('/'), siteUrl).href;
}
