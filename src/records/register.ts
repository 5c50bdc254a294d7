// The register: a data folder, read through its one reader (./data-folder.ts), each record file
// once, into the organisation model (./organisation.ts), and the lists, voluntary codes and
// manifest beside them into the groups the site browses by.
//
// Usage: `readRegister(dataDir)`, or `readRegister(dataDir, { onRecord })` to also see each
// record's bytes as read (the site writes its JSON twins and downloads from them).
// `register.organisations` holds every organisation with a stored record (sorted by name; each
// `entry.organisation` is the model, unpacked at each call: take it once) and
// `register.byId.get(id)` one of them.
import { readManifest } from '../lib/manifest-file.ts';
import { forEachRecord, readGroupList, type RecordVisitor } from './data-folder.ts';
import { buildSectors, groupBy } from './browse-groups.ts';
import { letterLabel } from './group-keys.ts';
import {
  LISTS,
  OrganisationEntry,
  type ListDefinition,
  type VoluntaryCodePage,
  type Register,
} from './register-model.ts';
import { byName, loadVoluntaryCodes, membersOf } from './member-lists.ts';

export * from './register-model.ts';
export type { RecordVisitor } from './data-folder.ts';

export interface ReadOptions {
  onRecord?: RecordVisitor;
}

function loadOrganisations(dataDir: string, unreadable: Register['unreadable'], onRecord?: RecordVisitor) {
  const organisations: OrganisationEntry[] = [];
  forEachRecord(dataDir, unreadable, (id, bytes, record, organisation) => {
    onRecord?.(id, bytes, record, organisation);
    organisations.push(new OrganisationEntry(organisation));
  });
  return organisations.sort(byName);
}

/**
 * Reads the whole data folder, each record file once. Never throws for a bad file: it is listed
 * in `unreadable`.
 */
export function readRegister(dataDir: string, options: ReadOptions = {}): Register {
  const unreadable: Register['unreadable'] = [];
  const organisations = loadOrganisations(dataDir, unreadable, options.onRecord);
  const byId = new Map(organisations.map((entry) => [entry.id, entry]));
  const manifestFile = readManifest(dataDir);
  if (manifestFile.problem !== undefined)
    unreadable.push({ file: manifestFile.file, reason: manifestFile.problem });
  const manifest = manifestFile.fields;
  const gone = new Set((manifest.gone ?? []).map((id) => id.toLowerCase()));

  const listsOf = new Map<string, ListDefinition[]>();
  const lists = LISTS.map((definition) => {
    const { known, entries } = readGroupList(dataDir, definition.key, unreadable);
    for (const { id } of entries) listsOf.set(id, [...(listsOf.get(id) ?? []), definition]);
    return { definition, members: membersOf(entries, byId, gone), known };
  });

  const voluntaryCodes = loadVoluntaryCodes(dataDir, byId, gone, unreadable);
  const codesOf = new Map<string, VoluntaryCodePage[]>();
  for (const code of voluntaryCodes) {
    for (const member of code.members) {
      const key = member.id.toLowerCase();
      codesOf.set(key, [...(codesOf.get(key) ?? []), code]);
    }
  }

  const { sectors, subSectors } = buildSectors(organisations);
  const letters = groupBy(
    organisations,
    (entry) => entry.letter,
    (entry) => entry.letter.toUpperCase(),
    '',
  );
  for (const group of letters) group.label = letterLabel(group.key);

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
    ...(manifestFile.bytes === undefined ? {} : { manifestBytes: manifestFile.bytes }),
    unreadable,
  };
}
