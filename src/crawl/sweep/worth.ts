// Candidate scoring: what a search is expected to find, from what it is known to match, the
// register's estimated size, the cap, and how the groups of facet queries have yielded so far.
import type { Matches } from './known.ts';

/**
 * How much the estimate of the register must grow before every candidate is scored afresh: the
 * estimate scales every expected yield, and it grows as the sweep sees more of the register.
 */
export const RESCORE_GROWTH = 1.05;

/**
 * What seeing a known organisation in an answer under the cap is worth, and what a facet query is
 * worth beyond its expected yield, in organisations found, for a group whose facet queries have
 * found as much as the average facet query. Chosen on the sample register (2,000 to 35,000
 * organisations, caps of 100 and 500, one to eight searches in flight): with 8 and 16 and the
 * groups' yields the sweep finds 99.59–100% of it within the budget (the benchmark's crawls
 * 99.61–99.98%); with 8 and 12 and no groups, 99.44–100%; with 8 and 2, 98.98% at 35,000 and a cap
 * of 100. Chosen when a search's yield was estimated from the lists' frequencies. Since a facet
 * query's yield is also estimated from its group's register per listed organisation
 * (`GroupRatios`), 8 for a facet query finds more with the last searches than 16: at 10,000
 * organisations and a cap of 100, with the answers in several orders, 99.57–99.62% with 9% of the
 * register in searches against 99.43–99.57%. Showing a known organisation whole is worth 8 only
 * until answers have shown such organisations: then what they found per organisation shown, up to
 * 8 (`CertifyYield`).
 */
const CERTIFY_WORTH = 8;
const FACET_WORTH = 8;
/**
 * How many facet queries' worth of the average a group's own record is weighed against: a group
 * with few answers is taken to yield about the average, one with many by what its answers found.
 */
const GROUP_PRIOR_ANSWERS = 5;

/**
 * How many new organisations the queries of each group found, and every query's average: a group's
 * expected yield relative to the average, shrunk toward the average by `prior` answers' worth
 * (an empirical-Bayes mean), so that a group asked once or twice is neither dropped nor favoured.
 */
export class GroupYields {
  readonly #groups = new Map<string, { answers: number; found: number }>();
  #answers = 0;
  #found = 0;

  add(group: string, found: number): void {
    const record = this.#groups.get(group) ?? { answers: 0, found: 0 };
    record.answers += 1;
    record.found += found;
    this.#groups.set(group, record);
    this.#answers += 1;
    this.#found += found;
  }

  /** The group's shrunk mean yield over the overall mean (1 before any answer). */
  relativeYield(group: string, prior: number): number {
    // One found organisation is assumed on top of the answers, so that a run of empty answers
    // everywhere leaves the mean above zero and the ratio defined.
    const mean = (this.#found + 1) / (this.#answers + 1);
    const record = this.#groups.get(group) ?? { answers: 0, found: 0 };
    return (record.found + prior * mean) / (record.answers + prior) / mean;
  }
}

/**
 * Found per facet answer under which the facet queries have dried up. It is judged from the first
 * facet answer under the cap on: once dry, a county with its sub-sector is worth only what the
 * answers say is left in it, and a word never asked is worth its known organisations times the
 * share of new ones in the recent facet answers, which follows what the facet answers find after.
 * On the sample register (10,000, a cap of 100), judged only after 20 facet answers, the words came
 * some 270 searches later in some orders of the answers, and 28 of 36 orders found 99.5% within 10%
 * of the register in searches; judged from the first, 33 (34 with `certifying`).
 */
const FACET_DRY = 1;
/**
 * Facet answers under the cap before their bonus follows them: the first few say little of what
 * the facet queries will find (one that found nothing would take the bonus from all of them), and
 * while the bonus is whole a sub-sector's facet queries that found organisations keep coming
 * before those of one whose found none.
 */
const FACET_TREND_AFTER = 20;

/** A moving average of the values added, each weighed a tenth; the first is taken as it is. */
class MovingAverage {
  #value = 0;
  #count = 0;

