// An organisation page as an edition had it (docs/site.md: "Permalinks and citations"): what the
// history script of an organisation holds, and how the browser reads the organisation as it stood
// in one edition from it. Shared by the build, which writes the scripts (src/site/organisation-histories.ts),
// and the page's client (src/view/browser/permalink.ts).
import { organisationFileStem } from '../lib/routes.ts';

/** The script every organisation page loads: the kept editions, then the client. */
export const PERMALINK_SCRIPT = 'permalink.js';
/** The global the permalink script's first line sets: every kept edition as `[id, date]`, oldest first. */
export const EDITIONS_GLOBAL = 'orgdirEditions';
/** The function a history script calls with its data: `HistoryData` by organisation page's file name. */
export const HISTORY_FUNCTION = 'orgdirHistory';
/** The folder of the history scripts. */
export const HISTORY_DIR = 'history';
/**
 * How many leading characters of an organisation page's file name name its history script: the
 * organisations whose first three characters agree share one (at most 4,096 scripts for GUIDs,
 * about 9 organisations each at 35,000), so a host's file count does not grow with the register.
 */
const SHARD_LENGTH = 3;

/** A field's label and a value as the page shows it. */
type FieldText = [label: string, today: string];
/**
 * One step back: a field (its index in `fields`) whose value then, as text, differs from the newer
 * version's; without the text, a field that was the same then as today.
 */
type Step = [field: number, then: string] | [field: number];

/** What a history script hands to `HISTORY_FUNCTION`. */
export interface HistoryData {
  /** Every field that differs from today's page in some version: its label, and its value today. */
  fields: FieldText[];
  /**
   * Newest first: the edition each version began in, and how its differences from today's page
   * differ from those of the newer listed version before it (so a field that stayed changed for
   * many versions is written once); 0 for a run of editions in which the organisation was not
   * on the register. The newest listed version's steps are its differences themselves.
   */
  versions: [since: string, steps: Step[] | 0][];
}

/** The history script that holds an organisation's history: a path from the site root. */
export function historyScriptPath(id: string): string {
  return `${HISTORY_DIR}/${organisationFileStem(id).slice(0, SHARD_LENGTH)}.js`;
}

/** An organisation as one edition had it, beside today's page. */
export type EditionState =
  | { kind: 'unknown' }
  | { kind: 'unlisted' }
  | { kind: 'listed'; differences: { label: string; then: string; today: string }[] };

/**
 * The organisation as edition `target` had it. `editions` are the kept editions' ids, oldest
 * first; `history` is its history script's data, or, for an organisation whose record never
 * changed, the edition it was first seen in (the oldest kept when not given).
 */
export function stateAt(
  editions: readonly string[],
  target: string,
  history: HistoryData | { since?: string },
): EditionState {
  const at = editions.indexOf(target);
  if (at < 0) return { kind: 'unknown' };
  if (!('versions' in history)) {
    const since = history.since === undefined ? 0 : editions.indexOf(history.since);
    return at < since ? { kind: 'unlisted' } : { kind: 'listed', differences: [] };
  }
  // Every version from the newest back to the one the edition fell in, each step applied in turn.
  const then = new Map<number, string>();
  for (const [since, steps] of history.versions) {
    for (const [field, text] of steps === 0 ? [] : steps) {
      if (text === undefined) then.delete(field);
      else then.set(field, text);
    }
    if (editions.indexOf(since) > at) continue;
    if (steps === 0) return { kind: 'unlisted' };
    return {
      kind: 'listed',
      differences: [...then]
        .sort(([a], [b]) => a - b)
        .map(([field, text]) => {
          const [label, today] = history.fields[field] ?? ['', ''];
          return { label, then: text, today };
        }),
    };
  }
  return { kind: 'unlisted' };
}

/**
 * What an organisation page tells its client of the organisation's history, in as few bytes as
 * 35,000 pages allow: `data-history` when it has a history script (more than one version), else
 * `data-since` when it was first seen after the oldest kept edition, else nothing.
 */
export function permalinkAttributes(
  versions: readonly { since: string }[] | undefined,
  oldest: string | undefined,
): Record<string, string> {
  if (versions === undefined || versions.length === 0) return {};
  if (versions.length > 1) return { 'data-history': '' };
  const since = versions[0]!.since;
  return since === oldest ? {} : { 'data-since': since };
}
