// The site's copies of the records, written from the bytes the register reads (each record file
// is opened once per build): `downloads/organisations.json`, the SQLite database (compressed into
// the release folder by a later step), the replayed API's records (moved into the release folder
// by a later step) and, when asked for, `record/<id>.json` per organisation. A record over the
// record model's size limits is published in the site cut (docs/data-and-downloads.md: "Bounded
// records"); the replayed API, in the release folder, keeps it as the API gave it.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { organisationJsonPath, RECORDS_DIR } from '../lib/routes.ts';
import { isPlainObject } from '../lib/objects.ts';
import { boundedRecord } from '../records/record-bounds.ts';
import { readRegister, type RecordVisitor, type Register } from '../records/register.ts';
import type { DownloadFile } from './context.ts';
import { RecordsDownload } from './downloads.ts';
import { DatabaseWriter, type DatabaseSummary } from './database.ts';
import { ReplayedApi } from './replayed-api.ts';

/** Where the database is written, inside the site folder, until it is compressed into the release folder. */
const DATABASE_DRAFT = '.orgdir-database.sqlite';

/** A data folder read for the site: its register, and a folder that already holds the records' copies. */
export interface ReadSite {
  register: Register;
  /** Becomes the site folder: the records' copies are in it. */
  folder: string;
  /** `downloads/organisations.json`, written. */
  records: DownloadFile;
  /** Whether each record was also written alone, as `record/<id>.json` (`recordFiles`). */
  recordFiles: boolean;
  /**
   * The database, complete but not yet compressed: its file (`DATABASE_DRAFT`, in `folder`, which
   * may be moved before the site is built) and its rows per table.
   */
  database: { file: string; summary: DatabaseSummary };
  /** The replayed API, its records written (src/site/replayed-api.ts). */
  replayedApi: ReplayedApi;
}

export interface ReadSiteOptions {
  /**
   * Also write each record alone, `record/<id>.json`. Off by default: at 35,000 organisations
   * the files are 90 MB in 35,000 entries, a sixth of the site, and every record is already in
   * `organisations.json` and the database. A host with room (any web server) can afford them.
   */
  recordFiles?: boolean;
  /** Sees every record too (the build's edition is made in the same reading). */
  also?: RecordVisitor;
}

/**
 * Reads the data folder into a register, writing the records' copies into `folder` (made afresh)
 * as they are read.
 */
export function readSiteRecords(dataDir: string, folder: string, options: ReadSiteOptions = {}): ReadSite {
  const recordFiles = options.recordFiles ?? false;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  if (recordFiles) mkdirSync(join(folder, RECORDS_DIR));
  const download = new RecordsDownload(folder);
  const database = new DatabaseWriter(join(folder, DATABASE_DRAFT));
  const replayedApi = new ReplayedApi(folder);
  try {
    const register = readRegister(dataDir, {
      onRecord: (id, bytes, record, organisation) => {
        // A record over the model's size limits goes into the site cut as its page shows it; the
        // data folder, the database and the replayed API (in the release folder) keep it as given.
        const cut = organisation.drift.some(
          (note) => note.issue === 'too_long' || note.issue === 'too_large',
        );
        const published =
          cut && isPlainObject(record) ? Buffer.from(`${JSON.stringify(boundedRecord(record))}\n`) : bytes;
        if (recordFiles) writeFileSync(join(folder, organisationJsonPath(id)), published);
        download.add(published, organisation, cut);
        replayedApi.add(id, bytes, organisation.name);
        database.add(bytes.toString('utf8').trim(), organisation);
        options.also?.(id, bytes, record, organisation);
      },
    });
    const summary = database.complete({
      lists: register.lists.map(({ definition, members }) => ({
        key: definition.key,
        title: definition.title,
        description: definition.description,
        members,
      })),
      voluntaryCodes: register.voluntaryCodes.map((code) => ({
        key: code.id,
        ...(code.description && { description: code.description }),
        members: code.members,
      })),
    });
    return {
      register,
      folder,
      records: download.close(),
      recordFiles,
      database: { file: DATABASE_DRAFT, summary },
      replayedApi,
    };
  } catch (error) {
    database.abandon();
    throw error;
  }
}
