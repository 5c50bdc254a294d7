// The order of a query's results: an exact name first, then by score, or by filters alone in index
// order; and the orders a reader can ask for instead (name, income), those no longer on the
// register always last.
import type { DocumentFacts } from '../format/facts.ts';
import { bit, intersect, type UnitMatches } from '../format/matches.ts';
import type { CorePart } from '../format/parts.ts';
import type { ParsedQuery } from '../format/query.ts';

/** The documents of a query in the order shown, those whose whole name the query is, and where each matched. */
export interface Ranking {
  documents: number[];
  exactNames: Set<number>;
  /** Per document, a bit mask of the fields where every unit of the query matched. */
  fields: Map<number, number>;
}

/** Income sorts highest first; none after every amount. */
export function byIncome(facts: ReadonlyMap<number, DocumentFacts>) {
  return (a: number, b: number): number => {
    const first = facts.get(a)?.incomeCents;
    const second = facts.get(b)?.incomeCents;
    if (first === undefined || second === undefined)
      return Number(first === undefined) - Number(second === undefined);
    return second - first;
  };
}

/**
 * The documents in the same order, except that those from `formerFrom` on (no longer on the
 * register) come after all the others.
 */
export function formerLast(documents: readonly number[], formerFrom: number): number[] {
  const current: number[] = [];
  const former: number[] = [];
  for (const document of documents) (document < formerFrom ? current : former).push(document);
  return former.length === 0 ? current : current.concat(former);
}

/** Every document a filter accepts, in index order (a search by filters alone). */
export function filtered(core: CorePart, accept: ((document: number) => boolean) | undefined): Ranking {
  const documents: number[] = [];
  for (let document = 0; document < core.documentCount; document += 1) {
    if (!accept || accept(document)) documents.push(document);
  }
  return { documents, exactNames: new Set(), fields: new Map() };
}

/**
 * The documents every unit matched, an exact name first, then by score. A name is exact when its
 * length in unique words (`nameLengths`) is the query's and every unit matched in it.
 */
export function ranked(
  core: CorePart,
  query: ParsedQuery,
  units: readonly UnitMatches[],
  accept: ((document: number) => boolean) | undefined,
  nameLengths: ReadonlyMap<number, number>,
): Ranking {
  const exactNames = new Set<number>();
  const nameField = core.fieldIds['name']!;
  const queryWords = new Set([...query.words.map(({ word }) => word), ...query.phrases.flat()]).size;
  const ranked: { document: number; exact: boolean; score: number }[] = [];
  const fields = new Map<number, number>();
  // A query of one field (`director:`) keeps the documents where every unit matched in it.
  const only = query.field === undefined ? 0 : bit(core.fieldIds[query.field]!);
  for (const [document, { score, fields: matched }] of intersect(units)) {
    if (accept && !accept(document)) continue;
    if ((matched & only) !== only) continue;
    fields.set(document, matched);
    const exact =
      nameLengths.get(document) === queryWords &&
      units.every((unit) => (unit.get(document)!.fields & bit(nameField)) !== 0);
    ranked.push({ document, exact, score });
    if (exact) exactNames.add(document);
  }
  ranked.sort((a, b) => Number(b.exact) - Number(a.exact) || b.score - a.score || a.document - b.document);
  return { documents: ranked.map(({ document }) => document), exactNames, fields };
}
