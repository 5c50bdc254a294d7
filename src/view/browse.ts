// Browse pages: every group of organisations (a list, a county, a sector…) split into pages.
import { pageCount, pageItems } from '../lib/paginate.ts';
import { pagedParam } from '../lib/routes.ts';
import { noLongerOnRegisterSince } from '../lib/register-status.ts';
import { slugify } from '../lib/slugs.ts';
import { letterLabel, letterOf } from '../records/group-keys.ts';
import { byName } from '../records/member-lists.ts';
import { displayName } from '../records/organisation.ts';
import type { Group, ListedFormer, Member, Register } from '../records/register.ts';

export interface PagedProps {
  key: string;
  page: number;
}

/** `getStaticPaths` entries for every page of every group: small props, looked up at render. */
export function pagedRoutes(groups: readonly { key: string; slug: string; members: readonly Member[] }[]) {
  return groups.flatMap((group) =>
    Array.from({ length: pageCount(group.members.length) }, (_, index) => ({
      params: { page: pagedParam(group.slug, index + 1) },
      props: { key: group.key, page: index + 1 } satisfies PagedProps,
    })),
  );
}

/** The three lists as browse groups. */
export function listGroups(register: Register): Group[] {
  return register.lists.map((list) => ({
    key: list.definition.key,
    slug: list.definition.slug,
    label: list.definition.title,
    members: list.members,
  }));
}

export interface BrowsePage {
  group: Group;
  page: number;
  pages: number;
  members: Member[];
}

export function browsePage(groups: readonly Group[], props: PagedProps): BrowsePage {
  const group = groups.find((candidate) => candidate.key === props.key);
  if (!group) throw new Error(`No browse group ${props.key}`);
  return {
    group,
    page: props.page,
    pages: pageCount(group.members.length),
    members: pageItems(group.members, props.page),
  };
}

/** Why a member of a list has no link. */
export function missingNote(member: Member): string {
  return member.gone ? 'gone from the register: its record no longer answers' : 'no record in this snapshot';
}

/** What the A–Z says after the name of an organisation that has a page but no record. */
function formerNote({ goneSince }: ListedFormer): string {
  return goneSince === undefined
    ? 'not fetched in the latest crawl'
    : noLongerOnRegisterSince(goneSince).toLowerCase();
}

const letterCollator = new Intl.Collator('en-IE', { sensitivity: 'base', numeric: true });
const withFormer = new WeakMap<readonly Group[], WeakMap<readonly ListedFormer[], Group[]>>();

/**
 * The A–Z groups with the organisations that have a page but no record (`former`): each filed
 * under the letter of its name, in name order among the others, linked to its page and noted
 * (`formerNote`), so that one no longer on the register is still found by its name. The register's
 * groups are left as they are.
 */
export function lettersWithFormer(
  letters: readonly Group[],
  former: readonly ListedFormer[],
): readonly Group[] {
  if (former.length === 0) return letters;
  let byFormer = withFormer.get(letters);
  if (byFormer === undefined) withFormer.set(letters, (byFormer = new WeakMap()));
  let groups = byFormer.get(former);
  if (groups === undefined) {
    const byKey = new Map(letters.map((group) => [group.key, { ...group, members: [...group.members] }]));
    for (const listed of former) {
      const name = displayName(listed.organisation);
      const key = letterOf(name);
      let group = byKey.get(key);
      if (group === undefined)
        byKey.set(key, (group = { key, slug: slugify(key), label: letterLabel(key), members: [] }));
      group.members.push({ id: listed.id, name, present: true, note: formerNote(listed) });
    }
    groups = [...byKey.values()].sort((a, b) => letterCollator.compare(a.key, b.key));
    for (const group of groups) group.members.sort(byName);
    byFormer.set(former, groups);
  }
  return groups;
}
