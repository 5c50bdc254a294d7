// The register as files people can take away: every organisation as JSON and as CSV, the lists
// as CSV and the crawl's manifest (download-files.ts gzips the large ones and adds SHA256SUMS).
import { createHash, type Hash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { csvRow, writtenNumber } from '../lib/csv.ts';
import { DOWNLOADS_DIR, organisationPath, RECORDS_DOWNLOAD } from '../lib/routes.ts';
import { irishPoint } from '../lib/map.ts';
import { writtenAt, type Organisation } from '../records/organisation.ts';
import type { Member, Register } from '../records/register.ts';
import { financialYearColumns, type FinancialYear } from '../money/financial-series.ts';
import type { DownloadFile } from './context.ts';
import { writeDatapackage, type PackageDatabase, type PackageSource } from './datapackage.ts';
import { writeChecksums } from './download-files.ts';
import { identifiersOf } from './register-entry.ts';

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

/**
 * `organisations.json`, written as the register reads the records: each record's exact bytes, in
 * the order of their files, so that no record is held or read twice for it.
 */
export class RecordsDownload {
  readonly #file: HashedFile;
  #count = 0;
  /** Records given cut to the record model's size limits. */
  #cut = 0;

  constructor(siteDir: string) {
    mkdirSync(join(siteDir, DOWNLOADS_DIR), { recursive: true });
    this.#file = new HashedFile(join(siteDir, DOWNLOADS_DIR, RECORDS_DOWNLOAD));
    this.#file.write('[\n');
  }

  /**
   * Adds one record as its bytes, with its org-id identifiers as `orgIDs` (the name Find That
   * Charity gives them) spliced in before its closing brace, unless it has such a field already.
   * `cut`: the bytes are the record cut to the record model's size limits, not as given.
   */
  add(bytes: Buffer, organisation?: Organisation, cut = false): void {
    if (this.#count > 0) this.#file.write(',\n');
    this.#file.write(withIdentifiers(bytes.toString('utf8').trim(), organisation));
    this.#count += 1;
    if (cut) this.#cut += 1;
  }

  close(): DownloadFile {
    this.#file.write('\n]\n');
    const sha256 = this.#file.close();
    return {
      path: `${DOWNLOADS_DIR}/${RECORDS_DOWNLOAD}`,
      title: RECORDS_DOWNLOAD,
      description: `All ${this.#count} records as the register gave them, one JSON array, each with its org-id identifiers added as orgIDs${
        this.#cut === 0
          ? ''
          : ` (${this.#cut} over the size limits with their long fields cut, as their pages say)`
      }.`,
      bytes: this.#file.bytes,
      sha256,
    };
  }
}

/** A record's JSON text with `"orgIDs": [...]` added as its last field (see `RecordsDownload.add`). */
function withIdentifiers(json: string, organisation: Organisation | undefined): string {
  if (!organisation || !json.endsWith('}') || organisation.otherFields?.['orgIDs'] !== undefined) return json;
  const field = `"orgIDs":${JSON.stringify(identifiersOf(organisation))}`;
  const body = json.slice(0, -1).trimEnd();
  return `${body}${body.endsWith('{') ? '' : ','}${field}}`;
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
const ORGANISATION_COLUMNS = [
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
  'org_identifiers',
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

/** One CSV row of an organisation: values as read, joined with "; " where a field is a list. */
export function organisationRow(register: Register, organisation: Organisation): unknown[] {
  const { id } = organisation;
  const coordinates = organisation.geolocation?.coordinates;
  const point = irishPoint(coordinates);
  const finance = organisation.financialSummary ?? {};
  const joined = (values: string[]): string => values.join('; ');
  const text = (value: string | number | undefined): string => (value === undefined ? '' : String(value));
  // An amount as the record writes it, not as a floating-point number would (1.2345678901234568e+29).
  const written = (path: string) => writtenAt(organisation, path);
  const money = (field: keyof typeof finance) => {
    const text = written(`financialSummary.${field}`);
    return text === undefined ? finance[field] : writtenNumber(text);
  };
  return [
    id,
    organisation.name,
    joined(organisation.altNames),
    organisation.sectorCode,
    organisation.sectorName,
    organisation.subSectorCode,
    organisation.subSectorName,
    organisation.secondarySubsectorCode,
    organisation.secondarySubsectorName,
    organisation.governingForm,
    organisation.incorporatedDate,
    organisation.numEmployees,
    organisation.registeredAddress,
    organisation.county,
    coordinates === undefined ? '' : JSON.stringify(coordinates),
    point?.latitude,
    point?.longitude,
    // regulatorDesc is the regulator's abbreviation (src/schemas/regulator.ts): "CRA: 20012345".
    joined(
      organisation.regulators.map(
        (regulator) =>
          `${regulator.regulatorDesc ?? regulator.regulatorName ?? ''}: ${text(regulator.regulatorNumber)}`,
      ),
    ),
    joined(identifiersOf(organisation)),
    joined(organisation.regulatory),
    joined((register.listsOf.get(id) ?? []).map((list) => list.key)),
    joined((register.codesOf.get(id) ?? []).map((code) => code.id)),
    finance.currentYear,
    finance.accountToDate,
    money('currentIncome'),
    money('currentExpenditure'),
    money('currentGrants'),
    money('currentNetAssets'),
    money('prevIncome'),
    money('prevExpenditure'),
    money('prevGrants'),
    money('prevNetAssets'),
    joined(
      organisation.funders.map(
        (funder, index) =>
          `${text(funder.fundSource)} (${text(funder.fundingType)}): ${written(`funders[${index}].amount`) ?? text(funder.amount)}`,
      ),
    ),
    joined(
      organisation.directors.map((director) => `${text(director.name)} (${text(director.dateAppointed)})`),
    ),
    organisation.orgUrl,
    organisation.legalObjectsDate,
    joined(organisation.sources.map((source) => `${text(source.source)} (${text(source.date)})`)),
    organisationPath(id),
  ].map((value) => (value === undefined ? '' : value));
}

function memberRows(file: HashedFile, members: readonly Member[], prefix: readonly string[] = []): void {
  for (const member of members)
    file.write(csvRow([...prefix, member.id, member.name, member.present ? 'yes' : 'no']));
}

/** Columns of financial-years.csv: one row per organisation and year its editions reported. */
export const FINANCIAL_YEAR_COLUMNS = [
  'id',
  'name',
  'year',
  'income',
  'expenditure',
  'grants',
  'net_assets',
  'first_reported',
  'figures_from',
  'restated',
  'restated_in',
] as const;

/**
 * The rows of financial-years.csv of one organisation; expenditure negative, as the API gives it.
 * Amounts go in as numbers: a number is no formula, and "-950000" stays a number, not text.
 */
function financialYearRows(id: string, name: string, series: readonly FinancialYear[]): unknown[][] {
  return series.map((year) => {
    const { columns, restatedIn } = financialYearColumns(year);
    return [id, name, ...columns, restatedIn.length > 0 ? 'yes' : 'no', restatedIn.join('; ')];
  });
}

/**
 * Writes every download into `<siteDir>/downloads/` and returns them; `records` is
 * `organisations.json`, already written as the records were read. download-files.ts then gzips
 * the large ones. With editions, `seriesOf` gives each organisation's finances over time
 * (financial-years.csv).
 */
export function writeDownloads(
  register: Register,
  siteDir: string,
  records: DownloadFile,
  seriesOf?: (id: string) => FinancialYear[],
): DownloadFile[] {
  mkdirSync(join(siteDir, DOWNLOADS_DIR), { recursive: true });
  const files: DownloadFile[] = [records];
  const count = register.organisations.length;

  files.push(
    written(
      siteDir,
      'organisations.csv',
      'organisations.csv',
      `One row per organisation (${count}), main fields flattened.`,
      (file) => {
        file.write(csvRow(ORGANISATION_COLUMNS));
        for (const entry of register.organisations)
          file.write(csvRow(organisationRow(register, entry.organisation)));
      },
    ),
  );

  for (const list of register.lists) {
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
        for (const code of register.voluntaryCodes) memberRows(file, code.members, [code.id]);
      },
    ),
  );

  if (seriesOf !== undefined) {
    files.push(
      written(
        siteDir,
        'financial-years.csv',
        'financial-years.csv',
        'Every year of accounts each organisation reported over the editions: figures, the edition that first reported the year, the one the figures are from, and whether (and in which editions) it was restated.',
        (file) => {
          file.write(csvRow(FINANCIAL_YEAR_COLUMNS));
          for (const entry of register.organisations) {
            const { id, name } = entry.organisation;
            for (const row of financialYearRows(id, name ?? '', seriesOf(id))) file.write(csvRow(row));
          }
        },
      ),
    );
  }

  const content = register.manifestBytes;
  if (content !== undefined) {
    const path = `${DOWNLOADS_DIR}/manifest.json`;
    writeFileSync(join(siteDir, path), content);
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

/**
 * The downloads as offered, then `datapackage.json` describing them (and the database in the
 * release folder, when it has an address) and `SHA256SUMS` over the files in downloads/: both
 * describe the files a reader downloads (gzipped where they are large).
 */
export function describeDownloads(
  register: Register,
  siteDir: string,
  offered: readonly DownloadFile[],
  sources: readonly PackageSource[],
  database?: PackageDatabase,
): DownloadFile[] {
  const files = [...offered, writeDatapackage(register, siteDir, offered, sources, database)];
  return [...files, writeChecksums(siteDir, files)];
}
