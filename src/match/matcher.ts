// Matching one line of a list (a name, a registration number or an id) against the register.
// Pure and synchronous: the browser runs it over a table loaded with the page, the tests over a
// table built in memory.
//
// A line is matched only when one organisation stands clearly first: a number or an id, the
// same name, the same name once normalised, the same other name, or a name so close that only a
// typo or the order of its words differs, with no other organisation near it, and that one is
// still on the register. Anything less shows its candidates to choose from and claims no match:
// a wrong match in a list of hundreds is far harder to spot than a gap.
import { numberDigits, type RegisterKind, type RegistrationNumber } from '../lib/identifiers.ts';
import { nameKeys, withinOneEdit, type NameKeys } from './normalise.ts';
import { RegisterWords, TYPO_FROM_LENGTH } from './register-words.ts';

/** One organisation as the matcher sees it. */
export interface MatchEntry {
  id: string;
  name: string;
  altNames: string[];
  county?: string;
  numbers: RegistrationNumber[];
  /** The date of the edition since which it is no longer on the register; none while on it. */
  goneSince?: string;
}

/** Why a candidate was proposed. */
type MatchReason = 'id' | 'number' | 'name' | 'normalised' | 'legal form' | 'other name' | 'similar';

export interface Candidate {
  /** Index of the organisation in the entries the matcher was built from. */
  entry: number;
  /** 0–100: how sure the match is. */
  score: number;
  reason: MatchReason;
  /** The name or number that matched, as the register gives it. */
  matched: string;
}

type LineStatus = 'matched' | 'ambiguous' | 'none' | 'blank';

export interface LineMatch {
  input: string;
  status: LineStatus;
  /** The match, when the status is "matched". */
  best?: Candidate;
  /** Other organisations to choose from, best first (the match not among them). */
  candidates: Candidate[];
}

/** Scores by reason; a name that is only similar scores up to `similar` times its likeness. */
const SCORES = {
  id: 100,
  number: 100,
  /** The same text, capitals included. */
  sameName: 100,
  /** The same text but for capitals and spacing. */
  sameNameAnyCase: 98,
  normalised: 95,
  /** The same name once normalised, but for the legal form (or its absence). */
  legalForm: 90,
  otherName: 92,
  otherNameNormalised: 88,
  otherNameLegalForm: 85,
  similar: 89,
  similarOtherName: 84,
} as const;

