// Folding, tokenising and the query language: what the search box makes of what people type.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { foldText, tokenize } from '../../../src/search/format/fold.ts';
import { parseSearchBoxQuery as parseQuery } from '../../../src/search/format/query.ts';

describe('folding', () => {
  test('accents, case and the letters decomposition leaves whole fold to plain Latin', () => {
    assert.deepEqual(tokenize('Lúthchleas Gael'), ['luthchleas', 'gael']);
    assert.deepEqual(tokenize('LÚTHCHLEAS'), tokenize('luthchleas'));
    assert.deepEqual(tokenize('Straße Ærø Łódź'), ['strasse', 'aero', 'lodz']);
    assert.deepEqual(tokenize('İstanbul'), ['istanbul']);
  });

  test("punctuation separates words: O'Sullivan, O’Sullivan and O Sullivan are the same words", () => {
    assert.deepEqual(tokenize("O'Sullivan"), ['o', 'sullivan']);
    assert.deepEqual(tokenize('O’Sullivan'), ['o', 'sullivan']);
    assert.deepEqual(tokenize('O Sullivan'), ['o', 'sullivan']);
    assert.deepEqual(tokenize('Co-operative (Galway) Ltd.'), ['co', 'operative', 'galway', 'ltd']);
  });

  test('an ampersand reads as "and"', () => {
    assert.deepEqual(tokenize('Brothers & Sisters'), tokenize('brothers and sisters'));
    assert.equal(foldText('A&E'), 'a and e');
  });

  test('letters and digits stay together in codes', () => {
    assert.deepEqual(tokenize('D02 X285, CHY12345'), ['d02', 'x285', 'chy12345']);
  });
});

describe('the query language', () => {
  test('words are all required and the last one is a prefix while it is being typed', () => {
    const query = parseQuery('galway comm');
    assert.deepEqual(
      query.words.map(({ word, prefix }) => [word, prefix]),
      [
        ['galway', false],
        ['comm', true],
      ],
    );
    assert.deepEqual(query.phrases, []);
  });

  test('a space or punctuation after the last word ends it: no prefix', () => {
    assert.equal(parseQuery('galway ').words[0]!.prefix, false);
    assert.equal(parseQuery('galway.').words[0]!.prefix, false);
  });

  test('a last word of one or two characters is matched whole', () => {
    assert.equal(parseQuery('co').words[0]!.prefix, false);
    assert.equal(parseQuery('cor').words[0]!.prefix, true);
  });

  test('typos are tolerated in words of five letters or more, never in numbers', () => {
    assert.equal(parseQuery('cork ').words[0]!.fuzzy, 0);
    assert.equal(parseQuery('galway ').words[0]!.fuzzy, 1);
    assert.equal(parseQuery('20012345 ').words[0]!.fuzzy, 0);
    assert.equal(parseQuery('chy12345 ').words[0]!.fuzzy, 0);
  });

  test('straight, curly and low quotation marks make phrases, mixed with words', () => {
    for (const raw of ['"social housing" Galway', '“social housing” Galway', '„social housing“ Galway']) {
      const query = parseQuery(raw);
      assert.deepEqual(query.phrases, [['social', 'housing']], raw);
      assert.deepEqual(
        query.words.map(({ word }) => word),
        ['galway'],
        raw,
      );
    }
  });

  test('a phrase being typed, without its closing mark, is already a phrase, and no word in it is a prefix', () => {
    const query = parseQuery('galway "social hous');
    assert.deepEqual(query.phrases, [['social', 'hous']]);
    assert.deepEqual(
      query.words.map(({ word, prefix }) => [word, prefix]),
      [['galway', false]],
    );
  });

  test('accents and case in a query fold as in the records', () => {
    assert.deepEqual(parseQuery('"LÚTHCHLEAS Gael"').phrases, [['luthchleas', 'gael']]);
  });

  test('repeated words and phrases count once; empty quotes are ignored', () => {
    const query = parseQuery('cork cork "" "a b" "a b" cork');
    assert.equal(query.words.filter(({ word }) => word === 'cork').length, 2);
    assert.deepEqual(query.phrases, [['a', 'b']]);
  });
});
