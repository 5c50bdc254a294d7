// The shape of an edition's files (docs/publishing.md: "Editions"), as zod schemas. orgdir writes these files
// itself; they are checked when an edition comes back over the network (src/editions/carry.ts),
// where anyone who can answer at ORGDIR_RELEASE_URL could have written them. Every id that later
// names a file or a page is held to its own form here: a lower-case GUID, an edition's date name,
// a voluntary code id that is a safe file name.
import { z } from 'zod';
import { DISCOVERED_LIST, GROUP_LISTS, voluntaryCodeIdProblem } from '../lib/data-layout.ts';
import { GUID_PATTERN } from '../schemas/common.ts';
import { EDITION_ID } from './store.ts';

/** A lower-case GUID: the form in which editions key organisations (and page file names). */
const organisationId = z.string().regex(new RegExp(GUID_PATTERN.source), 'not a lower-case GUID');
const editionId = z.string().regex(EDITION_ID, 'not an edition id (YYYY-MM-DD or YYYY-MM-DD-N)');
const count = z.number().int().nonnegative();
const record = z.record(z.string(), z.unknown());
const listKind = z.enum(['list', 'voluntaryCode']);
const listName = z.string().max(200);

const member = z.strictObject({ id: organisationId, name: z.string() });

const guardCheck = z.strictObject({
  check: z.enum(['organisations', 'empty-list', 'failed-fetches', 'fill-rate']),
  passed: z.boolean(),
  subject: z.string().optional(),
  message: z.string(),
});

/** `edition.json`: what an edition says of itself (`EditionMeta` in store.ts). */
export const editionMetaSchema = z.strictObject({
  id: editionId,
  number: z.number().int().positive(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'not a YYYY-MM-DD date'),
  publishedAt: z.string(),
  previous: editionId.nullable(),
  crawl: z.strictObject({
    apiUrl: z.string().optional(),
    startedAt: z.string().optional(),
    finishedAt: z.string().optional(),
    crawlerVersion: z.string().optional(),
  }),
  counts: z.strictObject({ organisations: count, carried: count, lists: z.record(z.string(), count) }),
  changes: z.strictObject({ added: count, removed: count, changed: count, joined: count, left: count }),
  guard: z.strictObject({ passed: z.boolean(), firstEdition: z.boolean(), checks: z.array(guardCheck) }),
  accepted: z.strictObject({ reason: z.string(), failedChecks: z.array(z.string()) }).optional(),
});

/** `changes.json`: what changed since the edition before (`EditionChanges` in diff.ts). */
export const editionChangesSchema = z.strictObject({
  added: z.array(member),
  removed: z.array(member),
  changed: z.array(
    z.strictObject({
      id: organisationId,
      name: z.string(),
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

const KNOWN_LISTS: readonly string[] = [...GROUP_LISTS, DISCOVERED_LIST];

/** One line of `snapshot.jsonl.gz`: an organisation's record or a list's members (edition-file.ts). */
export const snapshotLineSchema = z
  .discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('organisation'),
      id: organisationId,
      record,
      carriedFrom: editionId.optional(),
    }),
    z.strictObject({
      type: z.literal('list'),
      name: listName,
      kind: listKind,
      description: z.string().optional(),
      members: z.array(z.tuple([organisationId, z.string()])),
    }),
  ])
  .superRefine((line, context) => {
    if (line.type !== 'list') return;
    const problem =
      line.kind === 'list'
        ? KNOWN_LISTS.includes(line.name)
          ? undefined
          : 'not a list the crawler keeps'
        : voluntaryCodeIdProblem(line.name);
    if (problem !== undefined) context.addIssue({ code: 'custom', path: ['name'], message: problem });
  });

/** One line of `former.jsonl.gz`: an organisation no longer listed (`FormerOrganisation` in store.ts). */
export const formerLineSchema = z.strictObject({
  id: organisationId,
  name: z.string(),
  lastSeen: editionId,
  goneSince: editionId,
  record,
});

/** The first problem zod found, as one short phrase: `counts.organisations: expected number`. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'not valid';
  const path = issue.path.map(String).join('.');
  return `${path === '' ? '' : `${path}: `}${issue.message}`;
}
