// Matching one line of a list (a name, a registration number or an id) against the register.
// Pure and synchronous: the browser runs it over a table loaded with the page, the tests over a
// table built in memory.
//
// A line is matched only when one organisation stands clearly first: a number or an id, the
// same name, the same name once normalised, the same other name, or a name so close that only a
// typo or the order of its words differs, with no other organisation near it, and that one is
// still on the register. Anything less shows its candidates to choose from and claims no match:
// a wrong match in a list of hundreds is far harder to spot than a gap.
import type { RegistrationNumber } from '../lib/identifiers.ts';
import { decide, SCORES, type LineMatch } from './candidates.ts';
import { LineFindings } from './findings.ts';
import { readLine } from './line-query.ts';
import { nameKeys, type NameKeys } from './normalise.ts';
import { SimilarNames } from './similar-names.ts';

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

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
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

/**
 * The register, indexed for matching: by id, by registration number, and by each of a name's keys
 * (the same name, normalised, without its legal form); names only like a line's are found by
 * SimilarNames. What one line finds is kept in LineFindings.
 */
export class Matcher {
  readonly entries: readonly MatchEntry[];
  readonly #byId = new Map<string, number>();
  readonly #byNumber = new Map<string, number[]>();
  readonly #byPlain = new Map<string, IndexedName[]>();
  readonly #byNormalised = new Map<string, IndexedName[]>();
  readonly #byCore = new Map<string, IndexedName[]>();
  readonly #similar: SimilarNames;
  readonly #findings: LineFindings;

  constructor(entries: readonly MatchEntry[]) {
    this.entries = entries;
    const indexed: IndexedName[] = [];
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
        const name: IndexedName = { number: indexed.length, entry: index, text, other: position > 0, keys };
        indexed.push(name);
        push(this.#byPlain, keys.plain, name);
        push(this.#byNormalised, keys.normalised, name);
        push(this.#byCore, keys.core, name);
      });
    });
    this.#similar = new SimilarNames(
      indexed.map(({ entry, other, keys }) => ({ entry, other, words: keys.words })),
    );
    this.#findings = new LineFindings(
      entries,
      indexed.map((name) => name.text),
    );
  }

  /** Matches one line of a list. */
  match(line: string): LineMatch {
    const query = readLine(line);
    if (query.kind === 'blank') return { input: line, status: 'blank', candidates: [] };
    const findings = this.#findings;
    findings.startLine();
    if (query.kind === 'id') {
      const entry = this.#byId.get(query.id);
      if (entry !== undefined) findings.offer(entry, SCORES.id, 'id', -1, this.entries[entry]!.id);
    } else if (query.kind === 'number') {
      const key = `${query.register ?? '*'}:${query.number}`;
      for (const entry of new Set(this.#byNumber.get(key) ?? [])) {
        findings.offer(entry, SCORES.number, 'number', -1, query.number);
      }
    } else {
      this.#offerNames(line, query.keys);
    }
    return decide(line, findings.firstRanked(), this.entries);
  }

  /** Offers the names like the line's. */
  #offerNames(line: string, keys: NameKeys): void {
    const exact = line.trim().replace(/\s+/g, ' ');
    for (const name of this.#byPlain.get(keys.plain) ?? []) {
      const same = name.text.trim().replace(/\s+/g, ' ') === exact;
      this.#findings.offer(
        name.entry,
        name.other ? SCORES.otherName : same ? SCORES.sameName : SCORES.sameNameAnyCase,
        name.other ? 'other name' : 'name',
        name.number,
      );
    }
    for (const name of this.#byNormalised.get(keys.normalised) ?? []) {
      this.#findings.offer(
        name.entry,
        name.other ? SCORES.otherNameNormalised : SCORES.normalised,
        name.other ? 'other name' : 'normalised',
        name.number,
      );
    }
    for (const name of this.#byCore.get(keys.core) ?? []) {
      this.#findings.offer(
        name.entry,
        name.other ? SCORES.otherNameLegalForm : SCORES.legalForm,
        name.other ? 'other name' : 'legal form',
        name.number,
      );
    }
    this.#similar.offer(keys.words, this.#findings);
  }
}
