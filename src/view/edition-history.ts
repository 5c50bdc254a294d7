// An organisation page as an edition had it (docs/site.md: "Permalinks and citations"): what the
// history script of an organisation holds, and how the browser reads the organisation as it stood
// in one edition from it. Shared by the build, which writes the scripts (src/site/organisation-histories.ts),
// and the page's client (src/view/browser/permalink.ts).
import { organisationFileStem } from '../lib/routes.ts';

/** The script every organisation page loads: the kept editions, then the client. */
export const PERMALINK_SCRIPT = 'permalink.js';
/** The global the permalink script's first line sets: every kept edition as `[id, date]`, oldest first. */
export const EDITIONS_GLOBAL = 'orgdirEditions';
/** The function a history script calls with its data. */
export const HISTORY_FUNCTION = 'orgdirHistory';
/** The folder of the history scripts, one sub-folder per first two characters of the id. */
export const HISTORY_DIR = 'history';

/** A field's label and a value as the page shows it. */
type FieldText = [label: string, today: string];
/** A field that differed: its index in `fields`, and its value then as text. */
type Difference = [field: number, then: string];

/** What a history script hands to `HISTORY_FUNCTION`. */
export interface HistoryData {
  /** Every field that differs from today's page in some version: its label, and its value today. */
  fields: FieldText[];
  /**
   * Newest first: the edition each version began in, and its differences from today's page, or 0
   * for a run of editions in which the organisation was not on the register.
   */
  versions: [since: string, differences: Difference[] | 0][];
}

/** The history script of an organisation: a path from the site root. */
export function historyScriptPath(id: string): string {
  const stem = organisationFileStem(id);
  return `${HISTORY_DIR}/${stem.slice(0, 2)}/${stem}.js`;
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
  const version = history.versions.find(([since]) => editions.indexOf(since) <= at);
  if (version === undefined || version[1] === 0) return { kind: 'unlisted' };
  return {
    kind: 'listed',
    differences: version[1].map(([field, then]) => {
      const [label, today] = history.fields[field] ?? ['', ''];
      return { label, then, today };
    }),
  };
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
