// The one place where the list matcher, the database and the identifiers read an organisation:
// the record view of the snapshot, with the lists and voluntary codes it is on. Everything
// downstream takes these small types, never the stored record's fields.
import { orgIdentifiers, registrationNumbers, type OrgIdentifier } from '../lib/identifiers.ts';
import { organisationPath } from '../lib/routes.ts';
import { readRecord, type Snapshot } from '../records/register.ts';
import { readOrganisation, type OrganisationView } from '../records/organisation.ts';
import type { MatchEntry } from '../match/matcher.ts';

export interface RegisterEntry {
  id: string;
  /** The organisation's page, from the site root. */
  page: string;
  view: OrganisationView;
  /** The record exactly as stored. */
  record: unknown;
  /** Keys of the group lists it is on, e.g. "registeredCharities". */
  lists: string[];
  /** Ids of the voluntary codes whose member lists name it. */
  voluntaryCodes: string[];
  identifiers: OrgIdentifier[];
}

/** The entry of one organisation of the snapshot, or `undefined` when its record cannot be read. */
export function registerEntry(snapshot: Snapshot, id: string): RegisterEntry | undefined {
  const record = readRecord(snapshot.dataDir, id);
  if (record === undefined) return undefined;
  const view = readOrganisation(record, id);
  const key = id.toLowerCase();
  return {
    id,
    page: organisationPath(id),
    view,
    record,
    lists: (snapshot.listsOf.get(key) ?? []).map((list) => list.key),
    voluntaryCodes: (snapshot.codesOf.get(key) ?? []).map((code) => code.id),
    identifiers: orgIdentifiers(view.regulators),
  };
}

/** Every organisation of the snapshot, read one at a time (a large register never sits in memory). */
export function* registerEntries(snapshot: Snapshot): Generator<RegisterEntry> {
  for (const { id } of snapshot.organisations) {
    const entry = registerEntry(snapshot, id);
    if (entry) yield entry;
  }
}

/** The org-id.guide identifiers of a stored record, for downloads that read records as stored. */
export function identifiersOfRecord(record: unknown, id: string): string[] {
  return orgIdentifiers(readOrganisation(record, id).regulators).map((identifier) => identifier.identifier);
}

/** What the list matcher needs of an organisation. */
export function matchEntryOf(view: OrganisationView): MatchEntry {
  return {
    id: view.id,
    name: view.name,
    altNames: view.altNames,
    ...(view.county && { county: view.county }),
    numbers: registrationNumbers(view.regulators),
  };
}
