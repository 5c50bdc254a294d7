// History that outlives the CI cache (docs/publishing.md: "History that outlives the cache"). Each build puts the edition it
// publishes into the release folder beside the site (the nightly workflow attaches that folder
// to a GitHub release); a build that finds its editions folder empty fetches that edition back
// from where the release folder is published (ORGDIR_RELEASE_URL), so the publish guard still
// compares with the night before and the changes are reported against it.
import { existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Agent, interceptors } from 'undici';
import { z } from 'zod';
import { listKey, writeSnapshot, type EditionSnapshot } from './edition-file.ts';
import { download, readJsonFile, readLinesFile, textLines, UnfitFile, type Fetching } from './fetched-files.ts';
import { HISTORY_FILE, unpackHistory, writeHistoryBundle } from './history-bundle.ts';
import { foreignEdition } from './provenance.ts';
import { readRegisterAt } from './register.ts';
import { EditionStore } from './store.ts';
import { fetchedEdition } from '../schemas/edition.ts';
import { RELEASE_FETCH_LIMITS } from '../config.ts';

/** An edition's files, and the names they carry in the release folder (flat, like release assets). */
export const CARRIED_FILES = [
  ['edition.json', 'orgdir-edition.json'],
  ['snapshot.jsonl.gz', 'orgdir-edition-snapshot.jsonl.gz'],
  ['changes.json', 'orgdir-edition-changes.json'],
  ['former.jsonl.gz', 'orgdir-edition-former.jsonl.gz'],
] as const;

/**
 * Puts an edition into the release folder: its files, its register whole (rebuilt when it is
 * stored as a delta), and the whole history, every kept edition and this one (history-bundle.ts).
 */
export async function carryEdition(editionsDir: string, editionFolder: string, releaseDir: string): Promise<void> {
  await mkdir(releaseDir, { recursive: true });
  for (const [file, carried] of CARRIED_FILES) {
    const to = join(releaseDir, carried);
    if (file === 'snapshot.jsonl.gz' && !existsSync(join(editionFolder, file)))
      await writeSnapshot(to, await readRegisterAt(editionsDir, editionFolder));
    else await copyFile(join(editionFolder, file), to);
  }
  const kept = new EditionStore(editionsDir).list().map((edition) => join(editionsDir, edition.id));
  await writeHistoryBundle([...kept, editionFolder], join(releaseDir, HISTORY_FILE));
}

/** The name `file` of an edition carries in the release folder. */
function carriedName(file: (typeof CARRIED_FILES)[number][0]): string {
  return CARRIED_FILES.find(([name]) => name === file)![1];
}

export interface FetchedEdition {
  /** The newest edition fetched. */
  id: string;
  /** How many editions came back: the whole history, when the release carries it. */
  editions?: number;
  /** Why nothing was fetched, when nothing was. */
  problem?: string;
}

/**
 * The longest the whole fetch may take, and the longest a file may send nothing, in milliseconds
 * (the publisher's --release-timeout and --release-idle-timeout, src/config.ts). A host that drips
 * or stalls is given up on, and the build goes on as a first edition, saying so (its publish guard
 * then compares with the live data folder, or with nothing on a fresh machine).
 */
export interface ReleaseFetchLimits {
  wholeMs: number;
  idleMs: number;
}

const MB = 1_000_000;

/**
 * The most bytes each file may have as fetched and, gzipped ones, once expanded (the longest line
 * of a JSON-lines file is fetched-files.ts's). An edition of 35,000 organisations is about 13 MB gzipped and 94 MB
 * expanded (docs/publishing.md: "Editions"): the limits leave room for a register several times that size and
 * keep a hostile answer from taking more memory or disk than such an edition would.
 */
const LIMITS = {
  'edition.json': { fetched: 8 * MB },
  'snapshot.jsonl.gz': { fetched: 256 * MB, expanded: 1000 * MB },
  'changes.json': { fetched: 256 * MB },
  'former.jsonl.gz': { fetched: 256 * MB, expanded: 1000 * MB },
} as const satisfies Record<(typeof CARRIED_FILES)[number][0], { fetched: number; expanded?: number }>;
/** The history grows by a keyframe's bytes every few dozen nights (docs/publishing.md: "History kept for good"). */
const HISTORY_LIMITS = { fetched: 4000 * MB, expanded: 40_000 * MB };

/**
 * The most organisations no longer listed that a fetched edition may bring (each becomes a page):
 * as many as its snapshot holds, or 1,000 for a small register. A register does not lose more than
 * it has over the editions kept.
 */
const FORMER_FLOOR = 1_000;

/** The date of an edition's id (`2026-11-22-2` → `2026-11-22`). */
const dateOf = (id: string) => id.slice(0, 10);

/**
 * Checks a fetched edition's organisations no longer listed (`file`) against its organisations and
 * its date (`date`): no more than its register has, each gone, as of the edition or before, with
 * its own record.
 */
