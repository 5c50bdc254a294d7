// The lists of a crawl: the voluntary codes and their members, and the three group lists. Each
// answer is stored as the API sent it and its organisations join the crawl (state.ts); an answer
// stored by an earlier run of a resumed crawl is read back instead of fetched again. An answer that
// cannot be a list is a failure and is not stored, so that the next run asks for it again.
import { readFile } from 'node:fs/promises';
import { organisationListSchema, readVoluntaryCode, voluntaryCodesResponseSchema } from '../schemas/index.ts';
import {
  DATA_LAYOUT,
  GROUP_LISTS,
  voluntaryCodeIdProblem,
  type GroupList,
  voluntaryCodeMembersFile,
} from '../lib/data-layout.ts';
import { GROUP_LIST_PATHS, VOLUNTARY_CODE_MEMBERS_PATH } from '../schemas/group-lists.ts';
import { isPlainObject } from '../lib/objects.ts';
import { settleAll } from './worker-pool.ts';
import { writeFileAtomic } from '../storage/atomic-file.ts';
import type { Operation } from './events.ts';
import { pathSegment } from './http-client.ts';
import { shown, type CrawlContext } from './crawl-state.ts';
import type { ApiRequest } from './request-queue.ts';

/**
 * The most entries a list may have: about three times the whole register (some 35,000
 * organisations), room for years of growth. A longer list is a broken or hostile answer: at the
 * default 5 requests/s its records alone would take more than five hours.
 */
export const MAX_LIST_ENTRIES = 100_000;

/** Why a list operation's answer cannot be used, or `undefined` when it can. */
function listProblem(value: unknown, what: string): string | undefined {
  if (!Array.isArray(value)) return `the answer is not an array of ${what}`;
  if (value.length > MAX_LIST_ENTRIES) {
    return `the answer lists ${value.length.toLocaleString('en')} ${what}, more than the ${MAX_LIST_ENTRIES.toLocaleString('en')} a list may hold`;
  }
  return undefined;
}

/** Every list, at once; a failed list is a recorded failure, not an error. */
export async function fetchLists(context: CrawlContext): Promise<void> {
  await settleAll([voluntaryCodes(context), ...GROUP_LISTS.map((list) => groupList(context, list))]);
}

/**
 * The answer of a list operation, an array of `what`: read back from the partial folder when an
 * earlier run stored it, otherwise fetched and stored as sent. `undefined` after a recorded
 * failure; an answer that is not such a list is a failure, never stored as if it were good.
 */
async function storedOrFetched(
  context: CrawlContext,
  request: ApiRequest,
  file: string,
  what: string,
): Promise<unknown[] | undefined> {
  const path = context.partial(file);
  try {
    const stored: unknown = JSON.parse(await readFile(path, 'utf8'));
    if (listProblem(stored, what) === undefined) {
      context.state.listsIn += 1;
      return stored as unknown[];
    }
  } catch {
    // Not stored yet (or unreadable, which cannot happen with atomic writes): fetch it.
  }
  const outcome = await context.queue.fetch(request);
  const problem = outcome.kind === 'ok' ? listProblem(outcome.value, what) : undefined;
  if (outcome.kind === 'ok' && problem === undefined) {
    context.state.listsIn += 1;
    await writeFileAtomic(path, outcome.body);
    return outcome.value as unknown[];
  }
  const failed =
    outcome.kind === 'ok'
      ? { kind: 'failed' as const, error: `${problem}: not stored`, attempts: outcome.attempts }
      : outcome;
  const error = context.state.failRequest(request, failed, 'list');
  context.say(
    'warn',
    `${request.operation}${request.id === undefined ? '' : ` ${request.id}`} failed: ${error}`,
  );
  return undefined;
}

