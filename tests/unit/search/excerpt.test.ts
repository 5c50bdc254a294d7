// Why a result matched: the excerpt marks exactly the words of the query, judged by the tests'
// own reading of words and queries (tests/support/search-reference.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { excerpt, type ExcerptPiece } from '../../../src/search/browser/excerpt.ts';
import { parseSearchBoxQuery as parseQuery } from '../../../src/search/format/query.ts';
import { integer, pick, searchCorpus, seededRandom } from '../../support/search-corpus.ts';
import { editDistance, hasSequence, referenceQuery, referenceWords } from '../../support/search-reference.ts';

/** Whether a written word is one the query asks for, as the reference reads the query. */
function asked(raw: string, written: string): boolean {
  const query = referenceQuery(raw);
  return referenceWords(written).some((token) =>
    query.words.some(
      ({ word, prefix, typo }) =>
        token === word ||
        (prefix && token.startsWith(word)) ||
        (typo && token.slice(0, 2) === word.slice(0, 2) && editDistance(token, word) <= 1),
    ),
  );
}

/** The written words of the pieces, each with whether it was marked. */
function writtenWords(pieces: readonly ExcerptPiece[]): { word: string; marked: boolean }[] {
  return pieces.flatMap(({ text, marked }) =>
    (text.match(/[\p{L}\p{N}\p{M}]+|&/gu) ?? []).map((word) => ({ word, marked })),
  );
}

test('every word the query asks for is marked in the excerpt, and no other', () => {
  const random = seededRandom(11);
  const texts = searchCorpus(5, 300).flatMap(({ record }) =>
    [record['legalObjectsExtract'], record['registeredAddress'], record['name']].filter(
      (text): text is string => typeof text === 'string' && text !== '',
    ),
  );
  let checked = 0;
  for (let round = 0; round < 500; round += 1) {
    const text = pick(random, texts);
    const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]{3,}/u.test(word));
    if (words.length === 0) continue;
    const chosen = Array.from({ length: integer(random, 1, 2) }, () => pick(random, words));
    const last = chosen.at(-1)!.replace(/[^\p{L}\p{N}]+$/u, '');
    const raw =
      random() < 0.5 ? `${chosen.join(' ')} ` : `${chosen.slice(0, -1).join(' ')} ${last.slice(0, 3)}`;
    const pieces = excerpt(text, parseQuery(raw));
    assert.ok(pieces, `an excerpt of ${JSON.stringify(text)} for ${JSON.stringify(raw)}`);
    for (const { word, marked } of writtenWords(pieces)) {
      assert.equal(marked, asked(raw, word), `${word} in ${JSON.stringify(text)} for ${JSON.stringify(raw)}`);
    }
    assert.ok(writtenWords(pieces).some(({ marked }) => marked));
    const shown = pieces.map(({ text: piece }) => piece).join('');
    assert.ok(text.includes(shown.replace(/^…|…$/g, '')), 'the excerpt is the text as written');
    checked += 1;
  }
  assert.ok(checked > 400);
});

test('a phrase is marked only where its words follow each other in order', () => {
  const text = 'Housing for older people in Sligo, and people who are older than most, in Sligo town';
  const pieces = excerpt(text, parseQuery('"older people" sligo'))!;
  const marked = writtenWords(pieces).filter(({ marked }) => marked);
  assert.deepEqual(
    marked.map(({ word }) => word),
    ['older', 'people', 'Sligo', 'Sligo'],
  );
  assert.ok(hasSequence(referenceWords(marked.map(({ word }) => word).join(' ')), ['older', 'people']));
});

test('a long text is cut around the first match, at word boundaries, with an ellipsis where text was left out', () => {
  const before = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');
  const text = `${before} support of older people in County Sligo ${before}`;
  const pieces = excerpt(text, parseQuery('"older people" '))!;
  const shown = pieces.map(({ text: piece }) => piece).join('');
  assert.ok(shown.startsWith('…word') && shown.endsWith('…'), shown);
  assert.ok(shown.length < 160, `${shown.length} characters`);
  for (const word of shown.replace(/…/g, '').split(' ')) assert.ok(text.split(' ').includes(word), word);
  assert.equal(excerpt(text, parseQuery('galway ')), undefined);
});

test('a short text is shown whole, punctuation around it included', () => {
  const pieces = excerpt('“Older People” (Sligo)!', parseQuery('sligo'))!;
  assert.deepEqual(pieces, [
    { text: '“Older People” (', marked: false },
    { text: 'Sligo', marked: true },
    { text: ')!', marked: false },
  ]);
});
