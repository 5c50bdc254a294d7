// The link walker: every URL in every page of a built site, checked as the archive and a static
// host need them. A link is relative (to a file that exists, and to an id that exists on it), a
// fragment of the same page, a file of the release folder beside the site (`../dist-release/…`), or an
// http(s) link out from an <a>; nothing starts with "/", nothing
// is loaded from another origin, and no other scheme (javascript:, data:, file:…) appears.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, posix } from 'node:path';
import { releaseDirOf } from '../../src/hosting/release-folder.ts';
import { filesUnder } from '../../src/site/archive.ts';

/** Attributes that hold a URL (or, for srcset, a list of them). */
const URL_ATTRIBUTES = new Set([
  'href',
  'xlink:href',
  'src',
  'srcset',
  'action',
  'formaction',
  'poster',
  'data',
]);

interface PageUrl {
  element: string;
  attribute: string;
  value: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export interface StartTag {
  element: string;
  attributes: [string, string][];
  /** The text of a script or style element, as the HTML parser reads it: up to its end tag. */
  text?: string;
}

const TAG =
  /<!--[\s\S]*?-->|<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/**
 * The start tags of a page in order, with their attributes decoded. Read as a parser reads: a
 * quoted attribute value may hold "<script>" as text, and a script's or style's text runs to the
 * first end tag of its kind, whatever it holds.
 */
export function startTags(html: string): StartTag[] {
  const tags: StartTag[] = [];
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match !== null; match = TAG.exec(html)) {
    if (match[1] === undefined) continue;
    const element = match[1].toLowerCase();
    const attributes: [string, string][] = [];
    for (const [, name, , double, single, bare] of (match[2] ?? '').matchAll(ATTRIBUTE)) {
      attributes.push([name!.toLowerCase(), decodeEntities(double ?? single ?? bare ?? '')]);
    }
    const tag: StartTag = { element, attributes };
    if (element === 'script' || element === 'style') {
      const end = html.toLowerCase().indexOf(`</${element}`, TAG.lastIndex);
      tag.text = html.slice(TAG.lastIndex, end < 0 ? html.length : end);
      if (end >= 0) TAG.lastIndex = end;
    }
    tags.push(tag);
  }
  return tags;
}

/** Every URL the page refers to, srcset lists split into their URLs. */
function pageUrls(html: string): PageUrl[] {
  const urls: PageUrl[] = [];
  for (const { element, attributes } of startTags(html)) {
    for (const [attribute, value] of attributes) {
      if (!URL_ATTRIBUTES.has(attribute)) continue;
      if (element === 'object' && attribute !== 'data') continue;
      const values =
        attribute === 'srcset'
          ? value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
          : [value];
      for (const url of values) urls.push({ element, attribute, value: url.trim() });
    }
  }
  return urls;
}

/** The ids a page defines, which fragments may point at. */
function pageIds(html: string): Set<string> {
  const ids = new Set<string>();
  for (const { element, attributes } of startTags(html))
    for (const [name, value] of attributes)
      if (name === 'id' || (element === 'a' && name === 'name')) ids.add(value);
  return ids;
}

/** Why a URL in `file` is wrong, or `undefined` when it is fine. */
function linkProblem(
  site: string,
  file: string,
  url: PageUrl,
  idsOf: (path: string) => Set<string>,
): string | undefined {
  const { element, attribute, value } = url;
  if (value.startsWith('/') || value.startsWith('\\')) return 'starts with a slash';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    if (scheme !== 'http' && scheme !== 'https') return `unsafe scheme ${scheme}:`;
    return element === 'a' && attribute === 'href' ? undefined : 'loads from another origin';
  }
  const [withoutFragment = '', fragment] = value.split('#', 2);
  const path = withoutFragment.split('?')[0] ?? '';
  let target = file;
  if (path !== '') {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return 'cannot be decoded';
    }
    target = posix.normalize(posix.join(posix.dirname(file), decoded));
    // The one way out of the site: to a file of its release folder, written beside it.
    const release = `../${basename(releaseDirOf(site))}/`;
    if ((target.startsWith('../') || target === '..') && !target.startsWith(release))
      return 'leaves the site';
    if (!existsSync(join(site, target))) return 'no such file';
  }
  if (fragment !== undefined && fragment !== '' && target.endsWith('.html')) {
    if (!idsOf(target).has(decodeURIComponent(fragment))) return `no element #${fragment}`;
  }
  return undefined;
}

/** Every wrong URL of every page of the site, as "page: attribute=\"value\" (why)". */
export function siteLinkProblems(site: string): string[] {
  const pages = filesUnder(site).filter((path) => path.endsWith('.html'));
  const html = new Map<string, string>();
  const read = (path: string) => {
    let content = html.get(path);
    if (content === undefined) html.set(path, (content = readFileSync(join(site, path), 'utf8')));
    return content;
  };
  const ids = new Map<string, Set<string>>();
  const idsOf = (path: string) => {
    let found = ids.get(path);
    if (!found) ids.set(path, (found = pageIds(read(path))));
    return found;
  };
  const problems: string[] = [];
  for (const file of pages) {
    for (const url of pageUrls(read(file))) {
      const problem = linkProblem(site, file, url, idsOf);
      if (problem)
        problems.push(`${file}: <${url.element} ${url.attribute}="${url.value.slice(0, 120)}"> (${problem})`);
    }
  }
  return problems;
}

/** Pages that no chain of links (or search forms) from index.html reaches. */
export function unreachablePages(site: string): string[] {
  const pages = new Set(filesUnder(site).filter((path) => path.endsWith('.html')));
  const reached = new Set<string>(['index.html']);
  const queue = ['index.html'];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const { element, attribute, value } of pageUrls(readFileSync(join(site, file), 'utf8'))) {
      const followed =
        (element === 'a' && attribute === 'href') || (element === 'form' && attribute === 'action');
      if (!followed || /^[a-z][a-z0-9+.-]*:/i.test(value)) continue;
      const path = value.split('#')[0]!.split('?')[0]!;
      if (path === '') continue;
      const target = posix.normalize(posix.join(posix.dirname(file), decodeURIComponent(path)));
      if (pages.has(target) && !reached.has(target)) {
        reached.add(target);
        queue.push(target);
      }
    }
  }
  return [...pages].filter((page) => !reached.has(page));
}
