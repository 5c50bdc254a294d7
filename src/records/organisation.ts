// One organisation, as every part of orgdir reads it: the pages, the search documents, the
// downloads, the JSON-LD and the editions' change labels. It is derived from the zod schema of the
// record (src/schemas/organisation.ts), so every field the spec names is here with the spec's
// name and type; nothing downstream picks fields out of a parsed record again.
//
// A stored record is the exact answer of the API (docs/crawling.md: "Storage contract"), so any field may be
// missing, null or of another type. Reading it never fails:
// - a value of the wrong type is "not given" (`undefined`; `[]` for a list) and leaves a drift
//   note with the value as given;
// - a number given as text, or text given as a number, is read as the spec's type (a note says so);
// - a value of the right type in an unexpected format (a date without its time) is kept, noted;
// - text is trimmed, and empty text is "not given" (the spec uses "" for "none");
// - fields the spec does not name are kept in `otherFields`, at every level;
// - a field nested deeper than `NESTING_LIMIT` (src/records/record-bounds.ts) is not read (a `too_deep` note says how deep): it
//   stays in the record as stored, which the downloads carry as given;
// - text and lists longer than `SIZE_LIMITS` are cut (a `too_long` note says how long), and a
//   field that would take the record past its size limit is not read (`too_large`): one record
//   must not stop the search index or swell every page that repeats it. The record stays stored
//   as given; the site's downloads carry it cut (`boundedRecord`).
//
// Usage: `readOrganisation(record, id)` for one parsed record; the whole data folder is read by
// `readRegister` in ./register.ts, whose `organisations` are these.
import { z } from 'zod';
import { organisationSchema } from '../schemas/organisation.ts';
import { textOf, truncate } from '../lib/text.ts';
import { AMOUNT_TEXT } from '../lib/decimal.ts';
import { isPlainObject } from '../lib/objects.ts';
import type { DriftNote } from './drift-note.ts';
import { boundedRecord, NESTING_LIMIT, nestingDepth, SIZE_LIMITS } from './record-bounds.ts';
import { writtenAmount } from './record-json.ts';

type Tuple = readonly [unknown, ...unknown[]];
/** The keys a zod loose object names, without its index signature for unknown keys. */
type Named<T> = { [K in keyof T as string extends K ? never : K]: T[K] };
type ListKeys<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends Tuple
    ? never
    : NonNullable<T[K]> extends readonly unknown[]
      ? K
      : never;
}[keyof T];

/** A value of the spec's type `T` as read from a record: every field optional, lists always present. */
type Given<T> = T extends Tuple
  ? T
  : T extends readonly (infer E)[]
    ? Given<E>[]
    : T extends object
      ? GivenObject<Named<T>>
      : T;

type GivenObject<T> = { -readonly [K in ListKeys<T>]-?: Given<NonNullable<T[K]>> } & {
  -readonly [K in Exclude<keyof T, ListKeys<T>>]?: Given<NonNullable<T[K]>>;
} & {
  /** Fields the spec does not name, as given. */
  otherFields?: Record<string, unknown>;
};

/** The spec's fields of a record, as read. */
export type OrganisationFields = Given<z.infer<typeof organisationSchema>>;

export type Organisation = Omit<OrganisationFields, 'id'> & {
  /** The record's key in the data folder: the GUID its file is named by. */
  id: string;
  /** Every way the record differs from the spec; empty for a record that matches it. */
  drift: DriftNote[];
};

/** What each field of the spec is called on a page, in a download and in a change list. */
export const FIELD_LABELS: Record<Exclude<keyof OrganisationFields, 'otherFields'>, string> = {
  id: 'Id',
  name: 'Name',
  altNames: 'Other names',
  sectorName: 'Sector',
  sectorCode: 'Sector code',
  subSectorName: 'Sub-sector',
  subSectorCode: 'Sub-sector code',
  secondarySubsectorName: 'Secondary sub-sector',
  secondarySubsectorCode: 'Secondary sub-sector code',
  regulators: 'Regulators',
  registeredAddress: 'Registered address',
  county: 'County',
  geolocation: 'Location',
  financialSummary: 'Financial summary',
  funders: 'Funders',
  otherAddresses: 'Other addresses',
  sources: 'Sources',
  orgUrl: 'Website',
  incorporatedDate: 'Incorporated',
  governingForm: 'Legal form',
  numEmployees: 'Employees',
  legalObjectsExtract: 'Legal objects',
  legalObjectsDate: 'Legal objects date',
  directors: 'Directors',
  regulatory: 'Regulatory status',
  governanceCodes: 'Voluntary codes',
};

/** The label of a top-level field of the spec; `undefined` for a field the spec does not name. */
export function labelOf(field: string): string | undefined {
  return Object.hasOwn(FIELD_LABELS, field) ? FIELD_LABELS[field as keyof typeof FIELD_LABELS] : undefined;
}

const NUMBER_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

function readText(schema: z.ZodType, value: unknown, path: string, drift: DriftNote[]): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) {
    drift.push({ path, issue: 'coerced', given: value });
    return String(value);
  }
  if (typeof value !== 'string') {
    drift.push({ path, issue: 'invalid_type', given: value });
    return undefined;
  }
  const text = textOf(value);
  if (text !== undefined && (schema as z.ZodString).def.checks && !schema.safeParse(value).success) {
    drift.push({ path, issue: 'invalid_format', given: value });
  }
  return text;
}

