// Words that names write two ways: "St Vincent de Paul" and "Saint Vincent de Paul" are one
// society, "Assoc" is "Association", "Ltd" is "Limited". The list matcher reads every spelling of
// a group as its first (src/match/normalise.ts); the search index also holds each name written
// the other ways (`nameVariants`), so that a reader finds it whichever way they type it, quoted
// phrases included. ("Co" stays out: it is also "County", and the "co" of "Co-operative".)
import { tokenize } from './fold.ts';

const NAME_SYNONYMS: readonly (readonly string[])[] = [
  ['saint', 'st'],
  ['association', 'assoc', 'assn'],
  ['limited', 'ltd'],
  ['teoranta', 'teo'],
];

const GROUP_OF = new Map(NAME_SYNONYMS.flatMap((group) => group.map((word) => [word, group] as const)));

/** The first spelling of a word's group, or the word itself when it is in none. */
export function canonicalNameWord(word: string): string {
  return GROUP_OF.get(word)?.[0] ?? word;
}

/**
 * A name's folded words written each other way its groups allow: every grouped word as the
 * group's first spelling, then as its second, and so on (a word whose group has no spelling of
 * that rank keeps its first). Variants equal to the name itself are left out.
 */
export function nameVariants(name: string): string[] {
  const words = tokenize(name);
  const groups = words.map((word) => GROUP_OF.get(word));
  if (groups.every((group) => group === undefined)) return [];
  const ranks = Math.max(...groups.map((group) => group?.length ?? 0));
  const written = words.join(' ');
  const variants = new Set<string>();
  for (let rank = 0; rank < ranks; rank += 1) {
    const variant = words.map((word, index) => groups[index]?.[rank] ?? groups[index]?.[0] ?? word).join(' ');
    if (variant !== written) variants.add(variant);
  }
  return [...variants];
}
