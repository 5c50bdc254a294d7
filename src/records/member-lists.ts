// The group lists and voluntary code member lists of a data folder (docs/crawling.md: "Storage contract"),
// as the site shows them: each member named, and marked when the folder holds no record for it.
import { slugify, uniqueSlugs } from '../lib/slugs.ts';
import {
  readVoluntaryCodeMembers,
  readVoluntaryCodes,
  voluntaryCodeMemberFiles,
  type ListEntry,
  type Unreadable,
} from './data-folder.ts';
import type { Member, OrganisationEntry, VoluntaryCodePage } from './register-model.ts';

const collator = new Intl.Collator('en-IE', { sensitivity: 'base', numeric: true });
/** Sorts by name as people read names: accents and case aside, numbers by value. */
export const byName = (a: { name: string }, b: { name: string }): number => collator.compare(a.name, b.name);

export function membersOf(
  summaries: readonly ListEntry[],
  byId: Map<string, OrganisationEntry>,
  gone: ReadonlySet<string>,
): Member[] {
  return summaries
    .map(({ id, name }): Member => {
      const entry = byId.get(id);
      const member: Member = {
        id: entry?.id ?? id,
        name: name || entry?.name || `Unnamed organisation ${id}`,
        present: entry !== undefined,
      };
      if (!entry && gone.has(id)) member.gone = true;
      return member;
    })
    .sort(byName);
}

export function loadVoluntaryCodes(
  dataDir: string,
  byId: Map<string, OrganisationEntry>,
  gone: ReadonlySet<string>,
  unreadable: Unreadable[],
) {
  const codes = new Map(readVoluntaryCodes(dataDir, unreadable).map((code) => [code.id, code]));
  // A member list without an entry in voluntary-codes.json is still a code the register knows.
  const memberFiles = voluntaryCodeMemberFiles(dataDir);
  const fileOf = new Map<string, string>();
  for (const file of memberFiles) {
    const stem = file.slice(0, -'.json'.length);
    fileOf.set(stem, file);
    fileOf.set(slugify(stem), file);
  }
  for (const file of memberFiles) {
    const stem = file.slice(0, -'.json'.length);
    const known = [...codes.keys()].some((id) => id === stem || slugify(id) === slugify(stem));
    if (!known) codes.set(stem, { id: stem });
  }
  const ids = [...codes.keys()];
  const slugs = uniqueSlugs(ids, 'code');
  return ids.map((id): VoluntaryCodePage => {
    const file = fileOf.get(id) ?? fileOf.get(slugify(id));
    const summaries = file ? readVoluntaryCodeMembers(dataDir, file, unreadable).entries : [];
    const description = codes.get(id)?.description;
    return {
      id,
      slug: slugs.get(id)!,
      ...(description && { description }),
      members: membersOf(summaries, byId, gone),
      membersKnown: file !== undefined,
    };
  });
}
