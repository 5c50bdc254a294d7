// The history stage's figures and their arithmetic, kept pure so a unit test can hold them: what
// the editions folder and the release's history file take for a first edition and for ordinary
// nights, a year of nights scaled from those measured, and the budgets they are held to
// (docs/publishing.md: "History kept for good").
import { formatBytes } from '../../src/lib/bytes.ts';
import { LONGEST_CHAIN } from '../../src/editions/register.ts';
import { median } from './statistics.ts';

/** One night's edition, as the editions folder grew by it. */
export interface HistoryNight {
  /** Organisations whose record changed that night. */
  changed: number;
  /** How the night's register was stored. */
  format: 'snapshot' | 'delta';
  /** Bytes the editions folder grew by: the edition's files, less the former list the edition before gave up. */
  bytes: number;
  /** The register file alone (delta.jsonl.gz or snapshot.jsonl.gz). */
  registerBytes: number;
  /** Bytes the release's history file grew by. */
  historyBytes: number;
  /** Writing the edition, from reading the crawl to the edition in place. */
  seconds: number;
}

/** One way of gzipping the first edition's snapshot: its bytes and the time to write it. */
export interface SnapshotWrite {
  label: string;
  bytes: number;
  seconds: number;
}

export interface HistoryFigures {
  organisations: number;
  /** The first edition: every file of its folder, by name, and the time to write it. */
  firstEdition: { bytes: number; files: Record<string, number>; seconds: number };
  /** The register's snapshot lines, uncompressed. */
  registerBytes: number;
  /** The first edition's snapshot written at gzip's default level and as editions are written. */
  snapshotWrites: SnapshotWrite[];
  /** The release's history file holding the first edition alone. */
  firstHistoryBytes: number;
  nights: HistoryNight[];
  /** A year of nights scaled from those measured (`yearOfNights`). */
  year: YearOfNights;
  /**
   * The site's history scripts (src/site/organisation-histories.ts) written from the nights
   * measured: what every organisation's permalinks to an older edition read.
   */
  siteHistory?: SiteHistory;
  /** Whether the data folder the crawl stage left at this size reads into the same register, when there was one. */
  crawlCheck?: { organisations: number; same: boolean };
  /** The stage's own wall time, and the CPU time of the process meanwhile (user and system). */
  wallSeconds: number;
  cpuSeconds?: number;
  loadAverage: number;
}

interface SiteHistory {
  /** Bytes of the history scripts. */
  bytes: number;
  files: number;
  /** Versions of organisations older than their current one, each a change some night made. */
  changes: number;
}

export interface YearOfNights {
  editions: number;
  keyframes: number;
  deltas: number;
  /** The editions folder after a year. */
  editionsBytes: number;
  /** The release's history file after a year. */
  historyBytes: number;
}

/** A year of editions: one a night. */
const YEAR_OF_EDITIONS = 365;

/**
 * What `editions` nightly editions take when each night is like the median night measured: the
 * first a keyframe, each later one a delta until the deltas since the keyframe would outweigh it or
 * pass `LONGEST_CHAIN` (src/editions/register.ts, `writeEditionRegister`), then a keyframe again,
 * as big as the first plus a night's changes.
 */
export function yearOfNights(
  figures: Pick<HistoryFigures, 'firstEdition' | 'firstHistoryBytes' | 'nights'>,
  editions = YEAR_OF_EDITIONS,
): YearOfNights {
  const deltas = figures.nights.filter((night) => night.format === 'delta');
  if (deltas.length === 0)
    throw new Error('no night was stored as a delta: a year cannot be scaled from them');
  const night = median(deltas.map((one) => one.bytes));
  const delta = median(deltas.map((one) => one.registerBytes));
  const historyNight = median(deltas.map((one) => one.historyBytes));
  const keyframe = figures.firstEdition.files['snapshot.jsonl.gz'] ?? 0;
  const year: YearOfNights = {
    editions,
    keyframes: 1,
    deltas: 0,
    editionsBytes: figures.firstEdition.bytes,
    historyBytes: figures.firstHistoryBytes,
  };
  let chainBytes = 0;
  let chainLength = 0;
  for (let edition = 2; edition <= editions; edition++) {
    if (chainBytes + delta <= keyframe && chainLength < LONGEST_CHAIN) {
      year.deltas += 1;
      year.editionsBytes += night;
      year.historyBytes += historyNight;
      chainBytes += delta;
      chainLength += 1;
    } else {
      year.keyframes += 1;
      year.editionsBytes += night - delta + keyframe;
      year.historyBytes += historyNight - delta + keyframe;
      chainBytes = 0;
      chainLength = 0;
    }
  }
  return year;
}

