// Which county, voluntary code and funder each edition touched, for their feeds (./feed.ts): an
// organisation counts in the groups it is in now, or was in when last listed, and a code's feed
// also has the organisations that joined or left it.
import { countyKey } from '../lib/counties.ts';
import { NOT_GIVEN_KEY } from '../records/group-keys.ts';
import type { Register } from '../records/register.ts';
import { formerOrganisations, organisationPlaces } from './former.ts';
import { touchedBy, type GroupFeedKind, snapshotOf } from './feed.ts';
import type { EditionsView, KeptEdition } from './history.ts';
import type { Member } from './edition-file.ts';

/** The groups of one kind an organisation is in, as the editions' feeds count it. */
export type GroupsOf = (id: string, edition: KeptEdition) => readonly string[];

export interface GroupEntry {
  edition: KeptEdition;
  members: Member[];
}

const cache = new WeakMap<EditionsView, Map<GroupFeedKind, Map<string, GroupEntry[]>>>();

/**
 * Per group key, the editions (newest first) that touched an organisation of it, with those
 * organisations; worked out once per kind for all the group's feeds.
 */
export function groupEntries(view: EditionsView, kind: GroupFeedKind, groupsOf: () => GroupsOf): Map<string, GroupEntry[]> {
  let byKind = cache.get(view);
  if (byKind === undefined) cache.set(view, (byKind = new Map()));
  let entries = byKind.get(kind);
  if (entries === undefined) {
    entries = new Map();
    const of = groupsOf();
    for (const edition of view.editions) {
      const members = new Map<string, Member[]>();
      for (const member of touchedBy(edition)) {
        for (const key of new Set(of(member.id, edition))) members.set(key, [...(members.get(key) ?? []), member]);
      }
      for (const [key, list] of members) entries.set(key, [...(entries.get(key) ?? []), { edition, members: list }]);
    }
    byKind.set(kind, entries);
  }
  return entries;
}

/** The last record of an organisation no longer listed, by id in lower case. */
export function formerRecords(view: EditionsView, register: Register): Map<string, Record<string, unknown>> {
  return new Map(formerOrganisations(view, register).map((organisation) => [organisation.id, organisation.record]));
}

/** The county an organisation is in: its record's now, else its last one's. */
export function countyOf(view: EditionsView, register: Register): GroupsOf {
  const former = formerRecords(view, register);
  return (given) => {
    const id = given.toLowerCase();
    const live = register.byId.get(id);
    if (live !== undefined) return [live.countyKey];
    const county = former.get(id)?.['county'];
    return typeof county === 'string' && county.trim() !== '' ? [countyKey(county)] : [NOT_GIVEN_KEY];
  };
}

/** The voluntary codes an organisation is a member of now, and those it joined or left in the edition. */
export function codesOf(register: Register): GroupsOf {
  const codes = new Map<string, string[]>();
  for (const code of register.voluntaryCodes) {
    for (const member of code.members) {
      const id = member.id.toLowerCase();
      codes.set(id, [...(codes.get(id) ?? []), code.id]);
    }
  }
  return (given, { changes }) => [
    ...(codes.get(given.toLowerCase()) ?? []),
    ...changes.membership
      .filter(
        (change) =>
          change.kind === 'voluntaryCode' &&
          [...change.joined, ...change.left].some((member) => member.id === given),
      )
      .map((change) => change.name),
  ];
}

/**
 * What every feed takes of the build: the site's address, which organisations have a page, the
 * newest edition's time, or the crawl's when no edition is kept (a feed is dated even then), and
 * the register as crawled, for a site feed with no edition to list.
 */
export function feedSettings(view: EditionsView, register: Register) {
  const place = organisationPlaces(view, register);
  const snapshot = snapshotOf(register);
  return {
    hasPage: (id: string) => place(id).page,
    updated: view.editions[0]?.meta.publishedAt ?? snapshot.crawledAt,
    snapshot,
    ...(view.siteUrl === undefined ? {} : { siteUrl: view.siteUrl }),
  };
}
