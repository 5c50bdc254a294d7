// What a crawl makes of an edition before its site is rendered (docs/publishing.md: "Editions",
// "The publish guard"): the crawl read once, records that failed carried over from the previous edition, the
// publish guard's verdict, the changes since the previous edition, the new edition written as
// pending, and what the pages will show of the kept editions. src/editions/publish.ts runs it.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DATA_LAYOUT } from '../lib/data-layout.ts';
import { readManifest, type ManifestReading } from '../lib/manifest-file.ts';
import type { Unreadable } from '../records/data-folder.ts';
import { diffSnapshots, type EditionChanges } from './diff.ts';
import { collectEditionSeries } from './versions.ts';
import { checkPlausibility, DEFAULT_THRESHOLDS, formatGuardReport, type CrawlFacts, type GuardReport, type GuardThresholds } from './guard.ts';
import {
  organisationHistories,
  SHOWN_EDITIONS,
  type CarriedOrganisation,
  type EditionsView,
  type KeptEdition,
} from './history.ts';
import { nameOf, readDataFolder, type EditionSnapshot, type RecordsReader } from './edition-file.ts';
import type { EditionStore, EditionMeta, FormerOrganisation } from './store.ts';



/** What making an edition needs to know (src/editions/publish.ts passes its own options). */
export interface PrepareOptions {
  /** The live data folder: the guard's reference when there is no edition yet. */
  dataDir: string;
  editionsDir: string;
  /** Editions kept, the new one included; all of them when undefined (docs/publishing.md: "History kept for good"). */
  keep?: number | undefined;
  /** Publish even if checks fail, and record this reason in the edition. */
  accept?: string;
  thresholds?: GuardThresholds;
  siteUrl?: string;
  /**
   * Reads the crawl's records, each once (default: src/records/register.ts); the build passes a
   * reader that serves the site from the same reading, so that no record is read twice.
   */
  readRecords?: RecordsReader;
  /** The publish time; default now. */
  now?: () => Date;
  log?: (line: string) => void;
}

/** A crawl the publish guard stopped: nothing is published. */
interface StoppedEdition {
  stopped: true;
  exitCode: number;
  message: string;
  published: false;
  guard: GuardReport;
}

function crawlFacts(manifest: ManifestReading, snapshot: EditionSnapshot): CrawlFacts & { failedIds: string[] } {
  // Read field by field: the guard must judge a crawl whose manifest is odd too.
  const failedIds = (manifest.fields.failures ?? [])
    .filter((failure) => failure.operation === 'organisation' && failure.id !== undefined)
    .map((failure) => failure.id!.toLowerCase());
  const listed = manifest.counts.organisations ?? snapshot.organisations.size;
  const failed = manifest.counts.failed ?? failedIds.length;
  const searchBroken = manifest.fields.discovery?.searchBroken === true;
  return { listed, failed, failedIds, searchBroken };
}

function crawlDetails(manifest: ManifestReading): EditionMeta['crawl'] {
  const details: EditionMeta['crawl'] = {};
  for (const key of ['apiUrl', 'startedAt', 'finishedAt', 'crawlerVersion'] as const) {
    const value = manifest.fields[key];
    if (typeof value === 'string') details[key] = value;
  }
  return details;
}

const NO_CHANGES: EditionChanges = { added: [], removed: [], changed: [], membership: [] };

/** Organisations no longer listed as of the new edition: the earlier ones still gone, and today's. */
function formerOrganisations(
  earlier: readonly FormerOrganisation[],
  previous: EditionSnapshot | undefined,
  previousId: string | undefined,
  next: EditionSnapshot,
  changes: EditionChanges,
  editionId: string,
): FormerOrganisation[] {
  const former = earlier.filter((organisation) => !next.organisations.has(organisation.id));
  for (const member of changes.removed) {
    const last = previous?.organisations.get(member.id);
    if (last === undefined || previousId === undefined) continue;
    former.push({
      id: member.id,
      name: nameOf(last, member.id),
      lastSeen: last.carriedFrom ?? previousId,
      goneSince: editionId,
      record: last.record,
    });
  }
  return former;
}


/** Tonight's crawl beside the last edition, with the records that failed carried over from it. */
interface Crawled {
  next: EditionSnapshot;
  manifest: ManifestReading;
  facts: CrawlFacts & { failedIds: string[] };
  previousMeta: EditionMeta | undefined;
  previous: EditionSnapshot | undefined;
}

async function readCrawl(
  store: EditionStore,
  stagingDir: string,
  readRecords: RecordsReader | undefined,
  log: ((line: string) => void) | undefined,
): Promise<Crawled> {
  const unreadable: Unreadable[] = [];
  const next = readDataFolder(stagingDir, { ...(readRecords && { read: readRecords }), unreadable });
  for (const { file, reason } of unreadable) log?.(`edition: left out ${file}: ${reason}`);
  const manifest = readManifest(stagingDir);
  const facts = crawlFacts(manifest, next);
  const previousMeta = store.latest();
  const previous = previousMeta === undefined ? undefined : await store.readSnapshot(previousMeta.id);
  if (previous !== undefined && previousMeta !== undefined) {
    // A record that failed to fetch tonight is not a removal: keep the last one fetched.
    for (const id of facts.failedIds) {
      const last = previous.organisations.get(id);
      if (last !== undefined && !next.organisations.has(id)) {
        next.organisations.set(id, { ...last, carriedFrom: last.carriedFrom ?? previousMeta.id });
      }
    }
  }
  return { next, manifest, facts, previousMeta, previous };
}

