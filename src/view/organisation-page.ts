// What every organisation page shares, worked out once per snapshot rather than once per page.
import type { Register, VoluntaryCodePage } from '../records/register.ts';
import { codesByDescription } from '../records/voluntary-codes.ts';

const byDescription = new WeakMap<Register, Map<string, VoluntaryCodePage>>();

/** The snapshot's voluntary code pages by description, to link a record's governance codes. */
export function codeByDescription(snapshot: Register): Map<string, VoluntaryCodePage> {
  let map = byDescription.get(snapshot);
  if (!map) byDescription.set(snapshot, (map = codesByDescription(snapshot.voluntaryCodes)));
  return map;
}
