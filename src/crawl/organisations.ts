// The records: `Organisation/{id}` once for every organisation the lists and the sweep name, as
// they come, each stored as the bytes the API sent (docs/crawling.md: "Storage contract"). A record an
// earlier run stored is read back, not fetched again.
import { readFile, readdir, rm } from 'node:fs/promises';
import { ORGANISATION_FIELDS, organisationSchema } from '../schemas/index.ts';
import { ORGANISATION_PATH } from '../schemas/group-lists.ts';
import { DATA_LAYOUT, ORGANISATION_FILE_PATTERN, organisationFile } from '../lib/data-layout.ts';
import { isPlainObject } from '../lib/objects.ts';
import { forEachLimited } from './worker-pool.ts';
import { writeFileAtomic } from '../storage/atomic-file.ts';
import { pathSegment } from './http-client.ts';
import type { CrawlContext, CrawlState, ListedOrganisation } from './crawl-state.ts';
import type { ApiRequest } from './request-queue.ts';

/**
 * How many records the crawl has in hand at once: enough to keep every request slot busy while
 * some requests sleep before a retry. A slot is freed once its answer is read, before the record
 * is written, so a crawl killed outright fetches again at most this many records.
 */
function recordsInHand(concurrency: number): number {
  return Math.max(16, concurrency * 4);
}

/** Fetches every organisation the lists and the sweep name, as they come. */
export async function fetchOrganisations(context: CrawlContext): Promise<void> {
  const { state } = context;
  const stored = await storedOrganisationIds(context);
  const fetcher = new OrganisationFetcher(context);
  try {
    await forEachLimited(
      state.toFetch,
      recordsInHand(context.options.concurrency),
      async ([key, organisation]) => {
        await fetcher.fetch(organisation, stored.has(key));
        if (state.sweeping) state.finishedDuringSweep += 1;
        state.recordSettled();
      },
    );
  } finally {
    state.fetchingEnded();
  }
  // Records of an earlier run that no list names now (a discovery since switched off) go.
  for (const id of stored) {
    if (!state.organisations.has(id))
      await rm(context.partial(`${DATA_LAYOUT.organisations}/${id}.json`), { force: true });
  }
}

async function storedOrganisationIds(context: CrawlContext): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const name of await readdir(context.partial(DATA_LAYOUT.organisations))) {
    const match = ORGANISATION_FILE_PATTERN.exec(name);
    if (match?.[1] !== undefined) ids.add(match[1]);
  }
  return ids;
}

/** Validates a record and counts its coordinates; the record is stored whatever the verdict. */
function observeOrganisation(state: CrawlState, id: string, value: unknown): void {
  const parsed = organisationSchema.safeParse(value);
  if (!parsed.success) state.drift.addIssues('organisation', id, parsed.error.issues);
  state.drift.addUnknownFields('organisation', id, value, ORGANISATION_FIELDS);
  if (
    isPlainObject(value) &&
    typeof value['id'] === 'string' &&
    value['id'].toLowerCase() !== id.toLowerCase()
  ) {
    state.drift.add(
      'organisation',
      id,
      'id',
      'id_mismatch',
      'the record carries another id than the one requested',
    );
  }
  state.coordinates.observe(value);
  state.stored += 1;
  state.onRecord?.(id, value);
}

class OrganisationFetcher {
  readonly #context: CrawlContext;

  constructor(context: CrawlContext) {
    this.#context = context;
  }

  async fetch(organisation: ListedOrganisation, alreadyStored: boolean): Promise<void> {
    const { state, reporter, queue, client } = this.#context;
    const file = organisationFile(organisation.id);
    if (file === undefined) return;
    const path = this.#context.partial(file);
    if (alreadyStored) {
      try {
        observeOrganisation(state, organisation.id, JSON.parse(await readFile(path, 'utf8')));
        reporter.event({ type: 'organisation', id: organisation.id, outcome: 'already-stored' });
        return;
      } catch {
        await rm(path, { force: true });
      }
    }
    const request: ApiRequest = {
      operation: 'organisation',
      id: organisation.id,
      url: client.url(`${ORGANISATION_PATH}${pathSegment(organisation.id)}`),
    };
    // Failures in a row, across records, lists and searches, stop the crawl in the queue.
    const outcome = await queue.fetch(request);
    if (outcome.kind === 'ok') {
      await writeFileAtomic(path, outcome.body);
      observeOrganisation(state, organisation.id, outcome.value);
      reporter.event({ type: 'organisation', id: organisation.id, outcome: 'stored' });
    } else if (outcome.kind === 'not-found') {
      state.gone.add(organisation.id);
      state.onGone?.(organisation.id);
      reporter.event({ type: 'organisation', id: organisation.id, outcome: 'gone' });
    } else {
      state.failRequest(request, outcome, 'record');
      reporter.event({ type: 'organisation', id: organisation.id, outcome: 'failed' });
    }
  }
}
