// The publish guard: plausibility checks of a new crawl against the previous edition, run before
// the new data or site replaces the live ones (docs/publishing.md: "The publish guard"). Pure: snapshots
// and the crawl's counts in, a report out. A bad night (an outage, an empty list, a revoked key
// that lets some calls through) shows up here as numbers that no real register moves by overnight.
import type { GUARD_CHECKS } from '../schemas/edition.ts';
import { ORGANISATION_FIELDS } from '../schemas/index.ts';
import { readOrganisation } from '../records/organisation.ts';
import type { EditionSnapshot, SnapshotList, SnapshotOrganisation } from './edition-file.ts';

export interface GuardThresholds {
  /** The new crawl must have at least this share of the previous edition's organisations. Default 0.9. */
  minOrganisationShare: number;
  /** At most this share of the listed organisations may fail to fetch. Default 0.01. */
  maxFailedShare: number;
  /** A required field's fill rate may fall by at most this much (0.2 = 20 points). Default 0.2. */
  maxFillRateFall: number;
  /**
   * A list of at least `shrinkingListFloor` members, the organisations found only through search
   * among them, must keep this share of its members. Default 0.85.
   */
  minListShare: number;
  /** Lists smaller than this move by a few members from night to night; not judged. Default 20. */
  shrinkingListFloor: number;
}

export const DEFAULT_THRESHOLDS: GuardThresholds = {
  minOrganisationShare: 0.9,
  maxFailedShare: 0.01,
  maxFillRateFall: 0.2,
  minListShare: 0.85,
  shrinkingListFloor: 20,
};

/** The fields whose fill rate is watched: every field the spec gives an Organisation. */
export const REQUIRED_FIELDS: readonly string[] = ORGANISATION_FIELDS;

type GuardCheckId = (typeof GUARD_CHECKS)[number];

interface GuardCheck {
  check: GuardCheckId;
  passed: boolean;
  /** A list (`list:registeredCharities`, `voluntaryCode:ICTR`) or a field, for checks that have one. */
  subject?: string;
  /** One sentence with the figures. */
  message: string;
}

export interface GuardReport {
  passed: boolean;
  /** True when there was nothing to compare with: only the checks of the crawl itself ran. */
  firstEdition: boolean;
  /** Every failed check, then a summary line per kind of check that passed. */
  checks: GuardCheck[];
}

