// The history scripts of the organisations whose record changed across the kept editions, and the
// permalink script every organisation page loads (docs/site.md: "Permalinks and citations"). A
// history script holds, per version of the record, the fields that differed from today's page, as
// the change history words them (src/view/change-text.ts), each version written as a step from the
// newer one: the browser shows an edition's values without the record model, and an organisation
// that never changed needs no script at all.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fieldChanges } from '../editions/diff.ts';
import type { EditionsView } from '../editions/history.ts';
import { versionRecords, type OrganisationTimeline } from '../editions/versions.ts';
import { organisationFileStem } from '../lib/routes.ts';
import { describeFieldChange } from '../view/change-text.ts';
import {
  EDITIONS_GLOBAL,
  HISTORY_DIR,
  HISTORY_FUNCTION,
  historyScriptPath,
  PERMALINK_SCRIPT,
  type HistoryData,
} from '../view/edition-history.ts';
import { bundlePermalinkClient } from './bundle-clients.ts';

/** What `writeOrganisationHistories` wrote. */
export interface HistoriesWritten {
  /** History scripts written: each holds the organisations whose page names share its first characters. */
  files: number;
  bytes: number;
  /** Organisations with more than one version: those the scripts hold. */
  organisations: number;
  /** Versions older than each organisation's newest, over all scripts: the changes they hold. */
  changes: number;
}

/** JSON as a classic script carries it on any host: every character past ASCII escaped. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** What the history script of an organisation with these versions holds. */
export function historyData(timeline: OrganisationTimeline): HistoryData {
  const today = timeline.record;
  const fields: HistoryData['fields'] = [];
  const indexOf = new Map<string, number>();
  const records = versionRecords(timeline);
  const newestFirst = [...timeline.versions].reverse();
  // The differences of the newer listed version, by field: each version writes only how its own differ.
  let newer = new Map<number, string>();
  const versions = newestFirst.map((version, at): HistoryData['versions'][number] => {
    const then = records[at];
    if (then === undefined) return [version.since, 0];
    const differences = new Map<number, string>();
    for (const change of fieldChanges(then, today)) {
      const text = describeFieldChange(change);
      let index = indexOf.get(change.path);
      if (index === undefined) {
        index = fields.push([text.label, text.after]) - 1;
        indexOf.set(change.path, index);
      }
      differences.set(index, text.before);
    }
    const steps: ([number, string] | [number])[] = [
      ...[...differences].filter(([field, text]) => newer.get(field) !== text),
      ...[...newer.keys()].filter((field) => !differences.has(field)).map((field): [number] => [field]),
    ];
    newer = differences;
    return [version.since, steps];
  });
  return { fields, versions };
}

/**
 * Writes `history/<abc>.js` under `siteDir` for the organisations in `timelines` with more than one
 * version, grouped by the first characters of their page's name (`historyScriptPath`): classic
 * scripts that hand their data to `orgdirHistory`, so that they load from file:// too.
 */
export function writeOrganisationHistories(
  siteDir: string,
  timelines: ReadonlyMap<string, OrganisationTimeline>,
): HistoriesWritten {
  const written: HistoriesWritten = { files: 0, bytes: 0, organisations: 0, changes: 0 };
  const scripts = new Map<string, string[]>();
  for (const [id, timeline] of timelines) {
    if (timeline.versions.length < 2) continue;
    const path = historyScriptPath(id);
    const entry = `${asciiJson(organisationFileStem(id))}:${asciiJson(historyData(timeline))}`;
    const entries = scripts.get(path);
    if (entries === undefined) scripts.set(path, [entry]);
    else entries.push(entry);
    written.organisations += 1;
    written.changes += timeline.versions.length - 1;
  }
  if (scripts.size > 0) mkdirSync(join(siteDir, HISTORY_DIR), { recursive: true });
  for (const [path, entries] of scripts) {
    const text = `${HISTORY_FUNCTION}({${entries.join(',')}});\n`;
    writeFileSync(join(siteDir, path), text);
    written.files += 1;
    written.bytes += Buffer.byteLength(text);
  }
  return written;
}

/** Writes the permalink script: the kept editions (oldest first), then the client. Answers its bytes. */
function writePermalinkScript(
  siteDir: string,
  editions: readonly { id: string; date: string }[],
  client: Uint8Array,
): number {
  const list = asciiJson(editions.map(({ id, date }) => [id, date]));
  const text = Buffer.concat([Buffer.from(`var ${EDITIONS_GLOBAL}=${list};\n`), client]);
  writeFileSync(join(siteDir, PERMALINK_SCRIPT), text);
  return text.byteLength;
}

/** What the permalinks add to a site: the history scripts, and the permalink script's bytes. */
export interface PermalinkFiles extends HistoriesWritten {
  script: number;
}

/** The permalink script and every history script of the editions the pages show, written into `siteDir`. */
export async function writePermalinkFiles(siteDir: string, view: EditionsView): Promise<PermalinkFiles> {
  const script = writePermalinkScript(siteDir, view.kept ?? [], await bundlePermalinkClient());
  return { ...writeOrganisationHistories(siteDir, view.timelines ?? new Map()), script };
}