/** A similar name is matched from this score, and only this far ahead of the next organisation. */
const ACCEPT_SIMILAR = 80;
const SIMILAR_MARGIN = 5;
/** Candidates shown besides the match. */
const MORE_CANDIDATES = 4;
/** Most names scored as similar for one line, beyond those of its rarest word. */
const MAX_SIMILAR_NAMES = 3000;
/** Below this score a name is not worth proposing at all. */
const PROPOSE_FROM = 45;
/** Credit for a word written with one typo (from TYPO_FROM_LENGTH letters). */
const TYPO_CREDIT = 0.8;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER_FORMS: readonly (readonly [RegExp, RegisterKind | undefined])[] = [
  [/^IE[-\s]?CHY[-\s]?(\d+)$/i, 'charity'],
  [/^IE[-\s]?CRO[-\s]?(\d+)$/i, 'company'],
  [/^(?:RCN|CRA)\s*(?:no\.?|number)?\s*[:#]?\s*(\d+)$/i, 'charity'],
  [/^CRO\s*(?:no\.?|number)?\s*[:#]?\s*(\d+)$/i, 'company'],
  [/^CHY\s*(?:no\.?|number)?\s*[:#-]?\s*(\d+)$/i, 'chy'],
  [/^(\d[\d ]*)$/, undefined],
];

export type LineQuery =
  | { kind: 'blank' }
  | { kind: 'id'; id: string }
  | { kind: 'number'; register?: RegisterKind; number: string }
  | { kind: 'name'; keys: NameKeys };

/** What a line asks for: an organisation id, a registration number, or a name. */
export function readLine(line: string): LineQuery {
  const text = line.trim().replace(/^["'\s]+|["'\s]+$/g, '');
  if (text === '') return { kind: 'blank' };
  if (GUID.test(text)) return { kind: 'id', id: text.toLowerCase() };
  for (const [pattern, register] of NUMBER_FORMS) {
    const digits = pattern.exec(text)?.[1];
    if (digits === undefined) continue;
    const number = numberDigits(register ?? 'charity', digits);
    if (number !== undefined)
      return register ? { kind: 'number', register, number } : { kind: 'number', number };
  }
  const keys = nameKeys(text);
  return keys.normalised === '' ? { kind: 'blank' } : { kind: 'name', keys };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

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

function harmonicMean(precision: number, recall: number): number {
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

/** A name of the register as the matcher keeps it. */
interface IndexedName {
  /** Its place among the register's names. */
  number: number;
  entry: number;
  text: string;
  other: boolean;
  keys: NameKeys;
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

/** Scores are whole numbers from 0 to 100: a count of each gives the fifth best without sorting. */
const MOST_SCORE = 100;
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

export class Matcher {
  readonly entries: readonly MatchEntry[];
  readonly #byId = new Map<string, number>();
  readonly #byNumber = new Map<string, number[]>();
  readonly #byPlain = new Map<string, IndexedName[]>();
  readonly #byNormalised = new Map<string, IndexedName[]>();
  readonly #byCore = new Map<string, IndexedName[]>();
  readonly #names: IndexedName[] = [];
  readonly #columns: NameColumns;
  readonly #words = new RegisterWords();
  /** By word number, the names with the word, by their number. */
  readonly #namesByWord: number[][] = [];
  /** Kept once found: a list's lines share most of their words. */
  readonly #reachOfWord = new Map<string, WordReach>();

  // What one line has found so far: arrays over the whole register, marked with the line's
  // number, rather than a map and a set made anew for each line, since a line can look at
  // thousands of names.
  #line = 0;
  readonly #nameSeenOn: Uint32Array;
  readonly #entryFoundOn: Uint32Array;
  /** The organisations found, in the order first found: among equal scores and names, the order shown. */
  #found: number[] = [];
  readonly #bestScore: Int32Array;
  readonly #bestReason: MatchReason[] = [];
  /** The name that gave the best score, by number; -1 for an id or a number, kept in #bestMatched. */
  readonly #bestName: Int32Array;
  readonly #bestMatched: string[] = [];
  readonly #foundWithScore = new Int32Array(MOST_SCORE + 1);
  #nameRank: Int32Array | undefined;
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

  constructor(entries: readonly MatchEntry[]) {
    this.entries = entries;
    const starts = [0];
    const words: number[] = [];
    entries.forEach((entry, index) => {
      this.#byId.set(entry.id.toLowerCase(), index);
      for (const { kind, number } of entry.numbers) {
        push(this.#byNumber, `${kind}:${number}`, index);
        push(this.#byNumber, `*:${number}`, index);
      }
      const names = [entry.name, ...entry.altNames.filter((name) => name !== entry.name)];
      names.forEach((text, position) => {
        const keys = nameKeys(text);
        if (keys.normalised === '') return;
        const number = this.#names.length;
        const name: IndexedName = { number, entry: index, text, other: position > 0, keys };
        this.#names.push(name);
        push(this.#byPlain, keys.plain, name);
        push(this.#byNormalised, keys.normalised, name);
        push(this.#byCore, keys.core, name);
        const ids = keys.words.map((word) => this.#words.add(word));
        words.push(...ids);
        starts.push(words.length);
        for (const id of new Set(ids)) (this.#namesByWord[id] ??= []).push(number);
      });
    });
    this.#columns = {
      entry: Int32Array.from(this.#names, (name) => name.entry),
      other: Uint8Array.from(this.#names, (name) => (name.other ? 1 : 0)),
      start: Int32Array.from(starts),
      wordCount: Int32Array.from(this.#names, (name) => name.keys.words.length),
      words: Int32Array.from(words),
    };
    const mostWords = this.#columns.wordCount.reduce((most, count) => Math.max(most, count), 0);
    this.#inView = new Int32Array(this.#names.length);
    this.#grouped = new Int32Array(this.#names.length);
    this.#withLength = new Int32Array(mostWords + 1);
    this.#groupAt = new Int32Array(mostWords + 1);
    this.#nextInGroup = new Int32Array(mostWords + 1);
    this.#nameSeenOn = new Uint32Array(this.#names.length);
    this.#entryFoundOn = new Uint32Array(entries.length);
    this.#bestScore = new Int32Array(entries.length);
    this.#bestName = new Int32Array(entries.length);
    this.#sameAs = new Int32Array(this.#words.words.length);
    this.#typoOf = new Int32Array(this.#words.words.length);
  }

  /** Matches one line of a list. */
  match(line: string): LineMatch {
    const query = readLine(line);
    if (query.kind === 'blank') return { input: line, status: 'blank', candidates: [] };
    this.#startLine();
    if (query.kind === 'id') {
      const entry = this.#byId.get(query.id);
      if (entry !== undefined) this.#offer(entry, SCORES.id, 'id', -1, this.entries[entry]!.id);
    } else if (query.kind === 'number') {
      const key = `${query.register ?? '*'}:${query.number}`;
      for (const entry of new Set(this.#byNumber.get(key) ?? [])) {
        this.#offer(entry, SCORES.number, 'number', -1, query.number);
      }
    } else {
      this.#offerNames(line, query.keys);
    }
    return decide(line, this.#firstRanked(), this.entries);
  }

  #startLine(): void {
    this.#line += 1;
    if (this.#line === 2 ** 32) {
      this.#line = 1;
      this.#nameSeenOn.fill(0);
      this.#entryFoundOn.fill(0);
    }
    this.#found = [];
    this.#foundWithScore.fill(0);
  }

  /** Offers an organisation for its name numbered `name`, or for `matched`; it keeps its best score, and the first reason found for it. */
  #offer(entry: number, score: number, reason: MatchReason, name: number, matched = ''): void {
    if (this.#entryFoundOn[entry] !== this.#line) {
      this.#entryFoundOn[entry] = this.#line;
      this.#found.push(entry);
    } else {
      const known = this.#bestScore[entry]!;
      if (known >= score) return;
      this.#foundWithScore[known]! -= 1;
    }
    this.#foundWithScore[score]! += 1;
    this.#bestScore[entry] = score;
    this.#bestReason[entry] = reason;
    this.#bestName[entry] = name;
    if (name < 0) this.#bestMatched[entry] = matched;
  }

  /** The score of the last organisation decide() would keep, 0 while fewer are found. */
  #floor(): number {
    if (this.#found.length <= MORE_CANDIDATES) return 0;
    let better = 0;
    for (let score = MOST_SCORE; score > 0; score -= 1) {
      better += this.#foundWithScore[score]!;
      if (better > MORE_CANDIDATES) return score;
    }
    return 0;
  }

  /**
   * The organisations found that decide() weighs and shows: the first few, ranked by score, then
   * name (byName), then the order found. Only those are ranked: a line of a common name
   * ("Community Centre") finds thousands with the same score, and ranking them all by name cost
   * more than finding them.
   */
  #firstRanked(): Candidate[] {
    const floor = this.#floor();
    const scores = this.#bestScore;
    const first: number[] = [];
    const before = (entry: number, other: number): boolean =>
      scores[entry]! > scores[other]! ||
      (scores[entry] === scores[other] && this.#rankByName()[entry]! < this.#rankByName()[other]!);
    for (const entry of this.#found) {
      if (scores[entry]! < floor) continue;
      let at = first.length;
      while (at > 0 && before(entry, first[at - 1]!)) at -= 1;
      if (at > MORE_CANDIDATES) continue;
      first.splice(at, 0, entry);
      if (first.length > MORE_CANDIDATES + 1) first.pop();
    }
    return first.map((entry) => ({
      entry,
      score: scores[entry]!,
      reason: this.#bestReason[entry]!,
      matched:
        this.#bestName[entry]! < 0 ? this.#bestMatched[entry]! : this.#names[this.#bestName[entry]!]!.text,
    }));
  }

  /**
   * Each organisation's place in the order of names (byName), equal names equal: worked out once,
   * at the first tie, since comparing names is most of the time of ranking thousands.
   */
  #rankByName(): Int32Array {
    if (this.#nameRank) return this.#nameRank;
    // Each name once, sorted: many organisations share a name, and sorting the entries by
    // their names took four times as long.
    const names = [...new Set(this.entries.map((entry) => entry.name))].sort(byName.compare);
    const rankOf = new Map<string, number>();
    names.forEach((name, at) => {
      const previous = names[at - 1];
      const same = previous !== undefined && byName.compare(previous, name) === 0;
      rankOf.set(name, same ? rankOf.get(previous)! : at);
    });
    this.#nameRank = Int32Array.from(this.entries, (entry) => rankOf.get(entry.name)!);
    return this.#nameRank;
  }

  /** Offers the names like the line's. */
  #offerNames(line: string, keys: NameKeys): void {
    const exact = line.trim().replace(/\s+/g, ' ');
    for (const name of this.#byPlain.get(keys.plain) ?? []) {
      const same = name.text.trim().replace(/\s+/g, ' ') === exact;
      this.#offer(
        name.entry,
        name.other ? SCORES.otherName : same ? SCORES.sameName : SCORES.sameNameAnyCase,
        name.other ? 'other name' : 'name',
        name.number,
      );
    }
    for (const name of this.#byNormalised.get(keys.normalised) ?? []) {
      this.#offer(
        name.entry,
        name.other ? SCORES.otherNameNormalised : SCORES.normalised,
        name.other ? 'other name' : 'normalised',
        name.number,
      );
    }
    for (const name of this.#byCore.get(keys.core) ?? []) {
      this.#offer(
        name.entry,
        name.other ? SCORES.otherNameLegalForm : SCORES.legalForm,
        name.other ? 'other name' : 'legal form',
        name.number,
      );
    }
    this.#offerSimilar(keys.words);
  }

  /**
   * Offers the names sharing words with the line, scored by how alike their words are. A name
   * that shares half the line's words has one of its rarest (all but needed − 1 of them), so only
   * their names are looked at; and a common word ("community") adds no names once enough are in view.
   */
  #offerSimilar(query: readonly string[]): void {
    const reaches = [...new Set(query)].map((word) => this.#reachOf(word));
    const length = query.length;
    const most = (count: number): number =>
      Math.round((SCORES.similar * 2 * Math.min(length, count)) / (length + count));
    const lengths = this.#groupInView(reaches, most);
    const marked = length > MOST_WORDS_BY_NUMBER ? [] : this.#markWords(query, reaches);
    for (const count of lengths) {
      // Names that cannot reach the scores already among the first few shown cannot change the result.
      if (most(count) < Math.max(PROPOSE_FROM, this.#floor())) break;
      for (let slot = this.#groupAt[count]!; slot < this.#nextInGroup[count]!; slot += 1) {
        const name = this.#grouped[slot]!;
        const score = this.#similarScore(query, name, count);
        if (score >= PROPOSE_FROM) this.#offer(this.#columns.entry[name]!, score, 'similar', name);
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
        const names = this.#namesByWord[word]!;
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
      return Math.round(weight * wordLikeness(query, this.#names[name]!.keys.words));
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
      const id = this.#words.id(word);
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

  /** What a word of a line brings into view, kept once found. */
  #reachOf(word: string): WordReach {
    let reach = this.#reachOfWord.get(word);
    if (!reach) {
      const id = this.#words.id(word);
      const typos = this.#words.oneTypoFrom(word);
      // A typo in the first letter is rare; looking only under the same letter keeps the names in view few.
      const posting = [
        ...(id === undefined ? [] : [id]),
        ...typos.filter((other) => this.#words.words[other]![0] === word[0]),
      ];
      const size = posting.reduce((sum, other) => sum + this.#namesByWord[other]!.length, 0);
      reach = { posting, size, typos };
      this.#reachOfWord.set(word, reach);
    }
    return reach;
  }
}

/** The number of bits set in a 32-bit number. */
function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count += 1;
  return count;
}

/** The order of String.prototype.localeCompare, without its look-up of the locale on every call. */
const byName = new Intl.Collator();

/** Whether the first of the ranked candidates (#firstRanked) is a match, and which others to show. */
function decide(input: string, ranked: Candidate[], entries: readonly MatchEntry[]): LineMatch {
  const [first, second] = ranked;
  if (!first) return { input, status: 'none', candidates: [] };
  const margin = first.reason === 'similar' ? SIMILAR_MARGIN : 1;
  const clear = second === undefined || first.score - second.score >= margin;
  const enough = first.reason !== 'similar' || first.score >= ACCEPT_SIMILAR;
  // An organisation no longer on the register is offered, flagged, but never the match: a list
  // naming it may mean it, its successor, or one of a like name still on the register.
  const current = entries[first.entry]!.goneSince === undefined;
  if (clear && enough && current) {
    return { input, status: 'matched', best: first, candidates: ranked.slice(1, 1 + MORE_CANDIDATES) };
  }
  return {
    input,
    status: enough ? 'ambiguous' : 'none',
    candidates: ranked.slice(0, 1 + MORE_CANDIDATES),
  };
}

/** The column most likely to hold names or numbers: the first whose heading says so, else the first. */
export function likelyColumn(headings: readonly string[]): number {
  const at = headings.findIndex((heading) =>
    /name|organi[sz]ation|charity|grantee|recipient|number|rcn|chy|cro/i.test(heading),
  );
  return at < 0 ? 0 : at;
}
