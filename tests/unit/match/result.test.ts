import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCsv } from '../../../src/lib/csv.ts';
import type { Candidate, LineMatch } from '../../../src/match/candidates.ts';
import type { MatchEntry } from '../../../src/match/matcher.ts';
import { chosenCounts, matchedCsv, resultPage } from '../../../src/match/result.ts';
import type { ShownRow } from '../../../src/match/protocol.ts';

const ENTRIES: MatchEntry[] = [
  {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    name: 'Tuam Community Centre',
    altNames: [],
    county: 'Galway',
    numbers: [{ kind: 'charity', number: '20000031' }],
  },
  { id: 'aaaaaaaa-0000-4000-8000-000000000002', name: 'Tuam Centre', altNames: [], numbers: [] },
];
const best: Candidate = { entry: 0, score: 100, reason: 'name', matched: 'Tuam Community Centre' };
const other: Candidate = { entry: 1, score: 60, reason: 'similar', matched: 'Tuam Centre' };
const RESULTS: LineMatch[] = [
  { input: 'Tuam Community Centre', status: 'matched', best, candidates: [other] },
  { input: 'Tuam', status: 'none', candidates: [other, best] },
  { input: '', status: 'blank', candidates: [] },
];
const ROWS = [['G1', 'Tuam Community Centre'], ['G2', 'Tuam'], ['G3']];

test("a saved result names pages by the site's public address, or by their path in the site: never the reader's disk", () => {
  const id = ENTRIES[0]!.id;
  assert.equal(resultPage(id, 'https://example.org/orgdir/'), `https://example.org/orgdir/org/${id}.html`);
  assert.equal(resultPage(id, undefined), `org/${id}.html`);
});

test("the CSV keeps the list's columns and adds the organisation chosen for each row: the match, or the reader's choice", () => {
  const csv = (choices: Map<number, number | undefined>, siteUrl?: string) =>
    parseCsv(
      matchedCsv({ headings: ['Ref', 'Grantee'], rows: ROWS, results: RESULTS, choices }, ENTRIES, siteUrl),
    );
  const plain = csv(new Map());
  assert.deepEqual(plain[0]!.slice(0, 3), ['Ref', 'Grantee', 'match_id']);
  assert.deepEqual(plain[1], [
    'G1',
    'Tuam Community Centre',
    ENTRIES[0]!.id,
    'Tuam Community Centre',
    '20000031',
    'Galway',
    `org/${ENTRIES[0]!.id}.html`,
    '100',
    'same name',
  ]);
  assert.deepEqual(plain[2]!.slice(2), ['', '', '', '', '', '', 'no match']);
  assert.deepEqual(plain[3], ['G3', '', '', '', '', '', '', '', '']);
  // The second row's second option, the first row's match undone, the public address.
  const chosen = csv(
    new Map([
      [0, undefined],
      [1, 1],
    ]),
    'https://example.org/x/',
  );
  assert.equal(chosen[1]![2], '');
  assert.equal(chosen[1]![8], 'no match');
  assert.deepEqual(chosen[2]!.slice(2, 4), [ENTRIES[0]!.id, 'Tuam Community Centre']);
  assert.equal(chosen[2]![6], `https://example.org/x/org/${ENTRIES[0]!.id}.html`);
});

test('a saved result chosen from an organisation no longer on the register says so, with the date', () => {
  const entries: MatchEntry[] = [
    { id: 'gone-1', name: 'Gone Trust', altNames: [], numbers: [], goneSince: '2026-11-20' },
  ];
  const result: LineMatch = {
    input: 'Gone Trust',
    status: 'ambiguous',
    candidates: [{ entry: 0, score: 100, reason: 'name', matched: 'Gone Trust' }],
  };
  const rows = parseCsv(
    matchedCsv(
      { headings: ['name'], rows: [['Gone Trust']], results: [result], choices: new Map([[0, 0]]) },
      entries,
    ),
  );
  assert.equal(rows[1]!.at(-1), 'same name; no longer on the register since 2026-11-20');
  assert.equal(rows[1]![1], 'gone-1');
});

test("the summary's counts follow the reader's choices among the rows shown", () => {
  const option = {
    id: 'a',
    name: 'A',
    county: '',
    number: '',
    score: 90,
    reason: 'similar' as const,
    goneSince: '',
  };
  const shown: ShownRow[] = [
    { input: 'one', status: 'matched', options: [option] },
    { input: 'two', status: 'ambiguous', options: [option, { ...option, id: 'b' }] },
    { input: 'three', status: 'none', options: [option] },
    { input: '', status: 'blank', options: [] },
  ];
  // Counted here from the rows: a row is matched when it starts on a match.
  const summary = {
    matched: shown.filter((row) => row.status === 'matched').length,
    open: shown.filter((row) => row.status === 'ambiguous' || row.status === 'none').length,
  };
  assert.deepEqual(chosenCounts(summary, shown, new Map()), { ...summary, chosen: 0 });
  // One picked for the ambiguous row: one more matched, one fewer open.
  assert.deepEqual(chosenCounts(summary, shown, new Map([[1, 1]])), { matched: 2, open: 1, chosen: 1 });
  // The match undone, and another option of the matched row taken back to its own: what is left counts.
  assert.deepEqual(
    chosenCounts(
      summary,
      shown,
      new Map<number, number | undefined>([
        [0, undefined],
        [2, 0],
      ]),
    ),
    { matched: 1, open: 2, chosen: 2 },
  );
  assert.deepEqual(chosenCounts(summary, shown, new Map([[0, 0]])), { ...summary, chosen: 0 });
});
