// The shape of an edition's files (docs/publishing.md: "Editions"), as zod schemas, read through them wherever
// they are read: from the editions folder (src/editions/store.ts, history.ts, edition-file.ts) and
// when an edition comes back over the network (src/editions/carry.ts), where anyone who can answer
// at ORGDIR_RELEASE_URL could have written them. Every id that later names a file or a page is
// held to its own form here: a GUID, an edition's date name, a voluntary code id that is a safe
// file name.
import { z } from 'zod';
import { GUID_PATTERN } from './common.ts';
import { DISCOVERED_LIST, GROUP_LISTS } from './group-lists.ts';
import { voluntaryCodeIdProblem } from './voluntary-code.ts';

/** An edition's id: its publish date (UTC), with `-2`, `-3`… for a second or third that day. */
export const EDITION_ID = /^\d{4}-\d{2}-\d{2}(?:-\d+)?$/;

/** A lower-case GUID: the form in which editions key organisations (and page file names). */
const lowerCaseId = z.string().regex(new RegExp(GUID_PATTERN.source), 'not a lower-case GUID');
/**
 * A GUID in any capitals, read in lower case: what the editions folder may hold from an orgdir that
 * kept ids as the API gave them; compared with the data folder's ids, which are lower case.
 */
const anyCaseId = z
  .string()
  .regex(new RegExp(GUID_PATTERN.source, 'i'), 'not a GUID')
  .transform((id) => id.toLowerCase());
const editionId = z.string().regex(EDITION_ID, 'not an edition id (YYYY-MM-DD or YYYY-MM-DD-N)');
const count = z.number().int().nonnegative();
const record = z.record(z.string(), z.unknown());
const listKind = z.enum(['list', 'voluntaryCode']);
const listName = z.string().max(200);

/** The publish guard's checks (src/editions/guard.ts). */
export const GUARD_CHECKS = [
  'organisations',
  'empty-list',
  'shrunk-list',
  'failed-fetches',
  'fill-rate',
  'search',
] as const;

const guardCheck = z.strictObject({
  check: z.enum(GUARD_CHECKS),
  passed: z.boolean(),
  subject: z.string().exactOptional(),
  message: z.string(),
});

const crawl = z.strictObject({
  apiUrl: z.string().exactOptional(),
  startedAt: z.string().exactOptional(),
  finishedAt: z.string().exactOptional(),
  crawlerVersion: z.string().exactOptional(),
});
const counts = z.strictObject({ organisations: count, carried: count, lists: z.record(z.string(), count) });
const changeCounts = z.strictObject({
  added: count,
  removed: count,
  changed: count,
  joined: count,
  left: count,
});
const guard = z.strictObject({ passed: z.boolean(), firstEdition: z.boolean(), checks: z.array(guardCheck) });
const accepted = z.strictObject({ reason: z.string(), failedChecks: z.array(z.string()) });

/**
 * How an edition stores its register (src/editions/register.ts): whole (`snapshot.jsonl.gz`), or as
 * what changed since `base` (`delta.jsonl.gz`); `sha256` is the hash of the register's snapshot
 * lines, uncompressed, checked whenever it is rebuilt. An edition.json without it is an older
 * edition's: a whole snapshot, unhashed.
 */