const HISTORY_TARGETS = {
  /** The first edition's folder at the register's size. */
  firstEditionBytes: 15_000_000,
  /** What a night on which 1% of the organisations changed adds to the editions folder. */
  nightBytes: 1_000_000,
  /** The budgets are set for the real register, at most 35,000 organisations. */
  organisations: 35_000,
} as const;

/** What the two budgets allow a year of editions: the first edition's, then a night's each night. */
const YEAR_BUDGET_BYTES =
  HISTORY_TARGETS.firstEditionBytes + (YEAR_OF_EDITIONS - 1) * HISTORY_TARGETS.nightBytes;

export interface HistoryCheck {
  stage: 'history';
  target: string;
  measured: string;
  met: boolean;
}

const mb = (bytes: number) => formatBytes(bytes, 'limit');
/** A measured size in MB to two decimals, to be read against a budget of whole MB. */
export const mb2 = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;

/** The history stage's figures against the budgets, at sizes up to the register's. */
export function historyChecks(figures: HistoryFigures): HistoryCheck[] {
  if (figures.organisations > HISTORY_TARGETS.organisations) return [];
  const label = `${figures.organisations.toLocaleString('en')} organisations`;
  const nights = figures.nights.map((night) => night.bytes);
  const { year } = figures;
  return [
    {
      stage: 'history',
      target: `${label}: first edition ≤ ${mb(HISTORY_TARGETS.firstEditionBytes)}`,
      measured: `${mb2(figures.firstEdition.bytes)} (its snapshot ${mb2(figures.firstEdition.files['snapshot.jsonl.gz'] ?? 0)})`,
      met: figures.firstEdition.bytes <= HISTORY_TARGETS.firstEditionBytes,
    },
    {
      stage: 'history',
      target: `${label}: a night at 1% change adds ≤ ${mb(HISTORY_TARGETS.nightBytes)} to the editions folder`,
      measured: `median ${formatBytes(median(nights))}, largest ${formatBytes(Math.max(...nights))} (${nights.length} nights)`,
      met: Math.max(...nights) <= HISTORY_TARGETS.nightBytes,
    },
    {
      stage: 'history',
      target: `${label}: a year of nightly editions at 1% (scaled from the nights measured) ≤ ${mb(YEAR_BUDGET_BYTES)}, the budgets' sum`,
      measured: `editions folder ${mb2(year.editionsBytes)}, history file ${mb2(year.historyBytes)} (${year.keyframes} keyframes, ${year.deltas} deltas)`,
      met: year.editionsBytes <= YEAR_BUDGET_BYTES && year.historyBytes <= YEAR_BUDGET_BYTES,
    },
    ...siteHistoryChecks(figures),
  ];
}

/** What a year of history may add to the site at the register's size (docs/publishing.md). */
const SITE_YEAR_BUDGET_BYTES = 60_000_000;

/**
 * What a year of nights at 1% adds to the site, scaled from the history scripts of the nights
 * measured by their bytes per change. Each organisation changed in a few nights carries its entry's
 * overhead over one change or two; over a year, a changed organisation carries it over several,
 * so the scaled figure errs high.
 */
export function siteHistoryOfYear(
  figures: Pick<HistoryFigures, 'organisations' | 'siteHistory'>,
  editions = YEAR_OF_EDITIONS,
): number | undefined {
  const site = figures.siteHistory;
  if (site === undefined || site.changes === 0) return undefined;
  const changesInYear = Math.round(figures.organisations / 100) * (editions - 1);
  return Math.round((site.bytes / site.changes) * changesInYear);
}

/** The row "a year of history adds ≤ 60 MB to the site", when the stage wrote the site's history scripts. */
function siteHistoryChecks(figures: HistoryFigures): HistoryCheck[] {
  const year = siteHistoryOfYear(figures);
  if (year === undefined) return [];
  const site = figures.siteHistory!;
  const label = `${figures.organisations.toLocaleString('en')} organisations`;
  return [
    {
      stage: 'history',
      target: `${label}: a year of nightly editions at 1% (scaled from the nights measured) adds ≤ ${mb(SITE_YEAR_BUDGET_BYTES)} to the site`,
      measured: `${mb2(year)} (${Math.round(site.bytes / site.changes)} bytes a change: ${formatBytes(site.bytes)} in ${site.files} history scripts for ${site.changes} changes)`,
      met: year <= SITE_YEAR_BUDGET_BYTES,
    },
  ];
}