function readNumber(value: unknown, path: string, drift: DriftNote[]): number | undefined {
  const written = writtenAmount(value);
  if (written !== undefined && Number.isFinite(Number(written))) {
    drift.push({ path, issue: 'written', given: written });
    return Number(written);
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (!Number.isInteger(value)) drift.push({ path, issue: 'invalid_format', given: value });
    return value;
  }
  if (typeof value === 'string' && NUMBER_TEXT.test(value)) {
    drift.push({ path, issue: 'coerced', given: value });
    return Number(value);
  }
  drift.push({ path, issue: 'invalid_type', given: value });
  return undefined;
}

function readTuple(schema: z.ZodTuple, value: unknown, path: string, drift: DriftNote[]): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  drift.push({ path, issue: 'invalid_type', given: value });
  return undefined;
}

function readList(schema: z.ZodArray, value: unknown, path: string, drift: DriftNote[]): unknown[] {
  if (!Array.isArray(value)) {
    drift.push({ path, issue: 'invalid_type', given: value });
    return [];
  }
  const list: unknown[] = [];
  value.forEach((element, index) => {
    const read = readValue(schema.element as z.ZodType, element, `${path}[${index}]`, drift);
    if (read !== undefined) list.push(read);
  });
  return list;
}

/** A value as the schema describes it, or `undefined` (with a drift note) when it is not one. */
function readValue(schema: z.ZodType, value: unknown, path: string, drift: DriftNote[]): unknown {
  const field = schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
  if (field instanceof z.ZodArray) {
    return value === null || value === undefined ? [] : readList(field, value, path, drift);
  }
  if (value === null || value === undefined) return undefined;
  if (field instanceof z.ZodString) return readText(field, value, path, drift);
  if (field instanceof z.ZodNumber) return readNumber(value, path, drift);
  if (field instanceof z.ZodTuple) return readTuple(field, value, path, drift);
  if (field instanceof z.ZodObject) {
    if (isPlainObject(value)) return readObject(field, value, path, drift);
    drift.push({ path, issue: 'invalid_type', given: value });
    return undefined;
  }
  // A type the record schemas do not use: kept only when the schema accepts it.
  const parsed = field.safeParse(value);
  if (parsed.success) return parsed.data;
  drift.push({ path, issue: 'invalid_type', given: value });
  return undefined;
}

function readObject(
  schema: z.ZodObject,
  value: Record<string, unknown>,
  path: string,
  drift: DriftNote[],
): Record<string, unknown> {
  const shape = schema.shape as Record<string, z.ZodType>;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(shape)) {
    const read = readValue(shape[key]!, value[key], path === '' ? key : `${path}.${key}`, drift);
    if (read !== undefined) result[key] = read;
  }
  let otherFields: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(shape, key)) (otherFields ??= {})[key] = value[key];
  }
  if (otherFields) result['otherFields'] = otherFields;
  return result;
}

/**
 * Reads one parsed record (as `JSON.parse` gave it) into the model. `id` is the key it is stored
 * under; anything that is not an object reads as a record that gives nothing.
 */
export function readOrganisation(record: unknown, id: string): Organisation {
  const drift: DriftNote[] = [];
  if (!isPlainObject(record) && record !== undefined && record !== null) {
    const depth = nestingDepth(record);
    drift.push(
      depth > NESTING_LIMIT
        ? { path: '', issue: 'too_deep', given: depth }
        : { path: '', issue: 'invalid_type', given: record },
    );
  }
  const given = isPlainObject(record) ? boundedRecord(record, drift) : {};
  const fields = readObject(organisationSchema, given, '', drift);
  const givenId = fields['id'];
  if (typeof givenId === 'string' && givenId.toLowerCase() !== id.toLowerCase()) {
    drift.push({ path: 'id', issue: 'id_mismatch', given: givenId });
  }
  return { ...(fields as Omit<OrganisationFields, 'id'>), id, drift };
}

/** The name a stored record gives, read as the model reads it (for when only the name is needed). */
export function recordName(record: unknown): string | undefined {
  if (!isPlainObject(record)) return undefined;
  const given = record['name'];
  const name = readValue(
    organisationSchema.shape.name,
    typeof given === 'string' && given.length > SIZE_LIMITS.text ? truncate(given, SIZE_LIMITS.text) : given,
    'name',
    [],
  );
  return typeof name === 'string' ? name : undefined;
}

/** The name to show: the record's, else a stand-in that says the record has none. */
export function displayName(organisation: Pick<Organisation, 'id' | 'name'>): string {
  return organisation.name ?? `Unnamed organisation ${organisation.id}`;
}

/** Top-level fields the record gives in a form the model could not read, with the value as given. */
export function unreadFields(organisation: Organisation): { key: string; value: unknown }[] {
  return organisation.drift
    .filter((note) => note.issue === 'invalid_type' && note.path !== '' && !/[.[]/.test(note.path))
    .map((note) => ({ key: note.path, value: note.given }));
}

/**
 * An amount as the record writes it, where the number read may not say it so (see `DriftNote`):
 * `undefined` where the number read is the amount as written.
 */
export function writtenAt(organisation: Pick<Organisation, 'drift'>, path: string): string | undefined {
  // An amount given as text is read as a number too (`coerced`): its text is the amount as written.
  const note = organisation.drift.find(
    (found) =>
      found.path === path &&
      (found.issue === 'written' || (found.issue === 'coerced' && typeof found.given === 'string')),
  );
  const text = typeof note?.given === 'string' ? note.given.trim() : undefined;
  return text !== undefined && AMOUNT_TEXT.test(text) ? text : undefined;
}

/** The value a record gave at `path` when the model could not read it (see `DriftNote`). */
export function givenAt(organisation: Organisation, path: string): unknown {
  return organisation.drift.find((note) => note.path === path && note.issue === 'invalid_type')?.given;
}
