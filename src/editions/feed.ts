// The Atom feed of editions (RFC 4287), one entry per kept edition, newest first. Atom ids must be
// absolute and never change, so they are `tag:` URIs (RFC 4151) of the edition, not page URLs.
// Links are absolute under the site's public URL (ORGDIR_SITE_URL) when it is known; otherwise they
// are relative, which Atom resolves against the feed's own address (the feed sits at the root).
import { changesPath, changeSummary, editionTitle, CHANGES, FEED } from './present.ts';
import type { KeptEdition } from './history.ts';

/** Characters XML 1.0 cannot carry at all, even escaped. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, '\uFFFD')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** The authority of the tag URIs: the site's host when known, else a name no one else can mint. */
function tagAuthority(siteUrl: string | undefined): string {
  return siteUrl === undefined ? 'orgdir.invalid' : new URL(siteUrl).hostname;
}

export function editionTag(siteUrl: string | undefined, edition: { id: string; date: string }): string {
  return `tag:${tagAuthority(siteUrl)},${edition.date}:orgdir/edition/${edition.id}`;
}

const MOST_NAMES = 20;

function names(members: readonly { name: string }[]): string {
  const shown = members.slice(0, MOST_NAMES).map((member) => member.name);
  const more = members.length - shown.length;
  return more > 0 ? `${shown.join('; ')} and ${more} more` : shown.join('; ');
}

/** The entry's content: who was added, who left and who changed, as escaped HTML. */
function entryContent({ changes }: KeptEdition): string {
  const items: string[] = [];
  if (changes.added.length > 0) items.push(`Added: ${names(changes.added)}`);
  if (changes.removed.length > 0) items.push(`No longer listed: ${names(changes.removed)}`);
  if (changes.changed.length > 0) items.push(`Changed: ${names(changes.changed)}`);
  if (items.length === 0) return '';
  return `<ul>${items.map((item) => `<li>${xmlText(item)}</li>`).join('')}</ul>`;
}

export interface FeedOptions {
  /** Newest first. */
  editions: readonly KeptEdition[];
  /** With a trailing slash, e.g. https://example.org/orgdir/. */
  siteUrl?: string;
  title?: string;
}

export function atomFeed(options: FeedOptions): string {
  const { editions, siteUrl } = options;
  const href = (path: string) => xmlText(siteUrl === undefined ? path : new URL(path, siteUrl).href);
  const updated = editions[0]?.meta.publishedAt ?? new Date(0).toISOString();
  const feedId =
    siteUrl === undefined ? `tag:${tagAuthority(siteUrl)},2026:orgdir/editions` : new URL(FEED, siteUrl).href;
  const entries = editions.map((edition) => {
    const { meta } = edition;
    const content = entryContent(edition);
    return [
      '  <entry>',
      `    <id>${xmlText(editionTag(siteUrl, meta))}</id>`,
      `    <title>${xmlText(`${editionTitle(meta)}: ${changeSummary(meta)}`)}</title>`,
      `    <updated>${xmlText(meta.publishedAt)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${href(changesPath(meta.id))}"/>`,
      `    <summary type="text">${xmlText(
        meta.accepted === undefined
          ? changeSummary(meta)
          : `${changeSummary(meta)}. Published although the publish guard objected: ${meta.accepted.reason}`,
      )}</summary>`,
      ...(content === '' ? [] : [`    <content type="html">${xmlText(content)}</content>`]),
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(feedId)}</id>`,
    `  <title>${xmlText(options.title ?? 'orgdir: what changed in the register')}</title>`,
    `  <updated>${xmlText(updated)}</updated>`,
    '  <author><name>orgdir</name></author>',
    `  <link rel="self" type="application/atom+xml" href="${href(FEED)}"/>`,
    `  <link rel="alternate" type="text/html" href="${href(CHANGES)}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
