// What the matcher answers for a line: the organisations proposed, each scored by why it was, and
// the verdict on the first of them. Only one that stands clearly first, and is still on the
// register, is the match (the rules: src/match/matcher.ts).

/** Why a candidate was proposed. */
export type MatchReason = 'id' | 'number' | 'name' | 'normalised' | 'legal form' | 'other name' | 'similar';

export interface Candidate {
  /** Index of the organisation in the entries the matcher was built from. */
  entry: number;
  /** 0–100: how sure the match is. */
  score: number;
  reason: MatchReason;
  /** The name or number that matched, as the register gives it. */
  matched: string;
}

type LineStatus = 'matched' | 'ambiguous' | 'none' | 'blank';

export interface LineMatch {
  input: string;
  status: LineStatus;
  /** The match, when the status is "matched". */
  best?: Candidate;
  /** Other organisations to choose from, best first (the match not among them). */
  candidates: Candidate[];
}

/** Scores by reason; a name that is only similar scores up to `similar` times its likeness. */
export const SCORES = {
  id: 100,
  number: 100,
  /** The same text, capitals included. */
  sameName: 100,
  /** The same text but for capitals and spacing. */
  sameNameAnyCase: 98,
  normalised: 95,
  /** The same name once normalised, but for the legal form (or its absence). */
  legalForm: 90,
  otherName: 92,
  otherNameNormalised: 88,
  otherNameLegalForm: 85,
  similar: 89,
  similarOtherName: 84,
} as const;

/** A similar name is matched from this score, and only this far ahead of the next organisation. */
const ACCEPT_SIMILAR = 80;
const SIMILAR_MARGIN = 5;
/** Candidates shown besides the match. */
export const MORE_CANDIDATES = 4;
/** Below this score a name is not worth proposing at all. */
export const PROPOSE_FROM = 45;
/** Scores are whole numbers from 0 to 100: a count of each gives the fifth best without sorting. */
export const MOST_SCORE = 100;

/**
 * Whether the first of the ranked candidates (LineFindings.firstRanked) is a match, and which
 * others to show. `entries` are the organisations the candidates number.
 */
export function decide(
  input: string,
  ranked: Candidate[],
  entries: readonly { goneSince?: string }[],
): LineMatch {
  const [first, second] = ranked;
  if (!first) return { input, status: 'none', candidates: [] };
  const margin = first.reason === 'similar' ? SIMILAR_MARGIN : 1;
  const clear = second === undefined || first.score - second.score >= margin;
  const enough = first.reason !== 'similar' || first.score >= ACCEPT_SIMILAR;
  // An organisation no longer on the register is offered, flagged, but never the match: a list
  // naming it may mean it, its successor, or one of a like name still on the register.
  const current = entries[first.entry]!.goneSince === undefined;
  if (clear && enough && current) {
    return { input, status: 'matched', best: first, candidates: ranked.slice(1, 1 + MORE_CANDIDATES) };
  }
  return {
    input,
    status: enough ? 'ambiguous' : 'none',
    candidates: ranked.slice(0, 1 + MORE_CANDIDATES),
  };
}
