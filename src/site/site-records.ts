// The site's copies of the records, written from the bytes the register reads (each record file
// is opened once per build): `org/<id>.json` beside each page and `downloads/organisations.json`.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { organisationJsonPath } from '../lib/routes.ts';
import { readRegister, type RecordVisitor, type Register } from '../records/register.ts';
import type { DownloadFile } from './context.ts';
import { RecordsDownload } from './downloads.ts';

/** A data folder read for the site: its register, and a folder that already holds the records' copies. */
export interface ReadSite {
  register: Register;
  /** Becomes the site folder: the records' copies are in it. */
  folder: string;
  /** `downloads/organisations.json`, written. */
  records: DownloadFile;
}

/**
 * Reads the data folder into a register, writing the records' copies into `folder` (made afresh)
 * as they are read; `also` sees every record too (the build's edition is made in the same reading).
 */
export function readSiteRecords(dataDir: string, folder: string, also?: RecordVisitor): ReadSite {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(join(folder, 'org'), { recursive: true });
  const download = new RecordsDownload(folder);
  const register = readRegister(dataDir, {
    onRecord: (id, bytes, record, organisation) => {
      writeFileSync(join(folder, organisationJsonPath(id)), bytes);
      download.add(bytes);
      also?.(id, bytes, record, organisation);
    },
  });
  return { register, folder, records: download.close() };
}
