// The names like a line's, by the words they share with it: the matcher's similar path, which a
// line of common words ("Community Centre") takes through thousands of names. The register's names
// are kept as word numbers in arrays side by side (NameColumns), and only the names that hold one
// of a line's rarer words (or a word one typo from it) are scored at all.
import { PROPOSE_FROM, SCORES } from './candidates.ts';
import type { LineFindings } from './findings.ts';
import { harmonicMean, TYPO_CREDIT, wordLikeness } from './likeness.ts';
import { RegisterWords } from './register-words.ts';

/** Most names scored as similar for one line, beyond those of its rarest word. */
const MAX_SIMILAR_NAMES = 3000;

/** A name of the register as the similar path reads it. */
export interface SimilarName {
  entry: number;
  /** Whether it is one of the organisation's other names. */
  other: boolean;
  /** Its words, normalised (NameKeys.words). */
  words: readonly string[];
}

/** What a word of a line brings into view: its names, and the words one typo from it. */
interface WordReach {
  /** The word if a name has it, then the words one typo from it with its first letter: their names are in view. */
  posting: number[];
  /** The names of `posting`, each counted once per word it has. */
  size: number;
  /** Every word one typo from it, whatever its first letter: a typo in scoring is a typo anywhere but the first letter in view. */
  typos: number[];
}

/** A line or a name of more words than bits in a number is scored as text, by wordLikeness. */
const MOST_WORDS_BY_NUMBER = 30;

/**
 * The register's names as the similar path reads them, thousands for a line of common words:
 * numbers in arrays side by side, each name's words as word numbers (RegisterWords), rather than
 * an object with strings for each name.
 */
interface NameColumns {
  entry: Int32Array;
  other: Uint8Array;
  /** Where each name's words start in `words`. */
  start: Int32Array;
  wordCount: Int32Array;
  words: Int32Array;
}

/** The register's names by the words they hold, and what a word of a line brings into view. */
class NamesByWord {
  readonly words = new RegisterWords();
  /** By word number, the names with the word, by their number. */
  readonly #names: number[][] = [];
  /** Kept once found: a list's lines share most of their words. */
  readonly #reachOfWord = new Map<string, WordReach>();

