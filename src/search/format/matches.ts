// The matches of the parts of a query (a word, a phrase) as documents with a score and the fields
// they matched in, and what the engine does with them: intersect them, keep the phrases whose
// words follow each other, rank them.

/**
 * Per matching document: its score and the fields where the unit matched, as a bit mask of
 * MiniSearch field ids (a query can match tens of thousands of documents: no object per field).
 */
export type UnitMatches = Map<number, { score: number; fields: number }>;

export const bit = (field: number): number => 1 << field;

/** Per matching document, the fields where a unit matched, as a bit mask: a unit before scoring. */
export type DocumentFields = Map<number, number>;

/** Documents in every one of `units`, with the fields where every unit matched. */
export function intersectFields(units: readonly DocumentFields[]): DocumentFields {
  if (units.length === 1) return units[0]!;
  const [smallest, ...rest] = [...units].sort((a, b) => a.size - b.size);
  const result: DocumentFields = new Map();
  for (const [document, fields] of smallest ?? []) {
    let everywhere = fields;
    let inEvery = true;
    for (const unit of rest) {
      const other = unit.get(document);
      if (other === undefined) {
        inEvery = false;
        break;
      }
      everywhere &= other;
    }
    if (inEvery) result.set(document, everywhere);
  }
  return result;
}

/** The documents and fields of matches, without their scores. */
export function fieldsOnly(matches: UnitMatches): DocumentFields {
  const fields: DocumentFields = new Map();
  for (const [document, match] of matches) fields.set(document, match.fields);
  return fields;
}

/** Documents in every unit, with scores added and the fields where every unit matched. */
export function intersect(units: readonly UnitMatches[]): UnitMatches {
  if (units.length === 0) return new Map();
  if (units.length === 1) return units[0]!;
  const [smallest, ...rest] = [...units].sort((a, b) => a.size - b.size);
  const result: UnitMatches = new Map();
  for (const [document, match] of smallest!) {
    let score = match.score;
    let fields = match.fields;
    let everywhere = true;
    for (const unit of rest) {
      const other = unit.get(document);
      if (!other) {
        everywhere = false;
        break;
      }
      score += other.score;
      fields &= other.fields;
    }
    if (everywhere) result.set(document, { score, fields });
  }
  return result;
}

/** Where a word occurs: its positions in one field of one document. */
export type Occurrences = (document: number, field: number) => number[] | undefined;

/**
 * The candidates where the words of a phrase follow each other in one field value, with the
 * fields where they do. `positionsOf` has one lookup per word of the phrase, in order.
 */
export function followingEachOther(
  candidates: UnitMatches,
  positionsOf: readonly Occurrences[],
  fields: readonly number[],
): UnitMatches {
  const matches: UnitMatches = new Map();
  for (const [document, { score, fields: matched }] of candidates) {
    let verified = 0;
    for (const field of fields) {
      if ((matched & bit(field)) === 0) continue;
      const following = positionsOf.slice(1).map((lookup) => lookup(document, field));
      if (following.some((positions) => positions === undefined)) continue;
      const starts = positionsOf[0]!(document, field) ?? [];
      if (
        starts.some((start) =>
          following.every((positions, offset) => positions!.includes(start + offset + 1)),
        )
      ) {
        verified |= bit(field);
      }
    }
    if (verified !== 0) matches.set(document, { score, fields: verified });
  }
  return matches;
}
