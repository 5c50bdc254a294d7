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
/** Credit for a word written with one typo (from 5 letters, as the site's search allows). */
const TYPO_CREDIT = 0.8;
const TYPO_FROM_LENGTH = 5;

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

interface IndexedName {
  entry: number;
  text: string;
  other: boolean;
  keys: NameKeys;
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

export class Matcher {
  readonly entries: readonly MatchEntry[];
  readonly #byId = new Map<string, number>();
  readonly #byNumber = new Map<string, number[]>();
  readonly #byPlain = new Map<string, IndexedName[]>();
  readonly #byNormalised = new Map<string, IndexedName[]>();
  readonly #byCore = new Map<string, IndexedName[]>();
  readonly #byWord = new Map<string, IndexedName[]>();
  /** Words by first letter, for finding the words a typo was meant to be. */
  readonly #wordsByLetter = new Map<string, string[]>();
  readonly #namesNearWord = new Map<string, IndexedName[]>();

  constructor(entries: readonly MatchEntry[]) {
    this.entries = entries;
    entries.forEach((entry, index) => {
      this.#byId.set(entry.id.toLowerCase(), index);
      for (const { kind, number } of entry.numbers) {
        push(this.#byNumber, `${kind}:${number}`, index);
        push(this.#byNumber, `*:${number}`, index);
      }
      const names = [entry.name, ...entry.altNames.filter((name) => name !== entry.name)];
      names.forEach((text, position) => {
        const name: IndexedName = { entry: index, text, other: position > 0, keys: nameKeys(text) };
        if (name.keys.normalised === '') return;
        push(this.#byPlain, name.keys.plain, name);
        push(this.#byNormalised, name.keys.normalised, name);
        push(this.#byCore, name.keys.core, name);
        for (const word of new Set(name.keys.words)) {
          if (!this.#byWord.has(word)) push(this.#wordsByLetter, word[0]!, word);
          push(this.#byWord, word, name);
        }
      });
    });
  }

  /** Matches one line of a list. */
  match(line: string): LineMatch {
    const query = readLine(line);
    if (query.kind === 'blank') return { input: line, status: 'blank', candidates: [] };
    const found = new Map<number, Candidate>();
    const offer = (candidate: Candidate): void => {
      const known = found.get(candidate.entry);
      if (!known || known.score < candidate.score) found.set(candidate.entry, candidate);
    };
    if (query.kind === 'id') {
      const entry = this.#byId.get(query.id);
      if (entry !== undefined)
        offer({ entry, score: SCORES.id, reason: 'id', matched: this.entries[entry]!.id });
    } else if (query.kind === 'number') {
      const key = `${query.register ?? '*'}:${query.number}`;
      for (const entry of new Set(this.#byNumber.get(key) ?? [])) {
        offer({ entry, score: SCORES.number, reason: 'number', matched: query.number });
      }
    } else {
      this.#offerNames(line, query.keys, offer, () => shownFloor(found));
    }
    return decide(line, [...found.values()], this.entries);
  }

  /** Offers the names like the line's; `floor` is the lowest score that could still be shown. */
  #offerNames(
    line: string,
    keys: NameKeys,
    offer: (candidate: Candidate) => void,
    floor: () => number,
  ): void {
    const exact = line.trim().replace(/\s+/g, ' ');
    for (const name of this.#byPlain.get(keys.plain) ?? []) {
      const same = name.text.trim().replace(/\s+/g, ' ') === exact;
      offer({
        entry: name.entry,
        score: name.other ? SCORES.otherName : same ? SCORES.sameName : SCORES.sameNameAnyCase,
        reason: name.other ? 'other name' : 'name',
        matched: name.text,
      });
    }
    for (const name of this.#byNormalised.get(keys.normalised) ?? []) {
      offer({
        entry: name.entry,
        score: name.other ? SCORES.otherNameNormalised : SCORES.normalised,
        reason: name.other ? 'other name' : 'normalised',
        matched: name.text,
      });
    }
    for (const name of this.#byCore.get(keys.core) ?? []) {
      offer({
        entry: name.entry,
        score: name.other ? SCORES.otherNameLegalForm : SCORES.legalForm,
        reason: name.other ? 'other name' : 'legal form',
        matched: name.text,
      });
    }
    // Names sharing words with the line, scored by how alike their words are. A name that shares
    // half the line's words has one of its rarest (all but needed − 1 of them), so only their names
    // are looked at; and a common word ("community") adds no names once enough are in view.
    const postings = [...new Set(keys.words)]
      .map((word) => this.#namesNear(word))
      .sort((a, b) => a.length - b.length);
    const needed = Math.max(1, Math.ceil(postings.length / 2));
    // The names in view, by their number of words: no more words can match than the shorter of
    // name and line has, so that number bounds a name's score before its likeness is worked out.
    const seen = new Set<IndexedName>();
    const byLength = new Map<number, IndexedName[]>();
    postings.slice(0, postings.length - needed + 1).forEach((names, index) => {
      if (index > 0 && seen.size + names.length > MAX_SIMILAR_NAMES) return;
      for (const name of names) {
        if (seen.has(name)) continue;
        seen.add(name);
        push(byLength, name.keys.words.length, name);
      }
    });
    const length = keys.words.length;
    const most = (words: number): number =>
      Math.round((SCORES.similar * 2 * Math.min(length, words)) / (length + words));
    for (const words of [...byLength.keys()].sort((a, b) => most(b) - most(a))) {
      // Names that cannot reach the scores already among the first few shown cannot change the result.
      if (most(words) < Math.max(PROPOSE_FROM, floor())) break;
      for (const name of byLength.get(words)!) {
        const likeness = wordLikeness(keys.words, name.keys.words);
        const score = Math.round((name.other ? SCORES.similarOtherName : SCORES.similar) * likeness);
        if (score >= PROPOSE_FROM) offer({ entry: name.entry, score, reason: 'similar', matched: name.text });
      }
    }
  }

  /**
   * The names with the word or, from 5 letters, a word one typo away from it. Kept once found: a
   * list's lines share most of their words, and finding a word's typos means looking at every word
   * of the register with its first letter.
   */
  #namesNear(word: string): IndexedName[] {
    let names = this.#namesNearWord.get(word);
    if (!names) {
      names = this.#nearWords(word).flatMap((near) => this.#byWord.get(near) ?? []);
      this.#namesNearWord.set(word, names);
    }
    return names;
  }

  /** The word itself and, from 5 letters, the register's words one typo away from it. */
  #nearWords(word: string): string[] {
    const near = this.#byWord.has(word) ? [word] : [];
    if (word.length < TYPO_FROM_LENGTH) return near;
    // A typo in the first letter is rare; looking only under the same letter keeps this quick.
    for (const other of this.#wordsByLetter.get(word[0]!) ?? []) {
      if (other !== word && other.length >= TYPO_FROM_LENGTH && withinOneEdit(word, other)) near.push(other);
    }
    return near;
  }
}

/** The score of the last organisation decide() would keep, 0 while fewer are found. */
function shownFloor(found: ReadonlyMap<number, Candidate>): number {
  if (found.size <= MORE_CANDIDATES) return 0;
  const scores = [...found.values()].map((candidate) => candidate.score).sort((a, b) => b - a);
  return scores[MORE_CANDIDATES]!;
}

/** The order of String.prototype.localeCompare, without its look-up of the locale on every call. */
const byName = new Intl.Collator();

/** Whether the best candidate is a match, and which others to show. */
function decide(input: string, found: Candidate[], entries: readonly MatchEntry[]): LineMatch {
  // Only the first few are kept: they are ranked by name among equal scores, and the rest not at all.
  found.sort((a, b) => b.score - a.score);
  const lowest = found[MORE_CANDIDATES]?.score ?? 0;
  const ranked = found
    .filter((candidate) => candidate.score >= lowest)
    .sort((a, b) => b.score - a.score || byName.compare(entries[a.entry]!.name, entries[b.entry]!.name));
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
