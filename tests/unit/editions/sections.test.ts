import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EditionChanges } from '../../../src/editions/diff.ts';
import {
  changeCounts,
  changePages,
  changeSections,
  editionLayout,
  sectionStarts,
  PAGE_BYTES,
} from '../../../src/editions/sections.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A night: `renamed` renames, `refinanced` new accounts, and organisations added, removed and moved. */
function night(counts: { added: number; removed: number; renamed: number; refinanced: number; moved: number }): EditionChanges {
  let next = 0;
  const member = (prefix: string) => {
    next += 1;
    return { id: id(next), name: `${prefix} ${String(next).padStart(5, '0')}` };
  };
  const added = Array.from({ length: counts.added }, () => member('Added'));
  const removed = Array.from({ length: counts.removed }, () => member('Removed'));
  const changed = [
    ...Array.from({ length: counts.renamed }, () => {
      const organisation = member('Renamed');
      return {
        ...organisation,
        fields: [
          { path: 'name', before: `Old ${organisation.name}`, after: organisation.name },
          { path: 'altNames', before: [], after: [`Old ${organisation.name}`] },
        ],
      };
    }),
    ...Array.from({ length: counts.refinanced }, () => ({
      ...member('Refinanced'),
      fields: [
        { path: 'financialSummary.currentYear', before: 2023, after: 2024 },
        { path: 'financialSummary.currentIncome', before: 1000, after: 1200 },
        { path: 'financialSummary.prevExpenditure', before: -800, after: -900 },
      ],
    })),
  ];
  const moved = Array.from({ length: counts.moved }, () => member('Moved'));
  return {
    added,
    removed,
    changed,
    membership: [
      { kind: 'list', name: 'housingBodies', joined: moved, left: [] },
      { kind: 'list', name: 'taxEfficientGifts', joined: [], left: moved },
    ],
  };
}

test('the summary counts each kind of change as the night has it', () => {
  const changes = night({ added: 7, removed: 5, renamed: 3, refinanced: 11, moved: 4 });
  const counts = changeCounts(changes);
  assert.equal(counts.added, 7);
  assert.equal(counts.removed, 5);
  assert.equal(counts.renamed, 3);
  assert.equal(counts.moved, 4);
  assert.equal(counts.listed, 4);
  assert.deepEqual(
    counts.fields.map((field) => [field.field, field.organisations]),
    // The record model's order: other names before the financial summary.
    [
      ['altNames', 3],
      ['financialSummary', 11],
    ],
  );
  assert.deepEqual(
    counts.lists.map((list) => [list.name, list.joined, list.left]),
    [
      ['housingBodies', 4, 0],
      ['taxEfficientGifts', 0, 4],
    ],
  );
});

test('renames, additions and removals come before the routine changes, and a rename is not a field change', () => {
  const sections = changeSections(night({ added: 1, removed: 1, renamed: 2, refinanced: 1, moved: 1 }));
  assert.deepEqual(
    sections.map((section) => section.anchor),
    ['renamed', 'added', 'removed', 'lists', 'field-altNames', 'field-financialSummary'],
  );
  const renamed = sections[0]!;
  assert.equal(renamed.kind, 'renamed');
  assert.deepEqual(renamed.items[0], { id: id(3), from: 'Old Renamed 00003', to: 'Renamed 00003' });
  const moved = sections[3]!;
  assert.ok(moved.kind === 'lists');
  assert.deepEqual(moved.items[0], {
    id: id(6),
    name: 'Moved 00006',
    joined: [{ kind: 'list', name: 'housingBodies' }],
    left: [{ kind: 'list', name: 'taxEfficientGifts' }],
  });
  for (const section of sections.filter((candidate) => candidate.kind === 'fields')) {
    for (const change of section.items) assert.ok(change.fields.every((field) => field.path !== 'name'));
  }
});

test('a night of 1,400 changes is laid out on pages within the budget, every item once and in order', () => {
  const changes = night({ added: 200, removed: 200, renamed: 300, refinanced: 500, moved: 200 });
  const sections = changeSections(changes);
  const pages = changePages(sections, PAGE_BYTES, 5000);
  assert.ok(pages.length > 1);
  // Every item appears once, in the sections' order, and each page holds what the budget allows.
  const laidOut = pages.flatMap((parts) => parts.flatMap((part) => part.section.items.map((item) => [part.section.anchor, item])));
  const given = sections.flatMap((section) => section.items.map((item) => [section.anchor, item]));
  assert.deepEqual(laidOut, given);
  for (const parts of pages) assert.ok(parts.length > 0);
  // Independent bound on the page's weight: the bytes of its items' text.
  for (const [index, parts] of pages.entries()) {
    const text = parts.reduce((sum, part) => sum + Buffer.byteLength(JSON.stringify(part.section.items)), 0);
    const items = parts.reduce((sum, part) => sum + part.section.items.length, 0);
    assert.ok(text <= PAGE_BYTES, `page ${index + 1}: ${text} bytes of text in ${items} items`);
  }
  // A section that goes on over a page break says so, with the whole section's count.
  const continued = pages.flat().filter((part) => part.continued);
  assert.ok(continued.length > 0);
  for (const part of continued) {
    const whole = sections.find((section) => section.anchor === part.section.anchor)!;
    assert.equal(part.total, whole.items.length);
  }
  const starts = sectionStarts(pages);
  for (const section of sections) {
    const first = pages.findIndex((parts) => parts.some((part) => part.section.anchor === section.anchor && !part.continued));
    assert.equal(starts.get(section.anchor), first + 1);
  }
});

test('an item heavier than a page has a page of its own, and a small night has one page', () => {
  const huge = 'x'.repeat(PAGE_BYTES);
  const changes: EditionChanges = {
    added: [{ id: id(1), name: 'Small' }],
    removed: [],
    changed: [{ id: id(2), name: 'Huge', fields: [{ path: 'legalObjectsExtract', before: huge, after: `${huge}.` }] }],
    membership: [],
  };
  const pages = changePages(changeSections(changes), PAGE_BYTES, 5000);
  assert.deepEqual(
    pages.map((parts) => parts.map((part) => part.section.anchor)),
    [['added'], ['field-legalObjectsExtract']],
  );
  assert.equal(editionLayout(night({ added: 2, removed: 2, renamed: 2, refinanced: 2, moved: 2 })).pages.length, 1);
});

test('a field the spec does not name gets an anchor an id can carry', () => {
  const changes: EditionChanges = {
    added: [],
    removed: [],
    changed: [{ id: id(1), name: 'A', fields: [{ path: 'odd field"<x>', before: 1, after: 2 }] }],
    membership: [],
  };
  assert.deepEqual(
    changeSections(changes).map((section) => section.anchor),
    ['field-odd_field__x_'],
  );
});
