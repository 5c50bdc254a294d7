// Every organisation as it stood in every kept edition, for the permalink of each edition
// (docs/site.md: "Permalinks and citations"). Read from the kept registers in turn (register.ts,
// each stored line once): an organisation's versions are the runs of editions in which its record
// stayed the same, or in which it was not on the register. Each version of a record keeps only
// the field-level reverse patch that turns it into the version before (diff.ts), so a year of
// nights costs what changed, not a record per night; the newest record is the page's own.
import { isPlainObject } from '../lib/objects.ts';
import { leafChanges } from './diff.ts';
import { walkEditionRegisters, type WalkedRegister } from './register.ts';
import { financialReportsOf, type FinancialReports } from './finances.ts';

/** One field to set back (`value`) or to remove (no `value`), named by its keys from the root. */
interface PatchedField {
  keys: string[];
  value?: unknown;
}

/** What turns one version of a record into an earlier one. */
export type ReversePatch = PatchedField[];

/** A run of editions in which an organisation stayed as it was. */
interface OrganisationVersion {
  /** The edition the run began in. */
  since: string;
  /** False for a run in which the organisation was not on the register. */
  listed: boolean;
  /**
   * For a listed run that follows another listed one (gaps skipped): what turns this run's record
   * into that earlier run's. Empty for the first listed run and for unlisted runs.
   */
  back: ReversePatch;
}

/** An organisation across the kept editions. */
export interface OrganisationTimeline {
  /** Oldest first; never two runs alike in a row. */
  versions: OrganisationVersion[];
  /** The newest record the editions held of it (tonight's, or its last before it left). */
  record: Record<string, unknown>;
}

/** The patch that turns `after` back into `before`: every leaf that differs, as it was. */
export function reversePatch(before: Record<string, unknown>, after: Record<string, unknown>): ReversePatch {
  return leafChanges(before, after).map((change) =>
    'before' in change ? { keys: change.keys, value: change.before } : { keys: change.keys },
  );
}

/** `record` with `patch` applied; `record` itself is left as it was (objects on the way are copied). */
export function applyReversePatch(record: Record<string, unknown>, patch: ReversePatch): Record<string, unknown> {
  const result = { ...record };
  for (const { keys, ...field } of patch) {
    let target = result;
    for (const key of keys.slice(0, -1)) {
      const inner = target[key];
      const copy = isPlainObject(inner) ? { ...inner } : {};
      target[key] = copy;
      target = copy;
    }
    const last = keys.at(-1)!;
    if ('value' in field) target[last] = field.value;
    else delete target[last];
  }
  return result;
}

/**
 * The record of each listed version of `timeline`, newest first, rebuilt from its newest record by
 * the reverse patches; `undefined` for the versions in which it was not listed.
 */
export function versionRecords(timeline: OrganisationTimeline): (Record<string, unknown> | undefined)[] {
  const records: (Record<string, unknown> | undefined)[] = [];
  let record = timeline.record;
  let pending: ReversePatch = [];
  for (const version of [...timeline.versions].reverse()) {
    if (!version.listed) {
      records.push(undefined);
      continue;
    }
    record = applyReversePatch(record, pending);
    records.push(record);
    pending = version.back;
  }
  return records;
}

/** Per lower-case organisation id, its versions across the editions read. */
export type OrganisationTimelines = Map<string, OrganisationTimeline>;

/** Adds the organisation `id` as edition `since` has it (`record` absent when not listed) to `timelines`. */
function note(
  timelines: OrganisationTimelines,
  id: string,
  since: string,
  record: Record<string, unknown> | undefined,
): void {
  const timeline = timelines.get(id);
  if (timeline === undefined) {
    if (record !== undefined) timelines.set(id, { versions: [{ since, listed: true, back: [] }], record });
    return;
  }
  const last = timeline.versions.at(-1)!;
  if (record === undefined) {
    if (last.listed) timeline.versions.push({ since, listed: false, back: [] });
    return;
  }
  const back = reversePatch(timeline.record, record);
  if (last.listed && back.length === 0) return;
  timeline.versions.push({ since, listed: true, back });
  timeline.record = record;
}

/**
 * Every organisation's versions across the editions in `folders` (oldest first; a pending edition
 * may be the last), each edition compared only where its register says it changed.
 */
export async function collectOrganisationTimelines(
  editionsDir: string,
  folders: readonly string[],
): Promise<OrganisationTimelines> {
  const { timelines, visit } = timelinesOf();
  await walkEditionRegisters(editionsDir, folders, visit);
  return timelines;
}

/** The timelines, filled in as `visit` is handed each edition's register in turn, oldest first. */
function timelinesOf(): { timelines: OrganisationTimelines; visit: (walked: WalkedRegister) => void } {
  const timelines: OrganisationTimelines = new Map();
  const visit = ({ meta, register, touched }: WalkedRegister) => {
    const ids = touched === 'all' ? new Set([...timelines.keys(), ...register.organisations.keys()]) : touched;
    for (const id of ids) note(timelines, id, meta.id, register.organisations.get(id)?.record);
  };
  return { timelines, visit };
}

/**
 * Both what the pages read of every kept edition, its financial reports and each organisation's
 * timeline, in one walk of the editions' registers (each stored line read once, not twice).
 */
export async function collectEditionSeries(
  editionsDir: string,
  folders: readonly string[],
): Promise<{ financialReports: FinancialReports; timelines: OrganisationTimelines }> {
  const finances = financialReportsOf();
  const versions = timelinesOf();
  await walkEditionRegisters(editionsDir, folders, (walked) => {
    finances.visit(walked);
    versions.visit(walked);
  });
  return { financialReports: finances.reports, timelines: versions.timelines };
}
