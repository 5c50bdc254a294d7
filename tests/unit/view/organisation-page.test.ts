import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readOrganisation } from '../../../src/records/organisation.ts';
import type { VoluntaryCodePage } from '../../../src/records/register.ts';
import { codesByDescription } from '../../../src/records/voluntary-codes.ts';
import { codeEntries, pageSections } from '../../../src/view/organisation-page.ts';
import { organisationView } from '../../../src/view/organisation-view.ts';

const ID = '2e427ca3-b6c4-4801-b9f2-ad6c518b45e5';

/** Every heading an organisation page can have, in its order, and when the page has it. */
const HEADINGS: [string, (record: Record<string, unknown>, history: boolean) => boolean][] = [
  ['About', () => true],
  ['Addresses', () => true],
  ['Registration', () => true],
  ['Finances', () => true],
  ['Funders', (record) => Array.isArray(record['funders']) && record['funders'].length > 0],
  ['Directors', () => true],
  ['Legal objects', () => true],
  ['Sources', () => true],
  // A field the spec does not name is shown as other data.
  ['Other data', (record) => 'lastReturnFiled' in record],
  ['Change history', (_, history) => history],
  ['Cite this page', () => true],
];

const RECORDS: Record<string, Record<string, unknown>> = {
  sparse: { id: ID, name: 'Sparse Society' },
  funded: {
    id: ID,
    name: 'Funded Trust',
    funders: [{ fundSource: 'Pobal', amount: 1200, fundingType: 'Central Government' }],
  },
  unusual: { id: ID, name: 'Unusual CLG', lastReturnFiled: '2024-01-01' },
  both: {
    id: ID,
    name: 'Both Ltd',
    funders: [{ fundSource: 'HSE', amount: 5 }],
    lastReturnFiled: '2024-01-01',
  },
};

test("an organisation page's contents list every section it shows, in order, and no other", () => {
  for (const [kind, record] of Object.entries(RECORDS)) {
    for (const history of [false, true]) {
      const expected = HEADINGS.filter(([, shown]) => shown(record, history)).map(([title]) => title);
      const sections = pageSections(organisationView(readOrganisation(record, ID)), { history });
      assert.deepEqual(
        sections.map((section) => section.title),
        expected,
        `${kind}, history ${history}`,
      );
      const ids = sections.map((section) => section.id);
      assert.equal(new Set(ids).size, ids.length, 'one id per section');
      for (const id of ids) assert.match(id, /^[a-z][a-z-]*$/, 'an id a link can name as it is');
    }
  }
});

const code = (id: string, description: string, membersKnown = true): VoluntaryCodePage => ({
  id,
  slug: id.toLowerCase(),
  description,
  members: [],
  membersKnown,
});
const GOVERNANCE = code('GOVERNANCECODE', 'The Governance Code');
const FUNDRAISING = code('ICTR', 'Guiding Principles for Fundraising');
const UNLISTED = code('SORP', 'Charities SORP', false);
const PAGES = codesByDescription([GOVERNANCE, FUNDRAISING, UNLISTED]);

test('a voluntary code both named in the record and on its member list is shown once', () => {
  const entries = codeEntries(
    [
      {
        description: '  the GOVERNANCE code ',
        url: 'https://www.governancecode.ie/',
        href: 'https://www.governancecode.ie/',
      },
    ],
    [GOVERNANCE],
    PAGES,
  );
  assert.deepEqual(entries, [
    {
      title: 'The Governance Code',
      slug: 'governancecode',
      url: 'https://www.governancecode.ie/',
      href: 'https://www.governancecode.ie/',
      member: true,
      named: true,
    },
  ]);
});

test('a code on one side only says which, and a code with no member list claims nothing of one', () => {
  const entries = codeEntries(
    [
      { description: 'Guiding Principles for Fundraising' },
      { description: 'Charities SORP', url: 'not a url' },
      { description: 'A code the register does not know' },
    ],
    [GOVERNANCE],
    PAGES,
  );
  assert.deepEqual(entries, [
    { title: 'The Governance Code', slug: 'governancecode', member: true, named: false },
    { title: 'Guiding Principles for Fundraising', slug: 'ictr', member: false, named: true },
    { title: 'Charities SORP', slug: 'sorp', url: 'not a url', named: true },
    { title: 'A code the register does not know', named: true },
  ]);
  assert.deepEqual(codeEntries([], [], PAGES), []);
});

test('a code the record names twice is shown once, whether or not it is on the member list', () => {
  const named = [{ description: 'The Governance Code' }, { description: 'the governance code' }];
  for (const memberOf of [[GOVERNANCE], []]) {
    const entries = codeEntries(named, memberOf, PAGES);
    assert.deepEqual(
      entries.map((entry) => [entry.title, entry.member, entry.named]),
      [['The Governance Code', memberOf.length > 0, true]],
    );
  }
});
