// Command lines and environment variables read through zod: each setting's schema carries its
// flag, its environment variable and its description (the `optionDocs` registry), so the flags
// node:util's parseArgs accepts, the checks of a value, the wording of a mistake and the text of
// --help all come from the one schema and cannot disagree.
import { parseArgs } from 'node:util';
import { z } from 'zod';

/** How a setting is given and what it means. */
export interface OptionDoc {
  /** The flag, without its dashes; none for a setting read only from the environment. */
  flag?: string;
  /** The environment variable read when the flag is not given. */
  env?: string;
  /** The name of the flag's value in --help (N, URL, DIR); none for a switch. */
  placeholder?: string;
  /** What the setting does, for --help. */
  description: string;
  /**
   * `seconds`: given in seconds and kept in milliseconds, since timers count milliseconds and
   * people count seconds. `hours`: given and kept in hours. Either is shown with the default.
   */
  unit?: 'seconds' | 'hours';
}

/** The settings' documentation, keyed by the schema of each setting. */
export const optionDocs = z.registry<OptionDoc>();

/** `schema`, with its documentation registered: a setting that --help lists. */
export function documented<Schema extends z.ZodType>(schema: Schema, doc: OptionDoc): Schema {
  // Widened first: registering takes the documentation's type from the schema's, which a
  // generic schema leaves open.
  const setting: z.ZodType = schema;
  setting.register(optionDocs, doc);
  return schema;
}

/** What a reading gives: the value, or the mistake in one sentence for whoever gave it. */
export type Reading<T> = { ok: true; value: T } | { ok: false; problem: string };

/** The flags as parseArgs returns them: a repeatable flag gives each of its values. */
export type Flags = Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>;

/** The settings of a schema that were given, each checked and converted. */
export type GivenSettings<Shape extends z.core.$ZodShape> = {
  [K in keyof Shape]?: NonNullable<z.output<Shape[K]>>;
};

interface DocumentedField {
  key: string;
  schema: z.core.$ZodType;
  doc: OptionDoc;
}

/** The settings of `schema` that have a doc, in the schema's order. */
export function documentedFields(schema: z.ZodObject): DocumentedField[] {
  return Object.entries(schema.shape).flatMap(([key, field]) => {
    const doc = optionDocs.get(field);
    return doc === undefined ? [] : [{ key, schema: field, doc }];
  });
}

/** The schema below its default, optional and transform wrappers: what a value must be at first. */
function innermost(schema: z.core.$ZodType): z.core.$ZodType {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault || schema instanceof z.ZodOptional)
    return innermost(schema.unwrap());
  if (schema instanceof z.ZodPipe) return innermost(schema.in);
  return schema;
}

/**
 * A switch takes no value on the command line; a number's text is read as a number; a list's flag
 * may be given again, each time with one more value.
 */
function valueKind(schema: z.core.$ZodType): 'switch' | 'number' | 'list' | 'text' {
  const inner = innermost(schema);
  if (inner instanceof z.ZodBoolean) return 'switch';
  if (inner instanceof z.ZodNumber) return 'number';
  return inner instanceof z.ZodArray ? 'list' : 'text';
}

/** The default of a setting, as its schema keeps it; undefined when it has none. */
export function defaultOf(schema: z.core.$ZodType): unknown {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault) return schema.def.defaultValue;
  if (schema instanceof z.ZodPipe) return defaultOf(schema.in);
  return undefined;
}

/** How many of the kept unit one shown unit holds. */
function scale(doc: OptionDoc): number {
  return doc.unit === 'seconds' ? 1000 : 1;
}

/** A kept number as the person gives it: seconds for a duration kept in milliseconds. */
export function shownNumber(doc: OptionDoc, value: number): number {
  return value / scale(doc);
}

/** The flags every schema accepts, and --help, for parseArgs. */
function flagConfig(schemas: readonly z.ZodObject[]) {
  const config: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {
    help: { type: 'boolean', short: 'h' },
  };
  for (const schema of schemas) {
    for (const { schema: field, doc } of documentedFields(schema)) {
      const kind = valueKind(field);
      if (doc.flag === undefined) continue;
      config[doc.flag] =
        kind === 'list'
          ? { type: 'string', multiple: true }
          : { type: kind === 'switch' ? 'boolean' : 'string' };
    }
  }
  return config;
}

/**
 * Reads the command line against the flags of `schemas` (a switch also takes `--no-` before it).
 * An unknown flag, a missing value or a value given to a switch is a problem, in parseArgs' words.
 */
