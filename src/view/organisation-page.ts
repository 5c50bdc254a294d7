// What every organisation page shares, worked out once per snapshot rather than once per page.
import type { Snapshot, VoluntaryCodePage } from '../records/register.ts';
import { codesByDescription } from './voluntary-codes.ts';

const byDescription = new WeakMap<Snapshot, Map<string, VoluntaryCodePage>>();

/** The snapshot's voluntary code pages by description, to link a record's governance codes. */
export function codeByDescription(snapshot: Snapshot): Map<string, VoluntaryCodePage> {
  let map = byDescription.get(snapshot);
  if (!map) byDescription.set(snapshot, (map = codesByDescription(snapshot.voluntaryCodes)));
  return map;
}
