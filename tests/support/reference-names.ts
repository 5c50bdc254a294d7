// How the list matcher reads a line and compares names, written out again for the tests' reference
// matcher: its own folding (tests/support/search-reference.ts), its own table of legal forms and
// spellings. Nothing here comes from src/match, so a rule lost there cannot hide by being used on
// both sides of a comparison.
import { referenceWords } from './search-reference.ts';

export interface ReferenceNameKeys {
  /** Lower case, spaces collapsed. */
  plain: string;
  /** Words in one spelling, legal forms shortened, a leading "the" dropped, joined without spaces. */
  normalised: string;
  /** `normalised` without the legal form at its end. */
  core: string;
  /** The words of `core`. */
  words: string[];
}

/** Legal forms as written out or abbreviated (English and Irish), and the short form each is read as. */
const LEGAL_FORMS: readonly (readonly [string, string])[] = [
  ['company limited by guarantee', 'clg'],
  ['company ltd by guarantee', 'clg'],
  ['co limited by guarantee', 'clg'],
  ['co ltd by guarantee', 'clg'],
  ['cuideachta faoi theorainn rathaiochta', 'clg'],
  ['c l g', 'clg'],
  ['ctr', 'clg'],
  ['designated activity company', 'dac'],
  ['cuideachta ghniomhaiochta ainmnithe', 'dac'],
  ['d a c', 'dac'],
  ['cga', 'dac'],
  ['unlimited company', 'uc'],
  ['u c', 'uc'],
  ['public limited company', 'plc'],
  ['p l c', 'plc'],
  ['teoranta', 'teo'],
  ['limited', 'ltd'],
];
const SHORT_FORMS = new Set(['clg', 'dac', 'uc', 'plc', 'teo', 'ltd']);

/** Other spellings of a word, read as the first. */
const SPELLED_AS: Readonly<Record<string, string>> = {
  st: 'saint',
  assoc: 'association',
  assn: 'association',
};

/** A name's words with legal forms shortened, other spellings read as the usual one, and `'s` kept on its word. */
function oneSpelling(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let at = 0; at < words.length;) {
    const form = LEGAL_FORMS.find(([long]) => {
      const sequence = long.split(' ');
      return sequence.every((word, offset) => words[at + offset] === word);
    });
    if (form !== undefined) {
      out.push(form[1]);
      at += form[0].split(' ').length;
      continue;
    }
    const word = words[at]!;
    if (word === 's' && out.length > 0) out[out.length - 1] += 's';
    else out.push(SHORT_FORMS.has(word) ? word : (SPELLED_AS[word] ?? word));
    at += 1;
  }
  return out;
}

export function referenceNameKeys(name: string): ReferenceNameKeys {
  const words = oneSpelling(referenceWords(name));
  if (words.length > 1 && words[0] === 'the') words.shift();
  const core = [...words];
  let dropped = false;
  while (core.length > 1 && SHORT_FORMS.has(core.at(-1)!)) {
    core.pop();
    dropped = true;
  }
  if (dropped && core.length > 1 && ['co', 'company'].includes(core.at(-1)!)) core.pop();
  return {
    plain: name.trim().toLowerCase().split(/\s+/).join(' '),
    normalised: words.join(''),
    core: core.join(''),
    words: core,
  };
}

export type ReferenceLine =
  | { kind: 'blank' }
  | { kind: 'id'; id: string }
  | { kind: 'number'; register?: 'charity' | 'company' | 'chy'; number: string }
  | { kind: 'name'; keys: ReferenceNameKeys };

/** Registration numbers as lists write them, and the register each names (none: any register). */
const NUMBERS: readonly (readonly [RegExp, 'charity' | 'company' | 'chy' | undefined])[] = [
  [/^ie[- ]?chy[- ]?(\d+)$/, 'charity'],
  [/^ie[- ]?cro[- ]?(\d+)$/, 'company'],
  [/^(?:rcn|cra) *(?:no\.?|number)? *[:#]? *(\d+)$/, 'charity'],
  [/^cro *(?:no\.?|number)? *[:#]? *(\d+)$/, 'company'],
  [/^chy *(?:no\.?|number)? *[:#-]? *(\d+)$/, 'chy'],
  [/^(\d[\d ]*)$/, undefined],
];

/** A line of a list: quotation marks and spaces around it dropped, then an id, a number or a name. */
export function referenceReadLine(line: string): ReferenceLine {
  let text = line.trim();
  while (text !== '' && `"' `.includes(text[0]!)) text = text.slice(1);
  while (text !== '' && `"' `.includes(text.at(-1)!)) text = text.slice(0, -1);
  text = text.trim();
  if (text === '') return { kind: 'blank' };
  if (/^[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(text))
    return { kind: 'id', id: text.toLowerCase() };
  const lower = text.toLowerCase().replace(/\s+/g, ' ');
  for (const [pattern, register] of NUMBERS) {
    const written = pattern.exec(lower)?.[1];
    if (written === undefined) continue;
    const digits = written.replaceAll(' ', '').replace(/^0+/, '');
    if (digits === '') continue;
    return register === undefined
      ? { kind: 'number', number: digits }
      : { kind: 'number', register, number: digits };
  }
  const keys = referenceNameKeys(text);
  return keys.normalised === '' ? { kind: 'blank' } : { kind: 'name', keys };
}
