// Folding and tokenising, the one definition of a "word" that the index builder, the browser
// client and the phrase check all share (and the list matcher, src/match/normalise.ts): a query
// matches a record only when both sides were cut and folded by these functions. The register
// service's own search folds by another rule (src/lib/service-search.ts).

/** Letters that Unicode decomposition leaves whole but that readers type as plain Latin. */
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ł: 'l',
  þ: 'th',
};

const FOLDABLE_LETTER = /[ßæœøđðħıłþ]/g;
const COMBINING_MARK = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Lower case, without accents or combining marks, with the letters above spelled out and `&` read
 * as "and": `Lúthchleas` and `luthchleas` fold alike, and so do `Smith & Sons` and `Smith and Sons`.
 */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(COMBINING_MARK, '')
    .replace(FOLDABLE_LETTER, (letter) => LETTER_FOLDS[letter] ?? letter)
    .replace(/&/g, ' and ');
}

/**
 * The words of a text, folded. Anything that is not a letter or a digit separates words, so
 * `O'Sullivan` gives the same words as `O Sullivan`, and `D02-X285` the same as `D02 X285`.
 */
export function tokenize(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

/** True when a folded word carries a digit: numbers and codes are matched without typos. */
export function hasDigit(word: string): boolean {
  return /\p{N}/u.test(word);
}