  /** Takes in the words of the name numbered `name`; returns their numbers, in order. */
  add(name: number, words: readonly string[]): number[] {
    const ids = words.map((word) => this.words.add(word));
    for (const id of new Set(ids)) (this.#names[id] ??= []).push(name);
    return ids;
  }

  /** The names with the word numbered `word`, by their number. */
  names(word: number): number[] {
    return this.#names[word]!;
  }

  /** What a word of a line brings into view, kept once found. */
  reachOf(word: string): WordReach {
    let reach = this.#reachOfWord.get(word);
    if (!reach) {
      const id = this.words.id(word);
      const typos = this.words.oneTypoFrom(word);
      // A typo in the first letter is rare; looking only under the same letter keeps the names in view few.
      const posting = [
        ...(id === undefined ? [] : [id]),
        ...typos.filter((other) => this.words.words[other]![0] === word[0]),
      ];
      const size = posting.reduce((sum, other) => sum + this.#names[other]!.length, 0);
      reach = { posting, size, typos };
      this.#reachOfWord.set(word, reach);
    }
    return reach;
  }
}

export class SimilarNames {
  readonly #columns: NameColumns;
  /** The words of each name, by its number, for the names scored as text. */
  readonly #nameWords: readonly (readonly string[])[];
  readonly #byWord = new NamesByWord();
  // The names one line has in view, marked with the line's number.
  #line = 0;
  readonly #nameSeenOn: Uint32Array;
  /** By word number, the words of the line (as bits by position) that the word is, and is one typo from. */
  readonly #sameAs: Int32Array;
  readonly #typoOf: Int32Array;
  /** The names in view of a line, in the order seen, then grouped by their number of words. */
  readonly #inView: Int32Array;
  readonly #grouped: Int32Array;
  /** By number of words: the names in view with it, and where their group starts and ends in #grouped. */
  readonly #withLength: Int32Array;
  readonly #groupAt: Int32Array;
  readonly #nextInGroup: Int32Array;

  /** `names` are numbered in the order given. */
  constructor(names: readonly SimilarName[]) {
    const starts = [0];
    const words: number[] = [];
    names.forEach((name, number) => {
      words.push(...this.#byWord.add(number, name.words));
      starts.push(words.length);
    });
    this.#nameWords = names.map((name) => name.words);
    this.#columns = {
      entry: Int32Array.from(names, (name) => name.entry),
      other: Uint8Array.from(names, (name) => (name.other ? 1 : 0)),
      start: Int32Array.from(starts),
      wordCount: Int32Array.from(names, (name) => name.words.length),
      words: Int32Array.from(words),
    };
    const mostWords = this.#columns.wordCount.reduce((most, count) => Math.max(most, count), 0);
    this.#inView = new Int32Array(names.length);
    this.#grouped = new Int32Array(names.length);
    this.#withLength = new Int32Array(mostWords + 1);
    this.#groupAt = new Int32Array(mostWords + 1);
    this.#nextInGroup = new Int32Array(mostWords + 1);
    this.#nameSeenOn = new Uint32Array(names.length);
    this.#sameAs = new Int32Array(this.#byWord.words.words.length);
    this.#typoOf = new Int32Array(this.#byWord.words.words.length);
  }

  #startLine(): void {
    this.#line += 1;
    if (this.#line === 2 ** 32) {
      this.#line = 1;
      this.#nameSeenOn.fill(0);
    }
  }

  /**
   * Offers the names sharing words with the line, scored by how alike their words are. A name
   * that shares half the line's words has one of its rarest (all but needed − 1 of them), so only
   * their names are looked at; and a common word ("community") adds no names once enough are in view.
   */
  offer(query: readonly string[], findings: LineFindings): void {
    this.#startLine();
    const reaches = [...new Set(query)].map((word) => this.#byWord.reachOf(word));
    const length = query.length;
    const most = (count: number): number =>
      Math.round((SCORES.similar * 2 * Math.min(length, count)) / (length + count));
    const lengths = this.#groupInView(reaches, most);
    const marked = length > MOST_WORDS_BY_NUMBER ? [] : this.#markWords(query, reaches);
    for (const count of lengths) {
      // Names that cannot reach the scores already among the first few shown cannot change the result.
      if (most(count) < Math.max(PROPOSE_FROM, findings.floor())) break;
      for (let slot = this.#groupAt[count]!; slot < this.#nextInGroup[count]!; slot += 1) {
        const name = this.#grouped[slot]!;
        const score = this.#similarScore(query, name, count);
        if (score >= PROPOSE_FROM) findings.offer(this.#columns.entry[name]!, score, 'similar', name);
      }
    }
    for (const id of marked) {
      this.#sameAs[id] = 0;
      this.#typoOf[id] = 0;
    }
    for (const count of lengths) this.#withLength[count] = 0;
  }

  /**
   * Puts the names in view of a line's words into #grouped, grouped by their number of words (no
   * more words can match than the shorter of name and line has, so that number bounds a name's
   * score before its likeness is worked out), the groups by the score `most` they can reach, each
   * group in the order seen (from #groupAt to #nextInGroup); returns the numbers of words in order.
   */
  #groupInView(reaches: readonly WordReach[], most: (count: number) => number): number[] {
    const postings = [...reaches].sort((a, b) => a.size - b.size);
    const needed = Math.max(1, Math.ceil(postings.length / 2));
    const { wordCount } = this.#columns;
    const inView = this.#inView;
    const withLength = this.#withLength;
    /** The numbers of words of the names in view, in the order first seen. */
    const lengths: number[] = [];
    let seen = 0;
    for (let index = 0; index < postings.length - needed + 1; index += 1) {
      const posting = postings[index]!;
      if (index > 0 && seen + posting.size > MAX_SIMILAR_NAMES) continue;
      for (const word of posting.posting) {
        const names = this.#byWord.names(word);
        for (let at = 0; at < names.length; at += 1) {
          const name = names[at]!;
          if (this.#nameSeenOn[name] === this.#line) continue;
          this.#nameSeenOn[name] = this.#line;
          inView[seen] = name;
          seen += 1;
          const count = wordCount[name]!;
          if (withLength[count] === 0) lengths.push(count);
          withLength[count]! += 1;
        }
      }
    }
    lengths.sort((a, b) => most(b) - most(a));
    let at = 0;
    for (const count of lengths) {
      this.#groupAt[count] = at;
      this.#nextInGroup[count] = at;
      at += withLength[count]!;
    }
    for (let index = 0; index < seen; index += 1) {
      const count = wordCount[inView[index]!]!;
      this.#grouped[this.#nextInGroup[count]!] = inView[index]!;
      this.#nextInGroup[count]! += 1;
    }
    return lengths;
  }

  /**
   * The score of a name of `count` words as similar to the line; 0 when its words cannot bring it
   * to PROPOSE_FROM. wordLikeness on word numbers: the same word is the same number, and the
   * positions of the line's words that a word of the register is, or is one typo from, are bits
   * in #sameAs and #typoOf.
   */
  #similarScore(query: readonly string[], name: number, count: number): number {
    const weight = this.#columns.other[name] ? SCORES.similarOtherName : SCORES.similar;
    if (query.length > MOST_WORDS_BY_NUMBER || count > MOST_WORDS_BY_NUMBER)
      return Math.round(weight * wordLikeness(query, this.#nameWords[name]!));
    const { start, words } = this.#columns;
    const sameAs = this.#sameAs;
    const typoOf = this.#typoOf;
    const length = query.length;
    const first = start[name]!;
    // Most names in view share one word with the line: the line's words any of the name's could
    // match bound its score, and below PROPOSE_FROM it is not worked out.
    let reachable = 0;
    for (let word = first; word < first + count; word += 1)
      reachable |= sameAs[words[word]!]! | typoOf[words[word]!]!;
    const bound = Math.min(bitCount(reachable), count);
    if (Math.round(weight * harmonicMean(bound / length, bound / count)) < PROPOSE_FROM) return 0;
    let used = 0;
    let matched = 0;
    for (let position = 0; position < length; position += 1) {
      const bit = 1 << position;
      let found = -1;
      let credit = 1;
      for (let word = 0; word < count && found < 0; word += 1) {
        if ((used & (1 << word)) === 0 && (sameAs[words[first + word]!]! & bit) !== 0) found = word;
      }
      if (found < 0) {
        credit = TYPO_CREDIT;
        for (let word = 0; word < count && found < 0; word += 1) {
          if ((used & (1 << word)) === 0 && (typoOf[words[first + word]!]! & bit) !== 0) found = word;
        }
      }
      if (found < 0) continue;
      used |= 1 << found;
      matched += credit;
    }
    return Math.round(weight * harmonicMean(matched / length, matched / count));
  }

  /**
   * Marks, by word number, the positions of the line's words (as bits) that each word of the
   * register is (in #sameAs) and is one typo from (in #typoOf, from TYPO_FROM_LENGTH letters);
   * returns the words marked, to be cleared after the line.
   */
  #markWords(query: readonly string[], reaches: readonly WordReach[]): number[] {
    const marked: number[] = [];
    const distinct = [...new Set(query)];
    query.forEach((word, position) => {
      const id = this.#byWord.words.id(word);
      if (id !== undefined) {
        this.#sameAs[id]! |= 1 << position;
        marked.push(id);
      }
      for (const typo of reaches[distinct.indexOf(word)]!.typos) {
        this.#typoOf[typo]! |= 1 << position;
        marked.push(typo);
      }
    });
    return marked;
  }
}

/** The number of bits set in a 32-bit number. */
function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count += 1;
  return count;
}
