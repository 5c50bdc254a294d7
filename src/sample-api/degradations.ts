// A bad night of the register, on purpose: the failures that a publish guard must catch before a
// crawl replaces the live site (issue 6). Unlike faults.ts, which draws a fate per request, these
// are properties of the register: the same organisations are affected on every request, so
// retries cannot hide them. Off by default.
//
// Organisations are chosen among those in some list (what a crawl of the lists meets) by the rank
// of a hash of (kind, id), so a share of 0.05 of 200 listed organisations picks exactly 10, the
// same ones every time, whatever the order of requests.
import type { SampleDataset } from './dataset.ts';
import { createRandom } from './prng.ts';

export interface DegradationOptions {
  /** Share of the listed organisations that vanish from every list and search; their record answers 404. Default 0. */
  dropShare?: number;
  /** Lists answered as an empty array: a group list ('registeredCharities', 'taxEfficientGifts', 'housingBodies') or a voluntary code id. */
  emptyLists?: readonly string[];
  /** Share of the listed organisations whose `Organisation/{id}` answers 500 on every request. Default 0. */
  failingShare?: number;
  /** A field of the record answered blank in `blankShare` of the listed records: '' for text, [] for a list, absent otherwise. */
  blankField?: string;
  /** Default 0. */
  blankShare?: number;
}

export interface DegradedDataset {
  /** What the API serves: the dataset less what was dropped, emptied or blanked. */
  dataset: SampleDataset;
  /** Lower-case ids whose record answers 500. */
  failing: ReadonlySet<string>;
  /** Lower-case ids that were dropped. */
  dropped: ReadonlySet<string>;
  /** Lower-case ids whose record has `blankField` blanked. */
  blanked: ReadonlySet<string>;
}

const SHARES = ['dropShare', 'failingShare', 'blankShare'] as const;

function validateDegradations(options: DegradationOptions): void {
  for (const key of SHARES) {
    const value = options[key];
    if (value !== undefined && !(value >= 0 && value <= 1))
      throw new RangeError(`${key} must be between 0 and 1`);
  }
  if ((options.blankShare ?? 0) > 0 && !options.blankField)
    throw new RangeError('blankShare needs blankField');
}

/** Exactly `round(share * ids.length)` of `ids`, the same for the same kind and ids. */
function chosen(kind: string, ids: readonly string[], share: number | undefined): Set<string> {
  const count = Math.round((share ?? 0) * ids.length);
  if (count === 0) return new Set();
  return new Set(
    ids
      .map((id) => ({ id, rank: createRandom('degradation', kind, id)() }))
      .sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : 1))
      .slice(0, count)
      .map((entry) => entry.id),
  );
}

function blank(value: unknown): unknown {
  if (typeof value === 'string') return '';
  if (Array.isArray(value)) return [];
  return undefined;
}

export function degradeDataset(source: SampleDataset, options: DegradationOptions): DegradedDataset {
  validateDegradations(options);
  const listed = new Set(
    [
      ...source.registeredCharities,
      ...source.taxEfficientGifts,
      ...source.housingBodies,
      ...source.voluntaryCodes.flatMap((code) => source.voluntaryCodeMembers(code.id) ?? []),
    ].map((entry) => entry.id.toLowerCase()),
  );
  const ids = source.ids.map((id) => id.toLowerCase()).filter((id) => listed.has(id));
  const dropped = chosen('drop', ids, options.dropShare);
  const failing = chosen('failing', ids, options.failingShare);
  const blanked =
    options.blankField === undefined ? new Set<string>() : chosen('blank', ids, options.blankShare);
  const emptied = new Set(options.emptyLists ?? []);
  const keep = <T extends { id: string }>(entries: readonly T[]) =>
    entries.filter((entry) => !dropped.has(entry.id.toLowerCase()));
  const list = (name: string, entries: readonly { id: string; name: string }[]) =>
    emptied.has(name) ? [] : keep(entries);

  const dataset: SampleDataset = {
    seed: source.seed,
    orgs: source.orgs,
    edition: source.edition,
    changes: source.changes,
    ids: source.ids.filter((id) => !dropped.has(id.toLowerCase())),
    goneIds: source.goneIds,
    registeredCharities: list('registeredCharities', source.registeredCharities),
    taxEfficientGifts: list('taxEfficientGifts', source.taxEfficientGifts),
    housingBodies: list('housingBodies', source.housingBodies),
    voluntaryCodes: source.voluntaryCodes,
    voluntaryCodeMembers(codeId) {
      const members = source.voluntaryCodeMembers(codeId);
      return members === undefined ? undefined : list(codeId, members);
    },
    core: (id) => (dropped.has(id.toLowerCase()) ? undefined : source.core(id)),
    organisation(id) {
      const key = id.toLowerCase();
      if (dropped.has(key)) return undefined;
      const record = source.organisation(id);
      const field = options.blankField;
      if (record === undefined || field === undefined || !blanked.has(key)) return record;
      const copy: Record<string, unknown> = { ...record };
      const value = blank(copy[field]);
      if (value === undefined) delete copy[field];
      else copy[field] = value;
      return copy;
    },
    search: (query, limit) => keep(source.search(query, limit)),
  };
  return { dataset, failing, dropped, blanked };
}
