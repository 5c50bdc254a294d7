import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nameKeys, withinOneEdit } from '../../../src/match/normalise.ts';

const normalised = (name: string): string => nameKeys(name).normalised;
const core = (name: string): string => nameKeys(name).core;

test('capitals, accents and surrounding spaces and full stops make no difference', () => {
  assert.equal(normalised('  CUMANN LÚTHCHLEAS GAEL BRÉ. '), normalised('Cumann Luthchleas Gael Bre'));
  assert.equal(normalised('Ballinasloe National School.'), normalised('ballinasloe national school'));
});

test('punctuation and apostrophes make no difference', () => {
  assert.equal(normalised("O'Brien Family Trust"), normalised('OBrien Family Trust'));
  assert.equal(normalised('O’Brien Family Trust'), normalised('O Brien Family-Trust'));
  assert.equal(normalised("Women's Aid"), normalised('Womens Aid'));
});

test('& and "and" are one word', () => {
  assert.equal(
    normalised('Letterkenny Historical & Cultural Society'),
    normalised('Letterkenny Historical and Cultural Society'),
  );
  assert.equal(normalised('Smith&Sons'), normalised('Smith and Sons'));
});

test('St, St. and Saint are one word, but only as a word', () => {
  assert.equal(normalised("St. Columba's National School"), normalised('Saint Columbas National School'));
  assert.equal(normalised("St Columba's National School"), normalised("Saint Columba's National School"));
  assert.notEqual(normalised('Stella Maris'), normalised('Saintella Maris'));
});

test('a leading "The" is dropped, one inside the name is kept', () => {
  assert.equal(
    normalised('The Dyslexia Foundation of Ireland'),
    normalised('Dyslexia Foundation of Ireland'),
  );
  assert.notEqual(normalised('Friends of the Earth'), normalised('Friends of Earth'));
  assert.equal(normalised('The'), 'the');
});

test('each legal form is written one way, in English and in Irish', () => {
  const clg = normalised('Migraine Ireland CLG');
  for (const variant of [
    'Migraine Ireland Company Limited by Guarantee',
    'MIGRAINE IRELAND COMPANY LIMITED BY GUARANTEE',
    'Migraine Ireland Company Ltd. by Guarantee',
    'Migraine Ireland C.L.G.',
    'Migraine Ireland Cuideachta Faoi Theorainn Ráthaíochta',
    'Migraine Ireland CTR',
  ]) {
    assert.equal(normalised(variant), clg, variant);
  }
  assert.equal(normalised('Clane Meals Limited'), normalised('Clane Meals Ltd.'));
  assert.equal(normalised('Ferns Trust Designated Activity Company'), normalised('Ferns Trust DAC'));
  assert.equal(normalised('Ferns Trust D.A.C.'), normalised('Ferns Trust DAC'));
  assert.equal(normalised('Comhar Teoranta'), normalised('Comhar Teo.'));
  assert.equal(normalised('Holdings Unlimited Company'), normalised('Holdings UC'));
  assert.notEqual(normalised('Clane Meals CLG'), normalised('Clane Meals Ltd'));
});

test('the core drops the legal form, so a name with any or none shares it', () => {
  assert.equal(core('Tuam Community Centre CLG'), core('Tuam Community Centre'));
  assert.equal(core('Tuam Community Centre Limited'), core('Tuam Community Centre'));
  assert.equal(core('Listowel Housing Association Co. Ltd.'), core('Listowel Housing Association'));
  assert.equal(core('Abbey Theatre Company'), 'abbeytheatrecompany');
  assert.equal(core('Limited'), 'ltd', 'a name that is only a legal form keeps it');
});

test('the words of the core are what similar names are scored by', () => {
  assert.deepEqual(nameKeys("The St. Aidan's Centre Ltd").words, ['saint', 'aidans', 'centre']);
});

test('one inserted, deleted, replaced or swapped letter is one edit', () => {
  assert.ok(withinOneEdit('school', 'schol'));
  assert.ok(withinOneEdit('schol', 'school'));
  assert.ok(withinOneEdit('school', 'schoal'));
  assert.ok(withinOneEdit('school', 'shcool'));
  assert.ok(withinOneEdit('school', 'school'));
  assert.ok(!withinOneEdit('school', 'scohlo'));
  assert.ok(!withinOneEdit('school', 'schooled'));
  assert.ok(!withinOneEdit('abcd', 'badc'));
});

/** Optimal string alignment distance (insertions, deletions, replacements, swaps of neighbours), worked out in full. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1)
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

test('one edit apart exactly when the full edit distance says so, for every pair of short words', () => {
  const words = [''];
  for (let length = 1; length <= 4; length += 1)
    for (const word of words.filter((known) => known.length === length - 1))
      for (const letter of 'abc') words.push(word + letter);
  let near = 0;
  for (const a of words)
    for (const b of words) {
      const expected = editDistance(a, b) <= 1;
      assert.equal(withinOneEdit(a, b), expected, `${a} / ${b}`);
      if (expected) near += 1;
    }
  assert.ok(near > 1000, String(near));
});