/** The publish guard's verdict on the crawl, logged and kept beside the editions. */
async function judge(options: PrepareOptions, crawled: Crawled): Promise<GuardReport> {
  // Without an edition yet (a first build, or editions lost), the live data is the reference.
  const reference =
    crawled.previous ??
    (existsSync(join(options.dataDir, DATA_LAYOUT.manifest)) ? readDataFolder(options.dataDir) : undefined);
  const guard = checkPlausibility(
    reference,
    crawled.next,
    crawled.facts,
    options.thresholds ?? DEFAULT_THRESHOLDS,
  );
  options.log?.(formatGuardReport(guard));
  await mkdir(options.editionsDir, { recursive: true });
  await writeFile(join(options.editionsDir, 'guard-report.json'), `${JSON.stringify(guard, null, 2)}\n`);
  return guard;
}

/** What an edition says of itself (edition.json). */
function editionMeta(
  edition: { id: string; number: number; date: string },
  now: Date,
  crawled: Crawled,
  changes: EditionChanges,
  guard: GuardReport,
  accepted: { reason: string; failedChecks: string[] } | undefined,
): Omit<EditionMeta, 'register'> {
  const { next, previousMeta, manifest } = crawled;
  const lists: Record<string, number> = {};
  for (const [key, list] of next.lists) lists[key] = list.members.length;
  const organisations = [...next.organisations.values()];
  return {
    ...edition,
    publishedAt: now.toISOString(),
    previous: previousMeta?.id ?? null,
    crawl: crawlDetails(manifest),
    counts: {
      organisations: next.organisations.size,
      carried: organisations.filter((organisation) => organisation.carriedFrom !== undefined).length,
      lists,
    },
    changes: {
      added: changes.added.length,
      removed: changes.removed.length,
      changed: changes.changed.length,
      joined: changes.membership.reduce((total, change) => total + change.joined.length, 0),
      left: changes.membership.reduce((total, change) => total + change.left.length, 0),
    },
    guard,
    ...(accepted === undefined ? {} : { accepted }),
  };
}

/** What the pages read of the editions: the kept ones (the new one first), former and carried organisations. */
async function editionsView(
  store: EditionStore,
  options: PrepareOptions,
  newest: KeptEdition,
  next: EditionSnapshot,
  former: FormerOrganisation[],
): Promise<EditionsView> {
  const kept: KeptEdition[] = [
    newest,
    ...store
      .list()
      .reverse()
      .slice(0, Math.max(0, Math.min(options.keep ?? SHOWN_EDITIONS, SHOWN_EDITIONS) - 1))
      .map((edition) => ({ meta: edition, changes: store.readChanges(edition.id) })),
  ];
  const folders = [...store.list().map((edition) => store.path(edition.id)), store.pendingPath(newest.meta.id)];
  const carried: CarriedOrganisation[] = [...next.organisations.values()].flatMap((organisation) =>
    organisation.carriedFrom === undefined
      ? []
      : [
          {
            id: organisation.id,
            name: nameOf(organisation, organisation.id),
            carriedFrom: organisation.carriedFrom,
            record: organisation.record,
          },
        ],
  );
  // Every edition's, the pending one last: a year once reported stays on the page for good.
  const { financialReports, timelines } = await collectEditionSeries(options.editionsDir, folders);
  return {
    editions: kept,
    former,
    carried,
    histories: organisationHistories(kept),
    financialReports,
    kept: [...store.list(), newest.meta].map(({ id, date }) => ({ id, date })),
    timelines,
    ...(options.siteUrl === undefined ? {} : { siteUrl: options.siteUrl }),
  };
}


/** What a crawl makes of an edition before its site is rendered, or why it is not published. */
export type PreparedEdition =
  | StoppedEdition
  | {
      stopped: false;
      meta: EditionMeta;
      view: EditionsView;
      organisations: number;
      previousId: string | undefined;
      failedChecks: string[];
    };

/**
 * Reads the crawl, judges it against the previous edition, and writes the new edition as pending.
 * Both editions' records are let go when this returns, before the site is rendered.
 */
export async function prepareEdition(
  options: PrepareOptions,
  store: EditionStore,
  stagingDir: string,
): Promise<PreparedEdition> {
  const crawled = await readCrawl(store, stagingDir, options.readRecords, options.log);
  const { next, previous, previousMeta } = crawled;
  const guard = await judge(options, crawled);
  const failedChecks = guard.checks.filter((check) => !check.passed).map((check) => check.message);
  if (!guard.passed && options.accept === undefined) {
    return {
      stopped: true,
      exitCode: 1,
      message: `the publish guard stopped the build (${failedChecks.length} checks failed); the live data and site are unchanged. The crawl is kept in ${stagingDir}; publish it anyway with --accept "REASON" --reuse-crawl`,
      published: false,
      guard,
    };
  }

  const now = (options.now ?? (() => new Date()))();
  const edition = store.nextEdition(now);
  const changes = previous === undefined ? NO_CHANGES : diffSnapshots(previous, next);
  const earlier = previousMeta === undefined ? [] : await store.readFormer(previousMeta.id);
  const former = formerOrganisations(earlier, previous, previousMeta?.id, next, changes, edition.id);
  const accepted = guard.passed ? undefined : { reason: options.accept ?? '', failedChecks };
  const meta = await store.writePending({
    meta: editionMeta(edition, now, crawled, changes, guard, accepted),
    snapshot: next,
    changes,
    former,
    ...(previous !== undefined && previousMeta !== undefined && { base: { id: previousMeta.id, register: previous } }),
  });
  return {
    stopped: false,
    meta,
    view: await editionsView(store, options, { meta, changes }, next, former),
    organisations: next.organisations.size,
    previousId: previousMeta?.id,
    failedChecks,
  };
}