  add(value: number): void {
    this.#count += 1;
    this.#value = this.#count === 1 ? value : 0.9 * this.#value + 0.1 * value;
  }

  get value(): number {
    return this.#value;
  }

  /** How many values were added. */
  get count(): number {
    return this.#count;
  }
}

/**
 * What the recent facet answers that came back whole found, and how many results they held:
 * moving averages, each answer weighed a tenth. A facet query's bonus (`FACET_WORTH`) is what they
 * found, up to the bonus: a group's yield is relative to the mean, which says nothing of whether
 * the facet queries still find anything, and late in the sweep a bonus of 8 for answers that find
 * one organisation in five to eight kept them ahead of every word to the end.
 */
export class FacetTrend {
  readonly #found = new MovingAverage();
  readonly #results = new MovingAverage();
  #dry = false;

  /** A facet answer under the cap of `results` results, `found` of them new. */
  add(found: number, results: number): void {
    this.#found.add(found);
    this.#results.add(results);
    if (this.#found.value < FACET_DRY) this.#dry = true;
  }

  /** The share of its bonus a facet query keeps (1 until `FACET_TREND_AFTER` whole facet answers). */
  get vigour(): number {
    return this.#found.count < FACET_TREND_AFTER ? 1 : Math.min(1, this.#found.value / FACET_WORTH);
  }

  /**
   * The share of its worth (`CERTIFY_WORTH`) that seeing a known organisation in an answer under
   * the cap keeps: 1 until the facet queries dry up, then what their recent answers found, up to
   * the bonus. The cap may hide organisations beside those seen only in answers at it, but once
   * the facet answers, which cover the register between them, find less than one each, the
   * narrower searches that would show those whole find as little: on the sample register (10,000,
   * a cap of 100) they took most of an order's last hundred searches, which found six
   * organisations, while words never asked held the 55 still missing.
   */
  get certifying(): number {
    return this.#dry ? Math.min(1, this.#found.value / FACET_WORTH) : 1;
  }

  /** Whether the facet answers have come to find less than one new organisation each (for good). */
  get dry(): boolean {
    return this.#dry;
  }

  /** New organisations per result of the recent facet answers. */
  get newShare(): number {
    const results = this.#results.value;
    return results > 0 ? this.#found.value / results : 0;
  }
}

/**
 * How many listed organisations' worth of the overall ratio a group's own is weighed against: a
 * group whose whole answers held few listed organisations is taken to be about the average.
 */
const RATIO_PRIOR_LISTED = 10;
/** The register per listed organisation before any facet query came back whole and the register has no estimate. */
const RATIO_BEFORE_ANY = 2.5;

/**
 * The organisations each group's facet queries returned when they came back whole, against the
 * listed organisations among them: the group's register per listed organisation. The lists name
 * some groups far more often than others (schools and clubs seldom), so the register's overall
 * ratio misjudges a group; an answer under the cap shows one county's part of it whole.
 */
export class GroupRatios {
  readonly #groups = new Map<string, { total: number; listed: number }>();
  #total = 0;
  #listed = 0;

  /** A facet query of `group` that came back whole with `total` organisations, `listed` of them listed. */
  add(group: string, total: number, listed: number): void {
    const record = this.#groups.get(group) ?? { total: 0, listed: 0 };
    record.total += total;
    record.listed += listed;
    this.#groups.set(group, record);
    this.#total += total;
    this.#listed += listed;
  }

