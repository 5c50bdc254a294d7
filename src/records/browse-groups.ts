// The groups the site browses by: names A–Z, counties, sectors and sub-sectors, each labelled
// with the spelling most of its members use; and the groups one organisation's page links to.
import type { Group, Member, OrganisationEntry, Register, SectorGroup } from './register-model.ts';
import { uniqueSlugs } from '../lib/slugs.ts';
import { NOT_GIVEN_KEY } from './group-keys.ts';

const collator = new Intl.Collator('en-IE', { sensitivity: 'base', numeric: true });

function entryMember(entry: OrganisationEntry, note?: string): Member {
  return note
    ? { id: entry.id, name: entry.name, present: true, note }
    : { id: entry.id, name: entry.name, present: true };
}

/** Groups entries by a key, labelling each group with the spelling most of its members use. */
export function groupBy(
  entries: readonly OrganisationEntry[],
  keyOf: (entry: OrganisationEntry) => string,
  labelOf: (entry: OrganisationEntry) => string | undefined,
  notGivenLabel: string,
): Group[] {
  const groups = new Map<string, { entries: OrganisationEntry[]; labels: Map<string, number> }>();
  for (const entry of entries) {
    const key = keyOf(entry);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { entries: [], labels: new Map() }));
    group.entries.push(entry);
    const label = labelOf(entry);
    if (label) group.labels.set(label, (group.labels.get(label) ?? 0) + 1);
  }
  const keys = [...groups.keys()].sort((a, b) =>
    a === NOT_GIVEN_KEY ? 1 : b === NOT_GIVEN_KEY ? -1 : collator.compare(a, b),
  );
  const slugs = uniqueSlugs(keys.map((key) => (key === NOT_GIVEN_KEY ? 'not-given' : key)));
  return keys.map((key) => {
    const group = groups.get(key)!;
    const label = [...group.labels.entries()].sort(
      (a, b) => b[1] - a[1] || collator.compare(a[0], b[0]),
    )[0]?.[0];
    return {
      key,
      slug: slugs.get(key === NOT_GIVEN_KEY ? 'not-given' : key)!,
      label: key === NOT_GIVEN_KEY ? notGivenLabel : (label ?? key),
      members: group.entries.map((entry) => entryMember(entry)),
    };
  });
}

/** Sector and sub-sector codes sort as numbers: 2 before 10, 5.7 before 5.10. */
function compareCodes(a: string, b: string): number {
  return collator.compare(a, b);
}

export function buildSectors(organisations: OrganisationEntry[]) {
  const sectorGroups = groupBy(
    organisations,
    (entry) => entry.sectorKey,
    (entry) => entry.labels.sectorName,
    'Sector not given',
  ).sort((a, b) => (a.key === NOT_GIVEN_KEY ? 1 : b.key === NOT_GIVEN_KEY ? -1 : compareCodes(a.key, b.key)));

  // A sub-sector page lists the organisations classified there first, then those that name it
  // as their secondary sub-sector.
  const primary = groupBy(
    organisations,
    (entry) => entry.subSectorKey,
    (entry) => entry.labels.subSectorName,
    'Sub-sector not given',
  );
  const byKey = new Map(primary.map((group) => [group.key, group]));
  const secondaryLabels = new Map<string, string>();
  for (const entry of organisations) {
    const key = entry.secondarySubSectorKey;
    if (key === undefined) continue;
    let group = byKey.get(key);
    if (!group) {
      group = { key, slug: '', label: entry.labels.secondarySubsectorName ?? key, members: [] };
      byKey.set(key, group);
    }
    if (!secondaryLabels.has(key) && entry.labels.secondarySubsectorName) {
      secondaryLabels.set(key, entry.labels.secondarySubsectorName!);
    }
    group.members.push(entryMember(entry, 'secondary sub-sector'));
  }
  const subSectors = [...byKey.values()].sort((a, b) =>
    a.key === NOT_GIVEN_KEY ? 1 : b.key === NOT_GIVEN_KEY ? -1 : compareCodes(a.key, b.key),
  );
  const subSlugs = uniqueSlugs(
    subSectors.map((group) => (group.key === NOT_GIVEN_KEY ? 'not-given' : group.key)),
  );
  for (const group of subSectors) {
    group.slug = subSlugs.get(group.key === NOT_GIVEN_KEY ? 'not-given' : group.key)!;
    const code = group.key !== NOT_GIVEN_KEY && /^[0-9]/.test(group.key) ? group.key : undefined;
    if (code) group.code = code;
  }

  const sectorOfSubSector = new Map<string, string>();
  for (const entry of organisations) {
    if (!sectorOfSubSector.has(entry.subSectorKey))
      sectorOfSubSector.set(entry.subSectorKey, entry.sectorKey);
  }
  const sectors: SectorGroup[] = sectorGroups.map((group) => {
    const code = group.key !== NOT_GIVEN_KEY && /^[0-9]/.test(group.key) ? group.key : undefined;
    return {
      ...group,
      ...(code && { code }),
      subSectors: subSectors.filter((sub) => {
        const parent = sectorOfSubSector.get(sub.key) ?? sub.key.split('.')[0];
        return parent === group.key && sub.key !== NOT_GIVEN_KEY;
      }),
    };
  });
  return { sectors, subSectors };
}

/** The browse groups an organisation's page links to; none for a value the record does not give. */
export function groupsOf(
  register: Register,
  entry: OrganisationEntry | undefined,
): { county?: Group; sector?: Group; subSector?: Group; secondarySubSector?: Group } {
  if (!entry) return {};
  const pick = <T extends Group>(map: Map<string, T>, key: string | undefined): T | undefined =>
    key === undefined || key === NOT_GIVEN_KEY ? undefined : map.get(key);
  const groups: { county?: Group; sector?: Group; subSector?: Group; secondarySubSector?: Group } = {};
  const county = pick(register.countyByKey, entry.countyKey);
  const sector = pick(register.sectorByKey, entry.sectorKey);
  const subSector = pick(register.subSectorByKey, entry.subSectorKey);
  const secondarySubSector = pick(register.subSectorByKey, entry.secondarySubSectorKey);
  if (county) groups.county = county;
  if (sector) groups.sector = sector;
  if (subSector) groups.subSector = subSector;
  if (secondarySubSector) groups.secondarySubSector = secondarySubSector;
  return groups;
}
