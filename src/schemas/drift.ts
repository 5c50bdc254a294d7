import type { z } from 'zod';

// Drift: where and how a record differs from the spec, with one vocabulary of issues for the
// crawl's report (`drift` in manifest.json, src/crawl/drift.ts) and the record model's notes on
// each organisation (`DriftNote` in src/records/drift-note.ts). An issue names what differs;
// what the reader then does with the value (reads it, keeps it as given) follows from the issue.

/** zod's issue codes, as the crawl's report takes them from a failed parse against the spec. */
const SCHEMA_ISSUES = {
  invalid_type: 'a value of another type than the spec gives',
  invalid_format: 'text of the spec type, not in its format (a date, a GUID…)',
  invalid_value: 'a value the spec does not list',
  invalid_union: 'a value of none of the shapes the spec allows',
  invalid_key: 'a key of a map the spec does not allow',
  invalid_element: 'an element of a map or set the spec does not allow',
  too_big: 'a number or a length over the spec bound',
  too_small: 'a number or a length under the spec bound',
  not_multiple_of: 'a number not a multiple the spec asks for',
  unrecognized_keys: 'fields of a strict object the spec does not name',
  custom: 'a rule of the spec beyond its types',
} as const satisfies Record<z.core.$ZodIssue['code'], string>;

/** Every issue of drift, and what it means. */
const DRIFT_ISSUES = {
  ...SCHEMA_ISSUES,
  unknown_field: 'a field the spec does not name (kept)',
  id_mismatch: "the record's own id is not the one it is stored under",
  coerced: 'a value of another type that reads as the spec type (a number given as text)',
  too_deep: 'nested deeper than the record model reads',
  too_long: 'text or a list longer than the record model reads (cut to its limit)',
  too_large: 'a field that would take the record past its size limit (not read)',
  written: 'an amount a floating-point number cannot give back as written',
} as const;

export type DriftIssue = keyof typeof DRIFT_ISSUES;

export const DRIFT_ISSUE_NAMES = Object.keys(DRIFT_ISSUES) as [DriftIssue, ...DriftIssue[]];
