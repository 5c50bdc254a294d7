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

const CODE_ID_LIMIT = 100;

/**
 * Why a voluntary code id cannot be a file name, or `undefined` when it can. Code ids come from
 * the API, so they are checked like any untrusted path: no separators, no `..`, no hidden or
 * control characters, nothing Windows refuses.
 */
export function voluntaryCodeIdProblem(id: string): string | undefined {
  if (id.length === 0) return 'empty';
  if (id.length > CODE_ID_LIMIT) return `longer than ${CODE_ID_LIMIT} characters`;
  if (/[/\\]/.test(id)) return 'contains a path separator';
  if (id === '.' || id === '..' || id.includes('..')) return 'contains ".."';
  if (id.startsWith('.')) return 'starts with a dot';
  if (/[\p{Cc}\p{Cf}]/u.test(id)) return 'contains a control character';
  if (/[<>:"|?*]/.test(id)) return 'contains a character file systems refuse';
  if (/[\s.]$/.test(id)) return 'ends with a space or a dot';
  return undefined;
}
