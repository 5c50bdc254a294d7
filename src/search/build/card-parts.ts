// The result cards beside a common word: what the first results of a search for that word alone
// show, in a file of its own that the word's entry names with its documents. A query's first
// results mostly lie far apart in document order, a docs file each, and a page of them took four
// rounds of six requests on a phone (HTTP/1.1 opens six connections to a host); the cards of the
// query's words show most of them in one or two requests (docs/search.md, "What a result shows").
// Which documents a word's cards hold decides only where a result's display is read from, never
// which results a query has: a result no card holds is read from its docs file.
import { encodeDocuments } from '../format/codec.ts';
import {
  PartText,
  partJson,
  partName,
  type CardsPart,
  type CorePart,
  type DocsPart,
  type TermsEntry,
  type TermsPart,
} from '../format/parts.ts';
import { shardIndex } from '../format/shard-index.ts';
import type { IndexLayout } from './layout.ts';

/**
 * A word's first documents as a search for it alone ranks them: a name that is the word alone
 * first, then by MiniSearch's score, then in document order; those no longer on the register last.
 */
function firstDocuments(core: CorePart, entry: TermsEntry, count: number, from: number): number[] {
  // Each document of a field's postings takes a character at least: most words are left out here,
  // before an index is built for them.
  if (Object.values(entry[1]).reduce((sum, postings) => sum + postings.length, 0) < from) return [];
  const nameLengths = new Map<number, number>();
  const results = shardIndex(core, [entry], nameLengths).search(entry[0], { prefix: false, fuzzy: false });
  if (results.length < from) return [];
  const ranked = results
    .map(({ id, score }) => ({ document: id as number, exact: nameLengths.get(id as number) === 1, score }))
    .sort(
      (a, b) =>
        Number(a.document >= core.formerFrom) - Number(b.document >= core.formerFrom) ||
        Number(b.exact) - Number(a.exact) ||
        b.score - a.score ||
        a.document - b.document,
    );
  return ranked.slice(0, count).map(({ document }) => document);
}

/**
 * The cards parts (`cards/N`), one per word found in `cardsFromDocuments` documents or more, each
 * holding the docs entries of its first `cardsPerWord` results in document order; the word's
 * terms entry names the file and those documents. The terms parts in `parts` are rewritten.
 */
export function cardParts(
  core: CorePart,
  parts: Map<string, unknown>,
  { cardsFromDocuments, cardsPerWord }: Pick<IndexLayout, 'cardsFromDocuments' | 'cardsPerWord'>,
): void {
  if (cardsPerWord <= 0) return;
  const docsEntry = (document: number) => {
    const name = partName.docs(Math.floor(document / core.docsPerFile));
    const docs = parts.get(name) as DocsPart;
    return docs[document % core.docsPerFile]!;
  };
  let file = 0;
  for (const name of [...parts.keys()].filter((part) => part.startsWith('terms/'))) {
    const terms = JSON.parse(partJson(parts.get(name))) as TermsPart;
    let changed = false;
    for (const entries of Object.values(terms)) {
      for (const entry of entries) {
        const documents = firstDocuments(core, entry, cardsPerWord, cardsFromDocuments).sort((a, b) => a - b);
        if (documents.length === 0) continue;
        const cards: CardsPart = documents.map(docsEntry);
        parts.set(partName.cards(file), cards);
        entry[2] ??= null;
        entry[3] = [file, encodeDocuments(documents)];
        file += 1;
        changed = true;
      }
    }
    if (changed) parts.set(name, new PartText(JSON.stringify(terms)));
  }
}
