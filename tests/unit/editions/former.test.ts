// The pages of organisations no longer listed (or not fetched) come from the kept editions, which
// may come from elsewhere (a release fetched over the network): they must never take the page of
// an organisation that is live, whatever capitals the edition gives its id in.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, test } from 'node:test';
import { readSnapshot, writeSnapshot, type EditionSnapshot } from '../../../src/editions/edition-file.ts';
import { formerOrganisations } from '../../../src/editions/former.ts';
import { EditionStore } from '../../../src/editions/store.ts';
import { organisationHistories, type EditionsView } from '../../../src/editions/history.ts';
import { organisationJsonPath, organisationPath } from '../../../src/lib/routes.ts';
import { readRegister } from '../../../src/records/register.ts';
import { generateDataset } from '../../../src/sample-api/dataset.ts';
import { writeDataFolder } from '../../support/data-folder.ts';

const root = mkdtempSync(join(tmpdir(), 'orgdir-former-'));
after(() => rmSync(root, { recursive: true, force: true }));
const dataDir = join(root, 'data');
writeDataFolder(generateDataset({ orgs: 40 }), dataDir);
const register = readRegister(dataDir);
const live = register.organisations[0]!.id;
const GONE = '0b0b0b0b-0000-4000-8000-00000000000a';

const formerEntry = (id: string, name: string) => ({
  id,
  name,
  lastSeen: '2026-01-01',
  goneSince: '2026-01-02',
  record: { id, name },
});

function viewOf(partial: Partial<EditionsView>): EditionsView {
  return { editions: [], former: [], carried: [], histories: new Map(), ...partial };
}

test('a gone organisation whose id is a live one in other capitals gets no page of its own', () => {
  // Checked by taking the protection out: with the filter on the id as given (the old
  // `!snapshot.byId.has(organisation.id)`), the upper-case copies are kept, and their page and
  // record file are the live organisation's own: org/<id>.html and record/<id>.json.
  const view = viewOf({
    former: [formerEntry(live.toUpperCase(), 'Impostor'), formerEntry(GONE, 'Gone Trust')],
    carried: [
      {
        id: live.replace(/[a-f]/, (letter) => letter.toUpperCase()),
        name: 'Impostor',
        carriedFrom: '2026-01-01',
        record: { name: 'Impostor' },
      },
    ],
  });
  const pages = formerOrganisations(view, register);
  assert.deepEqual(
    pages.map((organisation) => organisation.id),
    [GONE],
  );
  const livePages = new Set(
    register.organisations.flatMap((entry) => [organisationPath(entry.id), organisationJsonPath(entry.id)]),
  );
  for (const organisation of pages) {
    assert.ok(!livePages.has(organisationPath(organisation.id)));
    assert.ok(!livePages.has(organisationJsonPath(organisation.id)));
  }
});

test('two gone entries that would share one page give one page, the first', () => {
  // Checked by taking the protection out: without the set of pages already taken both entries
  // are kept, and the second would be written over the first.
  const view = viewOf({ former: [formerEntry(GONE, 'First'), formerEntry(GONE.toUpperCase(), 'Second')] });
  const pages = formerOrganisations(view, register);
  assert.deepEqual(
    pages.map((organisation) => [organisation.id, organisation.record['name']]),
    [[GONE, 'First']],
  );
});

test('a gone organisation given in capitals is listed under its id in lower case, as its page is named', () => {
  const view = viewOf({ former: [formerEntry(GONE.toUpperCase(), 'Gone Trust')] });
  assert.deepEqual(
    formerOrganisations(view, register).map((organisation) => organisation.id),
    [GONE],
  );
});

test('an edition read back gives ids in lower case, so a live organisation in other capitals is no removal', async () => {
  // Checked by taking the protection out: without lower-casing in readSnapshot the upper-case id
  // is a second organisation beside the live one, and a diff would call the live one removed.
  const snapshot: EditionSnapshot = { organisations: new Map(), lists: new Map() };
  snapshot.organisations.set(live.toUpperCase(), { id: live.toUpperCase(), record: { name: 'First' } });
  snapshot.organisations.set(live, { id: live, record: { name: 'Second' } });
  snapshot.lists.set('list:registeredCharities', {
    name: 'registeredCharities',
    kind: 'list',
    members: [{ id: GONE.toUpperCase(), name: 'Gone Trust' }],
  });
  const path = join(root, 'snapshot.jsonl.gz');
  await writeSnapshot(path, snapshot);
  const read = await readSnapshot(path);
  assert.deepEqual([...read.organisations.keys()], [live]);
  assert.equal(read.organisations.get(live)!.id, live);
  assert.deepEqual(read.lists.get('list:registeredCharities')!.members, [{ id: GONE, name: 'Gone Trust' }]);
});

test("an organisation's history is found by its id in lower case, whatever capitals the edition gave", () => {
  // Checked by taking the protection out: keyed by the id as given, the history is under the
  // upper-case id and the page (which looks it up in lower case) shows none.
  const histories = organisationHistories([
    {
      meta: { id: '2026-01-02', number: 2, date: '2026-01-02' } as EditionsView['editions'][number]['meta'],
      changes: {
        added: [{ id: live.toUpperCase(), name: 'Live' }],
        removed: [],
        changed: [],
        membership: [],
      } as unknown as EditionsView['editions'][number]['changes'],
    },
  ]);
  assert.deepEqual([...histories.keys()], [live]);
  assert.equal(histories.get(live)![0]!.status, 'added');
});

test("an edition's gone organisations are read back with lower-case ids, to be compared with the data folder's", async () => {
  // Checked by taking the protection out: read as given, the upper-case copy of a live id stays
  // "no longer listed" in every later edition although the data folder has its record.
  const store = new EditionStore(join(root, 'editions'));
  mkdirSync(store.path('2026-01-02'), { recursive: true });
  const lines = [formerEntry(live.toUpperCase(), 'Impostor'), formerEntry(GONE, 'Gone Trust')]
    .map((organisation) => `${JSON.stringify(organisation)}\n`)
    .join('');
  writeFileSync(join(store.path('2026-01-02'), 'former.jsonl.gz'), gzipSync(lines));
  const read = await store.readFormer('2026-01-02');
  assert.deepEqual(
    read.map((organisation) => organisation.id),
    [live, GONE],
  );
});