  /**
   * The group's organisations per listed one, shrunk toward the ratio over every group (or, before
   * any whole answer, the register's estimated size over the listed organisations).
   */
  ratio(group: string, register: number | null, listed: number): number {
    let overall = RATIO_BEFORE_ANY;
    if (this.#listed > 0) overall = this.#total / this.#listed;
    else if (register !== null && listed > 0) overall = register / listed;
    const record = this.#groups.get(group) ?? { total: 0, listed: 0 };
    return (record.total + RATIO_PRIOR_LISTED * overall) / (record.listed + RATIO_PRIOR_LISTED);
  }
}

/**
 * What an answer under the cap found, against the known organisations it showed whole that no
 * answer under the cap had returned before: moving averages, each answer weighed a tenth. Such
 * answers found 0.2 to 0.5 new organisations per organisation shown on the sample register, at
 * 10,000 organisations as at 35,000 with a cap of 100, where a fixed `CERTIFY_WORTH` says 8: at
 * 35,000, where most answers come back cut and most organisations are seen only in cut answers, a
 * narrower search showing 30 of them was worth 240 organisations, and narrowings of narrowings
 * (one organisation found each) took the budget from the county and sub-sector searches, worth a
 * fifth as much, which found 17 to 31 each.
 */
export class CertifyYield {
  readonly #found = new MovingAverage();
  readonly #shown = new MovingAverage();

  add(found: number, shown: number): void {
    this.#found.add(found);
    this.#shown.add(shown);
  }

