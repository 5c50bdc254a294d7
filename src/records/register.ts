// The data folder (README: "Storage contract") read once per build into small indexes: one entry
// per organisation with only what browse pages need. Full records stay on disk and are read
// when their own page is rendered, which keeps a 30,000-organisation build small in memory.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readVoluntaryCode, type VoluntaryCodeEntry } from '../schemas/index.ts';
import { countyKey } from '../lib/counties.ts';
import { organisationFileStem } from '../lib/routes.ts';
import { slugify, uniqueSlugs, withoutAccents } from '../lib/slugs.ts';
import { objectOf, scalarText, textOf } from '../lib/text.ts';

/** The three group lists of the API, in the order the site shows them. */
export const LISTS = [
  {
    key: 'registeredCharities',
    slug: 'registered-charities',
    title: 'Registered charities',
    label: 'Registered charity',
    description: 'Organisations registered with the charities regulator.',
  },
  {
    key: 'taxEfficientGifts',
    slug: 'tax-efficient-gifts',
    title: 'Tax-efficient gifts',
    label: 'Qualifies for tax relief on donations',
    description: 'Organisations qualifying for tax relief on donations.',
  },
  {
    key: 'housingBodies',
    slug: 'housing-bodies',
    title: 'Approved housing bodies',
    label: 'Approved housing body',
    description: 'Organisations registered as approved housing bodies with the housing regulator.',
  },
] as const;

export type ListKey = (typeof LISTS)[number]['key'];
export type ListDefinition = (typeof LISTS)[number];

export interface OrganisationEntry {
  id: string;
  name: string;
  county?: string;
  countyKey: string;
  sectorKey: string;
  subSectorKey: string;
  secondarySubSectorKey?: string;
  letter: string;
}

/** A member of a list or group; `present` is false when the data folder has no record for it. */
export interface Member {
  id: string;
  name: string;
  present: boolean;
  /** True when the crawl found the record gone (the API answered 404 or 410 for it). */
  gone?: boolean;
  /** A short qualifier shown after the name, e.g. "secondary sub-sector". */
  note?: string;
}

export interface Group {
  key: string;
  slug: string;
  label: string;
  code?: string;
  members: Member[];
}

export interface SectorGroup extends Group {
  subSectors: Group[];
}

export interface VoluntaryCodePage {
  id: string;
  slug: string;
  description?: string;
  members: Member[];
  /** False when the data folder holds no member list for this code. */
  membersKnown: boolean;
}

export interface Snapshot {
  dataDir: string;
  /** Every organisation with a stored record, sorted by name. */
  organisations: OrganisationEntry[];
  /** Keyed by the lower-cased id, as list ids are compared. */
  byId: Map<string, OrganisationEntry>;
  lists: { definition: ListDefinition; members: Member[]; known: boolean }[];
  /** Keyed by the lower-cased id. */
  listsOf: Map<string, ListDefinition[]>;
  voluntaryCodes: VoluntaryCodePage[];
  /** Keyed by the lower-cased id. */
  codesOf: Map<string, VoluntaryCodePage[]>;
  counties: Group[];
  sectors: SectorGroup[];
  subSectors: Group[];
  letters: Group[];
  countyByKey: Map<string, Group>;
  sectorByKey: Map<string, SectorGroup>;
  subSectorByKey: Map<string, Group>;
  manifest: Record<string, unknown>;
  /** Files of the data folder that could not be read, with the reason. */
  unreadable: { file: string; reason: string }[];
}

const NOT_GIVEN_KEY = '';
const collator = new Intl.Collator('en-IE', { sensitivity: 'base', numeric: true });
const byName = (a: { name: string }, b: { name: string }): number => collator.compare(a.name, b.name);