/** What the guard needs to know about the crawl besides its snapshot (from its manifest). */
export interface CrawlFacts {
  /** Distinct organisations the lists named. */
  listed: number;
  /** Organisations whose record could not be fetched after every retry. */
  failed: number;
  /** The crawl judged its search broken: not one answer held a result (manifest `discovery.searchBroken`). */
  searchBroken?: boolean;
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** Whether a value counts as filled: not absent, not null, not blank text, not an empty array. */
export function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** Each field's share of the records: filled as given, and filled as the site reads it. */
export interface FillRate {
  /** Given and not blank (`isFilled`), whatever its form. */
  given: number;
  /**
   * Filled once read into the organisation model, as the pages, downloads and search read it: a
   * value of another type than the spec's reads as not given. A night on which the API changes a
   * field's form blanks it on every page while `given` stays as it was.
   */
  readable: number;
}

/** Share of the records in which each field is filled, as given and as read. */
export function fillRates(
  organisations: Iterable<SnapshotOrganisation>,
  fields: readonly string[] = REQUIRED_FIELDS,
): Map<string, FillRate> {
  const given = new Map(fields.map((field) => [field, 0]));
  const readable = new Map(fields.map((field) => [field, 0]));
  let total = 0;
  for (const organisation of organisations) {
    total += 1;
    const read: Record<string, unknown> = readOrganisation(organisation.record, organisation.id);
    for (const field of fields) {
      if (!isFilled(organisation.record[field])) continue;
      given.set(field, given.get(field)! + 1);
      // The model's id is the key the record is stored under; the record's own is what was given.
      if (field === 'id' || isFilled(read[field])) readable.set(field, readable.get(field)! + 1);
    }
  }
  const share = (count: number) => (total === 0 ? 0 : count / total);
  return new Map(
    fields.map((field) => [field, { given: share(given.get(field)!), readable: share(readable.get(field)!) }]),
  );
}

/** Records this crawl fetched itself (not carried over from an earlier edition). */
function fetched(snapshot: EditionSnapshot): SnapshotOrganisation[] {
  return [...snapshot.organisations.values()].filter(
    (organisation) => organisation.carriedFrom === undefined,
  );
}

export function checkPlausibility(
  previous: EditionSnapshot | undefined,
  next: EditionSnapshot,
  crawl: CrawlFacts,
  thresholds: GuardThresholds = DEFAULT_THRESHOLDS,
): GuardReport {
  const checks: GuardCheck[] = [];
  const fresh = fetched(next);

  const failedShare = crawl.listed === 0 ? 0 : crawl.failed / crawl.listed;
  checks.push({
    check: 'failed-fetches',
    passed: failedShare <= thresholds.maxFailedShare,
    message: `${crawl.failed} of ${crawl.listed} organisations failed to fetch (${percent(failedShare)}; at most ${percent(thresholds.maxFailedShare)} allowed)`,
  });

  if (previous !== undefined && crawl.searchBroken === true) checks.push(brokenSearch(previous));

  if (previous !== undefined) {
    const before = previous.organisations.size;
    const share = before === 0 ? 1 : fresh.length / before;
    checks.push({
      check: 'organisations',
      passed: share >= thresholds.minOrganisationShare,
      message: `${fresh.length} organisations fetched, ${percent(share)} of the ${before} of the previous edition (at least ${percent(thresholds.minOrganisationShare)} required)`,
    });

    let emptied = 0;
    for (const [key, list] of previous.lists) {
      if (list.members.length === 0) continue;
      const now = next.lists.get(key)?.members.length ?? 0;
      if (now > 0) continue;
      emptied += 1;
      checks.push({
        check: 'empty-list',
        passed: false,
        subject: key,
        message: `${list.kind === 'list' ? 'the list' : 'the voluntary code'} ${list.name} had ${list.members.length} members and now has none`,
      });
    }
    if (emptied === 0) {
      checks.push({
        check: 'empty-list',
        passed: true,
        message: 'every list and voluntary code that had members still has some',
      });
    }
    checks.push(...shrunkLists(previous, next, thresholds));

    const rateBefore = fillRates(previous.organisations.values());
    const rateAfter = fillRates(fresh);
    let fallen = 0;
    for (const field of REQUIRED_FIELDS) {
      const a = rateBefore.get(field)?.readable ?? 0;
      const b = rateAfter.get(field)?.readable ?? 0;
      if (a - b <= thresholds.maxFillRateFall) continue;
      fallen += 1;
      const given = rateAfter.get(field)?.given ?? 0;
      checks.push({
        check: 'fill-rate',
        passed: false,
        subject: field,
        message:
          `${field} is filled in ${percent(b)} of the records, down from ${percent(a)} (a fall of at most ${Math.round(thresholds.maxFillRateFall * 100)} points allowed)` +
          (given - b > thresholds.maxFillRateFall
            ? `; it is given in ${percent(given)}, but not in the form the published format describes`
            : ''),
      });
    }
    if (fallen === 0) {
      checks.push({
        check: 'fill-rate',
        passed: true,
        message: `no field's fill rate fell by more than ${Math.round(thresholds.maxFillRateFall * 100)} points`,
      });
    }
  }

  checks.sort((a, b) => Number(a.passed) - Number(b.passed));
  return { passed: checks.every((check) => check.passed), firstEdition: previous === undefined, checks };
}

/**
 * A search that returned nothing tonight, where the previous edition found organisations through
 * it, is a broken service, not a register without organisations on no list: the night is stopped
 * rather than published without them.
 */
function brokenSearch(previous: EditionSnapshot): GuardCheck {
  const found = [...previous.lists.values()].find((list) => list.kind === 'list' && list.name === 'discovered');
  const before = found?.members.length ?? 0;
  return {
    check: 'search',
    passed: before === 0,
    message:
      before === 0
        ? 'the search returned nothing, even for the listed organisations\' words, as it found nothing the night before'
        : `the search returned nothing, even for the listed organisations' words, where the previous edition found ${before} organisations only through it`,
  };
}

/** What the search sweep finds is kept as the list `discovered`; a reader knows it by this name. */
function listName(list: SnapshotList): string {
  if (list.kind === 'voluntaryCode') return `the voluntary code ${list.name}`;
  if (list.name === 'discovered') return 'the organisations found only through search';
  return `the list ${list.name}`;
}

/**
 * Lists that lost markedly many members since the previous edition: a night on which the search
 * sweep, or a list, found fewer is a night the service answered in part, not a register that
 * shrank overnight.
 */
function shrunkLists(previous: EditionSnapshot, next: EditionSnapshot, thresholds: GuardThresholds): GuardCheck[] {
  const checks: GuardCheck[] = [];
  for (const [key, list] of previous.lists) {
    const before = list.members.length;
    const now = next.lists.get(key)?.members.length ?? 0;
    if (before < thresholds.shrinkingListFloor || now === 0) continue;
    const share = now / before;
    if (share >= thresholds.minListShare) continue;
    checks.push({
      check: 'shrunk-list',
      passed: false,
      subject: key,
      message: `${listName(list)} had ${before} members and now has ${now} (${percent(share)}; at least ${percent(thresholds.minListShare)} required)`,
    });
  }
  if (checks.length === 0) {
    checks.push({
      check: 'shrunk-list',
      passed: true,
      message: `no list of ${thresholds.shrinkingListFloor} or more members, nor the organisations found only through search, kept less than ${percent(thresholds.minListShare)} of its members`,
    });
  }
  return checks;
}

/** The report as lines of text for a terminal or a log. */
export function formatGuardReport(report: GuardReport): string {
  const lines = report.checks.map((check) => `  ${check.passed ? 'ok  ' : 'FAIL'} ${check.message}`);
  const head = report.passed
    ? 'Publish guard: every check passed'
    : `Publish guard: ${report.checks.filter((check) => !check.passed).length} checks failed`;
  const first = report.firstEdition
    ? ['  (no previous edition and no live data: only the crawl itself was checked)']
    : [];
  return [head, ...lines, ...first].join('\n');
}
