// The keys an organisation is grouped by on the browse pages, shared by the register's entries
// (./register-model.ts) and the groups built from them (./browse-groups.ts).
import { withoutAccents } from '../lib/slugs.ts';

/** The key of the group of organisations that do not give the value. */
export const NOT_GIVEN_KEY = '';
/** What the A–Z calls a letter's group: "A", "0-9", "Other characters". */
export function letterLabel(key: string): string {
  return key === 'other' ? 'Other characters' : key.toUpperCase();
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
