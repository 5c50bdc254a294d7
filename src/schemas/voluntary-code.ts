import { z } from 'zod';

/**
 * One entry of the `voluntaryCodes` answer. In 2018 the real service answered plain code ids
 * ("GOVERNANCECODE"); the spec says the list carries descriptions, so a newer answer may be an
 * object whose key names are not published. Both are accepted.
 */
const voluntaryCodeEntrySchema = z.union([z.string().min(1), z.looseObject({})]);

export const voluntaryCodesResponseSchema = z.array(voluntaryCodeEntrySchema);

export type VoluntaryCodeEntry = z.infer<typeof voluntaryCodeEntrySchema>;

/** A voluntary code as orgdir uses it, whatever shape the API gave. */
export interface VoluntaryCode {
  /** The id used in `VoluntaryCodeMembers/{id}`. */
  id: string;
  /** Description when the API gave one. */
  description?: string;
}

const ID_KEYS = ['id', 'code', 'codeId', 'voluntaryCodeId', 'name'];
const DESCRIPTION_KEYS = ['description', 'desc', 'voluntaryCodeDesc', 'governanceCodeDesc', 'title'];

function firstString(entry: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = entry[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/** Reads one entry into `{ id, description }`; `undefined` when no id can be found in it. */
export function readVoluntaryCode(entry: VoluntaryCodeEntry): VoluntaryCode | undefined {
  if (typeof entry === 'string') return { id: entry };
  const id = firstString(entry, ID_KEYS);
  if (id === undefined) return undefined;
  const description = firstString(
    entry,
    DESCRIPTION_KEYS.filter((key) => entry[key] !== id),
  );
  return description === undefined ? { id } : { id, description };
}
