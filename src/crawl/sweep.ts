// The search sweep (`--discover`): `search` queries for organisations in no list (the queries are
// in discovery.ts). What it finds is fetched while it goes on, and kept in lists/discovered.json.
import { readFile } from 'node:fs/promises';
import { searchResponseSchema } from '../schemas/index.ts';
import { DATA_LAYOUT, DISCOVERED_LIST, isGuid } from '../lib/data-layout.ts';
import { isPlainObject } from '../lib/objects.ts';
import { forEachLimited } from '../lib/worker-pool.ts';
import { writeFileAtomic } from '../storage/atomic-file.ts';
import { shown, type CrawlContext } from './ledger.ts';
import type { ApiRequest } from './request-queue.ts';

/**
 * The sweep when asked for; then no more organisations will come, whatever its outcome, and the
 * phase of the organisations begins with their total known.
 */
export async function sweepThenClose(context: CrawlContext, queries: readonly string[]): Promise<void> {
  const { ledger } = context;
  try {
    if (context.options.discover) {
      ledger.sweeping = true;
      await sweep(context, queries);
    }
  } finally {
    ledger.sweeping = false;
    ledger.toFetch.close();
    ledger.counts.organisations = ledger.organisations.size;
    context.reporter.event({
      type: 'phase',
      phase: 'organisations',
      total: ledger.organisations.size,
      done: ledger.finishedDuringSweep,
    });
  }
}

/** The sweep a resumed crawl stored; `false` when there is none. */
async function readStoredSweep(context: CrawlContext, file: string, queries: number): Promise<boolean> {
  const { ledger } = context;
  const inLists = ledger.organisations.size;
  let stored: unknown;
  try {
    stored = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return false;
  }
  if (!Array.isArray(stored)) return false;
  for (const [index, result] of stored.entries()) {
    ledger.addOrganisation(
      isPlainObject(result) ? result['id'] : undefined,
      'search',
      `discovered[${index}]`,
    );
  }
  ledger.counts.discovered = ledger.organisations.size - inLists;
  ledger.discovery = {
    queries,
    answered: queries,
    resultsSeen: stored.length,
    discovered: ledger.counts.discovered,
  };
  return true;
}

/** Sweeps `search` for organisations in no list (the lists are all in by now). */
async function sweep(context: CrawlContext, queries: readonly string[]): Promise<void> {
  const { ledger, client, options } = context;
  const file = context.partial(`${DATA_LAYOUT.lists}/${DISCOVERED_LIST}.json`);
  context.reporter.event({ type: 'phase', phase: 'discover', total: queries.length });
  if (await readStoredSweep(context, file, queries.length)) return;
  const listed = new Set(ledger.organisations.keys());
  const discovered = new Map<string, unknown>();
  let answered = 0;
  let resultsSeen = 0;
  await forEachLimited(queries, options.concurrency, async (query) => {
    const url = client.url('/search', { name: options.searchParam, value: query });
    const request: ApiRequest = { operation: 'search', id: query, url };
    const outcome = await context.queue.fetch(request);
    if (outcome.kind !== 'ok') {
      ledger.failRequest(request, outcome, 'list');
      return;
    }
    answered += 1;
    const parsed = searchResponseSchema.safeParse(outcome.value);
    if (!parsed.success) ledger.drift.addIssues('search', query, parsed.error.issues);
    if (!Array.isArray(outcome.value)) return;
    resultsSeen += outcome.value.length;
    for (const result of outcome.value as unknown[]) {
      const id = isPlainObject(result) ? result['id'] : undefined;
      if (isGuid(id) && !listed.has(id.toLowerCase()) && !discovered.has(id.toLowerCase())) {
        discovered.set(id.toLowerCase(), result);
        ledger.addOrganisation(id, 'search', `search ${shown(query)}`);
      }
    }
  });
  const results = [...discovered.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, result]) => result);
  ledger.counts.discovered = results.length;
  ledger.discovery = { queries: queries.length, answered, resultsSeen, discovered: results.length };
  // Stored only when every query answered, so that a resumed crawl sweeps again otherwise.
  if (answered === queries.length) await writeFileAtomic(file, `${JSON.stringify(results, null, 2)}\n`);
  context.say(
    'info',
    `discovery: ${results.length} organisations in no list (${answered}/${queries.length} queries answered)`,
  );
}
