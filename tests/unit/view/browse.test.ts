// The A–Z with the organisations that have a page but no record: each under the letter of its
// name, in name order among the others, noted, and the register's own groups left as they were.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readOrganisation } from '../../../src/records/organisation.ts';
import type { Group, ListedFormer } from '../../../src/records/register.ts';
import { lettersWithFormer } from '../../../src/view/browse.ts';

const member = (id: string, name: string) => ({ id, name, present: true });
const LETTERS: Group[] = [
  { key: 'a', slug: 'a', label: 'A', members: [member('a1', 'Abbey Trust'), member('a2', 'Athy Arts')] },
  { key: 'c', slug: 'c', label: 'C', members: [member('c1', 'Cork Choir')] },
];

function listed(id: string, name: string, goneSince?: string): ListedFormer {
  const organisation = readOrganisation({ id, name }, id);
  return goneSince === undefined ? { id, organisation } : { id, organisation, goneSince };
}

test('organisations no longer on the register are filed by name among the rest, noted with the date, and a letter of their own is added', () => {
  const former = [
    listed('g1', 'Ardee Men’s Shed', '2026-11-20'),
    listed('g2', 'Birr Youth Club', '2026-11-20'),
    listed('g3', 'Abbeyleix Players'),
  ];
  const letters = lettersWithFormer(LETTERS, former);
  assert.deepEqual(
    letters.map(({ key, slug, label }) => [key, slug, label]),
    [
      ['a', 'a', 'A'],
      ['b', 'b', 'B'],
      ['c', 'c', 'C'],
    ],
  );
  assert.deepEqual(letters[0]!.members, [
    member('a1', 'Abbey Trust'),
    { ...member('g3', 'Abbeyleix Players'), note: 'not fetched in the latest crawl' },
    { ...member('g1', 'Ardee Men’s Shed'), note: 'no longer on the register since 2026-11-20' },
    member('a2', 'Athy Arts'),
  ]);
  assert.deepEqual(letters[1]!.members, [
    { ...member('g2', 'Birr Youth Club'), note: 'no longer on the register since 2026-11-20' },
  ]);
  assert.equal(LETTERS[0]!.members.length, 2, "the register's own groups are unchanged");
  assert.equal(lettersWithFormer(LETTERS, former), letters, 'worked out once');
  assert.equal(lettersWithFormer(LETTERS, []), LETTERS);
});
