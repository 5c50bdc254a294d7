// Where the list matcher, the downloads and the identifiers read an organisation: the record
// model (src/records/organisation.ts). Everything downstream takes these small values.
import { orgIdentifiers, registrationNumbers } from '../lib/identifiers.ts';
import { displayName, type Organisation } from '../records/organisation.ts';
import type { MatchEntry } from '../match/matcher.ts';

/** The org-id.guide identifiers of an organisation, e.g. ["IE-CHY-20000028", "IE-CRO-123456"]. */
export function identifiersOf(organisation: Organisation): string[] {
  return orgIdentifiers(organisation.regulators).map((identifier) => identifier.identifier);
}

/** What the list matcher needs of an organisation; `goneSince` for one no longer on the register. */
export function matchEntryOf(organisation: Organisation, goneSince?: string): MatchEntry {
  const name = displayName(organisation);
  return {
    id: organisation.id,
    name,
    altNames: organisation.altNames.filter((other) => other !== name),
    ...(organisation.county && { county: organisation.county }),
    numbers: registrationNumbers(organisation.regulators),
    ...(goneSince !== undefined && { goneSince }),
  };
}
