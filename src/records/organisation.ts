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
// - a field nested deeper than `NESTING_LIMIT` is not read (a `too_deep` note says how deep): it
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
import type { DriftIssue } from '../schemas/drift.ts';
import { textOf, truncate } from '../lib/text.ts';
import { AMOUNT_TEXT } from '../lib/decimal.ts';
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

/** Where and how a record differs from the spec. */
export interface DriftNote {
  /** Path from the record's root: `numEmployees`, `financialSummary.prevGrants`, `funders[2].amount`. */
  path: string;
  /**
   * What differs (src/schemas/drift.ts), and so what the model did: `invalid_type`, not read
   * ("not given"); `coerced`, read as the spec's type; `invalid_format`, kept as given;
   * `id_mismatch`, the id it is stored under is used; `too_deep` (past `NESTING_LIMIT`), not read;
   * `written` (30 digits, an exponent), read as the nearest number; `too_long` (past
   * `SIZE_LIMITS`), cut; `too_large`, not read.
   */
  issue: Extract<
    DriftIssue,
    | 'invalid_type'
    | 'coerced'
    | 'invalid_format'
    | 'id_mismatch'
    | 'too_deep'
    | 'too_long'
    | 'too_large'
    | 'written'
  >;
  /**
   * The value as the record gives it; for `too_deep`, how many levels the record nests there; for
   * `written`, the amount's JSON text; for `too_long`, how long it is and what it was cut to
   * (`{ characters, limit }` for text, `{ entries, limit }` for a list or an object's fields); for
   * `too_large`, `{ characters, limit }`: how many its JSON takes, and the record's limit.
   */
  given: unknown;
}

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

/**
 * The deepest nesting of a record (itself one level) that every step reads: SQLite's JSON
 * functions refuse more than 1,000 levels, and V8's JSON.stringify, which the register and the
 * pages use, runs out of stack a few thousand levels down.
 */
const NESTING_LIMIT = 1000;

/**
 * How many levels of objects and lists `value` nests (a number or text 0), counted without
 * recursion: a hostile record may nest deeper than the call stack goes.
 */
function nestingDepth(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let deepest = 1;
  const pending: { value: object; depth: number }[] = [{ value, depth: 1 }];
  while (pending.length > 0) {
    const { value: container, depth } = pending.pop()!;
    for (const child of Array.isArray(container) ? container : Object.values(container)) {
      if (typeof child !== 'object' || child === null) continue;
      if (depth + 1 > deepest) deepest = depth + 1;
      pending.push({ value: child, depth: depth + 1 });
    }
  }
  return deepest;
}

/** The record without its fields nested deeper than `NESTING_LIMIT`, each noted. */
function withinNestingLimit(
  record: Record<string, unknown>,
  drift: DriftNote[] = [],
): Record<string, unknown> {
  if (nestingDepth(record) <= NESTING_LIMIT) return record;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const depth = 1 + nestingDepth(value);
    if (depth <= NESTING_LIMIT) kept[key] = value;
    else drift.push({ path: key, issue: 'too_deep', given: depth });
  }
  return kept;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * How much of a record the model reads, one limit per kind of field (docs/data-and-downloads.md:
 * "Bounded records"). Of 10,000 sample organisations the longest name is 108 characters, the
 * longest legal objects 647 and the largest record 4,650: the limits leave ten to fifty times that,
 * and keep one record's share of the site, the search index and its process's heap near what an
 * ordinary record takes.
 */
export const SIZE_LIMITS = {
  /** Characters of any text: a name, an address, a code, a director, a field the spec does not name. */
  text: 1_000,
  /** Characters of the legal objects, the one field of the spec that is prose. */
  legalObjects: 20_000,
  /** Entries of a list (directors, funders, other names…), or fields of an object. */
  entries: 1_000,
  /** Characters of the record's JSON once its text and lists are cut: beyond it the largest fields are not read. */
  record: 250_000,
} as const;

/** Fields whose text may be as long as `SIZE_LIMITS.legalObjects`. */
const PROSE_FIELDS = new Set(['legalObjectsExtract']);

/**
 * `value` with its text and lists cut to their limits, each cut noted; the same value when nothing
 * is cut. Adds to `size.characters` about what its JSON takes. Called below the nesting limit
 * only, so the recursion is at most `NESTING_LIMIT` deep.
 */
