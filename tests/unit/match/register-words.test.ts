import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RegisterWords } from '../../../src/match/register-words.ts';
import { withinOneEdit } from '../../../src/match/normalise.ts';

test('words are numbered in the order they first come, the same word once', () => {
  const words = new RegisterWords();
  assert.deepEqual(
    ['tuam', 'community', 'tuam', 'centre'].map((word) => words.add(word)),
    [0, 1, 0, 2],
  );
  assert.equal(words.id('centre'), 2);
  assert.equal(words.id('center'), undefined);
});

test('the words one typo away are those one letter inserted, deleted, replaced or swapped away, from 5 letters', () => {
  const words = new RegisterWords();
  for (const word of [
    'school',
    'schools',
    'schol',
    'shcool',
    'scohol',
    'sch',
    'schoo',
    'chool',
    'cschool',
    'scool',
  ])
    words.add(word);
  const near = (word: string) => words.oneTypoFrom(word).map((id) => words.words[id]);
  assert.deepEqual(near('school'), [
    'schools',
    'schol',
    'shcool',
    'scohol',
    'schoo',
    'chool',
    'cschool',
    'scool',
  ]);
  assert.deepEqual(near('schoool'), ['school']);
  assert.deepEqual(near('scho'), [], 'a word of 4 letters has no typos');
  assert.deepEqual(
    near('schol'),
    ['school', 'scohol', 'schoo', 'scool'],
    'nor is one of 4 letters a typo of it',
  );
});

test('the words one typo away are what comparing with every word finds, in the order the words came', () => {
  let state = 11;
  const next = (below: number): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * below);
  };
  // Words of few letters, so that many are one typo apart, doubled letters among them.
  const word = (): string => Array.from({ length: 3 + next(5) }, () => 'aabelnos'[next(8)]).join('');
  const words = new RegisterWords();
  for (let count = 0; count < 3000; count += 1) words.add(word());
  for (let sample = 0; sample < 400; sample += 1) {
    const query = word();
    const expected = words.words.flatMap((other, id) =>
      query.length >= 5 && other.length >= 5 && other !== query && withinOneEdit(query, other) ? [id] : [],
    );
    assert.deepEqual(words.oneTypoFrom(query), expected, query);
  }
});
