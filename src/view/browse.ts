// Browse pages: every group of organisations (a list, a county, a sector…) split into pages.
import { pageCount, pageItems } from '../lib/paginate.ts';
import { pagedParam } from '../lib/routes.ts';
import type { Group, Member, Register } from '../records/register.ts';

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