  /** New organisations per known one shown whole (`CERTIFY_WORTH` before any answer). */
  get perShown(): number {
    const shown = this.#shown.value;
    return shown > 0 ? Math.min(CERTIFY_WORTH, this.#found.value / shown) : CERTIFY_WORTH;
  }
}

/** What a query's worth is reckoned from, besides what it is known to match. */
export interface WorthContext {
  /** The register's estimated size, or null before there is an estimate. */
  register: number | null;
  /** Organisations the lists named (and were not found gone). */
  listed: number;
  /** The longest answer seen, taken as the service's cap (0 before any result). */
  longest: number;
  /** Moving average of the share of new organisations in answers at the cap. */
  cappedNewShare: number;
  /**
   * For a facet query, what its group (its sub-sector) is expected to find relative to the average
   * facet query; undefined for any other query.
   */
  groupYield: (() => number) | undefined;
  /** For a facet query, its group's register per listed organisation (`GroupRatios`); undefined for any other. */
  groupRatio: (() => number) | undefined;
  /**
   * For a narrower query of one whose answer was cut at the cap, its share of that query's known
   * matches (0 for any other query): the cut answer hid at least one organisation, and each
   * narrower query is expected to hold its share of it, however often the answers returned the
   * known ones.
   */
  cutShare: number;
  /** What the recent facet answers found (`FacetTrend`). */
  facets: FacetTrend;
  /** What the recent answers that showed known organisations whole found (`CertifyYield`). */
  certify: CertifyYield;
  /** Whether the query is a single word (not a facet query, nor a narrower one). */
  single: boolean;
}

/**
 * What a facet query of a group is expected to find, relative to the average facet query: the
 * groups differ far more than the lists' sample shows (schools and clubs, which the lists seldom
 * name, hide most of the organisations on no list), and a group whose facet queries keep finding
 * nothing is not worth the budget its size in the sample suggests.
 */
export function groupYield(yields: GroupYields, group: string): number {
  return yields.relativeYield(group, GROUP_PRIOR_ANSWERS);
}

/** A query's expected yield, given what it is known to match. */
export function worth(matches: Matches, context: WorthContext): number {
  const { known, uncertified } = matches;
  const unknown = unknownMatches(matches, context);
  // A facet query is worth sending even when the answers suggest nothing new: the facets
  // together are the one sure way to reach organisations whose words no one has seen.
  // Its own part of the register is expected to hold its listed organisations times its group's
  // register per listed one: what that leaves beyond the known is what the answers left unseen
  // when Chao's estimate, which sees only how often they came back, says less.
  if (context.groupYield !== undefined) {
    const grouped = context.groupRatio === undefined ? 0 : matches.listed * context.groupRatio() - known;
    const bonus = FACET_WORTH * context.groupYield() * context.facets.vigour;
    // Once they have dried up, what the lists' sample says the group holds is no longer a reason
    // to ask the rest of them: their answers have shown it is found.
    return bonus + (context.facets.dry ? Math.max(0, unknown) : Math.max(unknown, grouped));
  }
  const cap = context.longest > 0 ? context.longest : Number.POSITIVE_INFINITY;
  const late = lateWorth(matches, unknown, cap, context);
  if (unknown <= 0) return late;
  // An answer expected under the cap is whole: all it holds that is unknown is new. One expected
  // at the cap returns some part of its matches, chosen by the service, and the part that is new
  // has been, on average, the share of new organisations in the capped answers so far.
  // Beyond what it is expected to find, an answer under the cap shows whole the neighbourhood of
  // the organisations it returns: those seen so far only in answers at the cap may have unknown
  // neighbours that no estimate can point to (until the facet queries dry up: `certifying`).
  if (known + unknown < cap)
    return Math.max(
      late,
      unknown + Math.min(CERTIFY_WORTH * context.facets.certifying, context.certify.perShown) * uncertified,
    );
  return Math.min(unknown, cap * context.cappedNewShare);
}

/**
 * What a word never asked is worth at least once the facet queries have dried up, if its answer
 * is expected whole: its known matches times the share of new organisations in the recent facet
 * answers. Chao's estimate says nothing is left where each known match came back twice, yet the
 * organisations the sweep misses at the end hold such words (a town's name, held by 20 to 60 known
 * ones): every other word of theirs is asked already, at the cap, or their own. On the sample
 * register (10,000, a cap of 100), asked in order of their known matches, such words would find
 * one organisation in two to five searches at the end, the last facet queries one in five to eight.
 */
function lateWorth(matches: Matches, unknown: number, cap: number, context: WorthContext): number {
  if (!context.single || !context.facets.dry || matches.returned === 0) return 0;
  if (matches.known + Math.max(0, unknown) >= cap) return 0;
  return matches.known * context.facets.newShare;
}

/** What a narrower query's share of its cut answer is worth at least, in organisations. */
const CUT_SHARE_WORTH = 0.25;

/**
 * The organisations a query would match that no answer has returned, estimated from how often the
 * answers returned those it is known to match (Chao's estimator, a Good-Turing estimate of the
 * unseen, bias-corrected: f1(f1 − 1) / 2(f2 + 1), f1 the known matches one answer returned and f2
 * those two did; with f1² in its place, two known matches returned once were worth two more: on
 * the sample register of 10,000 and a cap of 100, in one order of the answers, the 75 searches
 * of one to three known matches asked after the 500th found one organisation in all). Where
 * many were returned only once the searches have barely touched the query's part of the register,
 * and more of it is unseen; where each came back twice or more it has been searched through. The
 * lists' frequencies scaled to the register, which the sweep began with, ranked the searches worse
 * in the end: a word's count in a sample of 40% is too rough to tell two or three organisations
 * missing from none (at 10,000 organisations and a cap of 100, 99.5% came at 11.5% of the
 * register in searches, against 8% with this estimate). Before the answers give an estimate of
 * the register, the organisations known stand in for it; a query none of whose known matches any
 * answer returned (the listed organisations' words, at first) is worth its known matches times
 * the organisations on no list per listed one. A narrower query of a cut answer is worth at least
 * a quarter of its share of that answer's known matches: enough to be asked before the sweep runs
 * out of candidates, too little to be asked before a search the estimate favours.
 */
function unknownMatches(matches: Matches, context: WorthContext): number {
  const { known, returned, once, twice } = matches;
  const { register, listed } = context;
  if (register === null || listed === 0) return (known + 0.5) * 1.5 - known;
  const unlistedPerListed = Math.max(0, register / listed - 1);
  const unseen = returned === 0 ? known * unlistedPerListed : (once * (once - 1)) / (2 * (twice + 1));
  return Math.max(unseen, context.cutShare * CUT_SHARE_WORTH);
}