export function readFlags(schemas: readonly z.ZodObject[], argv: readonly string[]): Reading<Flags> {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: flagConfig(schemas),
      strict: true,
      allowPositionals: false,
      allowNegative: true,
    });
    return { ok: true, value: values };
  } catch (error) {
    return {
      ok: false,
      problem: (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '',
    };
  }
}

/** The wording of a mistake zod found in a setting named `name` (flag or variable), given as `shown`. */
function describeIssue(
  issue: z.core.$ZodRawIssue,
  name: string,
  doc: OptionDoc,
  shown: unknown,
): string | undefined {
  const given = typeof shown === 'string' ? JSON.stringify(shown) : String(shown);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return `${name} must be a whole number, not ${given}`;
      if (issue.expected === 'number') return `${name} must be a number, not ${given}`;
      if (issue.expected === 'boolean') return `${name} must be true or false`;
      return `${name} must be ${issue.expected === 'string' ? 'text' : issue.expected}`;
    case 'too_small':
      return `${name} must be at least ${shownNumber(doc, Number(issue.minimum))}, not ${String(shown)}`;
    case 'too_big':
      return `${name} must be at most ${shownNumber(doc, Number(issue.maximum))}, not ${String(shown)}`;
    case 'invalid_value':
      return `${name} must be one of ${issue.values.map(String).join(', ')}`;
    default:
      return undefined;
  }
}

/** The setting's name in a mistake: its flag when it has one, else its variable. */
function nameOf(key: string, doc: OptionDoc | undefined): string {
  if (doc?.flag !== undefined) return `--${doc.flag}`;
  return doc?.env ?? key;
}

/** Who gave a setting (its flag or its variable) and how they wrote its value. */
interface Giver {
  name: string;
  shown: unknown;
}

/**
 * Checks `input` against `schema`, defaults applied. A mistake zod words itself is reworded to
 * name the setting as it was given and show its value as it was written; a refinement's own
 * sentence is kept.
 */
function parseSettings<Schema extends z.ZodObject>(
  schema: Schema,
  input: Readonly<Record<string, unknown>>,
  givers: ReadonlyMap<string, Giver>,
): Reading<z.output<Schema>> {
  const fields = new Map(documentedFields(schema).map((field) => [field.key, field]));
  const result = z.safeParse(schema, input, {
    error: (issue) => {
      const key = String(issue.path?.[0] ?? '');
      const field = fields.get(key);
      if (field === undefined) return undefined;
      const giver = givers.get(key) ?? { name: nameOf(key, field.doc), shown: undefined };
      return describeIssue(issue, giver.name, field.doc, giver.shown);
    },
  });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problem: result.error.issues[0]?.message ?? 'the settings are not valid' };
}

/** Checks settings a program gives (durations in milliseconds), defaults applied. */
export function checkSettings<Schema extends z.ZodObject>(
  schema: Schema,
  input: Readonly<Record<string, unknown>>,
): Reading<z.output<Schema>> {
  const givers = new Map<string, Giver>();
  for (const { key, doc } of documentedFields(schema)) {
    const value = input[key];
    givers.set(key, {
      name: nameOf(key, doc),
      shown: typeof value === 'number' ? shownNumber(doc, value) : value,
    });
  }
  return parseSettings(schema, input, givers);
}

/**
 * Every setting of `schema`, from its flag, else its variable, else its default, checked
 * together.
 */
export function readSettings<Schema extends z.ZodObject>(
  schema: Schema,
  flags: Flags,
  env: NodeJS.ProcessEnv,
): Reading<z.output<Schema>> {
  const input: Record<string, unknown> = {};
  const givers = new Map<string, Giver>();
  for (const { key, schema: setting, doc } of documentedFields(schema)) {
    const given = givenText(doc, flags, env);
    if (given === undefined) continue;
    input[key] = fromText(doc, setting, given.text);
    givers.set(key, { name: given.name, shown: given.text });
  }
  return parseSettings(schema, input, givers);
}

/** The text given for a setting: its flag's value, else its variable's unless blank. */
function givenText(doc: OptionDoc, flags: Flags, env: NodeJS.ProcessEnv) {
  const flagged = doc.flag === undefined ? undefined : flags[doc.flag];
  if (flagged !== undefined) return { text: flagged, name: `--${doc.flag}` };
  const variable = doc.env === undefined ? undefined : env[doc.env]?.trim();
  if (variable === undefined || variable === '' || doc.env === undefined) return undefined;
  return { text: variable, name: doc.env };
}