function cutToLimits(
  value: unknown,
  textLimit: number,
  path: string,
  drift: DriftNote[],
  size: { characters: number },
): unknown {
  const written = writtenAmount(value);
  if (written !== undefined) {
    // An amount kept as written is a number: it cannot be cut, only left unread.
    if (written.length <= SIZE_LIMITS.text) {
      size.characters += written.length;
      return value;
    }
    drift.push({ path, issue: 'too_long', given: { characters: written.length, limit: 0 } });
    return undefined;
  }
  if (typeof value === 'string') {
    if (value.length <= textLimit) {
      size.characters += value.length + 2;
      return value;
    }
    drift.push({ path, issue: 'too_long', given: { characters: value.length, limit: textLimit } });
    const cut = truncate(value, textLimit);
    size.characters += cut.length + 2;
    return cut;
  }
  size.characters += 8;
  if (Array.isArray(value)) {
    if (value.length > SIZE_LIMITS.entries)
      drift.push({ path, issue: 'too_long', given: { entries: value.length, limit: SIZE_LIMITS.entries } });
    let changed = value.length > SIZE_LIMITS.entries;
    const kept = value.slice(0, SIZE_LIMITS.entries).map((element, index) => {
      const read = cutToLimits(element, textLimit, `${path}[${index}]`, drift, size);
      if (read !== element) changed = true;
      return read;
    });
    return changed ? kept : value;
  }
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value);
  if (keys.length > SIZE_LIMITS.entries)
    drift.push({ path, issue: 'too_long', given: { entries: keys.length, limit: SIZE_LIMITS.entries } });
  let changed = keys.length > SIZE_LIMITS.entries;
  const kept: Record<string, unknown> = {};
  for (const key of keys.slice(0, SIZE_LIMITS.entries)) {
    const shortKey = key.length > SIZE_LIMITS.text ? truncate(key, SIZE_LIMITS.text) : key;
    const child = `${path}.${shortKey}`;
    if (shortKey !== key)
      drift.push({
        path: child,
        issue: 'too_long',
        given: { characters: key.length, limit: SIZE_LIMITS.text },
      });
    size.characters += shortKey.length + 3;
    kept[shortKey] = cutToLimits(value[key], textLimit, child, drift, size);
    if (kept[shortKey] !== value[key] || shortKey !== key) changed = true;
  }
  return changed ? kept : value;
}

/**
 * About how many characters `value`'s JSON takes when none of its text, lists and fields is over
 * its limit; `undefined` when one is. Allocates nothing: nearly every record is within its limits,
 * and is read as it is.
 */
function sizeWithinLimits(value: unknown, textLimit: number): number | undefined {
  if (typeof value === 'string') return value.length <= textLimit ? value.length + 2 : undefined;
  if (typeof value !== 'object' || value === null) return 8;
  const written = writtenAmount(value);
  if (written !== undefined) return written.length <= SIZE_LIMITS.text ? written.length : undefined;
  let size = 2;
  let entries = 0;
  if (Array.isArray(value)) {
    if (value.length > SIZE_LIMITS.entries) return undefined;
    for (const element of value) {
      const inner = sizeWithinLimits(element, textLimit);
      if (inner === undefined) return undefined;
      size += inner + 1;
    }
    return size;
  }
  for (const key in value) {
    if (++entries > SIZE_LIMITS.entries || key.length > SIZE_LIMITS.text) return undefined;
    const inner = sizeWithinLimits((value as Record<string, unknown>)[key], textLimit);
    if (inner === undefined) return undefined;
    size += key.length + 3 + inner;
  }
  return size;
}

/**
 * The record as the model reads it: without fields nested past `NESTING_LIMIT`, its text and lists
 * cut to `SIZE_LIMITS`, and, when it is still over the record's limit, without its largest fields;
 * each noted in `drift`. The same object when nothing is left out or cut. The site's downloads carry
 * a record cut this way, so that they hold no more of it than its page.
 */
export function boundedRecord(
  record: Record<string, unknown>,
  drift: DriftNote[] = [],
): Record<string, unknown> {
  const within = withinNestingLimit(record, drift);
  let whole = 2;
  for (const key in within) {
    const inner =
      key.length > SIZE_LIMITS.text
        ? undefined
        : sizeWithinLimits(within[key], PROSE_FIELDS.has(key) ? SIZE_LIMITS.legalObjects : SIZE_LIMITS.text);
    whole = inner === undefined ? Infinity : whole + key.length + 3 + inner;
    if (whole > SIZE_LIMITS.record) break;
  }
  if (whole <= SIZE_LIMITS.record) return within;
  // About what each field's JSON takes: counted as it is cut, never by writing it (a field of a
  // hostile record may be more than a string can hold).
  const sizes: { key: string; characters: number }[] = [];
  let bounded: Record<string, unknown> = {};
  let changed = within !== record;
  for (const [key, value] of Object.entries(within)) {
    const textLimit = PROSE_FIELDS.has(key) ? SIZE_LIMITS.legalObjects : SIZE_LIMITS.text;
    const shortKey = key.length > SIZE_LIMITS.text ? truncate(key, SIZE_LIMITS.text) : key;
    if (shortKey !== key)
      drift.push({
        path: shortKey,
        issue: 'too_long',
        given: { characters: key.length, limit: SIZE_LIMITS.text },
      });
    const size = { characters: shortKey.length + 3 };
    bounded[shortKey] = cutToLimits(value, textLimit, shortKey, drift, size);
    sizes.push({ key: shortKey, characters: size.characters });
    if (bounded[shortKey] !== value || shortKey !== key) changed = true;
  }
  let total = sizes.reduce((sum, field) => sum + field.characters, 2);
  if (total > SIZE_LIMITS.record) {
    const dropped = new Set<string>();
    for (const field of sizes.sort((a, b) => b.characters - a.characters)) {
      if (total <= SIZE_LIMITS.record) break;
      dropped.add(field.key);
      drift.push({
        path: field.key,
        issue: 'too_large',
        given: { characters: field.characters, limit: SIZE_LIMITS.record },
      });
      total -= field.characters;
    }
    bounded = Object.fromEntries(Object.entries(bounded).filter(([key]) => !dropped.has(key)));
    changed = true;
  }
  return changed ? bounded : record;
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
