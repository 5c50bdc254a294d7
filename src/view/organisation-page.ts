// What every organisation page shares, worked out once per register rather than once per page.
import type { Register, VoluntaryCodePage } from '../records/register.ts';
import { codesByDescription } from '../records/voluntary-codes.ts';

const byDescription = new WeakMap<Register, Map<string, VoluntaryCodePage>>();

/** The register's voluntary code pages by description, to link a record's governance codes. */
export function codeByDescription(register: Register): Map<string, VoluntaryCodePage> {
  let map = byDescription.get(register);
  if (!map) byDescription.set(register, (map = codesByDescription(register.voluntaryCodes)));
  return map;
}
