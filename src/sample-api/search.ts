// The `search` operation of the sample API, with the real service's rules: words are ANDed (or,
// with `--search-words any`, ORed, src/sample-api/answers.ts), a
// "quoted phrase" must appear as that exact sequence of words within one field, and matching
// ignores case and accents. Whole words only: `cork` finds "Cork" but not "Corkery". Apostrophes
// are dropped, so "St. Patrick's" is found by `patricks`, `patrick's` and (as a word, not in a
// phrase) `patrick`. Words are folded and queries read by the service's one rule
// (src/lib/service-search.ts), which the crawler's sweep predicts the answers by.
import { foldServiceText, type ServiceQuery } from '../lib/service-search.ts';

/** How a query of several terms is read: every term must match (`all`), or any one may (`any`). */
export type SearchWords = 'all' | 'any';

/** Separates fields in the searched text, so that no phrase runs from one field into the next. */
const FIELD_BREAK = ' \u0001 ';

export interface Searchable<T> {
  /** What a match returns. */
  result: T;
  /** The name, matched first and used for ordering. */
  name: string;
  /** Every other searched field (alternative names, address, county, sector names). */
  fields: readonly string[];
  /** Tie-breaker for a stable order. */
  id: string;
}

interface Entry<T> {
  result: T;
  id: string;
  /** Folded name, padded with spaces: " st patricks hospice ". */
  name: string;
  /** Folded fields after the name, and the stems of words with apostrophes, padded. */
  text: string;
}

function stems(text: string): string[] {
  return [...text.matchAll(/(\p{L}+)['’]\p{L}+/gu)].map((match) => foldServiceText(match[1] ?? ''));
}

export interface SearchIndex<T> {
  search(query: ServiceQuery, limit: number): T[];
}

export function createSearchIndex<T>(items: Iterable<Searchable<T>>): SearchIndex<T> {
  const entries: Entry<T>[] = [];
  for (const item of items) {
    const all = [item.name, ...item.fields];
    const extra = all.flatMap(stems);
    entries.push({
      result: item.result,
      id: item.id,
      name: ` ${foldServiceText(item.name)} `,
      text: ` ${item.fields.map(foldServiceText).join(FIELD_BREAK)}${FIELD_BREAK}${extra.join(' ')} `,
    });
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
  // Word → the positions (in name order) of the entries that hold it: a query looks only at the
  // entries of its rarest word, as a search service does, rather than reading the whole register
  // (a linear scan cost the sample API more CPU per search than the crawler spends on it).
  const positions = new Map<string, number[]>();
  for (const [position, entry] of entries.entries()) {
    for (const word of new Set(`${entry.name} ${entry.text}`.split(' '))) {
      if (word === '' || word === FIELD_BREAK.trim()) continue;
      let list = positions.get(word);
      if (list === undefined) positions.set(word, (list = []));
      list.push(position);
    }
  }
  const candidates = (query: ServiceQuery): Iterable<Entry<T>> => {
    let rarest: number[] | undefined;
    for (const word of [...query.words, ...query.phrases.flatMap((phrase) => phrase.split(' '))]) {
      const list = positions.get(word) ?? [];
      if (rarest === undefined || list.length < rarest.length) rarest = list;
    }
    return (rarest ?? []).map((position) => entries[position]!);
  };

  return {
    search(query, limit) {
      const needles = [...query.words, ...query.phrases].map((needle) => ` ${needle} `);
      const inName: T[] = [];
      const elsewhere: T[] = [];
      for (const entry of candidates(query)) {
        let allInName = true;
        let allFound = true;
        for (const needle of needles) {
          if (entry.name.includes(needle)) continue;
          allInName = false;
          if (!entry.text.includes(needle)) {
            allFound = false;
            break;
          }
        }
        if (!allFound) continue;
        if (allInName) {
          inName.push(entry.result);
          if (inName.length >= limit) break;
        } else if (elsewhere.length < limit) elsewhere.push(entry.result);
      }
      // Records whose name holds every term come first, then the rest, each in name order.
      return [...inName, ...elsewhere].slice(0, limit);
    },
  };
}
