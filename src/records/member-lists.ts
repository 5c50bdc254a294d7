// The group lists and voluntary code member lists of a data folder (docs/crawling.md: "Storage contract"),
// as the site shows them: each member named, and marked when the folder holds no record for it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readVoluntaryCode, type VoluntaryCodeEntry } from '../schemas/index.ts';
import { DATA_LAYOUT } from '../lib/data-layout.ts';
import { slugify, uniqueSlugs } from '../lib/slugs.ts';
import { objectOf, textOf } from '../lib/text.ts';
import type { Member, OrganisationEntry, Register, VoluntaryCodePage } from './register-model.ts';

const collator = new Intl.Collator('en-IE', { sensitivity: 'base', numeric: true });
/** Sorts by name as people read names: accents and case aside, numbers by value. */
export const byName = (a: { name: string }, b: { name: string }): number => collator.compare(a.name, b.name);

export function readJson(file: string, unreadable: Register['unreadable']): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    unreadable.push({ file, reason: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

export function summariesOf(value: unknown): { id: string; name: string }[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const result: { id: string; name: string }[] = [];
  for (const element of value) {
    const entry = objectOf(element);
    const id = textOf(entry['id'])?.toLowerCase();
    if (!id || seen.has(id)) continue;
    seen.add(id);
    result.push({ id, name: textOf(entry['name']) ?? '' });
  }
  return result;
}

export function membersOf(
  summaries: { id: string; name: string }[],
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
  unreadable: Register['unreadable'],
) {
  const listed = readJson(join(dataDir, DATA_LAYOUT.voluntaryCodes), unreadable);
  const codes = new Map<string, { id: string; description?: string }>();
  for (const entry of Array.isArray(listed) ? listed : []) {
    if (typeof entry !== 'string' && (entry === null || typeof entry !== 'object')) continue;
    const code = readVoluntaryCode(entry as VoluntaryCodeEntry);
    if (code && !codes.has(code.id)) codes.set(code.id, code);
  }
  // A member list without an entry in voluntary-codes.json is still a code the register knows.
  const membersFolder = join(dataDir, DATA_LAYOUT.voluntaryCodeMembers);
  const memberFiles = existsSync(membersFolder)
    ? readdirSync(membersFolder).filter((file) => file.endsWith('.json'))
    : [];
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
    const summaries = file ? summariesOf(readJson(join(membersFolder, file), unreadable)) : [];
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
