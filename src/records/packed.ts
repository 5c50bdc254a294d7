// An organisation as compact JSON, for a register that keeps 30,000 of them while the pages
// render: each object written as an array of its values in the schema's field order, so that no
// field name is stored (they are a third of the text). `unpackOrganisation(packOrganisation(o))`
// gives back `o`.
import { z } from 'zod';
import { organisationSchema } from '../schemas/organisation.ts';
import type { DriftNote } from './drift-note.ts';
import type { Organisation } from './organisation.ts';

/** How a value of the schema is packed, worked out once from the schema. */
type Plan =
  { kind: 'value' } | { kind: 'list'; element: Plan } | { kind: 'object'; keys: string[]; fields: Plan[] };

function planOf(schema: z.ZodType): Plan {
  const field = schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
  if (field instanceof z.ZodArray) return { kind: 'list', element: planOf(field.element as z.ZodType) };
  if (field instanceof z.ZodObject) {
    const shape = field.shape as Record<string, z.ZodType>;
    const keys = Object.keys(shape);
    return { kind: 'object', keys, fields: keys.map((key) => planOf(shape[key]!)) };
  }
  return { kind: 'value' };
}

const ORGANISATION_PLAN = planOf(organisationSchema);

function pack(plan: Plan, value: unknown): unknown {
  if (value === undefined) return null;
  if (plan.kind === 'list') return (value as unknown[]).map((element) => pack(plan.element, element));
  if (plan.kind === 'value') return value;
  // The values in field order (`null` for one not given), then the fields the spec does not name.
  const object = value as Record<string, unknown>;
  const packed = plan.keys.map((key, index) => pack(plan.fields[index]!, object[key]));
  if (object['otherFields'] !== undefined) packed.push(object['otherFields']);
  return packed;
}

function unpack(plan: Plan, value: unknown): unknown {
  if (plan.kind === 'list') return (value as unknown[]).map((element) => unpack(plan.element, element));
  if (plan.kind === 'value') return value;
  const packed = value as unknown[];
  const object: Record<string, unknown> = {};
  for (let index = 0; index < plan.keys.length; index += 1) {
    const given = packed[index];
    if (given !== null && given !== undefined) object[plan.keys[index]!] = unpack(plan.fields[index]!, given);
  }
  if (packed.length > plan.keys.length) object['otherFields'] = packed[plan.keys.length];
  return object;
}

export function packOrganisation(organisation: Organisation): string {
  return JSON.stringify([pack(ORGANISATION_PLAN, organisation), organisation.drift]);
}

export function unpackOrganisation(text: string): Organisation {
  const [fields, drift] = JSON.parse(text) as [unknown[], DriftNote[]];
  return { ...(unpack(ORGANISATION_PLAN, fields) as Omit<Organisation, 'drift'>), drift };
}
