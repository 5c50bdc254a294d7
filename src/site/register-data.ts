// The site step that reads every organisation once more after the search index: the SQLite
// database of the downloads and the list matcher's table (match.html), from one pass over the
// records through the register entry.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { DOWNLOADS_DIR } from '../lib/routes.ts';
import { countOf } from '../lib/text.ts';
import type { Snapshot } from '../records/register.ts';
import { bundleScript } from '../search/bundle.ts';
import { encodeMatchTable, MATCH_CLIENT_FILE, MATCH_TABLE_FILE, matchTableScript } from '../match/table.ts';
import type { MatchEntry } from '../match/matcher.ts';
import type { DownloadFile } from './context.ts';
import { writeDatabase, type DatabaseSummary } from './database.ts';
import type { PackageSource } from './datapackage.ts';
import { matchEntryOf, registerEntries } from './register-entry.ts';

export const DATABASE_FILE = 'orgdir.sqlite.gz';

const MATCH_CLIENT_ENTRY = fileURLToPath(new URL('../match/browser.ts', import.meta.url));

export interface RegisterDataSummary {
  database: DownloadFile;
  /** Rows per table of the database. */
  rows: DatabaseSummary['rows'];
  /** Bytes of the list matcher's table and client. */
  matchBytes: number;
  /** The data sources the records name, with their licences. */
  sources: PackageSource[];
}

/** Gzips `source` into `target`, returning the compressed file's size and SHA-256. */
async function gzipFile(source: string, target: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(createReadStream(source), createGzip(), counted, createWriteStream(target));
  return { bytes, sha256: hash.digest('hex') };
}

/** Writes `downloads/orgdir.sqlite.gz`, `match/register.js` and `match/match.js` into the site. */
export async function writeRegisterData(snapshot: Snapshot, siteDir: string): Promise<RegisterDataSummary> {
  const client = bundleScript(MATCH_CLIENT_ENTRY);
  const matchEntries: MatchEntry[] = [];
  const sources = new Map<string, { path?: string; licences: Set<string> }>();
  function* organisations() {
    for (const entry of registerEntries(snapshot)) {
      matchEntries.push(matchEntryOf(entry.view));
      for (const source of entry.view.sources) {
        if (!source.source) continue;
        let known = sources.get(source.source);
        if (!known)
          sources.set(
            source.source,
            (known = { ...(source.url && { path: source.url }), licences: new Set() }),
          );
        if (source.license) known.licences.add(source.license);
      }
      yield entry;
    }
  }
  mkdirSync(join(siteDir, DOWNLOADS_DIR), { recursive: true });
  // Beside the site, not in it: only the compressed file is published.
  const plain = join(dirname(siteDir), `.orgdir-database-${process.pid}-${Date.now()}.sqlite`);
  let summary: DatabaseSummary;
  let compressed: { bytes: number; sha256: string };
  let uncompressed: number;
  try {
    summary = writeDatabase(plain, {
      organisations: organisations(),
      lists: snapshot.lists.map(({ definition, members }) => ({
        key: definition.key,
        title: definition.title,
        description: definition.description,
        members,
      })),
      voluntaryCodes: snapshot.voluntaryCodes.map((code) => ({
        key: code.id,
        ...(code.description && { description: code.description }),
        members: code.members,
      })),
    });
    compressed = await gzipFile(plain, join(siteDir, DOWNLOADS_DIR, DATABASE_FILE));
    uncompressed = statSync(plain).size;
  } finally {
    rmSync(plain, { force: true });
  }

  const table = matchTableScript(encodeMatchTable(matchEntries));
  mkdirSync(join(siteDir, dirname(MATCH_TABLE_FILE)), { recursive: true });
  writeFileSync(join(siteDir, MATCH_TABLE_FILE), table);
  const script = await client;
  writeFileSync(join(siteDir, MATCH_CLIENT_FILE), script);

  return {
    database: {
      path: `${DOWNLOADS_DIR}/${DATABASE_FILE}`,
      title: DATABASE_FILE,
      description:
        `The whole register as one SQLite database (gzip; ${countOf(summary.organisations, 'organisation')}, ` +
        `${(uncompressed / 1e6).toFixed(1)} MB unpacked): organisations, their regulators, funders, ` +
        'directors, addresses, sources, codes, lists and identifiers, with a full-text index.',
      bytes: compressed.bytes,
      sha256: compressed.sha256,
    },
    rows: summary.rows,
    sources: [...sources].map(([title, { path, licences }]) => ({
      title,
      ...(path && { path }),
      licences: [...licences].sort(),
    })),
    matchBytes: Buffer.byteLength(table) + script.length,
  };
}
