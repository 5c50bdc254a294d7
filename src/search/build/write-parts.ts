// Writes a built index's parts as classic-script files under `search/`, each carrying the build's hash.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BuiltIndex } from './build-index.ts';
import { SEARCH_DIR } from '../format/options.ts';
import { partScript } from '../format/part-script.ts';
import { partJson } from '../format/parts.ts';
import { ShardTable } from '../format/shards.ts';

export interface SearchIndexSummary {
  documents: number;
  terms: number;
  shards: number;
  /** Files written under `search/`, and their total size in bytes. */
  files: number;
  bytes: number;
  /** Files and bytes of each kind of part: core, terms, positions, docs, facets, client. */
  byKind: Record<string, { files: number; bytes: number }>;
  /** Identifies this build of the index; every file carries it. */
  build: string;
}

/** Writes the index files of a built index under `<siteDir>/search/`, replacing any earlier ones. */
export async function writeIndexParts(built: BuiltIndex, siteDir: string): Promise<SearchIndexSummary> {
  const directory = join(siteDir, SEARCH_DIR);
  await rm(directory, { recursive: true, force: true });
  const payloads = [...built.parts].map(([name, part]) => [name, partJson(part)] as const);
  const hash = createHash('sha256');
  for (const [name, payload] of payloads) hash.update(name).update('\0').update(payload).update('\0');
  const build = hash.digest('hex').slice(0, 12);
  const byKind: Record<string, { files: number; bytes: number }> = {};
  const directories = new Set(payloads.map(([name]) => dirname(join(directory, `${name}.js`))));
  for (const folder of directories) mkdirSync(folder, { recursive: true });
  for (const [name, payload] of payloads) {
    const script = partScript(name, build, payload);
    // One at a time and synchronously: nothing else runs meanwhile, so an awaited write would
    // only add a trip through the thread pool per file.
    writeFileSync(join(directory, `${name}.js`), script);
    const kind = name.split('/')[0]!;
    const entry = (byKind[kind] ??= { files: 0, bytes: 0 });
    entry.files += 1;
    entry.bytes += Buffer.byteLength(script);
  }
  const kinds = Object.values(byKind);
  return {
    documents: built.core.documentCount,
    terms: built.termCount,
    shards: ShardTable.decode(built.core).keys.length,
    files: kinds.reduce((sum, { files }) => sum + files, 0),
    bytes: kinds.reduce((sum, { bytes }) => sum + bytes, 0),
    byKind,
    build,
  };
}
