// The words of the register's names, numbered in the order they first appear, and the words one
// typo away from any word. A list of 100,000 lines asks for the typos of tens of thousands of
// words it has never seen; comparing each with every word of the register cost more than all the
// rest of matching it. A word one edit from another shares with it the word itself or one of its
// one-letter deletions ("school" and "schol" share "schol", "school" and "shcool" share "shool"),
// so those deletions, indexed once, give the few words worth comparing.
import { withinOneEdit } from './normalise.ts';

/** Typos count from this length, as the site's search allows them. */
export const TYPO_FROM_LENGTH = 5;

/** The word with each of its letters left out in turn, without repeats ("aabc": "abc", "aac", "aab"). */
function deletions(word: string): string[] {
  const result: string[] = [];
  for (let at = 0; at < word.length; at += 1) {
    // Leaving out either of two same letters side by side gives the same word.
    if (at > 0 && word[at] === word[at - 1]) continue;
    result.push(word.slice(0, at) + word.slice(at + 1));
  }
  return result;
}

export class RegisterWords {
  readonly #ids = new Map<string, number>();
  /** The words by number. */
  readonly words: string[] = [];
  /** Each word of TYPO_FROM_LENGTH letters or more, and each of its deletions, to the numbers of the words that give it; made at the first look-up, once every word is in. */
  #byDeletion: Map<string, number[]> | undefined;

  /** The word's number, given it if new. */
  add(word: string): number {
    let id = this.#ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.#ids.set(word, id);
      this.words.push(word);
      this.#byDeletion = undefined;
    }
    return id;
  }

  /** The word's number; undefined for a word no name has. */
  id(word: string): number | undefined {
    return this.#ids.get(word);
  }

  /**
   * The numbers, in increasing order, of the words other than `word` one inserted, deleted,
   * replaced or swapped neighbouring letter away from it, both of TYPO_FROM_LENGTH letters or more.
   */
  oneTypoFrom(word: string): number[] {
    if (word.length < TYPO_FROM_LENGTH) return [];
    const index = this.#deletionIndex();
    const near = new Set<number>();
    for (const key of [word, ...deletions(word)]) {
      for (const id of index.get(key) ?? []) {
        const other = this.words[id]!;
        if (other !== word && withinOneEdit(word, other)) near.add(id);
      }
    }
    return [...near].sort((a, b) => a - b);
  }

  #deletionIndex(): Map<string, number[]> {
    if (this.#byDeletion) return this.#byDeletion;
    const index = new Map<string, number[]>();
    this.words.forEach((word, id) => {
      if (word.length < TYPO_FROM_LENGTH) return;
      for (const key of [word, ...deletions(word)]) {
        const ids = index.get(key);
        if (ids) ids.push(id);
        else index.set(key, [id]);
      }
    });
    this.#byDeletion = index;
    return index;
  }
}
