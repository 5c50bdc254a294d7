import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EditionChanges } from '../../../src/editions/diff.ts';
import { codesOf, countyOf, groupEntries } from '../../../src/editions/group-feeds.ts';
import type { EditionsView, KeptEdition } from '../../../src/editions/history.ts';
import type { Register } from '../../../src/records/register.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const member = (n: number) => ({ id: id(n), name: `Organisation ${n}` });

function edition(number: number, changes: Partial<EditionChanges>): KeptEdition {
  return {
    meta: { id: `2026-03-0${number}`, number } as KeptEdition['meta'],
    changes: { added: [], removed: [], changed: [], membership: [], ...changes },
  };
}

// Organisations 1 and 2 are listed, in Cork and Kerry; 3 was removed, its last record in Cork.
const register = {
  byId: new Map([
    [id(1), { countyKey: 'cork' }],
    [id(2), { countyKey: 'kerry' }],
  ]),
  voluntaryCodes: [{ id: 'TRIPLELOCK', members: [{ id: id(2).toUpperCase() }] }],
} as unknown as Register;

const newer = edition(3, {
  removed: [member(3)],
  changed: [{ ...member(1), fields: [{ path: 'orgUrl', before: 'a', after: 'b' }] }],
  membership: [{ kind: 'voluntaryCode', name: 'ICTR', joined: [], left: [member(1)] }],
});
const older = edition(2, { added: [member(1), member(2)] });

function view(): EditionsView {
  return {
    editions: [newer, older],
    former: [{ id: id(3), name: 'Organisation 3', lastSeen: '2026-03-02', goneSince: '2026-03-03', record: { county: 'Co. Cork' } }],
    carried: [],
    histories: new Map(),
  };
}

test("a county's entries are the editions that touched its organisations, newest first, a removed one by its last county", () => {
  const shown = view();
  const entries = groupEntries(shown, 'county', () => countyOf(shown, register));
  const summary = (key: string) =>
    (entries.get(key) ?? []).map((entry) => [entry.edition.meta.id, entry.members.map((one) => one.id)]);
  assert.deepEqual(summary('cork'), [
    ['2026-03-03', [id(3), id(1)]],
    ['2026-03-02', [id(1)]],
  ]);
  assert.deepEqual(summary('kerry'), [['2026-03-02', [id(2)]]]);
  assert.deepEqual([...entries.keys()].sort(), ['cork', 'kerry']);
});

test("a code's entries have its members now and those that joined or left it that night", () => {
  const shown = view();
  const entries = groupEntries(shown, 'code', () => codesOf(register));
  assert.deepEqual(
    entries.get('ICTR')?.map((entry) => [entry.edition.meta.id, entry.members.map((one) => one.id)]),
    [['2026-03-03', [id(1)]]],
  );
  assert.deepEqual(
    entries.get('TRIPLELOCK')?.map((entry) => entry.edition.meta.id),
    ['2026-03-02'],
  );
});
