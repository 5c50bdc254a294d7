// The history stage: what keeping every edition costs (docs/publishing.md: "History kept for
// good"). The sample register's first edition, then ordinary nights on which 1% of the records
// change (nightly-changes.ts), each written by the product's own edition writer
// (src/editions/prepare.ts, as a build writes it) into an editions folder, measured file by file;
// the release's history file written from them as a build writes it; a year scaled from the nights.
// The crawl is made in-process (sample-crawl.ts): the edition reads it as it reads any crawl's.
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, type ZlibOptions } from 'node:zlib';
import {
  EDITION_GZIP,
  readDataFolder,
  snapshotLines,
  storedSnapshotLines,
  type EditionSnapshot,
} from '../../src/editions/edition-file.ts';
import { HISTORY_FILE, writeHistoryBundle } from '../../src/editions/history-bundle.ts';
import { prepareEdition } from '../../src/editions/prepare.ts';
import { DELTA_FILE, registerHash, SNAPSHOT_FILE } from '../../src/editions/register.ts';
import { EditionStore } from '../../src/editions/store.ts';
import { generateDataset, type SampleDataset } from '../../src/sample-api/dataset.ts';
import {
  yearOfNights,
  type HistoryFigures,
  type HistoryNight,
  type SnapshotWrite,
} from './history-figures.ts';
import { loadAverage } from './machine.ts';
import { collectOrganisationTimelines } from '../../src/editions/versions.ts';
import { writeOrganisationHistories } from '../../src/site/organisation-histories.ts';
import { changedRecord, nightChanges, nightDate } from './nightly-changes.ts';
import { sampleRecordsReader, storeRecord, writeSampleCrawl, type SampleRecords } from './sample-crawl.ts';

export interface HistoryStageOptions {
  organisations: number;
  seed: string;
  /** Where the stage's data folder, editions folder and history file go (emptied first). */
  folder: string;
  /** Ordinary nights written after the first edition. */
  nights: number;
  /** A complete crawl of the same register, when the crawl stage left one: its register is compared with the stage's. */
  crawledDataDir?: string;
  log: (line: string) => void;
}

/** Nights measured at each size: enough for a median, few enough for the stage to stay short. */
export const HISTORY_NIGHTS = 5;

/** Every byte of the files under `folder`, by path below it. */
function filesUnder(folder: string): Map<string, number> {
  const files = new Map<string, number>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(path.slice(folder.length + 1), statSync(path).size);
  }
  return files;
}

const total = (files: Map<string, number>) => [...files.values()].reduce((sum, bytes) => sum + bytes, 0);

function cpuSecondsSince(before: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1e6;
}

function secondsSince(start: number): number {
  return (performance.now() - start) / 1000;
}

/** Where the stage's crawl is and how its records are read. */
interface StageCrawl {
  /** The crawl's data folder: its lists and manifest. */
  dataDir: string;
  /** An empty live data folder: as on a machine that publishes its first edition. */
  liveDir: string;
  records: SampleRecords;
}

/** Writes the edition of the crawl as a build does, and publishes it into the editions folder. */
async function writeEdition(
  crawl: StageCrawl,
  editionsDir: string,
  now: Date,
): Promise<{ id: string; format: 'snapshot' | 'delta' }> {
  const store = new EditionStore(editionsDir);
  const prepared = await prepareEdition(
    { dataDir: crawl.liveDir, editionsDir, now: () => now, readRecords: sampleRecordsReader(crawl.records) },
    store,
    crawl.dataDir,
  );
  if (prepared.stopped) throw new Error(`the publish guard stopped the edition: ${prepared.message}`);
  const { id } = prepared.meta;
  // As a build publishes it (src/editions/publish.ts): the pending folder renamed into place, and
  // only the newest edition keeping the list of former organisations.
  await rename(store.pendingPath(id), store.path(id));
  await store.prune(undefined);
  return { id, format: prepared.meta.register?.format ?? 'snapshot' };
}

/** The register's lines written as a snapshot file is, with `gzip`, into `path`: its bytes and time. */
async function timedSnapshotWrite(
  label: string,
  path: string,
  lines: () => Iterable<string>,
  gzip: ZlibOptions,
): Promise<SnapshotWrite> {
  const start = performance.now();
  await pipeline(Readable.from(lines()), createGzip(gzip), createWriteStream(path));
  const seconds = secondsSince(start);
  const bytes = statSync(path).size;
  rmSync(path);
  return { label, bytes, seconds };
}

/** The first edition's snapshot gzipped three ways: as before, at gzip's default level, and as stored now. */
async function snapshotWrites(register: EditionSnapshot, folder: string): Promise<SnapshotWrite[]> {
  const path = join(folder, 'snapshot-trial.jsonl.gz');
  return [
    await timedSnapshotWrite(
      'sorted by id, gzip level 9 (the hashed text as it is)',
      path,
      () => snapshotLines(register),
      { level: 9 },
    ),
    await timedSnapshotWrite(
      'grouped, gzip default level (6)',
      path,
      () => storedSnapshotLines(register),
      {},
    ),
    await timedSnapshotWrite(
      'grouped, gzip level 9, memLevel 9 (as stored)',
      path,
      () => storedSnapshotLines(register),
      EDITION_GZIP,
    ),
  ];
}

