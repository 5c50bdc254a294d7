// The snapshot as files people can take away: every organisation as JSON and as CSV, the lists
// as CSV and the crawl's manifest (download-files.ts gzips the large ones and adds SHA256SUMS).
import { createHash, type Hash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { csvRow } from '../lib/csv.ts';
import { DOWNLOADS_DIR, organisationPath } from '../lib/routes.ts';
import { irishPoint } from '../lib/map.ts';
import { arrayOf, objectOf, stringsOf, textOf } from '../lib/text.ts';
import { readRecord, type Member, type Snapshot } from '../records/register.ts';
import type { DownloadFile } from './context.ts';

/** Writes text in large chunks, hashing as it goes. */
class HashedFile {
  readonly #descriptor: number;
  readonly #hash: Hash = createHash('sha256');
  #pending: string[] = [];
  #pendingLength = 0;
  bytes = 0;

  constructor(path: string) {
    this.#descriptor = openSync(path, 'w');
  }

  write(text: string): void {
    this.#pending.push(text);
    this.#pendingLength += text.length;
    if (this.#pendingLength > 1 << 20) this.#flush();
  }

  #flush(): void {
    const buffer = Buffer.from(this.#pending.join(''), 'utf8');
    this.#pending = [];
    this.#pendingLength = 0;
    this.#hash.update(buffer);
    this.bytes += buffer.length;
    writeSync(this.#descriptor, buffer);
  }

  /** Closes the file and returns its SHA-256 as hex. */
  close(): string {
    this.#flush();
    closeSync(this.#descriptor);
    return this.#hash.digest('hex');
  }
}

function written(
  siteDir: string,
  name: string,
  title: string,
  description: string,
  fill: (file: HashedFile) => void,
): DownloadFile {
  const path = `${DOWNLOADS_DIR}/${name}`;
  const file = new HashedFile(join(siteDir, path));
  fill(file);
  const sha256 = file.close();
  return { path, title, description, bytes: file.bytes, sha256 };
}

/** Columns of organisations.csv: the main fields, flattened. */
export const ORGANISATION_COLUMNS = [
  'id',
  'name',
  'other_names',
  'sector_code',
  'sector_name',
  'sub_sector_code',
  'sub_sector_name',
  'secondary_sub_sector_code',
  'secondary_sub_sector_name',
  'governing_form',
  'incorporated_date',
  'employees',
  'registered_address',
  'county',
  'coordinates_as_given',
  'latitude_derived',
  'longitude_derived',
  'regulators',
  'regulatory',
  'lists',
  'voluntary_codes',
  'accounts_year',
  'accounts_to_date',
  'current_income',
  'current_expenditure',
  'current_grants',
  'current_net_assets',
  'previous_income',
  'previous_expenditure',
  'previous_grants',
  'previous_net_assets',
  'funders',
  'directors',
  'website',
  'legal_objects_date',
  'sources',
  'page',
] as const;

/** One CSV row of an organisation: values as given, joined with "; " where a field is a list. */
export function organisationRow(snapshot: Snapshot, id: string, raw: unknown): unknown[] {
  const record = objectOf(raw);
  const geolocation = objectOf(record['geolocation']);
  const coordinates = geolocation['coordinates'];
  const point = irishPoint(coordinates);
  const finance = objectOf(record['financialSummary']);
  const key = id.toLowerCase();
  const joined = (values: string[]): string => values.join('; ');
  return [
    id,
    record['name'],
    joined(stringsOf(record['altNames'])),
    record['sectorCode'],
    record['sectorName'],
    record['subSectorCode'],
    record['subSectorName'],
    record['secondarySubsectorCode'],
    record['secondarySubsectorName'],
    record['governingForm'],
    record['incorporatedDate'],
    record['numEmployees'],
    record['registeredAddress'],
    record['county'],
    coordinates === undefined ? '' : JSON.stringify(coordinates),
    point?.latitude,
    point?.longitude,
    joined(
      arrayOf(record['regulators']).map((value) => {
        const regulator = objectOf(value);
        const name = textOf(regulator['regulatorDesc']) ?? textOf(regulator['regulatorName']) ?? '';
        return `${name}: ${String(regulator['regulatorNumber'] ?? '')}`;
      }),
    ),
    joined(stringsOf(record['regulatory'])),
    joined((snapshot.listsOf.get(key) ?? []).map((list) => list.key)),
    joined((snapshot.codesOf.get(key) ?? []).map((code) => code.id)),
    finance['currentYear'],
    finance['accountToDate'],
    finance['currentIncome'],
    finance['currentExpenditure'],
    finance['currentGrants'],
    finance['currentNetAssets'],
    finance['prevIncome'],
    finance['prevExpenditure'],
    finance['prevGrants'],
    finance['prevNetAssets'],
    joined(
      arrayOf(record['funders']).map((value) => {
        const funder = objectOf(value);
        return `${String(funder['fundSource'] ?? '')} (${String(funder['fundingType'] ?? '')}): ${String(funder['amount'] ?? '')}`;
      }),
    ),
    joined(
      arrayOf(record['directors']).map((value) => {
        const director = objectOf(value);
        return `${String(director['name'] ?? '')} (${String(director['dateAppointed'] ?? '')})`;
      }),
    ),
    record['orgUrl'],
    record['legalObjectsDate'],
    joined(
      arrayOf(record['sources']).map((value) => {
        const source = objectOf(value);
        return `${String(source['source'] ?? '')} (${String(source['date'] ?? '')})`;
      }),
    ),
    organisationPath(id),
  ].map((value) =>
    value === null || value === undefined || typeof value === 'object'
      ? value
        ? JSON.stringify(value)
        : ''
      : value,
  );
}

function memberRows(file: HashedFile, members: readonly Member[], prefix: readonly string[] = []): void {
  for (const member of members)
    file.write(csvRow([...prefix, member.id, member.name, member.present ? 'yes' : 'no']));
}

/** Writes every download into `<siteDir>/downloads/` and returns them (download-files.ts then gzips the large ones). */
export function writeDownloads(snapshot: Snapshot, siteDir: string): DownloadFile[] {
  mkdirSync(join(siteDir, DOWNLOADS_DIR), { recursive: true });
  const files: DownloadFile[] = [];
  const count = snapshot.organisations.length;

  files.push(
    written(
      siteDir,
      'organisations.json',
      'organisations.json',
      `All ${count} records as the register gave them, one JSON array.`,
      (file) => {
        file.write('[\n');
        snapshot.organisations.forEach((entry, index) => {
          const record = readRecord(snapshot.dataDir, entry.id);
          file.write((index === 0 ? '' : ',\n') + JSON.stringify(record));
        });
        file.write('\n]\n');
      },
    ),
  );

  files.push(
    written(
      siteDir,
      'organisations.csv',
      'organisations.csv',
      `One row per organisation (${count}), main fields flattened.`,
      (file) => {
        file.write(csvRow(ORGANISATION_COLUMNS));
        for (const entry of snapshot.organisations) {
          file.write(csvRow(organisationRow(snapshot, entry.id, readRecord(snapshot.dataDir, entry.id))));
        }
      },
    ),
  );

  for (const list of snapshot.lists) {
    files.push(
      written(
        siteDir,
        `${list.definition.slug}.csv`,
        `${list.definition.slug}.csv`,
        `${list.definition.title}: id, name, and whether a record was retrieved.`,
        (file) => {
          file.write(csvRow(['id', 'name', 'has_record']));
          memberRows(file, list.members);
        },
      ),
    );
  }

  files.push(
    written(
      siteDir,
      'voluntary-code-members.csv',
      'voluntary-code-members.csv',
      'Members of every voluntary code: code, id, name, and whether a record was retrieved.',
      (file) => {
        file.write(csvRow(['code', 'id', 'name', 'has_record']));
        for (const code of snapshot.voluntaryCodes) memberRows(file, code.members, [code.id]);
      },
    ),
  );

  const manifest = join(snapshot.dataDir, 'manifest.json');
  if (existsSync(manifest)) {
    const path = `${DOWNLOADS_DIR}/manifest.json`;
    copyFileSync(manifest, join(siteDir, path));
    const content = readFileSync(manifest);
    files.push({
      path,
      title: 'manifest.json',
      description: 'The crawl: when, from where, counts, failures and schema drift.',
      bytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    });
  }

  return files;
}
