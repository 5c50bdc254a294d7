// What the site shows of the kept editions: per edition what changed, per organisation its own
// history, and the organisations that have a page but no record in the current data folder.
// The site build hands the view to the pages in its context (src/site/context.ts); without one
// the pages show no editions: the folder they come from is the caller's to name.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { z } from 'zod';
import { recordName } from '../records/organisation.ts';
import { keptEdition, parseEditionFile } from '../schemas/edition.ts';
import type { EditionChanges, FieldChange } from './diff.ts';
import type { FinancialReports } from './finances.ts';
import { readEditionRegister } from './register.ts';
import { collectEditionSeries, type OrganisationTimelines } from './versions.ts';
import { EditionStore, type EditionMeta, type FormerOrganisation } from './store.ts';
import type { SnapshotList } from './edition-file.ts';

export interface KeptEdition {
  meta: EditionMeta;
  changes: EditionChanges;
}

interface MembershipEvent {
  kind: SnapshotList['kind'];
  name: string;
}

/** What one edition changed for one organisation. */
export interface HistoryEntry {
  edition: string;
  date: string;
  /** Set when the organisation appeared or disappeared in this edition. */
  status?: 'added' | 'removed';
  fields: FieldChange[];
  joined: MembershipEvent[];
  left: MembershipEvent[];
}

/** An organisation whose record this crawl could not fetch: its page shows the last one fetched. */
export interface CarriedOrganisation {
  id: string;
  name: string;
  carriedFrom: string;
  record: Record<string, unknown>;
}

export interface EditionsView {
  /** Kept editions, newest first. */
  editions: KeptEdition[];
  /** Organisations no longer listed, whose pages stay. */
  former: FormerOrganisation[];
  carried: CarriedOrganisation[];
  /** Newest first, per lower-case id. */
  histories: Map<string, HistoryEntry[]>;
  /** The public address of the site, for the feed's links; without it they are relative. */
  siteUrl?: string;
  /** Each organisation's financial summaries as every kept edition reported them (finances.ts). */
  financialReports?: FinancialReports;
  /**
   * Every kept edition, oldest first, not only the shown ones: each has a permalink on every
   * organisation page (docs/site.md: "Permalinks and citations").
   */
  kept?: { id: string; date: string }[];
  /** Each organisation's versions across every kept edition (versions.ts). */
  timelines?: OrganisationTimelines;
}

/**
 * The newest editions whose changes the site shows (changes pages, feeds, each organisation's change
 * history): the site would grow by every night kept for good. Older ones stay in the editions folder.
 */
export const SHOWN_EDITIONS = 30;

/** Every organisation's history across the kept editions, newest first. */
export function organisationHistories(editions: readonly KeptEdition[]): Map<string, HistoryEntry[]> {
  const histories = new Map<string, HistoryEntry[]>();
  const newestFirst = [...editions].sort((a, b) => b.meta.number - a.meta.number);
  for (const { meta, changes } of newestFirst) {
    const entries = new Map<string, HistoryEntry>();
    const entry = (given: string) => {
      // Pages look histories up by the id in lower case, whatever capitals an edition gave it.
      const id = given.toLowerCase();
      let found = entries.get(id);
      if (found === undefined) {
        found = { edition: meta.id, date: meta.date, fields: [], joined: [], left: [] };
        entries.set(id, found);
      }
      return found;
    };
    for (const member of changes.added) entry(member.id).status = 'added';
    for (const member of changes.removed) entry(member.id).status = 'removed';
    for (const change of changes.changed) entry(change.id).fields = change.fields;
    for (const change of changes.membership) {
      for (const member of change.joined)
        entry(member.id).joined.push({ kind: change.kind, name: change.name });
      for (const member of change.left) entry(member.id).left.push({ kind: change.kind, name: change.name });
    }
    for (const [id, found] of entries) {
      const list = histories.get(id);
      if (list === undefined) histories.set(id, [found]);
      else list.push(found);
    }
  }
  return histories;
}

/** The lines of a gzipped JSON-lines file of an edition, each as `schema` describes it. */
function gzippedLines<T>(path: string, schema: z.ZodType<T>): T[] {
  if (!existsSync(path)) return [];
  return gunzipSync(readFileSync(path))
    .toString('utf8')
    .split('\n')
    .flatMap((line, index) =>
      line === '' ? [] : [parseEditionFile(`${path} line ${index + 1}`, schema, JSON.parse(line))],
    );
}

/** The view of the published editions in a folder (the newest `SHOWN_EDITIONS` of them). */
export async function loadEditionsView(dir: string, url: string | undefined): Promise<EditionsView> {
  const store = new EditionStore(dir);
  const editions = store
    .list()
    .reverse()
    .slice(0, SHOWN_EDITIONS)
    .map((meta) => ({ meta, changes: store.readChanges(meta.id) }));
  const latest = editions[0]?.meta.id;
  const former =
    latest === undefined ? [] : gzippedLines(join(dir, latest, 'former.jsonl.gz'), keptEdition.formerLine);
  const register = latest === undefined ? undefined : await readEditionRegister(dir, latest);
  const carried = [...(register?.organisations.values() ?? [])].flatMap((organisation) =>
    organisation.carriedFrom !== undefined
      ? [
          {
            id: organisation.id,
            name: recordName(organisation.record) ?? organisation.id,
            carriedFrom: organisation.carriedFrom,
            record: organisation.record,
          },
        ]
      : [],
  );
  const folders = store.list().map((meta) => join(dir, meta.id));
  const { financialReports, timelines } = await collectEditionSeries(dir, folders);
  return {
    editions,
    former,
    carried,
    histories: organisationHistories(editions),
    financialReports,
    kept: store.list().map(({ id, date }) => ({ id, date })),
    timelines,
    ...(url === undefined ? {} : { siteUrl: url }),
  };
}

/** What the pages show without editions. */
export const NO_EDITIONS: EditionsView = { editions: [], former: [], carried: [], histories: new Map() };
