// Whose editions these are. A data folder of one register beside the editions of another must not
// take their history, gone organisations and counts as its own. An edition's API address cannot
// tell (the built-in sample API, and any API on this machine, listens on a new port each time; a
// register may move to a new address), so the organisations decide: a register's nights share
// almost all of them, two registers none.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { readManifest } from '../lib/manifest-file.ts';
import { recordFiles } from '../records/data-folder.ts';
import { keyframeFile } from './register.ts';
import { EditionStore } from './store.ts';

const ORGANISATION_LINE = /^\{"type":"organisation","id":"([^"\\]*)"/;

/** The organisation ids of an edition's nearest snapshot, in lower case; `undefined` when it cannot be read. */
function snapshotIds(editionsDir: string, id: string): Set<string> | undefined {
  let text: string;
  try {
    text = gunzipSync(readFileSync(keyframeFile(editionsDir, id))).toString('utf8');
  } catch {
    return undefined;
  }
  const ids = new Set<string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    // Lines are written with their type and id first; read whole only when one is not.
    let id = ORGANISATION_LINE.exec(line)?.[1];
    if (id === undefined) {
      try {
        const parsed = JSON.parse(line) as { type?: unknown; id?: unknown };
        if (parsed.type === 'organisation' && typeof parsed.id === 'string') id = parsed.id;
      } catch {
        continue;
      }
    }
    if (id !== undefined) ids.add(id.toLowerCase());
  }
  return ids;
}

/**
 * Why an edition fetched from a release, holding the organisations `theirs` (lower-case ids), is not
 * the previous edition of the register whose crawl is in `dataDir`; `undefined` when it is. A
 * fetched edition is held to more than the editions folder: anyone who answers at the release
 * address could have written it, and an edition kept with a few of our ids among many of another
 * register's would make every later night look like half the register left. Half of each side's
 * organisations must be the other's: a register keeps far more than that from one night to the next,
 * and from one month to the next.
 */
export function foreignEdition(theirs: ReadonlySet<string>, dataDir: string): string | undefined {
  const ours = recordFiles(dataDir, []).map((record) => record.id);
  let shared = 0;
  for (const id of ours) if (theirs.has(id)) shared += 1;
  if (2 * shared >= ours.length && 2 * shared >= theirs.size) return undefined;
  return `it is not this register's: ${shared} of its ${theirs.size} organisations are among the ${ours.length} of tonight's crawl (at least half of each must be)`;
}

/**
 * Why the editions in `editionsDir` are not those of the register in `dataDir`: the newest
 * edition and the data folder both hold organisations, and not one of them in common.
 * `undefined` when they share any, or when either holds none.
 */
export function otherRegisterEditions(editionsDir: string, dataDir: string): string | undefined {
  const newest = new EditionStore(editionsDir).latest();
  if (newest === undefined) return undefined;
  const ours = new Set(recordFiles(dataDir, []).map((record) => record.id));
  const theirs = snapshotIds(editionsDir, newest.id);
  if (ours.size === 0 || theirs === undefined || theirs.size === 0) return undefined;
  for (const id of ours) if (theirs.has(id)) return undefined;
  const from = (address: unknown) => (typeof address === 'string' && address !== '' ? ` (from ${address})` : '');
  return (
    `the editions in ${editionsDir} are of another register: its newest edition, ${newest.id}` +
    `${from(newest.crawl?.apiUrl)}, has none of the ${ours.size} organisations of the data in ${dataDir}` +
    from(readManifest(dataDir).fields.apiUrl)
  );
}
