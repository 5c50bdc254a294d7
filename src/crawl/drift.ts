// Validation as a report: records are stored as the API sent them whatever the schema says, and
// every difference is counted here by resource, path and issue (src/schemas/drift.ts), with a few
// examples.
import type { z } from 'zod';
import { isPlainObject } from '../lib/objects.ts';
import { coordinateOrder, type CoordinateOrder } from '../lib/geolocation.ts';
import type { CoordinateCounts, DriftFinding } from '../schemas/manifest.ts';
import type { DriftIssue } from '../schemas/drift.ts';

const EXAMPLES = 5;

/** A zod issue path as one string; array positions become `[]` so that records group together. */
export function issuePath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += '[]';
    else text += text === '' ? String(segment) : `.${String(segment)}`;
  }
  return text;
}

export class DriftReport {
  readonly #findings = new Map<string, DriftFinding>();

  add(resource: string, example: string, path: string, issue: DriftIssue, message: string): void {
    const key = `${resource}\u0000${path}\u0000${issue}`;
    const finding = this.#findings.get(key);
    if (finding === undefined) {
      this.#findings.set(key, { resource, path, issue, message, count: 1, examples: [example] });
      return;
    }
    finding.count += 1;
    if (finding.examples.length < EXAMPLES && !finding.examples.includes(example))
      finding.examples.push(example);
  }

  /** Records the issues of a failed `safeParse`; `example` names the record. */
  addIssues(resource: string, example: string, issues: readonly z.core.$ZodIssue[]): void {
    for (const issue of issues) this.add(resource, example, issuePath(issue.path), issue.code, issue.message);
  }

  /** Records top-level fields the schema does not name (they are kept; the spec may have grown). */
  addUnknownFields(resource: string, example: string, value: unknown, known: readonly string[]): void {
    if (!isPlainObject(value)) return;
    for (const field of Object.keys(value)) {
      if (!known.includes(field))
        this.add(resource, example, field, 'unknown_field', 'not in the spec; kept');
    }
  }

  get size(): number {
    return this.#findings.size;
  }

  /** Findings ordered by resource, then path, then issue. */
  findings(): DriftFinding[] {
    return [...this.#findings.values()].sort(
      (a, b) =>
        a.resource.localeCompare(b.resource) ||
        a.path.localeCompare(b.path) ||
        a.issue.localeCompare(b.issue),
    );
  }
}

function emptyCounts(): CoordinateCounts {
  return { 'lon-lat': 0, 'lat-lon': 0, unknown: 0, outside: 0 };
}

/** Counts the coordinate order of every point of the records seen. */
export class CoordinateTally {
  readonly registeredAddress = emptyCounts();
  readonly otherAddresses = emptyCounts();

  static #order(holder: unknown): CoordinateOrder {
    const geolocation = isPlainObject(holder) ? holder['geolocation'] : undefined;
    return coordinateOrder(isPlainObject(geolocation) ? geolocation['coordinates'] : undefined);
  }

  observe(organisation: unknown): void {
    this.registeredAddress[CoordinateTally.#order(organisation)] += 1;
    const others = isPlainObject(organisation) ? organisation['otherAddresses'] : undefined;
    if (!Array.isArray(others)) return;
    for (const address of others) this.otherAddresses[CoordinateTally.#order(address)] += 1;
  }
}