/** A number's text as the setting keeps it (milliseconds for seconds); blank text is no number. */
function fromText(doc: OptionDoc, schema: z.core.$ZodType, text: NonNullable<Flags[string]>): unknown {
  if (typeof text !== 'string' || valueKind(schema) !== 'number') return text;
  const number = text.trim() === '' ? Number.NaN : Number(text);
  return doc.unit === 'seconds' ? Math.round(number * scale(doc)) : number;
}

/** A setting as a flag or a variable gives it, checked; undefined when neither gives it. */
function givenSetting<Setting extends z.core.$ZodType>(
  setting: Setting,
  flags: Flags,
  env: NodeJS.ProcessEnv,
): Reading<z.output<Setting>> | undefined {
  const doc = optionDocs.get(setting);
  const given = doc === undefined ? undefined : givenText(doc, flags, env);
  if (doc === undefined || given === undefined) return undefined;
  return checkSetting(setting, doc, fromText(doc, setting, given.text), given.name, given.text);
}

function checkSetting<Setting extends z.core.$ZodType>(
  setting: Setting,
  doc: OptionDoc,
  value: unknown,
  name: string,
  shown: unknown,
): Reading<z.output<Setting>> {
  const result = z.safeParse(setting, value, { error: (issue) => describeIssue(issue, name, doc, shown) });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problem: result.error.issues[0]?.message ?? `${name} is not valid` };
}

/**
 * A setting, from its flag or environment variable, checked; its default when neither gives it
 * (a flag wins over the environment).
 */
export function readSetting<Setting extends z.core.$ZodType>(
  setting: Setting,
  flags: Flags,
  env: NodeJS.ProcessEnv,
): Reading<z.output<Setting>> {
  const doc = optionDocs.get(setting) ?? { description: '' };
  return (
    givenSetting(setting, flags, env) ?? checkSetting(setting, doc, undefined, nameOf('', doc), undefined)
  );
}

/**
 * The settings of `schema` that a flag or a variable gives, each checked on its own; those not
 * given are left out, for the defaults (or the caller's own choice) to apply later.
 */
export function readGivenSettings<Shape extends z.core.$ZodShape>(
  schema: z.ZodObject<Shape>,
  flags: Flags,
  env: NodeJS.ProcessEnv,
): Reading<GivenSettings<Shape>> {
  const settings: GivenSettings<Shape> = {};
  for (const key in schema.shape) {
    const reading = givenSetting<Shape[typeof key]>(schema.shape[key], flags, env);
    if (reading === undefined) continue;
    if (!reading.ok) return reading;
    const value = reading.value;
    // A value given to an optional setting is never missing; the check keeps the type honest.
    if (value !== undefined && value !== null) settings[key] = value;
  }
  return { ok: true, value: settings };
}

/** The default as --help shows it, with its unit; a switch shows only a default of on. */
function shownDefault(field: DocumentedField): string {
  const value = defaultOf(field.schema);
  if (value === undefined || value === false) return '';
  if (value === true) return ` (default on; --no-${field.doc.flag ?? field.key} turns it off)`;
  if (typeof value === 'number') {
    const unit = field.doc.unit === 'seconds' ? ' s' : field.doc.unit === 'hours' ? ' h' : '';
    return ` (default ${shownNumber(field.doc, value)}${unit})`;
  }
  return ` (default ${String(value)})`;
}

/** `text` in lines of at most `width` characters, each starting with `indent`. */
function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(indent + line);
  return lines;
}

const HELP_WIDTH = 88;
const HELP_INDENT = '      ';

/** The --help lines of every flag of `schema`: the flag, its variable, what it does, its default. */
export function flagsHelp(schema: z.ZodObject): string[] {
  return documentedFields(schema).flatMap((field) => {
    const { flag, placeholder, env, description } = field.doc;
    if (flag === undefined) return [];
    const name = `--${flag}${placeholder === undefined ? '' : ` ${placeholder}`}`;
    const variable = env === undefined ? '' : ` [env ${env}]`;
    const repeatable = valueKind(field.schema) === 'list' ? ' (repeatable)' : '';
    return [
      `  ${name}${variable}`,
      ...wrap(`${description}${repeatable}${shownDefault(field)}`, HELP_WIDTH, HELP_INDENT),
    ];
  });
}

/** The --help lines of the settings of `schema` read only from the environment. */
export function environmentHelp(schema: z.ZodObject): string[] {
  return documentedFields(schema).flatMap((field) => {
    const { flag, env, description } = field.doc;
    if (flag !== undefined || env === undefined) return [];
    return [`  ${env}`, ...wrap(`${description}${shownDefault(field)}`, HELP_WIDTH, HELP_INDENT)];
  });
}
