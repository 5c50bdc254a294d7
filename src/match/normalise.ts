// How a name is compared when a list is matched against the register. Spreadsheets spell one
// organisation many ways: capitals, accents, `&` or `and`, `St.` or `Saint`, `Ltd` or `Limited`,
// `CLG` or `Company Limited by Guarantee`, a leading "The", stray spaces and full stops. Each way
// folds to one key here; the words are folded exactly as the site's search folds them.
import { tokenize } from '../search/format/fold.ts';
import { canonicalNameWord, LEGAL_FORMS, LEGAL_SHORT_FORMS } from '../search/format/synonyms.ts';

export interface NameKeys {
  /** Lower case, spaces collapsed: "the same name" apart from capitals and spacing. */
  plain: string;
  /** Every variant above folded away, legal forms written one way: "same name once normalised". */
  normalised: string;
  /** `normalised` without its legal form: "Foo CLG", "Foo Ltd" and "Foo" share it. */
  core: string;
  /** The words of `core`, for scoring names that are close but not the same. */
  words: string[];
}

function startsWith(words: readonly string[], at: number, sequence: readonly string[]): boolean {
  return sequence.every((word, offset) => words[at + offset] === word);
}

/** Legal forms in their short form, `St` as `Saint` (src/search/format/synonyms.ts), and a possessive `'s` kept on its word. */
function canonicalWords(words: readonly string[]): string[] {
  const result: string[] = [];
  for (let at = 0; at < words.length;) {
    const form = LEGAL_FORMS.find(([sequence]) => startsWith(words, at, sequence));
    if (form) {
      result.push(form[1]);
      at += form[0].length;
      continue;
    }
    const word = words[at]!;
    if (word === 's' && result.length > 0 && at > 0) result[result.length - 1] += 's';
    // A legal form keeps its short form: it is what `core` drops.
    else result.push(LEGAL_SHORT_FORMS.has(word) ? word : canonicalNameWord(word));
    at += 1;
  }
  return result;
}

/** The keys a name is compared by. */
export function nameKeys(name: string): NameKeys {
  const plain = name.trim().replace(/\s+/g, ' ').toLowerCase();
  const words = canonicalWords(tokenize(name));
  if (words.length > 1 && words[0] === 'the') words.shift();
  const core = [...words];
  // "Foo Co. Ltd." is "Foo" with its legal form; "Abbey Theatre Company" keeps its last word.
  let dropped = false;
  while (core.length > 1 && LEGAL_SHORT_FORMS.has(core[core.length - 1]!)) {
    core.pop();
    dropped = true;
  }
  if (dropped && core.length > 1 && (core[core.length - 1] === 'co' || core[core.length - 1] === 'company')) {
    core.pop();
  }
  // Words are joined without spaces so that `O'Brien`, `O Brien` and `OBrien` are one name.
  return { plain, normalised: words.join(''), core: core.join(''), words: core };
}

/** Whether `a` from `from` and `b` from `to` are the same to their ends (compared in place: this runs for every pair of words scored). */
function sameFrom(a: string, from: number, b: string, to: number): boolean {
  if (a.length - from !== b.length - to) return false;
  for (let at = 0; from + at < a.length; at += 1)
    if (a.charCodeAt(from + at) !== b.charCodeAt(to + at)) return false;
  return true;
}

/** True when `a` becomes `b` by one inserted, deleted, replaced or swapped neighbouring letter. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  if (a.length === b.length) {
    if (sameFrom(a, start + 1, b, start + 1)) return true;
    return a[start] === b[start + 1] && a[start + 1] === b[start] && sameFrom(a, start + 2, b, start + 2);
  }
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return sameFrom(longer, start + 1, shorter, start);
}