/** The codes of an answer, by lower-case id; a code that cannot name a file is a failure. */
function readCodes(context: CrawlContext, value: readonly unknown[]): Map<string, string> {
  const { state } = context;
  const codes = new Map<string, string>();
  value.forEach((entry: unknown, index) => {
    const code = typeof entry === 'string' || isPlainObject(entry) ? readVoluntaryCode(entry) : undefined;
    if (code === undefined) {
      const error = `entry ${index} of the codes has no recognisable id: ${shown(entry)}`;
      state.fail({ operation: 'voluntaryCodeMembers', error, attempts: 0, scope: 'record' });
      return;
    }
    const problem = voluntaryCodeIdProblem(code.id);
    const sameName = codes.get(code.id.toLowerCase());
    if (problem !== undefined) {
      const error = `voluntary code id ${shown(code.id)} cannot be a file name: ${problem}`;
      state.fail({
        operation: 'voluntaryCodeMembers',
        id: shown(code.id),
        error,
        attempts: 0,
        scope: 'record',
      });
    } else if (sameName !== undefined && sameName !== code.id) {
      const error = `voluntary code id ${shown(code.id)} differs from ${shown(sameName)} only in case: one file name for both`;
      state.fail({ operation: 'voluntaryCodeMembers', id: code.id, error, attempts: 0, scope: 'record' });
    } else {
      codes.set(code.id.toLowerCase(), code.id);
    }
  });
  return codes;
}

async function voluntaryCodes(context: CrawlContext): Promise<void> {
  const { state } = context;
  const value = await storedOrFetched(
    context,
    { operation: 'voluntaryCodes', url: context.client.url(context.options.voluntaryCodesPath) },
    DATA_LAYOUT.voluntaryCodes,
    'codes',
  );
  if (value === undefined) return;
  const parsed = voluntaryCodesResponseSchema.safeParse(value);
  if (!parsed.success) state.drift.addIssues('voluntaryCodes', 'voluntaryCodes', parsed.error.issues);
  state.counts.voluntaryCodes = value.length;
  context.say('info', `voluntaryCodes: ${value.length} codes`);
  const codes = readCodes(context, value);
  await settleAll([...codes.values()].map((code) => voluntaryCodeMembers(context, code)));
  // Counts in the order of the codes, whatever order their members arrived in.
  const arrived = state.counts.voluntaryCodeMembers;
  state.counts.voluntaryCodeMembers = {};
  for (const code of codes.values()) {
    const count = arrived[code];
    if (count !== undefined) state.counts.voluntaryCodeMembers[code] = count;
  }
}

async function voluntaryCodeMembers(context: CrawlContext, code: string): Promise<void> {
  const file = voluntaryCodeMembersFile(code);
  if (file === undefined) return;
  const url = context.client.url(`${VOLUNTARY_CODE_MEMBERS_PATH}${pathSegment(code)}`);
  const value = await storedOrFetched(
    context,
    { operation: 'voluntaryCodeMembers', id: code, url },
    file,
    'organisations',
  );
  if (value === undefined) return;
  const members = readList(context, 'voluntaryCodeMembers', code, value);
  context.state.counts.voluntaryCodeMembers[code] = members;
  context.say('info', `voluntaryCodeMembers ${code}: ${members} organisations`);
}

async function groupList(context: CrawlContext, list: GroupList): Promise<void> {
  const value = await storedOrFetched(
    context,
    { operation: list, url: context.client.url(GROUP_LIST_PATHS[list]) },
    `${DATA_LAYOUT.lists}/${list}.json`,
    'organisations',
  );
  if (value === undefined) return;
  const { counts } = context.state;
  counts[list] = readList(context, list, list, value);
  context.say('info', `${list}: ${counts[list]} organisations`);
}

/** Validates a list of OrganisationSummary and collects its ids; returns its length. */
function readList(
  context: CrawlContext,
  operation: Operation,
  name: string,
  value: readonly unknown[],
): number {
  const { state } = context;
  const parsed = organisationListSchema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const index = typeof issue.path[0] === 'number' ? `[${issue.path[0]}]` : '';
      state.drift.addIssues(operation, `${name}${index}`, [issue]);
    }
  }
  value.forEach((entry: unknown, index) => {
    const id = isPlainObject(entry) ? entry['id'] : undefined;
    state.addOrganisation(id, operation, `${name}[${index}]`);
  });
  return value.length;
}