function readJson(file: string, unreadable: Snapshot['unreadable']): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    unreadable.push({ file, reason: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

/** Reads the stored record of one organisation as it is on disk (`undefined` when unreadable). */
export function readRecord(dataDir: string, id: string): unknown {
  try {
    return JSON.parse(readFileSync(join(dataDir, 'organisations', `${id}.json`), 'utf8'));
  } catch {
    return undefined;
  }
}

/** The A–Z key of a name: its first letter without accents, "0-9" for digits, else "other". */
export function letterOf(name: string): string {
  const first = withoutAccents(name)
    .replace(/[^\p{L}\p{N}]/gu, '')
    .charAt(0)
    .toLowerCase();
  if (/[a-z]/.test(first)) return first;
  if (/[0-9]/.test(first)) return '0-9';
  return 'other';
}

function summariesOf(value: unknown): { id: string; name: string }[] {
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

function membersOf(
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

/** Ids the crawl found gone (manifest.gone), lower-cased. */
function goneIdsOf(manifest: Record<string, unknown>): Set<string> {
  const gone = manifest['gone'];
  return new Set(
    Array.isArray(gone) ? gone.filter((id) => typeof id === 'string').map((id) => id.toLowerCase()) : [],
  );
}

function entryMember(entry: OrganisationEntry, note?: string): Member {
  return note
    ? { id: entry.id, name: entry.name, present: true, note }
    : { id: entry.id, name: entry.name, present: true };
}

/** Groups entries by a key, labelling each group with the spelling most of its members use. */
function groupBy(
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

interface RecordFacts {
  sectorCode?: string;
  sectorName?: string;
  subSectorCode?: string;
  subSectorName?: string;
  secondaryCode?: string;
  secondaryName?: string;
}

function loadOrganisations(dataDir: string, unreadable: Snapshot['unreadable']) {
  const folder = join(dataDir, 'organisations');
  const files = existsSync(folder) ? readdirSync(folder).filter((file) => file.endsWith('.json')) : [];
  const organisations: OrganisationEntry[] = [];
  const facts = new Map<string, RecordFacts>();
  const seen = new Set<string>();
  for (const file of files.sort()) {
    const id = file.slice(0, -'.json'.length);
    // Page names are lower case: two files differing only in case would claim one page.
    if (seen.has(organisationFileStem(id))) {
      unreadable.push({ file: join(folder, file), reason: 'another record has the same id apart from case' });
      continue;
    }
    seen.add(organisationFileStem(id));
    const raw = readJson(join(folder, file), unreadable);
    if (raw === undefined) continue;
    const record = objectOf(raw);
    const name = textOf(record['name']) ?? `Unnamed organisation ${id}`;
    const county = textOf(record['county']);
    const recordFacts: RecordFacts = {};
    const assign = (key: keyof RecordFacts, value: string | undefined): void => {
      if (value !== undefined) recordFacts[key] = value;
    };
    assign('sectorCode', scalarText(record['sectorCode']));
    assign('sectorName', textOf(record['sectorName']));
    assign('subSectorCode', scalarText(record['subSectorCode']));
    assign('subSectorName', textOf(record['subSectorName']));
    assign('secondaryCode', scalarText(record['secondarySubsectorCode']));
    assign('secondaryName', textOf(record['secondarySubsectorName']));
    facts.set(id, recordFacts);
    const secondaryKey = recordFacts.secondaryCode ?? recordFacts.secondaryName?.toLowerCase();
    organisations.push({
      id,
      name,
      ...(county && { county }),
      countyKey: county ? countyKey(county) : NOT_GIVEN_KEY,
      sectorKey: recordFacts.sectorCode ?? recordFacts.sectorName?.toLowerCase() ?? NOT_GIVEN_KEY,
      subSectorKey: recordFacts.subSectorCode ?? recordFacts.subSectorName?.toLowerCase() ?? NOT_GIVEN_KEY,
      ...(secondaryKey && { secondarySubSectorKey: secondaryKey }),
      letter: letterOf(name),
    });
  }
  organisations.sort(byName);
  return { organisations, facts };
}

function buildSectors(organisations: OrganisationEntry[], facts: Map<string, RecordFacts>) {
  const sectorGroups = groupBy(
    organisations,
    (entry) => entry.sectorKey,
    (entry) => facts.get(entry.id)?.sectorName,
    'Sector not given',
  ).sort((a, b) => (a.key === NOT_GIVEN_KEY ? 1 : b.key === NOT_GIVEN_KEY ? -1 : compareCodes(a.key, b.key)));

  // A sub-sector page lists the organisations classified there first, then those that name it
  // as their secondary sub-sector.
  const primary = groupBy(
    organisations,
    (entry) => entry.subSectorKey,
    (entry) => facts.get(entry.id)?.subSectorName,
    'Sub-sector not given',
  );
  const byKey = new Map(primary.map((group) => [group.key, group]));
  const secondaryLabels = new Map<string, string>();
  for (const entry of organisations) {
    const key = entry.secondarySubSectorKey;
    if (key === undefined) continue;
    let group = byKey.get(key);
    if (!group) {
      group = { key, slug: '', label: facts.get(entry.id)?.secondaryName ?? key, members: [] };
      byKey.set(key, group);
    }
    if (!secondaryLabels.has(key) && facts.get(entry.id)?.secondaryName) {
      secondaryLabels.set(key, facts.get(entry.id)!.secondaryName!);
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

function loadVoluntaryCodes(
  dataDir: string,
  byId: Map<string, OrganisationEntry>,
  gone: ReadonlySet<string>,
  unreadable: Snapshot['unreadable'],
) {
  const listed = readJson(join(dataDir, 'voluntary-codes.json'), unreadable);
  const codes = new Map<string, { id: string; description?: string }>();
  for (const entry of Array.isArray(listed) ? listed : []) {
    if (typeof entry !== 'string' && (entry === null || typeof entry !== 'object')) continue;
    const code = readVoluntaryCode(entry as VoluntaryCodeEntry);
    if (code && !codes.has(code.id)) codes.set(code.id, code);
  }
  // A member list without an entry in voluntary-codes.json is still a code the register knows.
  const membersFolder = join(dataDir, 'voluntary-code-members');
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

/** Reads the whole data folder. Never throws for a bad file: it is listed in `unreadable`. */
export function loadSnapshot(dataDir: string): Snapshot {
  const unreadable: Snapshot['unreadable'] = [];
  const { organisations, facts } = loadOrganisations(dataDir, unreadable);
  const byId = new Map(organisations.map((entry) => [entry.id.toLowerCase(), entry]));
  const manifest = objectOf(readJson(join(dataDir, 'manifest.json'), unreadable));
  const gone = goneIdsOf(manifest);

  const listsOf = new Map<string, ListDefinition[]>();
  const lists = LISTS.map((definition) => {
    const file = join(dataDir, 'lists', `${definition.key}.json`);
    const summaries = summariesOf(readJson(file, unreadable));
    for (const { id } of summaries) listsOf.set(id, [...(listsOf.get(id) ?? []), definition]);
    return { definition, members: membersOf(summaries, byId, gone), known: existsSync(file) };
  });

  const voluntaryCodes = loadVoluntaryCodes(dataDir, byId, gone, unreadable);
  const codesOf = new Map<string, VoluntaryCodePage[]>();
  for (const code of voluntaryCodes) {
    for (const member of code.members) {
      const key = member.id.toLowerCase();
      codesOf.set(key, [...(codesOf.get(key) ?? []), code]);
    }
  }

  const { sectors, subSectors } = buildSectors(organisations, facts);
  const letters = groupBy(
    organisations,
    (entry) => entry.letter,
    (entry) => entry.letter.toUpperCase(),
    '',
  );
  for (const group of letters) {
    group.label = group.key === 'other' ? 'Other characters' : group.key.toUpperCase();
  }

  const counties = groupBy(
    organisations,
    (entry) => entry.countyKey,
    (entry) => entry.county,
    'County not given',
  );
  return {
    dataDir,
    organisations,
    byId,
    lists,
    listsOf,
    voluntaryCodes,
    codesOf,
    counties,
    sectors,
    subSectors,
    letters,
    countyByKey: new Map(counties.map((group) => [group.key, group])),
    sectorByKey: new Map(sectors.map((group) => [group.key, group])),
    subSectorByKey: new Map(subSectors.map((group) => [group.key, group])),
    manifest,
    unreadable,
  };
}

const CACHE = Symbol.for('orgdir.snapshot');

/**
 * The snapshot of a data folder, read once. Cached on `globalThis` because Astro bundles the
 * pages' copy of this module separately from the build pipeline's copy; both see one snapshot.
 */
export function snapshotOf(dataDir: string): Snapshot {
  const key = resolve(dataDir);
  const store = globalThis as { [CACHE]?: Map<string, Snapshot> };
  const cache = (store[CACHE] ??= new Map());
  let snapshot = cache.get(key);
  if (!snapshot) cache.set(key, (snapshot = loadSnapshot(key)));
  return snapshot;
}

/** Lets go of cached snapshots once a build is done (and before a rebuild of changed data). */
export function forgetSnapshots(): void {
  (globalThis as { [CACHE]?: Map<string, Snapshot> })[CACHE]?.clear();
}

/** The browse groups an organisation's page links to; none for a value the record does not give. */
export function groupsOf(
  snapshot: Snapshot,
  entry: OrganisationEntry | undefined,
): { county?: Group; sector?: Group; subSector?: Group; secondarySubSector?: Group } {
  if (!entry) return {};
  const pick = <T extends Group>(map: Map<string, T>, key: string | undefined): T | undefined =>
    key === undefined || key === NOT_GIVEN_KEY ? undefined : map.get(key);
  const groups: { county?: Group; sector?: Group; subSector?: Group; secondarySubSector?: Group } = {};
  const county = pick(snapshot.countyByKey, entry.countyKey);
  const sector = pick(snapshot.sectorByKey, entry.sectorKey);
  const subSector = pick(snapshot.subSectorByKey, entry.subSectorKey);
  const secondarySubSector = pick(snapshot.subSectorByKey, entry.secondarySubSectorKey);
  if (county) groups.county = county;
  if (sector) groups.sector = sector;
  if (subSector) groups.subSector = subSector;
  if (secondarySubSector) groups.secondarySubSector = secondarySubSector;
  return groups;
}
