// The Atom feeds of editions (RFC 4287): the site's, one entry per kept edition, newest first, and
// one per county, voluntary code and funder, an entry per edition that touched an organisation of
// it. Atom ids must be absolute and never change, so they are `tag:` URIs (RFC 4151) of the
// edition (and the group), not page URLs. Links are absolute under the site's public URL
// (ORGDIR_SITE_URL) when it is known; otherwise they are relative, which Atom resolves against
// the feed's own address. Every organisation an entry names is a link to its page; what an entry
// has no room to name, it links to on the edition's changes pages.
import { HOME, organisationPath } from '../lib/routes.ts';
import type { Register } from '../records/register.ts';
import { relativeUrl } from '../lib/urls.ts';
import { labelOf } from '../records/organisation.ts';
import { changesPath, changeSummary, editionTitle, CHANGES, FEED } from './present.ts';
import { editionLayout } from './sections.ts';
import type { KeptEdition } from './history.ts';
import type { Member } from './edition-file.ts';

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

/** The most organisations an entry names in one section before it links to the rest. */
const MOST_NAMES = 10;

interface Linking {
  /** A site path as the feed links it: absolute under the site URL, else relative to the site root. */
  href: (path: string) => string;
  /** Whether the site has a page for an organisation (a live or a former one). */
  hasPage: (id: string) => boolean;
}

/** Links of the feed at site path `self`: relative ones resolve against the feed's own address. */
function linker(
  self: string,
  siteUrl: string | undefined,
  hasPage: (id: string) => boolean = () => true,
): Linking {
  return { href: (path) => (siteUrl === undefined ? relativeUrl(self, path) : new URL(path, siteUrl).href), hasPage };
}

/** An organisation as HTML: a link to its page when the site has one. */
function named(member: { id: string; name: string }, linking: Linking): string {
  const name = xmlText(member.name);
  return linking.hasPage(member.id) ? `<a href="${xmlText(linking.href(organisationPath(member.id)))}">${name}</a>` : name;
}

/** The entry's content of the site feed: each section's count linked to it, and the first names. */
function entryContent({ meta, changes }: KeptEdition, linking: Linking): string {
  const layout = editionLayout(changes);
  const at = (anchor: string) =>
    xmlText(`${linking.href(changesPath(meta.id, layout.starts.get(anchor) ?? 1))}#${anchor}`);
  const items = layout.sections.map((section) => {
    const title =
      section.kind === 'fields'
        ? `Changed: ${labelOf(section.field) ?? section.field}`
        : { renamed: 'Renamed', added: 'Added', removed: 'No longer on the register', lists: 'Lists and codes' }[
            section.kind
          ];
    const heading = `<a href="${at(section.anchor)}">${xmlText(title)}</a> (${section.items.length})`;
    if (section.kind === 'fields' || section.kind === 'lists') return `<li>${heading}</li>`;
    const names = section.items
      .slice(0, MOST_NAMES)
      .map((item) =>
        'from' in item
          ? `${named({ id: item.id, name: item.to }, linking)} (formerly ${xmlText(item.from)})`
          : named(item, linking),
      );
    const rest = section.items.length - names.length;
    const more = rest > 0 ? `; <a href="${at(section.anchor)}">${rest} more</a>` : '';
    return `<li>${heading}: ${names.join('; ')}${more}</li>`;
  });
  return items.length === 0 ? '' : `<ul>${items.join('')}</ul>`;
}

interface Entry {
  id: string;
  title: string;
  updated: string;
  href: string;
  summary: string;
  content: string;
}

interface Envelope {
  id: string;
  title: string;
  updated: string;
  /** The feed's own site path, and the page it follows. */
  self: string;
  alternate: string;
  entries: Entry[];
}

