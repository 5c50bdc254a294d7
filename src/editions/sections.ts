// An edition's changes as a reader takes them in: a summary of counts first, then sections by
// kind (renames, additions and removals before the routine changes), and the sections laid out
// on pages small enough to open on a phone whatever the night changed. The page layout is worked
// out from the changes alone, so the pages, their jump links and the feed agree on it.
import { FIELD_LABELS } from '../records/organisation.ts';
import type { EditionChanges, FieldChange } from './diff.ts';
import type { Member, SnapshotList } from './edition-file.ts';

type OrganisationChange = EditionChanges['changed'][number];

interface Rename {
  id: string;
  from: string;
  to: string;
}

interface ListRef {
  kind: SnapshotList['kind'];
  name: string;
}

/** The lists and voluntary codes one organisation joined and left in one edition. */
interface ListMoves {
  id: string;
  name: string;
  joined: ListRef[];
  left: ListRef[];
}

export type ChangeSection =
  | { kind: 'renamed'; anchor: string; items: Rename[] }
  | { kind: 'added'; anchor: string; items: Member[] }
  | { kind: 'removed'; anchor: string; items: Member[] }
  | { kind: 'lists'; anchor: string; items: ListMoves[] }
  | { kind: 'fields'; anchor: string; field: string; items: OrganisationChange[] };

/** How many joined and left one list or code. */
interface ListCount extends ListRef {
  joined: number;
  left: number;
}

export interface ChangeCounts {
  added: number;
  removed: number;
  renamed: number;
  /** Organisations that left a list or code and joined another. */
  moved: number;
  /** Organisations that joined or left any list or code. */
  listed: number;
  lists: ListCount[];
  /** Per top-level field, the organisations whose field changed (a name change is a rename). */
  fields: { field: string; anchor: string; organisations: number }[];
}

const NAME = 'name';
const FIELD_ORDER = Object.keys(FIELD_LABELS);

const topField = (change: FieldChange) => change.path.split('.')[0] ?? change.path;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name.localeCompare(b.name, 'en-IE', { sensitivity: 'base' }) || (a.id < b.id ? -1 : 1);

