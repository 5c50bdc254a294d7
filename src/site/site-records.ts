// The site's copies of the records, written from the bytes the register reads (each record file
// is opened once per build): `org/<id>.json` beside each page, `downloads/organisations.json`
// and the SQLite database (compressed into the release folder by a later step).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { organisationJsonPath, RECORDS_DIR } from '../lib/routes.ts';
import { readRegister, type RecordVisitor, type Register } from '../records/register.ts';
import type { DownloadFile } from './context.ts';
import { RecordsDownload } from './downloads.ts';
import { DatabaseWriter, type DatabaseSummary } from './database.ts';

/** Where the database is written, inside the site folder, until it is compressed into the release folder. */
export const DATABASE_DRAFT = '.orgdir-database.sqlite';

/** A data folder read for the site: its register, and a folder that already holds the records' copies. */
export interface ReadSite {
  register: Register;
  /** Becomes the site folder: the records' copies are in it. */
  folder: string;
  /** `downloads/organisations.json`, written. */
  records: DownloadFile;
  /**
   * The database, complete but not yet compressed: its file (`DATABASE_DRAFT`, in `folder`, which
   * may be moved before the site is built) and its rows per table.
   */
  database: { file: string; summary: DatabaseSummary };
}

/**
 * Reads the data folder into a register, writing the records' copies into `folder` (made afresh)
 * as they are read; `also` sees every record too (the build's edition is made in the same reading).
 */
export function readSiteRecords(dataDir: string, folder: string, also?: RecordVisitor): ReadSite {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(join(folder, RECORDS_DIR), { recursive: true });
  const download = new RecordsDownload(folder);
  const database = new DatabaseWriter(join(folder, DATABASE_DRAFT));
  try {
    const register = readRegister(dataDir, {
      onRecord: (id, bytes, record, organisation) => {
        writeFileSync(join(folder, organisationJsonPath(id)), bytes);
        download.add(bytes, organisation);
        database.add(bytes.toString('utf8').trim(), organisation);
        also?.(id, bytes, record, organisation);
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
    return { register, folder, records: download.close(), database: { file: DATABASE_DRAFT, summary } };
  } catch (error) {
    database.abandon();
    throw error;
  }
}
