import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSearchIndex, foldText, isEmptyQuery, parseSearchQuery } from '../../src/sample-api/search.ts';

const index = createSearchIndex(
  [
    { id: '1', name: 'Ballina Community Centre CLG', fields: ['Main Street, Ballina, Co. Mayo', 'Mayo'] },
    { id: '2', name: 'Centre for Community Work', fields: ['12 Quay Street, Galway, Co. Galway', 'Galway'] },
    { id: '3', name: "St. Patrick's Hospice", fields: ['Hospital Road, Cork, Co. Cork', 'Cork'] },
    {
      id: '4',
      name: 'Cumann Lúthchleas Gael Corcaigh',
      fields: ['Cork GAA Club', 'Páirc Uí Chaoimh, Cork', 'Cork'],
    },
    { id: '5', name: 'Corkery Family Trust', fields: ['Ennis, Co. Clare', 'Clare'] },
    { id: '6', name: 'Westport Community', fields: ['Centre Road, Westport, Co. Mayo', 'Mayo'] },
    { id: '7', name: 'Galway Youth Theatre', fields: ['Ennis Road, Gort, Co. Galway', 'Galway'] },
  ].map((item) => ({ ...item, result: item.id })),
);
const find = (query: string, limit = 50) => index.search(parseSearchQuery(query), limit);

test('text is folded to lower case without accents or apostrophes', () => {
  assert.equal(foldText("Cumann Lúthchleas Gael, St. Patrick's"), 'cumann luthchleas gael st patricks');
  assert.equal(foldText('ÓGLAIGH  na  hÉireann'), 'oglaigh na heireann');
});

test('a query splits into words and quoted phrases; an unclosed quote runs to the end', () => {
  assert.deepEqual(parseSearchQuery('"Community Centre" mayo'), {
    words: ['mayo'],
    phrases: ['community centre'],
  });
  assert.deepEqual(parseSearchQuery('“Community Centre”'), { words: [], phrases: ['community centre'] });
  assert.deepEqual(parseSearchQuery('cork "st patrick'), { words: ['cork'], phrases: ['st patrick'] });
  assert.deepEqual(parseSearchQuery('"mayo"'), { words: ['mayo'], phrases: [] });
  assert.ok(isEmptyQuery(parseSearchQuery(' "" , ')));
});

test('words match in any order and all of them must match', () => {
  assert.deepEqual(find('centre community').sort(), ['1', '2', '6']);
  assert.deepEqual(find('community mayo').sort(), ['1', '6']);
  assert.deepEqual(find('community cork'), []);
});

test('a quoted phrase matches only that exact sequence of words', () => {
  assert.deepEqual(find('"community centre"'), ['1']);
  assert.deepEqual(find('"centre community"'), []);
  assert.deepEqual(find('"centre for community"'), ['2']);
});

test('a phrase does not run from one field into the next', () => {
  // "Westport Community" + "Centre Road": the words follow each other only across fields.
  assert.deepEqual(find('"community centre" westport'), []);
  assert.deepEqual(find('community centre westport'), ['6']);
});

test('matching ignores case and accents, and searches alternative names and addresses', () => {
  assert.deepEqual(find('LUTHCHLEAS'), ['4']);
  assert.deepEqual(find('lúthchleas gael'), ['4']);
  assert.deepEqual(find('gaa'), ['4']);
  assert.deepEqual(find('"pairc ui chaoimh"'), ['4']);
});

test('whole words only: cork does not find Corkery', () => {
  assert.ok(!find('cork').includes('5'));
  assert.deepEqual(find('corkery'), ['5']);
});

test("St. Patrick's is found by patricks, patrick's, patrick and the phrase st patricks", () => {
  for (const query of ['patricks', "patrick's", 'patrick', '"st patricks"', '"St. Patrick’s"']) {
    assert.deepEqual(find(query), ['3'], query);
  }
});

test('names holding every term come first, and the limit caps the answer', () => {
  // In name order "Centre for Community Work" (Galway only in its address) would come first.
  assert.deepEqual(find('galway'), ['7', '2']);
  assert.equal(find('community', 2).length, 2);
});
