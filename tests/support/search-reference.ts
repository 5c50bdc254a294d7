// The search box's language written out again, slowly and on its own, for the tests to check the
// site's search against: what a word is, how a typed query reads, and which words a typo may
// reach. Nothing here comes from src/search, so a mistake there cannot hide by being made twice.

/** Letters that do not decompose into a plain letter and a mark, spelled as readers type them. */
const SPELLED_OUT: Readonly<Record<string, string>> = {
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

const QUOTES = new Set(['"', '“', '”', '„', '‟', '«', '»', '＂']);

/** The last word of a query is a prefix from this many characters. */
const PREFIX_FROM = 3;

/** A word of this many characters, without digits, matches with one typo. */
const TYPO_FROM = 5;

function isLetterOrDigit(character: string): boolean {
  return /^[\p{L}\p{N}]$/u.test(character);
}

/**
 * The words of a text, character by character: lower case, accents dropped, the letters above
 * spelled out, `&` read as "and", and anything but a letter or digit between words.
 */
export function referenceWords(text: string): string[] {
  const words: string[] = [];
  let current = '';
  const endWord = () => {
    if (current !== '') words.push(current);
    current = '';
  };
  for (const character of text.toLowerCase().normalize('NFKD')) {
    if (/^\p{M}$/u.test(character)) continue;
    if (character === '&') {
      endWord();
      words.push('and');
      continue;
    }
    const spelled = SPELLED_OUT[character] ?? character;
    if (isLetterOrDigit(spelled[0]!)) current += spelled;
    else endWord();
  }
  endWord();
  return words;
}

interface ReferenceWord {
  word: string;
  /** Any word that starts with it matches too. */
  prefix: boolean;
  /** A word one edit away matches too. */
  typo: boolean;
}

export interface ReferenceQuery {
  words: ReferenceWord[];
  phrases: string[][];
}

/**
 * A query as typed: text between a pair of quotation marks (of any style; an unpaired one runs to
 * the end) is a phrase, the rest are words. The last word is a prefix when nothing but letters
 * and digits follow it and it is long enough.
 */
export function referenceQuery(raw: string): ReferenceQuery {
  const pieces: string[] = [''];
  for (const character of raw) {
    if (QUOTES.has(character)) pieces.push('');
    else pieces[pieces.length - 1] += character;
  }
  const phrases = pieces
    .filter((_, index) => index % 2 === 1)
    .map(referenceWords)
    .filter((phrase) => phrase.length > 0);
  const outside = pieces.filter((_, index) => index % 2 === 0);
  const words = outside.flatMap(referenceWords);
  const lastPiece = pieces.length % 2 === 1 ? pieces.at(-1)! : '';
  const lastCharacter = [...lastPiece].at(-1) ?? '';
  const endsOnWord = referenceWords(lastPiece).length > 0 && /^[\p{L}\p{N}\p{M}]$/u.test(lastCharacter);
  return {
    words: words.map((word, index) => ({
      word,
      prefix: endsOnWord && index === words.length - 1 && word.length >= PREFIX_FROM,
      typo: word.length >= TYPO_FROM && !/\p{N}/u.test(word),
    })),
    phrases,
  };
}

/** Edits (insert, delete, replace one character) between two words. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The group of words a typo may reach: the word's first characters up to the first prefix of two
 * or more that the index did not split (`split` lists the prefixes it did). A typo in those
 * characters lands in another group, which the site's search never reads for it.
 */
export function typoGroup(word: string, split: ReadonlySet<string>): string {
  let length = 2;
  while (length < word.length && split.has(word.slice(0, length))) length += 1;
  return word.slice(0, length);
}

/** True when the word sequence `phrase` appears in `words`, in order and side by side. */
export function hasSequence(words: readonly string[], phrase: readonly string[]): boolean {
  for (let start = 0; start + phrase.length <= words.length; start += 1) {
    if (phrase.every((word, offset) => words[start + offset] === word)) return true;
  }
  return false;
}