/** Whether a real crawl's data folder reads into the same register as the stage's. */
function checkAgainstCrawl(
  crawledDataDir: string,
  register: EditionSnapshot,
): { organisations: number; same: boolean } {
  const crawled = readDataFolder(crawledDataDir);
  return {
    organisations: crawled.organisations.size,
    same: registerHash(crawled) === registerHash(register),
  };
}

/** Makes night `night`'s changes to the crawl's records; answers how many changed. */
function changeRecords(
  dataset: SampleDataset,
  records: SampleRecords,
  current: Map<string, Record<string, unknown>>,
  night: number,
): number {
  const changes = nightChanges(dataset.ids, night);
  for (const change of changes) {
    const record = current.get(change.id) ?? dataset.organisation(change.id)!;
    const changed = changedRecord(record, change, night);
    current.set(change.id, changed);
    storeRecord(records, change.id, changed);
  }
  return changes.length;
}

export async function runHistoryStage(options: HistoryStageOptions): Promise<HistoryFigures> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const load = loadAverage();
  const { folder, organisations, log } = options;
  const dataDir = join(folder, 'data');
  const liveDir = join(folder, 'live');
  const editionsDir = join(folder, 'editions');
  const historyFile = join(folder, HISTORY_FILE);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(editionsDir, { recursive: true });
  mkdirSync(liveDir, { recursive: true });
  const label = organisations.toLocaleString('en');

  const dataset = generateDataset({ orgs: organisations, seed: options.seed });
  const crawl: StageCrawl = { dataDir, liveDir, records: writeSampleCrawl(dataset, dataDir) };
  const register = readDataFolder(dataDir, { read: sampleRecordsReader(crawl.records) });
  const registerBytes = [...snapshotLines(register)].reduce((sum, line) => sum + Buffer.byteLength(line), 0);
  const crawlCheck =
    options.crawledDataDir === undefined ? undefined : checkAgainstCrawl(options.crawledDataDir, register);
  if (crawlCheck !== undefined)
    log(
      `${label}: history: the crawl's data folder reads into ${crawlCheck.same ? 'the same' : 'another'} register`,
    );

  let start = performance.now();
  const first = await writeEdition(crawl, editionsDir, nightDate(0));
  const firstSeconds = secondsSince(start);
  const files = Object.fromEntries(filesUnder(join(editionsDir, first.id)));
  const firstEdition = {
    bytes: Object.values(files).reduce((sum, bytes) => sum + bytes, 0),
    files,
    seconds: firstSeconds,
  };
  log(`${label}: history: first edition ${firstEdition.bytes} bytes in ${firstSeconds.toFixed(1)} s`);
  const writes = await snapshotWrites(register, folder);
  await writeHistoryBundle([join(editionsDir, first.id)], historyFile);
  const firstHistoryBytes = statSync(historyFile).size;

  const current = new Map<string, Record<string, unknown>>();
  const nights: HistoryNight[] = [];
  const ids = [first.id];
  for (let night = 1; night <= options.nights; night++) {
    const before = total(filesUnder(editionsDir));
    const historyBefore = statSync(historyFile).size;
    const changed = changeRecords(dataset, crawl.records, current, night);
    start = performance.now();
    const edition = await writeEdition(crawl, editionsDir, nightDate(night));
    const seconds = secondsSince(start);
    ids.push(edition.id);
    await writeHistoryBundle(
      ids.map((id) => join(editionsDir, id)),
      historyFile,
    );
    const registerFile = join(
      editionsDir,
      edition.id,
      edition.format === 'delta' ? DELTA_FILE : SNAPSHOT_FILE,
    );
    nights.push({
      changed,
      format: edition.format,
      bytes: total(filesUnder(editionsDir)) - before,
      registerBytes: statSync(registerFile).size,
      historyBytes: statSync(historyFile).size - historyBefore,
      seconds,
    });
    log(
      `${label}: history: night ${night}, ${changed} changed: ${nights.at(-1)!.bytes} bytes (${edition.format}) in ${seconds.toFixed(1)} s`,
    );
  }
  // The site's history scripts, as a build over these editions writes them.
  const written = writeOrganisationHistories(
    join(folder, 'site'),
    await collectOrganisationTimelines(
      editionsDir,
      ids.map((id) => join(editionsDir, id)),
    ),
  );
  const siteHistory = { bytes: written.bytes, files: written.files, changes: written.changes };
  log(`${label}: history: the site's history scripts ${written.bytes} bytes for ${written.changes} changes`);
  // The stage's folder is a few dozen MB in a few dozen files: it goes now.
  rmSync(folder, { recursive: true, force: true });
  const figures = { firstEdition, firstHistoryBytes, nights };
  return {
    organisations,
    firstEdition,
    registerBytes,
    snapshotWrites: writes,
    firstHistoryBytes,
    nights,
    year: yearOfNights(figures),
    siteHistory,
    ...(crawlCheck === undefined ? {} : { crawlCheck }),
    wallSeconds: secondsSince(started),
    cpuSeconds: cpuSecondsSince(cpuBefore),
    loadAverage: Math.max(load, loadAverage()),
  };
}