/** The anchor of a field's section: a field the spec does not name may carry any character. */
function fieldAnchor(field: string): string {
  return `field-${field.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** The spec's fields in the record model's order, then any others by name. */
function byFieldOrder(a: string, b: string): number {
  const rank = (field: string) => {
    const index = FIELD_ORDER.indexOf(field);
    return index === -1 ? FIELD_ORDER.length : index;
  };
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

function renames(changes: EditionChanges): Rename[] {
  return changes.changed.flatMap((change) => {
    const name = change.fields.find((field) => field.path === NAME);
    return name === undefined ? [] : [{ id: change.id, from: text(name.before), to: text(name.after) }];
  });
}

function listMoves(changes: EditionChanges): ListMoves[] {
  const byId = new Map<string, ListMoves>();
  const moves = (member: Member) => {
    let found = byId.get(member.id);
    if (found === undefined) byId.set(member.id, (found = { ...member, joined: [], left: [] }));
    return found;
  };
  for (const change of changes.membership) {
    const list = { kind: change.kind, name: change.name };
    for (const member of change.joined) moves(member).joined.push(list);
    for (const member of change.left) moves(member).left.push(list);
  }
  return [...byId.values()].sort(byName);
}

/** Per top-level field (a name change aside), the organisations and their changes of that field. */
function fieldGroups(changes: EditionChanges): Map<string, OrganisationChange[]> {
  const groups = new Map<string, OrganisationChange[]>();
  for (const change of changes.changed) {
    const byField = new Map<string, FieldChange[]>();
    for (const field of change.fields) {
      if (field.path === NAME) continue;
      const key = topField(field);
      byField.set(key, [...(byField.get(key) ?? []), field]);
    }
    for (const [field, fields] of byField) {
      const group = groups.get(field) ?? [];
      group.push({ id: change.id, name: change.name, fields });
      groups.set(field, group);
    }
  }
  return new Map([...groups].sort(([a], [b]) => byFieldOrder(a, b)));
}

/** The sections of an edition's changes, in reading order; an empty kind has none. */
export function changeSections(changes: EditionChanges): ChangeSection[] {
  const sections: ChangeSection[] = [
    { kind: 'renamed', anchor: 'renamed', items: renames(changes) },
    { kind: 'added', anchor: 'added', items: changes.added },
    { kind: 'removed', anchor: 'removed', items: changes.removed },
    { kind: 'lists', anchor: 'lists', items: listMoves(changes) },
    ...[...fieldGroups(changes)].map(
      ([field, items]): ChangeSection => ({ kind: 'fields', anchor: fieldAnchor(field), field, items }),
    ),
  ];
  return sections.filter((section) => section.items.length > 0);
}

/** The summary's counts of an edition's changes. */
export function changeCounts(changes: EditionChanges): ChangeCounts {
  const moves = listMoves(changes);
  return {
    added: changes.added.length,
    removed: changes.removed.length,
    renamed: renames(changes).length,
    moved: moves.filter((move) => move.joined.length > 0 && move.left.length > 0).length,
    listed: moves.length,
    lists: changes.membership.map((change) => ({
      kind: change.kind,
      name: change.name,
      joined: change.joined.length,
      left: change.left.length,
    })),
    fields: [...fieldGroups(changes)].map(([field, items]) => ({
      field,
      anchor: fieldAnchor(field),
      organisations: items.length,
    })),
  };
}

/** A section, or the part of it that one page holds. */
export interface PagePart {
  section: ChangeSection;
  /** True when the section began on an earlier page. */
  continued: boolean;
  /** The items of the whole section. */
  total: number;
}

/**
 * The bytes of HTML a page may give its sections, as `itemBytes` reckons them (the pages come to
 * some two thirds of it): about 45 kB a page, which a phone lays out without a long stall; at
 * about 105 kB the layout of a night's page held a phone's main thread for Lighthouse's blocking
 * time to cost the page its score.
 */
export const PAGE_BYTES = 60_000;

/** The bytes of a value written as HTML text: UTF-8, with & < > " escaped as entities. */
const bytes = (value: unknown) => {
  if (value === undefined) return 0;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return Buffer.byteLength(text) + 5 * (text.match(/[&<>"]/g)?.length ?? 0);
};

/**
 * What one item may weigh on a page, in bytes of HTML: its text, and the markup around it (a
 * link to the organisation's page and its county among it). A list-valued field shows only what
 * entered and left it, which its whole value before and after bounds.
 */
function itemBytes(section: ChangeSection, index: number): number {
  switch (section.kind) {
    case 'renamed': {
      const rename = section.items[index]!;
      return 250 + bytes(rename.from) + bytes(rename.to);
    }
    case 'added':
    case 'removed':
      return 200 + bytes(section.items[index]!.name);
    case 'lists': {
      const moves = section.items[index]!;
      return 250 + bytes(moves.name) + 120 * (moves.joined.length + moves.left.length);
    }
    case 'fields': {
      const change = section.items[index]!;
      const rows = change.fields.map((field) => 200 + bytes(field.before) + bytes(field.after));
      return 600 + bytes(change.name) + rows.reduce((sum, row) => sum + row, 0);
    }
  }
}

/** What the summary takes of the first page, in the same generous bytes. */
function summaryBytes(counts: ChangeCounts): number {
  return 3000 + 400 * (counts.lists.length + counts.fields.length);
}

function part(section: ChangeSection, from: number, to: number): PagePart {
  const items = { ...section, items: section.items.slice(from, to) } as ChangeSection;
  return { section: items, continued: from > 0, total: section.items.length };
}

/**
 * The sections laid out on pages of at most `budget` bytes each, in order, the first page with
 * `firstUsed` bytes already taken by the summary. An item heavier than a page has one of its own.
 */
export function changePages(
  sections: readonly ChangeSection[],
  budget = PAGE_BYTES,
  firstUsed = 0,
): PagePart[][] {
  const pages: PagePart[][] = [[]];
  let used = firstUsed;
  let itemsOnPage = 0;
  for (const section of sections) {
    let from = 0;
    for (let index = 0; index < section.items.length; index++) {
      const weight = itemBytes(section, index);
      if (used + weight > budget && itemsOnPage > 0) {
        if (index > from) pages.at(-1)!.push(part(section, from, index));
        pages.push([]);
        used = 0;
        itemsOnPage = 0;
        from = index;
      }
      used += weight;
      itemsOnPage += 1;
    }
    if (section.items.length > from) {
      pages.at(-1)!.push(part(section, from, section.items.length));
    }
  }
  return pages;
}

/** The page (from 1) on which each section begins, by its anchor. */
export function sectionStarts(pages: readonly PagePart[][]): Map<string, number> {
  const starts = new Map<string, number>();
  pages.forEach((parts, index) => {
    for (const part of parts) if (!starts.has(part.section.anchor)) starts.set(part.section.anchor, index + 1);
  });
  return starts;
}

export interface EditionLayout {
  counts: ChangeCounts;
  sections: ChangeSection[];
  pages: PagePart[][];
  /** The page (from 1) each section begins on, by anchor. */
  starts: Map<string, number>;
}

const layouts = new WeakMap<EditionChanges, EditionLayout>();

/** An edition's summary, sections and pages, worked out once per edition. */
export function editionLayout(changes: EditionChanges): EditionLayout {
  let layout = layouts.get(changes);
  if (layout === undefined) {
    const counts = changeCounts(changes);
    const sections = changeSections(changes);
    const pages = changePages(sections, PAGE_BYTES, summaryBytes(counts));
    layout = { counts, sections, pages, starts: sectionStarts(pages) };
    layouts.set(changes, layout);
  }
  return layout;
}