const registerStorage = z.discriminatedUnion('format', [
  z.strictObject({ format: z.literal('snapshot'), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  z.strictObject({ format: z.literal('delta'), base: editionId, sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
]);

/**
 * The highest edition number a fetched edition may give: a build every night for over 2,700 years.
 * The next edition is one more, and must still be a safe integer that the editions folder reads.
 */
const MAX_EDITION_NUMBER = 1_000_000;

/**
 * The longest text a fetched edition may give where a page shows it (a name, a guard message, an
 * --accept reason): what the record model reads of a name (src/records/record-bounds.ts: `SIZE_LIMITS`).
 */
const FETCHED_TEXT = 1_000;

/** The first string longer than `FETCHED_TEXT` in `value`, as a path; `undefined` when none is. */
function longTextAt(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return value.length > FETCHED_TEXT ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = longTextAt(child, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `edition.json` of an edition fetched from a release (`EditionMeta` in store.ts): every number and text bounded. */
export const editionMetaSchema = z
  .strictObject({
    id: editionId,
    number: z.number().int().positive().max(MAX_EDITION_NUMBER),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'not a YYYY-MM-DD date'),
    publishedAt: z.string(),
    previous: editionId.nullable(),
    crawl,
    counts,
    changes: changeCounts,
    guard,
    accepted: accepted.exactOptional(),
    register: registerStorage.exactOptional(),
  })
  .superRefine((meta, context) => {
    const path = longTextAt(meta);
    if (path !== undefined)
      context.addIssue({ code: 'custom', path, message: `text over ${FETCHED_TEXT} characters` });
  });

/**
 * `edition.json` of an edition kept in the editions folder: its id and number make it one (they
 * name and order it); a field an older or hand-made edition.json lacks or gives oddly reads as
 * nothing to show, so that the edition is still listed and kept in order.
 */
const keptEditionMetaSchema = z.object({
  id: editionId,
  number: z.number().int().positive(),
  date: z.string().catch(''),
  publishedAt: z.string().catch(''),
  previous: editionId.nullable().catch(null),
  crawl: crawl.catch({}),
  counts: counts.catch({ organisations: 0, carried: 0, lists: {} }),
  changes: changeCounts.catch({ added: 0, removed: 0, changed: 0, joined: 0, left: 0 }),
  guard: guard.catch({ passed: true, firstEdition: false, checks: [] }),
  accepted: accepted.exactOptional(),
  // Never caught: an edition whose storage cannot be read is an edition whose register is lost.
  register: registerStorage.exactOptional(),
});

const KNOWN_LISTS: readonly string[] = [...GROUP_LISTS, DISCOVERED_LIST];

/** The schemas of the files of an edition whose organisations are keyed by `organisationId`. */
function editionFiles(
  organisationId: z.ZodType<string, string>,
  meta: typeof keptEditionMetaSchema | typeof editionMetaSchema,
  name: z.ZodString,
) {
  const member = z.strictObject({ id: organisationId, name });

  /** `changes.json`: what changed since the edition before (`EditionChanges` in diff.ts). */
  const changes = z.strictObject({
    added: z.array(member),
    removed: z.array(member),
    changed: z.array(
      z.strictObject({
        id: organisationId,
        name,
        fields: z.array(z.strictObject({ path: z.string(), before: z.unknown(), after: z.unknown() })),
      }),
    ),
    membership: z.array(
      z.strictObject({
        kind: listKind,
        name: listName,
        joined: z.array(member),
        left: z.array(member),
      }),
    ),
  });

  /** An organisation's record as a snapshot or a delta holds it. */
  const organisationLine = z.strictObject({
    type: z.literal('organisation'),
    id: organisationId,
    record,
    carriedFrom: editionId.exactOptional(),
  });
  /** A list's name must be one the crawler keeps, a voluntary code's a safe file name. */
  const knownListName = (line: { type: string; kind?: string; name?: string }, context: z.RefinementCtx) => {
    if (line.kind === undefined || line.name === undefined) return;
    const problem =
      line.kind === 'list'
        ? KNOWN_LISTS.includes(line.name)
          ? undefined
          : 'not a list the crawler keeps'
        : voluntaryCodeIdProblem(line.name);
    if (problem !== undefined) context.addIssue({ code: 'custom', path: ['name'], message: problem });
  };

  const members = z.array(z.tuple([organisationId, name]));
  /** A list's members, all of them. */
  const listLine = z.strictObject({
    type: z.literal('list'),
    name: listName,
    kind: listKind,
    description: z.string().exactOptional(),
    members,
  });

  /** One line of `snapshot.jsonl.gz`: an organisation's record or a list's members (edition-file.ts). */
  const snapshotLine = z.discriminatedUnion('type', [organisationLine, listLine]).superRefine(knownListName);
  /**
   * One line of `delta.jsonl.gz` (src/editions/register.ts): an organisation added or changed
   * (whole, as in a snapshot), one removed, a list whole (new, or naming one organisation twice), a
   * list's members put (added or renamed) and dropped, with its description as it now is, or a list
   * removed.
   */
  const deltaLine = z
    .discriminatedUnion('type', [
      organisationLine,
      listLine,
      z.strictObject({ type: z.literal('removed'), id: organisationId }),
      z.strictObject({
        type: z.literal('listPatch'),
        name: listName,
        kind: listKind,
        description: z.string().exactOptional(),
        put: members,
        drop: z.array(organisationId),
      }),
      z.strictObject({ type: z.literal('listRemoved'), name: listName, kind: listKind }),
    ])
    .superRefine(knownListName);

  /** One line of `former.jsonl.gz`: an organisation no longer listed (`FormerOrganisation` in store.ts). */
  const formerLine = z.strictObject({
    id: organisationId,
    name,
    lastSeen: editionId,
    goneSince: editionId,
    record,
  });
  return { meta, changes, snapshotLine, deltaLine, formerLine };
}

/** An edition fetched from elsewhere: every organisation id exactly in the form editions keep. */
export const fetchedEdition = editionFiles(lowerCaseId, editionMetaSchema, z.string().max(FETCHED_TEXT));
/** An edition of the editions folder, read back: ids in any capitals, read in lower case. */
export const keptEdition = editionFiles(anyCaseId, keptEditionMetaSchema, z.string());

/** The first problem zod found, as one short phrase: `counts.organisations: expected number`. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'not valid';
  const path = issue.path.map(String).join('.');
  return `${path === '' ? '' : `${path}: `}${issue.message}`;
}

/** `value`, read from `file` of an edition, as `schema` describes it; a file that is not one throws, naming it. */
export function parseEditionFile<T>(file: string, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`${file} is not an edition's file (${firstIssue(parsed.error)})`);
  return parsed.data;
}