async function checkFormer(file: string, organisations: ReadonlySet<string>, date: string): Promise<void> {
  const formerName = carriedName('former.jsonl.gz');
  const formerLimit = Math.max(FORMER_FLOOR, organisations.size);
  let former = 0;
  await readLinesFile(file, fetchedEdition.formerLine, formerName, LIMITS['former.jsonl.gz'].expanded, (line) => {
    // Each becomes a page with its last known record: it must be gone, as of this edition or before.
    former += 1;
    if (former > formerLimit)
      throw new UnfitFile(`${formerName} holds over ${formerLimit} organisations, more than its register has`);
    if (organisations.has(line.id))
      throw new UnfitFile(`${formerName}: ${line.id} is in the edition's snapshot too, so not gone`);
    if (dateOf(line.lastSeen) > dateOf(line.goneSince) || dateOf(line.goneSince) > date)
      throw new UnfitFile(
        `${formerName}: ${line.id} is gone since ${line.goneSince}, after the edition or before it was last seen`,
      );
    const ownId = line.record['id'];
    if (typeof ownId === 'string' && ownId.toLowerCase() !== line.id)
      throw new UnfitFile(`${formerName}: the record kept for ${line.id} is of ${ownId.slice(0, 40)}`);
  });
}

/** Checks what a fetched edition's edition.json says it holds against what its files hold. */
function checkCounts(
  meta: z.infer<typeof fetchedEdition.meta>,
  changes: z.infer<typeof fetchedEdition.changes>,
  organisations: ReadonlySet<string>,
  lists: ReadonlyMap<string, number>,
): void {
  const mismatch = (what: string, said: number, found: number) =>
    new UnfitFile(`${carriedName('edition.json')} says ${said} ${what}, its files hold ${found}`);
  if (organisations.size !== meta.counts.organisations)
    throw mismatch('organisations', meta.counts.organisations, organisations.size);
  for (const [key, said] of Object.entries(meta.counts.lists)) {
    if ((lists.get(key) ?? 0) !== said) throw mismatch(`members of ${key}`, said, lists.get(key) ?? 0);
  }
  for (const kind of ['added', 'removed', 'changed'] as const) {
    if (changes[kind].length !== meta.changes[kind])
      throw mismatch(`${kind} organisations`, meta.changes[kind], changes[kind].length);
  }
}

/**
 * Checks a fetched edition's files, every one against its schema and all of them against what
 * edition.json says they hold (a snapshot cut short or padded does not match its own counts), its
 * organisations no longer listed against its snapshot and its date. Answers the edition's id and
 * its organisations' ids.
 */
async function checkEdition(folder: string): Promise<{ id: string; organisations: Set<string> }> {
  const carried = Object.fromEntries(CARRIED_FILES) as Record<string, string>;
  const meta = await readJsonFile(join(folder, 'edition.json'), fetchedEdition.meta, carried['edition.json']!);
  const changes = await readJsonFile(join(folder, 'changes.json'), fetchedEdition.changes, carried['changes.json']!);
  const organisations = new Set<string>();
  const lists = new Map<string, number>();
  await readLinesFile(
    join(folder, 'snapshot.jsonl.gz'),
    fetchedEdition.snapshotLine,
    carried['snapshot.jsonl.gz']!,
    LIMITS['snapshot.jsonl.gz'].expanded,
    (line) => {
      if (line.type === 'organisation') organisations.add(line.id);
      else lists.set(listKey(line), line.members.length);
    },
  );
  await checkFormer(join(folder, 'former.jsonl.gz'), organisations, meta.date);
  checkCounts(meta, changes, organisations, lists);
  return { id: meta.id, organisations };
}

/**
 * Fetches the whole history published at `releaseUrl` (history-bundle.ts) into `folder`,
 * unpacked and checked, with the newest edition's former organisations, every download within
 * the time limits of `fetching`. The newest edition is held to what a single fetched edition is (`checkEdition`): its
 * rebuilt register against its edition.json and changes.json, its former organisations against
 * its register and date. Answers the editions' ids, oldest first, and the newest edition's
 * organisations, or `undefined` when the release has no history file (one of an older orgdir).
 */
