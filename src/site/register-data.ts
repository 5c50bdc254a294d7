// The site step that finishes what the register's reading began: the SQLite database compressed
// into the release folder beside the site (docs/publishing.md, "The release folder": at 35,000 organisations it is
// 50 MB, a tenth of the site's size budget and over Cloudflare Pages' 25 MiB per file), and the list matcher's table and client (match.html), from the register in
// memory (no record is read again).
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { COMPARE_CLIENT_FILE, MATCH_CLIENT_FILE, MATCH_TABLE_FILE } from '../lib/routes.ts';
import { countOf } from '../lib/text.ts';
import type { ListedFormer, Register } from '../records/register.ts';
import { bundleCompareClient, bundleMatchClient } from './bundle-clients.ts';
import { compareShard, compareShardPath, type CompareRecord } from '../view/compare.ts';
import { compareRecordOf, compareShardScript } from '../view/compare-record.ts';
import { encodeMatchTable, matchTableScript } from '../match/table.ts';
import { writeChecksumFile } from './archive.ts';
import type { ReleaseFile } from './context.ts';
import { addFinancialYears, type DatabaseSummary } from './database.ts';
import type { FinancialYear } from '../money/financial-series.ts';
import type { PackageSource } from './datapackage.ts';
import type { MatchEntry } from '../match/matcher.ts';
import { matchEntryOf } from './register-entry.ts';
import type { ReadSite } from './site-records.ts';

export const DATABASE_FILE = 'orgdir.sqlite.gz';

export interface RegisterDataSummary {
  /** The database as published in the release folder (no address yet: the build knows it). */
  database: ReleaseFile & { bytes: number; sha256: string };
  /** Rows per table of the database. */
  rows: DatabaseSummary['rows'];
  /** Bytes of the list matcher's table and client. */
  matchBytes: number;
  /** Bytes of the comparison's scripts (compare.html's data and client). */
  compareBytes: number;
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

/**
 * Compresses the database the register's reading wrote (in `siteDir`), with each organisation's
 * finances over time when the editions give them (`seriesOf`), into
 * `<releaseDir>/orgdir.sqlite.gz` with its `.sha256` beside it, and
 * writes `match/table.js` (the register's organisations and the `former` ones, flagged) and
 * `match/match.js` into the site.
 */
export async function writeRegisterData(
  register: Register,
  database: ReadSite['database'],
  siteDir: string,
  releaseDir: string,
  former: readonly ListedFormer[] = [],
  seriesOf?: (id: string) => readonly FinancialYear[],
): Promise<RegisterDataSummary> {
  const client = bundleMatchClient();
  const compareClient = bundleCompareClient();
  mkdirSync(releaseDir, { recursive: true });
  const draft = join(siteDir, database.file);
  const financialYears = seriesOf === undefined ? 0 : addFinancialYears(draft, seriesOf);
  const target = join(releaseDir, DATABASE_FILE);
  const uncompressed = statSync(draft).size;
  // Compressed on the thread pool while this thread reads the register for the matcher.
  const compressing = gzipFile(draft, target).finally(() => rmSync(draft, { force: true }));
  // Awaited below; a failure meanwhile must not go unhandled.
  compressing.catch(() => undefined);

  // One pass over the register; each organisation is unpacked once (src/records/register.ts).
  const sources = new Map<string, { path?: string; licences: Set<string> }>();
  const entries: MatchEntry[] = [];
  const compared = new Map<string, CompareRecord[]>();
  const compare = (record: CompareRecord) => {
    const shard = compareShard(record[0]);
    const records = compared.get(shard);
    if (records) records.push(record);
    else compared.set(shard, [record]);
  };
  for (const entry of register.organisations) {
    const organisation = entry.organisation;
    entries.push(matchEntryOf(organisation));
    compare(compareRecordOf(organisation, seriesOf?.(organisation.id)));
    for (const source of organisation.sources) {
      if (!source.source) continue;
      let known = sources.get(source.source);
      if (!known) {
        known = { ...(source.url && { path: source.url }), licences: new Set() };
        sources.set(source.source, known);
      }
      if (source.license) known.licences.add(source.license);
    }
  }

  // Those with a page but no record too: a list may well name one that has left the register.
  for (const { organisation, goneSince } of former) {
    entries.push(matchEntryOf(organisation, goneSince));
    compare(compareRecordOf(organisation, seriesOf?.(organisation.id)));
  }
  const compareBytes = writeCompareFiles(siteDir, compared, await compareClient);
  const table = matchTableScript(encodeMatchTable(entries));
  mkdirSync(join(siteDir, dirname(MATCH_TABLE_FILE)), { recursive: true });
  writeFileSync(join(siteDir, MATCH_TABLE_FILE), table);
  const script = await client;
  writeFileSync(join(siteDir, MATCH_CLIENT_FILE), script);
  const compressed = await compressing;
  writeChecksumFile(target, compressed.sha256);

  const { summary } = database;
  return {
    database: {
      name: DATABASE_FILE,
      title: 'The whole register as one SQLite database (gzip)',
      description:
        `${countOf(summary.organisations, 'organisation')}, ${(uncompressed / 1e6).toFixed(1)} MB unpacked: ` +
        'organisations, their regulators, funders, ' +
        'directors, addresses, sources, codes, lists, identifiers and financial years, with a full-text index.',
      bytes: compressed.bytes,
      sha256: compressed.sha256,
    },
    rows: { ...summary.rows, financial_years: financialYears },
    sources: [...sources].map(([title, { path, licences }]) => ({
      title,
      ...(path && { path }),
      licences: [...licences].sort(),
    })),
    matchBytes: Buffer.byteLength(table) + script.length,
    compareBytes,
  };
}

/** Writes `compare/<shard>.js` for each shard and the page's client; returns their bytes. */
function writeCompareFiles(
  siteDir: string,
  shards: Map<string, CompareRecord[]>,
  client: Uint8Array,
): number {
  mkdirSync(join(siteDir, dirname(COMPARE_CLIENT_FILE)), { recursive: true });
  writeFileSync(join(siteDir, COMPARE_CLIENT_FILE), client);
  let bytes = client.length;
  for (const [shard, records] of shards) {
    const script = compareShardScript(records);
    writeFileSync(join(siteDir, compareShardPath(shard)), script);
    bytes += Buffer.byteLength(script);
  }
  return bytes;
}
