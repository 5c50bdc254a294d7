// Where the crawler puts what, inside the data folder: the storage contract that the site and
// publishers rely on (docs/crawling.md: "Storage contract"). Paths are relative to the data folder.
import { GUID_PATTERN } from '../schemas/common.ts';
import { voluntaryCodeIdProblem } from '../schemas/voluntary-code.ts';

// The API's names that are also file names here, kept with the API's shapes (src/schemas) so that
// the edition files' schemas can hold names to them.
export { DISCOVERED_LIST, GROUP_LISTS, type GroupList } from '../schemas/group-lists.ts';
export { voluntaryCodeIdProblem } from '../schemas/voluntary-code.ts';

export const DATA_LAYOUT = {
  /** `organisations/<id>.json`: one record, the bytes the API sent; `<id>` is the lower-case GUID. */
  organisations: 'organisations',
  /** `lists/<list>.json`: the group lists as the API sent them, and `discovered.json` (derived). */
  lists: 'lists',
  /** The `voluntaryCodes` answer as the API sent it. */
  voluntaryCodes: 'voluntary-codes.json',
  /** `voluntary-code-members/<code>.json`: the `voluntaryCodeMembers` answer per code. */
  voluntaryCodeMembers: 'voluntary-code-members',
  /** What the crawl did: see `crawlManifestSchema` (src/schemas/manifest.ts). */
  manifest: 'manifest.json',
} as const;

/**
 * The search sweep's answers so far, one JSON line each (src/crawl/sweep/journal.ts): only in an unfinished
 * crawl's partial folder, so that a resume asks no answered search again; never published.
 */
export const SWEEP_JOURNAL = 'sweep.jsonl';

/** The top-level entries of a data folder that the crawler writes; anything else there is left alone. */
export const CRAWLED_ENTRIES: readonly string[] = Object.values(DATA_LAYOUT);

export function isGuid(value: unknown): value is string {
  return typeof value === 'string' && GUID_PATTERN.test(value);
}

/** File of one organisation's record, or `undefined` for an id that is not a GUID (never a path). */
export function organisationFile(id: string): string | undefined {
  return isGuid(id) ? `${DATA_LAYOUT.organisations}/${id.toLowerCase()}.json` : undefined;
}

/** A file name with its `.json`, for the organisation ids stored in `organisations/`. */
export const ORGANISATION_FILE_PATTERN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.json$/;

/** File of one code's member list, or `undefined` when the id cannot be a file name. */
export function voluntaryCodeMembersFile(id: string): string | undefined {
  return voluntaryCodeIdProblem(id) === undefined
    ? `${DATA_LAYOUT.voluntaryCodeMembers}/${id}.json`
    : undefined;
}
