// Words that names write two ways: "St Vincent de Paul" and "Saint Vincent de Paul" are one
// society, "Assoc" is "Association", "Ltd" is "Limited", "CLG" is "Company Limited by Guarantee".
// The list matcher reads every spelling as one (src/match/normalise.ts); the search index also
// holds each name written the other ways (`nameVariants`), so that a reader finds it whichever way
// they type it, quoted phrases included. ("Co" alone stays out: it is also "County", and the "co"
// of "Co-operative".)
import { tokenize } from './fold.ts';

const NAME_SYNONYMS: readonly (readonly string[])[] = [
  ['saint', 'st'],
  ['association', 'assoc', 'assn'],
  ['limited', 'ltd'],
  ['teoranta', 'teo'],
];

/**
 * Legal forms written out or abbreviated, in English or Irish, each as its English short form
 * (Companies Act 2014). The first sequence of each short form is how it is written out.
 */
export const LEGAL_FORMS: readonly (readonly [readonly string[], string])[] = [
  [['company', 'limited', 'by', 'guarantee'], 'clg'],
  [['company', 'ltd', 'by', 'guarantee'], 'clg'],
  [['co', 'limited', 'by', 'guarantee'], 'clg'],
  [['co', 'ltd', 'by', 'guarantee'], 'clg'],
  [['cuideachta', 'faoi', 'theorainn', 'rathaiochta'], 'clg'],
  [['c', 'l', 'g'], 'clg'],
  [['ctr'], 'clg'],
  [['designated', 'activity', 'company'], 'dac'],
  [['cuideachta', 'ghniomhaiochta', 'ainmnithe'], 'dac'],
  [['d', 'a', 'c'], 'dac'],
  [['cga'], 'dac'],
  [['unlimited', 'company'], 'uc'],
  [['u', 'c'], 'uc'],
  [['public', 'limited', 'company'], 'plc'],
  [['p', 'l', 'c'], 'plc'],
  [['teoranta'], 'teo'],
  [['limited'], 'ltd'],
];

/** Short forms that end a name as its legal form. */
export const LEGAL_SHORT_FORMS: ReadonlySet<string> = new Set(['clg', 'dac', 'uc', 'plc', 'teo', 'ltd']);

/** How each short form of more than one word is written out in English: "clg" → company limited by guarantee. */
const WRITTEN_OUT = new Map<string, readonly string[]>();
for (const [sequence, short] of LEGAL_FORMS) {
  const spelled = sequence.length > 1 && sequence.every((word) => word.length > 1);
  if (spelled && !WRITTEN_OUT.has(short)) WRITTEN_OUT.set(short, sequence);
}

const GROUP_OF = new Map(NAME_SYNONYMS.flatMap((group) => group.map((word) => [word, group] as const)));

/** The first spelling of a word's group, or the word itself when it is in none. */
export function canonicalNameWord(word: string): string {
  return GROUP_OF.get(word)?.[0] ?? word;
}

function startsAt(words: readonly string[], at: number, sequence: readonly string[]): boolean {
  return sequence.every((word, offset) => words[at + offset] === word);
}

/**
 * A name's folded words with its legal forms written the other way: "company limited by
 * guarantee" (or "c l g", or Irish) as "clg", and "clg" written out. Undefined when it has none.
 */
function legalFormVariants(words: readonly string[]): string[] {
  const short: string[] = [];
  const long: string[] = [];
  let found = false;
  for (let at = 0; at < words.length;) {
    const form = LEGAL_FORMS.find(([sequence]) => sequence.length > 1 && startsAt(words, at, sequence));
    const word = words[at]!;
    const written = WRITTEN_OUT.get(form?.[1] ?? word);
    if (form !== undefined || written !== undefined) found = true;
    short.push(form?.[1] ?? word);
    long.push(...(written ?? form?.[0] ?? [word]));
    at += form?.[0].length ?? 1;
  }
  return found ? [short.join(' '), long.join(' ')] : [];
}

/**
 * A name's folded words written each other way its groups allow: every grouped word as the
 * group's first spelling, then as its second, and so on (a word whose group has no spelling of
 * that rank keeps its first). Variants equal to the name itself are left out.
 */
export function nameVariants(name: string): string[] {
  const words = tokenize(name);
  const groups = words.map((word) => GROUP_OF.get(word));
  const written = words.join(' ');
  const variants = new Set(legalFormVariants(words).filter((variant) => variant !== written));
  if (groups.every((group) => group === undefined)) return [...variants];
  const ranks = Math.max(...groups.map((group) => group?.length ?? 0));
  for (let rank = 0; rank < ranks; rank += 1) {
    const variant = words.map((word, index) => groups[index]?.[rank] ?? groups[index]?.[0] ?? word).join(' ');
    if (variant !== written) variants.add(variant);
  }
  return [...variants];
}
