// What changed between two editions: a pure function over two snapshots (issue 6).
//
// - added / removed: organisations whose record is in one snapshot only. A record that this crawl
//   could not fetch is carried over from the previous edition (snapshot.ts, `carriedFrom`), so a
//   failed fetch is never mistaken for a removal.
// - changed: the fields whose values differ, with the old and the new value. Objects are compared
//   field by field (`financialSummary.currentIncome`); arrays are compared whole, because the API
//   gives their elements no identity (a director renamed and a director replaced look alike).
// - membership: organisations that joined or left each group list and voluntary code. A list that
//   only one snapshot has (a new code, or a list the crawl did not keep) is compared with an empty one.
import { isPlainObject, sameValue } from '../lib/objects.ts';
import { nameOf, type EditionSnapshot, type Member, type SnapshotList } from './edition-file.ts';

/** One field that differs. `before` or `after` is absent when the field itself is absent. */
export interface FieldChange {
  /** Dotted path from the record's root, e.g. `name` or `financialSummary.currentIncome`. */
  path: string;
  before?: unknown;
  after?: unknown;
}

interface OrganisationChange {
  id: string;
  /** The current name (the last known one for a removed organisation). */
  name: string;
  fields: FieldChange[];
}

interface MembershipChange {
  kind: SnapshotList['kind'];
  /** The list's operation name or the voluntary code id. */
  name: string;
  joined: Member[];
  left: Member[];
}

export interface EditionChanges {
  added: Member[];
  removed: Member[];
  changed: OrganisationChange[];
  membership: MembershipChange[];
}

/** One field that differs, named by its keys from the record's root (a key may itself hold a dot). */
export interface LeafChange {
  keys: string[];
  before?: unknown;
  after?: unknown;
}

/** The leaf fields that differ between two records, in the order of the newer record's fields. */
export function leafChanges(before: Record<string, unknown>, after: Record<string, unknown>): LeafChange[] {
  const changes: LeafChange[] = [];
  const walk = (a: Record<string, unknown>, b: Record<string, unknown>, prefix: string[]) => {
    const keys = [...Object.keys(b), ...Object.keys(a).filter((key) => !Object.hasOwn(b, key))];
    for (const key of keys) {
      const path = [...prefix, key];
      const inA = Object.hasOwn(a, key);
      const inB = Object.hasOwn(b, key);
      if (inA && inB && isPlainObject(a[key]) && isPlainObject(b[key])) {
        walk(a[key], b[key], path);
      } else if (!inA || !inB || !sameValue(a[key], b[key])) {
        changes.push({ keys: path, ...(inA ? { before: a[key] } : {}), ...(inB ? { after: b[key] } : {}) });
      }
    }
  };
  walk(before, after, []);
  return changes;
}

/** The leaf fields that differ between two records, each named by its dotted path. */
export function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  return leafChanges(before, after).map(({ keys, ...values }) => ({ path: keys.join('.'), ...values }));
}

const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name.localeCompare(b.name, 'en-IE', { sensitivity: 'base' }) || (a.id < b.id ? -1 : 1);

function membershipChanges(
  previous: SnapshotList | undefined,
  next: SnapshotList | undefined,
  nameFor: (member: Member) => string,
): MembershipChange | undefined {
  const list = (next ?? previous)!;
  const before = new Map((previous?.members ?? []).map((member) => [member.id, member]));
  const after = new Map((next?.members ?? []).map((member) => [member.id, member]));
  const named = (member: Member) => ({ id: member.id, name: nameFor(member) });
  const joined = [...after.values()].filter((member) => !before.has(member.id)).map(named);
  const left = [...before.values()].filter((member) => !after.has(member.id)).map(named);
  if (joined.length === 0 && left.length === 0) return undefined;
  return { kind: list.kind, name: list.name, joined: joined.sort(byName), left: left.sort(byName) };
}

/** What changed from `previous` to `next`. */
export function diffSnapshots(previous: EditionSnapshot, next: EditionSnapshot): EditionChanges {
  const added: Member[] = [];
  const removed: Member[] = [];
  const changed: OrganisationChange[] = [];
  for (const [id, organisation] of next.organisations) {
    const before = previous.organisations.get(id);
    if (before === undefined) {
      added.push({ id, name: nameOf(organisation, id) });
      continue;
    }
    const fields = fieldChanges(before.record, organisation.record);
    if (fields.length > 0) changed.push({ id, name: nameOf(organisation, id), fields });
  }
  for (const [id, organisation] of previous.organisations) {
    if (!next.organisations.has(id)) removed.push({ id, name: nameOf(organisation, id) });
  }

  // A member is named as its record names it now, else as it was, else as the list does.
  const nameFor = (member: Member) =>
    nameOf(
      next.organisations.get(member.id) ?? previous.organisations.get(member.id),
      member.name || member.id,
    );
  const keys = [...new Set([...previous.lists.keys(), ...next.lists.keys()])].sort();
  const membership = keys
    .map((key) => membershipChanges(previous.lists.get(key), next.lists.get(key), nameFor))
    .filter((change): change is MembershipChange => change !== undefined);

  return {
    added: added.sort(byName),
    removed: removed.sort(byName),
    changed: changed.sort(byName),
    membership,
  };
}