function feedDocument(envelope: Envelope, linking: Linking): string {
  const entries = envelope.entries.map((entry) =>
    [
      '  <entry>',
      `    <id>${xmlText(entry.id)}</id>`,
      `    <title>${xmlText(entry.title)}</title>`,
      `    <updated>${xmlText(entry.updated)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(linking.href(entry.href))}"/>`,
      `    <summary type="text">${xmlText(entry.summary)}</summary>`,
      ...(entry.content === '' ? [] : [`    <content type="html">${xmlText(entry.content)}</content>`]),
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(envelope.id)}</id>`,
    `  <title>${xmlText(envelope.title)}</title>`,
    `  <updated>${xmlText(envelope.updated)}</updated>`,
    '  <author><name>orgdir</name></author>',
    `  <link rel="self" type="application/atom+xml" href="${xmlText(linking.href(envelope.self))}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(linking.href(envelope.alternate))}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** The register the site was built from, as a feed with no edition to list names it. */
export interface FeedSnapshot {
  /** When its crawl ended (or began), else when the site was built: an RFC 3339 time. */
  crawledAt: string;
  organisations: number;
}

/** The register as crawled: its crawl's time from the manifest, the build's when the manifest has none. */
export function snapshotOf(
  register: Pick<Register, 'manifest' | 'organisations'>,
  now: () => Date = () => new Date(),
): FeedSnapshot {
  const { finishedAt, startedAt } = register.manifest as Record<string, unknown>;
  const time = [finishedAt, startedAt]
    .map((value) => (typeof value === 'string' ? new Date(value) : new Date(Number.NaN)))
    .find((date) => !Number.isNaN(date.getTime()));
  return { crawledAt: (time ?? now()).toISOString(), organisations: register.organisations.length };
}

/**
 * The one entry of a site feed with no edition kept (a site built without its editions, or
 * before the first): the register as crawled, linked to the home page.
 */
function snapshotEntry(snapshot: FeedSnapshot, siteUrl: string | undefined): Entry {
  const day = snapshot.crawledAt.slice(0, 10);
  const date = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const count = `${snapshot.organisations.toLocaleString('en-IE')} organisation${snapshot.organisations === 1 ? '' : 's'}`;
  return {
    id: `tag:${tagAuthority(siteUrl)},${day}:orgdir/register/${snapshot.crawledAt}`,
    title: `The register as crawled on ${date}: ${count}`,
    updated: snapshot.crawledAt,
    href: HOME,
    summary: `${count}, as the register gave them on ${date}. What changes from one crawl to the next will be listed here.`,
    content: '',
  };
}

export interface FeedOptions {
  /** Newest first. */
  editions: readonly KeptEdition[];
  /** The register the site was built from: the feed's one entry while no edition is kept. */
  snapshot?: FeedSnapshot;
  /** With a trailing slash, e.g. https://example.org/orgdir/. */
  siteUrl?: string;
  title?: string;
  /** Whether the site has a page for an organisation; without it every one is linked. */
  hasPage?: (id: string) => boolean;
}

const NEVER = new Date(0).toISOString();

export function atomFeed(options: FeedOptions): string {
  const { editions, siteUrl } = options;
  const linking = linker(FEED, siteUrl, options.hasPage);
  const feedId =
    siteUrl === undefined ? `tag:${tagAuthority(siteUrl)},2026:orgdir/editions` : new URL(FEED, siteUrl).href;
  const fromEditions = editions.map((edition): Entry => {
    const { meta } = edition;
    return {
      id: editionTag(siteUrl, meta),
      title: `${editionTitle(meta)}: ${changeSummary(meta)}`,
      updated: meta.publishedAt,
      href: changesPath(meta.id),
      summary:
        meta.accepted === undefined
          ? changeSummary(meta)
          : `${changeSummary(meta)}. Published although the publish guard objected: ${meta.accepted.reason}`,
      content: entryContent(edition, linking),
    };
  });
  const entries =
    fromEditions.length === 0 && options.snapshot ? [snapshotEntry(options.snapshot, siteUrl)] : fromEditions;
  return feedDocument(
    {
      id: feedId,
      title: options.title ?? 'orgdir: what changed in the register',
      updated: editions[0]?.meta.publishedAt ?? options.snapshot?.crawledAt ?? NEVER,
      self: FEED,
      alternate: CHANGES,
      entries,
    },
    linking,
  );
}

/** A county, voluntary code or funder that has a feed of its own. */
interface FeedGroup {
  /** "county", "code" or "funder": the feed's folder, and part of its entries' ids. */
  kind: GroupFeedKind;
  slug: string;
  /** "County Cork", as its page names it. */
  title: string;
  /** The site path of its page. */
  page: string;
}

export type GroupFeedKind = 'county' | 'code' | 'funder';

/** Where a group's feed lives: "feed/county/cork.xml". */
export function groupFeedPath(kind: GroupFeedKind, slug: string): string {
  return `feed/${kind}/${slug}.xml`;
}

/** What one edition did to one organisation, in a few words. */
function whatHappened(edition: KeptEdition, id: string): string {
  const { changes } = edition;
  if (changes.added.some((member) => member.id === id)) return 'added';
  if (changes.removed.some((member) => member.id === id)) return 'no longer on the register';
  const parts: string[] = [];
  const fields = changes.changed.find((change) => change.id === id)?.fields ?? [];
  const tops = [...new Set(fields.map((field) => field.path.split('.')[0] ?? field.path))];
  if (tops.length > 0) parts.push(`changed: ${tops.map((top) => labelOf(top) ?? top).join(', ')}`);
  const lists = changes.membership.filter(
    (change) => change.joined.some((member) => member.id === id) || change.left.some((member) => member.id === id),
  );
  if (lists.length > 0) parts.push('joined or left a list or code');
  return parts.join('; ');
}

/** The organisations an edition touched: added, no longer listed, changed, or joining or leaving a list. */
export function touchedBy({ changes }: KeptEdition): Member[] {
  const touched = new Map<string, Member>();
  const touch = (member: Member) => {
    if (!touched.has(member.id)) touched.set(member.id, { id: member.id, name: member.name });
  };
  changes.added.forEach(touch);
  changes.removed.forEach(touch);
  changes.changed.forEach(touch);
  for (const change of changes.membership) {
    change.joined.forEach(touch);
    change.left.forEach(touch);
  }
  return [...touched.values()];
}

/**
 * The most entries a group's feed keeps, newest first: a reader who follows it sees every night,
 * and some hundred feeds of 30 long nights each would take more of the site's bytes than they give.
 */
const MOST_GROUP_ENTRIES = 10;

/** A part of a tag URI: what RFC 4151 allows as is, the rest percent-encoded. */
const tagPart = (text: string) => encodeURIComponent(text);

export interface GroupFeedOptions {
  group: FeedGroup;
  /**
   * Newest first, each with the organisations of the group it touched; editions that touched none
   * are left out, and only the newest ten kept.
   */
  entries: readonly { edition: KeptEdition; members: readonly Member[] }[];
  /** The newest edition's time, when no entry has one. */
  updated?: string;
  siteUrl?: string;
  hasPage?: (id: string) => boolean;
}

/** The feed of one county, code or funder: an entry per edition that touched one of its organisations. */
export function groupFeed(options: GroupFeedOptions): string {
  const { group, siteUrl } = options;
  const path = groupFeedPath(group.kind, group.slug);
  const linking = linker(path, siteUrl, options.hasPage);
  const authority = tagAuthority(siteUrl);
  const entries = options.entries.slice(0, MOST_GROUP_ENTRIES).map(({ edition, members }): Entry => {
    const { meta } = edition;
    const shown = members.slice(0, MOST_NAMES * 2);
    const rest = members.length - shown.length;
    const items = shown.map((member) => `<li>${named(member, linking)}: ${xmlText(whatHappened(edition, member.id))}</li>`);
    const all = `<a href="${xmlText(linking.href(changesPath(meta.id)))}">${rest > 0 ? `${rest} more, and ` : ''}every change of the edition</a>`;
    const count = `${members.length} organisation${members.length === 1 ? '' : 's'}`;
    return {
      id: `tag:${authority},${meta.date}:orgdir/${group.kind}/${tagPart(group.slug)}/edition/${meta.id}`,
      title: `${editionTitle(meta)}: ${count} of ${group.title}`,
      updated: meta.publishedAt,
      href: changesPath(meta.id),
      summary: `${count} of ${group.title} added, no longer on the register or changed.`,
      content: `<ul>${items.join('')}</ul><p>${all}</p>`,
    };
  });
  return feedDocument(
    {
      id:
        siteUrl === undefined
          ? `tag:${authority},2026:orgdir/${group.kind}/${tagPart(group.slug)}`
          : new URL(path, siteUrl).href,
      title: `orgdir: what changed in ${group.title}`,
      updated: options.entries[0]?.edition.meta.publishedAt ?? options.updated ?? NEVER,
      self: path,
      alternate: group.page,
      entries,
    },
    linking,
  );
}

/** A feed as the site writes it. */
export function atomResponse(xml: string): Response {
  return new Response(xml, { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
}
