// How alike two names are, word by word: the words they share, a word written with one typo
// counting for a little less. The matcher scores similar names by this (src/match/similar-names.ts
// works it out on word numbers, to the same result).
import { withinOneEdit } from './normalise.ts';
import { TYPO_FROM_LENGTH } from './register-words.ts';

/** Credit for a word written with one typo (from TYPO_FROM_LENGTH letters). */
export const TYPO_CREDIT = 0.8;

/** How alike two word lists are, from 0 to 1: the harmonic mean of the shares of words matched each way. */
export function wordLikeness(query: readonly string[], candidate: readonly string[]): number {
  if (query.length === 0 || candidate.length === 0) return 0;
  // The candidate's words already matched, as bits: no copy of the list for each of thousands of names.
  if (candidate.length > 30) return wordLikenessOfLongName(query, candidate);
  let used = 0;
  let matched = 0;
  for (const word of query) {
    let at = candidate.findIndex((other, index) => (used & (1 << index)) === 0 && other === word);
    let credit = 1;
    if (at < 0 && word.length >= TYPO_FROM_LENGTH) {
      at = candidate.findIndex(
        (other, index) =>
          (used & (1 << index)) === 0 && other.length >= TYPO_FROM_LENGTH && withinOneEdit(word, other),
      );
      credit = TYPO_CREDIT;
    }
    if (at < 0) continue;
    used |= 1 << at;
    matched += credit;
  }
  return harmonicMean(matched / query.length, matched / candidate.length);
}

export function harmonicMean(precision: number, recall: number): number {
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/** wordLikeness for a name of more words than bits in a number. */
function wordLikenessOfLongName(query: readonly string[], candidate: readonly string[]): number {
  const unused = [...candidate];
  let matched = 0;
  for (const word of query) {
    let at = unused.indexOf(word);
    let credit = 1;
    if (at < 0 && word.length >= TYPO_FROM_LENGTH) {
      at = unused.findIndex((other) => other.length >= TYPO_FROM_LENGTH && withinOneEdit(word, other));
      credit = TYPO_CREDIT;
    }
    if (at < 0) continue;
    unused.splice(at, 1);
    matched += credit;
  }
  return harmonicMean(matched / query.length, matched / candidate.length);
}
