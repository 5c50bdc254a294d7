import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  foldServiceText as foldText,
  isEmptyServiceQuery as isEmptyQuery,
  parseServiceQuery as parseSearchQuery,
} from '../../../src/lib/service-search.ts';
import { createSearchIndex } from '../../../src/sample-api/search.ts';
import { generateDataset } from '../../../src/sample-api/dataset.ts';

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

test('on a generated register, every answer is what reading every record by the rules gives: those with every term in the name first, then the rest, each in name order, cut at the limit', () => {
  const dataset = generateDataset({ orgs: 1500 });
  const records = dataset.ids.map((id) => dataset.core(id)!);
  // The reference: words are whole folded words, a phrase is a run of them within one field.
  const fieldsOf = (core: (typeof records)[number]) => [
    core.name,
    ...core.altNames,
    core.address.line,
    core.county.name,
    core.subSector.sectorName,
    core.subSector.name,
    core.secondarySubSector?.name ?? '',
  ];
  const has = (text: string, needle: string) => ` ${foldText(text)} `.includes(` ${needle} `);
  const hasStem = (core: (typeof records)[number], word: string) =>
    fieldsOf(core).some((field) =>
      [...field.matchAll(/(\p{L}+)['’]\p{L}+/gu)].some((match) => foldText(match[1] ?? '') === word),
    );
  const reference = (raw: string, limit: number) => {
    const query = parseSearchQuery(raw);
    const needles = [...query.words, ...query.phrases];
    const matching = records.filter((core) =>
      needles.every(
        (needle) =>
          fieldsOf(core).some((field) => has(field, needle)) ||
          (!needle.includes(' ') && hasStem(core, needle)),
      ),
    );
    const byName = (a: (typeof records)[number], b: (typeof records)[number]) => {
      const [x, y] = [foldText(a.name), foldText(b.name)];
      return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1;
    };
    const inName = matching.filter((core) => needles.every((needle) => has(core.name, needle))).sort(byName);
    const elsewhere = matching.filter((core) => !inName.includes(core)).sort(byName);
    return [...inName.slice(0, limit), ...elsewhere.slice(0, limit)].slice(0, limit).map((core) => core.id);
  };
  const queries = [
    'cork',
    'dublin "primary education"',
    'club',
    '"main street" cork',
    'st',
    'community limited',
    'd04',
    'zzzz',
  ];
  for (const raw of queries) {
    for (const limit of [3, 40, 2000]) {
      const answer = dataset.search(parseSearchQuery(raw), limit).map((result) => result.id);
      assert.deepEqual(answer, reference(raw, limit), `${raw} (limit ${limit})`);
    }
  }
});
