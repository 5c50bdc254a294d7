// History that outlives the CI cache (README: "Publishing"). Each build puts the edition it
// publishes into the release folder beside the site (the nightly workflow attaches that folder
// to a GitHub release); a build that finds its editions folder empty fetches that edition back
// from where the release folder is published (ORGDIR_RELEASE_URL), so the publish guard still
// compares with the night before and the changes are reported against it.
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Agent, interceptors, request, type Dispatcher } from 'undici';
import { readSnapshot } from './edition-file.ts';
import { EDITION_ID, type EditionMeta } from './store.ts';

/** An edition's files, and the names they carry in the release folder (flat, like release assets). */
export const CARRIED_FILES = [
  ['edition.json', 'orgdir-edition.json'],
  ['snapshot.jsonl.gz', 'orgdir-edition-snapshot.jsonl.gz'],
  ['changes.json', 'orgdir-edition-changes.json'],
  ['former.jsonl.gz', 'orgdir-edition-former.jsonl.gz'],
] as const;

/** Copies an edition's files into the release folder. */
export async function carryEdition(editionFolder: string, releaseDir: string): Promise<void> {
  await mkdir(releaseDir, { recursive: true });
  for (const [file, carried] of CARRIED_FILES) {
    await copyFile(join(editionFolder, file), join(releaseDir, carried));
  }
}

export interface FetchedEdition {
  id: string;
  /** Why nothing was fetched, when nothing was. */
  problem?: string;
}

/** The longest a fetch of one file may take; a release's snapshot is a few tens of megabytes. */
const TIMEOUT_MS = 120_000;

async function download(url: string, dispatcher: Dispatcher): Promise<Buffer> {
  const response = await request(url, {
    dispatcher,
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = Buffer.from(await response.body.arrayBuffer());
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  return body;
}

/**
 * Fetches the latest edition published at `releaseUrl` into `editionsDir` as a kept edition.
 * Returns its id, or a problem (nothing published there yet, unreachable, not an edition): the
 * build then goes on as a first edition, as it would have without this.
 */
export async function fetchPreviousEdition(releaseUrl: string, editionsDir: string): Promise<FetchedEdition> {
  // GitHub answers `releases/latest/download/<file>` with redirects to the file itself.
  const agent = new Agent();
  const dispatcher = agent.compose(interceptors.redirect({ maxRedirections: 5 }));
  const fetching = join(editionsDir, `.fetching-${process.pid}`);
  try {
    const files = new Map<string, Buffer>();
    for (const [file, carried] of CARRIED_FILES) {
      files.set(file, await download(new URL(carried, releaseUrl).href, dispatcher));
    }
    const meta = JSON.parse(files.get('edition.json')!.toString('utf8')) as Partial<EditionMeta>;
    // The id names a folder: only an edition's own form of name is used as one.
    if (typeof meta.id !== 'string' || !EDITION_ID.test(meta.id) || typeof meta.number !== 'number') {
      return { id: '', problem: `${releaseUrl}: orgdir-edition.json is not an edition` };
    }
    await rm(fetching, { recursive: true, force: true });
    await mkdir(fetching, { recursive: true });
    for (const [file, content] of files) await writeFile(join(fetching, file), content);
    // A snapshot that does not read back is not kept: better no previous edition than a broken one.
    await readSnapshot(join(fetching, 'snapshot.jsonl.gz'));
    await rename(fetching, join(editionsDir, meta.id));
    return { id: meta.id };
  } catch (error) {
    return { id: '', problem: `${releaseUrl}: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await rm(fetching, { recursive: true, force: true });
    await agent.close();
  }
}
