// Where the sweep stands, as the manifest's `discovery` reports it: reckoned from the searches
// asked, the cap, what was learnt and the register's sample.
import type { AskedSearches } from './asked.ts';
import type { CapWatch } from './cap.ts';
import type { GrammarCheck, SearchGrammar } from './grammar.ts';
import type { RegisterSample } from './register.ts';
import type { TermIndex } from './terms.ts';

/** Empty answers to searches for the listed organisations' words after which the search is broken. */
export const BROKEN_AFTER = 3;

/**
 * Share of the estimated register that may be missing when the sweep stops for its estimate
 * (`covered`). The estimate of what no answer returned is a lower bound (Chao's estimator): on
 * the sample register (10,000 organisations, a cap of 100) it put the missing at 0.19% when 0.32%
 * were. It also swings with the kind of searches just answered (facet queries return known
 * organisations again, and move them out of those returned once), so one dip under the share is
 * no proof: the sweep stops once the estimate has stayed under it for `COVERED_HOLD` answers in
 * a row. Replayed in 14 answer orders at 10,000 and a cap of 100, 0.25% held for 60 answers
 * stopped with 99.55–99.85% found and 8.9–11.0% of the register in searches; 0.2% at the first
 * dip, 99.49–99.86% with 8.7–10.9%.
 */
export const COVERED_SHARE = 0.0025;
/** Answers in a row for which the estimate must say covered before the sweep stops for it. */
export const COVERED_HOLD = 60;

/**
 * New organisations per answer, over the last `COVERED_HOLD` answers, under which the sweep may
 * stop covered: under one organisation over the searches left before a tenth of the estimated
 * register (`END_SPENT`, where the sweep is meant to end), and past `LAST_SPENT`, where a search is
 * worth less as the sweep nears that tenth, under one in five (`LAST_FLOOR`). The estimate is a
 * lower bound and, late in the sweep, its words and facet queries return known organisations again
 * and again, which moves it down: on the sample register (10,000, a cap of 100) it said covered
 * with 0.5–0.73% of the register missing in six of 36 answer orders, in one while the last 60
 * answers still found one organisation in five. Answers that still find say more than the
 * estimate, and the searches left say what going on can still find. With a floor fixed per stage
 * before `LAST_SPENT` instead (one organisation in twenty, in ten past 9% of the register in
 * searches), one order of 54 stopped at 99.48% found with 9.0% in searches: its last 60 answers
 * had found one organisation, and the 93 searches left would have found one or two at that rate.
 * With the floor on what the searches left would find, all 54 found 99.5% with at most 10% of the
 * register in searches (mean 99.75% found with 9.4%, against 99.73% with 9.1%). From `END_SPENT`
 * on any yield is too low: the sweep has spent what it meant to, and the estimate says covered;
 * without it, 3 of 36 orders at 10,000 went on to 10.0–10.3% of the register, their last answers
 * still finding one organisation in four.
 */
const END_SPENT = 0.1;
const LAST_SPENT = 0.095;
const LAST_FLOOR = 0.2;

/** The yield under which the sweep may stop covered, after `searches` of an estimated `register`. */
export function yieldFloor(searches: number, register: number): number {
  if (searches >= END_SPENT * register) return Number.POSITIVE_INFINITY;
  if (searches > LAST_SPENT * register) return LAST_FLOOR;
  return 1 / (END_SPENT * register - searches);
}

/** New organisations per answer over the last `COVERED_HOLD` answers. */
export class RecentYield {
  readonly #found: number[] = [];
  #sum = 0;

  /** An answer that found `found` new organisations. */
  add(found: number): void {
    this.#found.push(found);
    this.#sum += found;
    if (this.#found.length > COVERED_HOLD) this.#sum -= this.#found.shift() ?? 0;
  }

  /** The mean over the answers kept (0 before any). */
  get mean(): number {
    return this.#sum / Math.max(1, this.#found.length);
  }
}

/**
 * Why the sweep stopped, or `running`: `covered` when the organisations estimated missing stayed
 * under a small share of the register; `time` and `limit` are the sweep's hard bounds (its time,
 * and the organisations it may find), set by the sweep.
 */
export type SweepState = 'running' | 'saturated' | 'covered' | 'exhausted' | 'budget' | 'time' | 'limit';

/** Where the sweep stands (src/schemas/manifest.ts, `discovery`, says what each figure means). */
export interface SweepCoverage {
  queries: number;
  seeds: number;
  budget: number;
  discovered: number;
  longestAnswer: number;
  capConfirmed: boolean;
  cappedAnswers: number;
  cappedAnswersSplit: number;
  state: SweepState;
  lastNewAfter: number;
  estimatedRegister: number | null;
  /** Not one answer held a result, though searches for the listed organisations' own words were asked. */
  searchBroken: boolean;
  /** How the service reads several words, as far as the answers showed. */
  grammar: SearchGrammar;
  /** Searches asked by a run that stopped before their answer came, not asked again. */
  unanswered: number;
  /** What the planner learnt: distinct terms, and whether a limit stopped it learning more. */
  terms: number;
  learningFull: boolean;
}

/** The planner's parts, and the figures it keeps itself. */
export interface SweepStanding {
  asked: AskedSearches;
  cap: CapWatch;
  terms: TermIndex;
  register: RegisterSample;
  grammar: GrammarCheck;
  seeds: number;
  budget: number;
  state: SweepState;
  sinceNew: number;
  emptyProbes: number;
  estimatedRegister: number | null;
}

export function coverageOf(standing: SweepStanding): SweepCoverage {
  const { asked, cap, terms } = standing;
  return {
    ...cappedAnswers(asked, cap, terms),
    queries: asked.queries,
    seeds: standing.seeds,
    budget: standing.budget,
    discovered: discovered(terms, standing.register),
    longestAnswer: cap.longest,
    capConfirmed: cap.confirmed,
    state: standing.state,
    lastNewAfter: standing.sinceNew,
    estimatedRegister: standing.estimatedRegister,
    // Broken: no answer held a single result, although at least three of the searches asked
    // were for words the listed organisations hold, which a working search finds.
    searchBroken: cap.longest === 0 && standing.emptyProbes >= BROKEN_AFTER,
    grammar: standing.grammar.grammar,
    unanswered: asked.unanswered,
    terms: terms.terms,
    learningFull: terms.full,
  };
}

/**
 * The answers at the cap, once it is confirmed, and those seen past: every organisation it returned
 * has since come back in an answer under the cap (its narrower searches, or others that cover it),
 * so that what the cap may have hidden around them was searched whole.
 */
function cappedAnswers(
  asked: AskedSearches,
  cap: CapWatch,
  terms: TermIndex,
): { cappedAnswers: number; cappedAnswersSplit: number } {
  const longest = cap.confirmed ? cap.longest : undefined;
  let capped = 0;
  let split = 0;
  for (const answered of asked.all()) {
    if (longest === undefined || answered.count < longest) continue;
    capped += 1;
    if ((answered.ids ?? []).every((id) => terms.known.get(id)?.certified === true)) split += 1;
  }
  return { cappedAnswers: capped, cappedAnswersSplit: split };
}

/** Organisations found by the searches alone, and not gone. */
function discovered(terms: TermIndex, register: RegisterSample): number {
  let count = 0;
  for (const [id, known] of terms.known)
    if (known.foundBySearch && !known.listed && !register.isGone(id)) count += 1;
  return count;
}