async function fetchHistory(
  releaseUrl: string,
  folder: string,
  fetching: Fetching,
): Promise<{ ids: string[]; organisations: Set<string> } | undefined> {
  const file = join(folder, HISTORY_FILE);
  try {
    await download(new URL(HISTORY_FILE, releaseUrl).href, file, HISTORY_LIMITS.fetched, fetching);
  } catch (error) {
    if (error instanceof UnfitFile && / answered 404$/.test(error.message)) return undefined;
    throw error;
  }
  const into = join(folder, 'editions');
  let ids: string[];
  let register: EditionSnapshot;
  try {
    // Each line checked for size and JSON as the edition's files are, then unpacked in order.
    await readLinesFile(file, z.unknown(), HISTORY_FILE, HISTORY_LIMITS.expanded, () => {});
    ids = await unpackHistory(textLines(file), into);
    const newest = ids.at(-1);
    if (newest === undefined) throw new UnfitFile(`${HISTORY_FILE} holds no edition`);
    register = await readRegisterAt(into, join(into, newest));
  } catch (error) {
    if (error instanceof UnfitFile) throw error;
    throw new UnfitFile(error instanceof Error ? error.message : String(error));
  }
  const newest = join(into, ids.at(-1)!);
  // Written by unpackHistory from lines already read through these schemas.
  const meta = fetchedEdition.meta.parse(JSON.parse(await readFile(join(newest, 'edition.json'), 'utf8')));
  const changes = fetchedEdition.changes.parse(JSON.parse(await readFile(join(newest, 'changes.json'), 'utf8')));
  const organisations = new Set(register.organisations.keys());
  const lists = new Map([...register.lists].map(([key, list]) => [key, list.members.length]));
  checkCounts(meta, changes, organisations, lists);
  const formerName = carriedName('former.jsonl.gz');
  const former = join(newest, 'former.jsonl.gz');
  await download(new URL(formerName, releaseUrl).href, former, LIMITS['former.jsonl.gz'].fetched, fetching);
  await checkFormer(former, organisations, meta.date);
  return { ids, organisations };
}

/**
 * Fetches the latest edition published at `releaseUrl` into `editionsDir` as a kept edition.
 * Every file is bounded in size and checked (src/schemas/edition.ts), and the edition's
 * organisations against tonight's crawl in `dataDir` (./provenance.ts: `foreignEdition`), before
 * anything is kept. The whole fetch is given up on after `limits.wholeMs`, and a file that sends
 * nothing for `limits.idleMs`. Returns its id, or a problem (nothing published there yet,
 * unreachable, too slow, stalled, not an edition, another register's): the build then goes on as a
 * first edition, as it would have without this.
 */
export async function fetchPreviousEdition(
  releaseUrl: string,
  editionsDir: string,
  dataDir: string,
  limits: ReleaseFetchLimits = RELEASE_FETCH_LIMITS,
): Promise<FetchedEdition> {
  // GitHub answers `releases/latest/download/<file>` with redirects to the file itself.
  const agent = new Agent();
  const dispatcher = agent.compose(interceptors.redirect({ maxRedirections: 5 }));
  const folder = join(editionsDir, `.fetching-${process.pid}`);
  const deadline = AbortSignal.timeout(limits.wholeMs);
  const fetching: Fetching = { dispatcher, deadline, idleMs: limits.idleMs };
  try {
    // A fetch killed half-way left its files; the caller holds the build lock, so none is under way.
    for (const name of existsSync(editionsDir) ? readdirSync(editionsDir) : []) {
      if (name.startsWith('.fetching-')) await rm(join(editionsDir, name), { recursive: true, force: true });
    }
    await mkdir(folder, { recursive: true });
    // The whole history when the release carries it; else, from an older orgdir, the latest edition.
    const history = await fetchHistory(releaseUrl, folder, fetching);
    if (history !== undefined) {
      const { ids, organisations } = history;
      const newest = ids.at(-1)!;
      const foreign = foreignEdition(organisations, dataDir);
      if (foreign !== undefined)
        return { id: '', problem: `${releaseUrl}: the history up to edition ${newest} is ignored: ${foreign}` };
      const taken = ids.find((id) => existsSync(join(editionsDir, id)));
      if (taken !== undefined) return { id: '', problem: `${releaseUrl}: edition ${taken} is already there` };
      for (const id of ids) await rename(join(folder, 'editions', id), join(editionsDir, id));
      return { id: newest, editions: ids.length };
    }
    for (const [file, carried] of CARRIED_FILES) {
      await download(new URL(carried, releaseUrl).href, join(folder, file), LIMITS[file].fetched, fetching);
    }
    const { id, organisations } = await checkEdition(folder);
    const foreign = foreignEdition(organisations, dataDir);
    if (foreign !== undefined) return { id: '', problem: `${releaseUrl}: edition ${id} is ignored: ${foreign}` };
    if (existsSync(join(editionsDir, id))) return { id: '', problem: `${releaseUrl}: edition ${id} is already there` };
    await rename(folder, join(editionsDir, id));
    return { id };
  } catch (error) {
    const reason = deadline.aborted
      ? `gave up after ${limits.wholeMs / 1000} s, the time a whole edition may take (--release-timeout)`
      : error instanceof Error
        ? error.message
        : String(error);
    return { id: '', problem: `${releaseUrl}: ${reason}` };
  } finally {
    await rm(folder, { recursive: true, force: true });
    await agent.close();
  }
}
