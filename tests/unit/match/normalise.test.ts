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
