// `downloads/datapackage.json`: the downloads described as a Frictionless Data Package
// (https://specs.frictionlessdata.io/data-package/), so that data tools can load them with their
// types: every CSV as a tabular resource with a Table Schema, the JSON files and the database as
// plain resources, each with its size and SHA-256, and the register's licence and sources. The
// database is published beside the site (docs/publishing.md: "The release folder"): it is a resource only when the
// publisher gave its address (ORGDIR_RELEASE_URL), since a data tool reading the package from the
// site would find no file at a path of its own.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOWNLOADS_DIR } from '../lib/routes.ts';
import type { Register } from '../records/register.ts';
import { crawlDate } from '../view/crawl-date.ts';
import { coverageStatement } from '../view/coverage.ts';
import type { DownloadFile, ReleaseFile } from './context.ts';
import { DATABASE_TABLES, DATABASE_VIEWS } from './database-schema.ts';

const DATAPACKAGE_FILE = 'datapackage.json';

type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'datetime';

interface TableField {
  name: string;
  type: FieldType;
  description: string;
  format?: string;
  trueValues?: string[];
  falseValues?: string[];
}

const field = (name: string, type: FieldType, description: string): TableField =>
  type === 'datetime'
    ? { name, type, format: 'any', description }
    : type === 'boolean'
      ? { name, type, description, trueValues: ['yes'], falseValues: ['no'] }
      : { name, type, description };

const JOINED = 'joined with "; "';

/** The columns of organisations.csv, described from the spec (`/Organisation`). */
const ORGANISATION_FIELDS: readonly TableField[] = [
  field('id', 'string', 'The organisation GUID.'),
  field('name', 'string', 'Name of the organisation.'),
  field('other_names', 'string', `Other names the organisation is known by (altNames), ${JOINED}.`),
  field('sector_code', 'string', 'Code of the overall sector (sectorCode).'),
  field('sector_name', 'string', 'Overall sector (sectorName).'),
  field(
    'sub_sector_code',
    'string',
    'Code of the sub-sector: the sector code, a dot and a number (subSectorCode).',
  ),
  field('sub_sector_name', 'string', 'Classification within the sector (subSectorName).'),
  field('secondary_sub_sector_code', 'string', 'Code of the secondary sub-sector; empty when there is none.'),
  field('secondary_sub_sector_name', 'string', 'Secondary sub-sector; empty when there is none.'),
  field('governing_form', 'string', 'Legal form of the organisation (governingForm).'),
  field('incorporated_date', 'datetime', 'Date of incorporation, without a zone (incorporatedDate).'),
  field('employees', 'integer', 'Number of employees (numEmployees).'),
  field('registered_address', 'string', 'Registered address as one line.'),
  field('county', 'string', 'County of the registered address.'),
  field(
    'coordinates_as_given',
    'string',
    'geolocation.coordinates exactly as given (JSON); 0,0 means unknown.',
  ),
  field('latitude_derived', 'number', 'Latitude derived from the coordinates (a swapped pair turned round).'),
  field('longitude_derived', 'number', 'Longitude derived from the coordinates.'),
  field('regulators', 'string', `Each regulator's abbreviation and registration number, ${JOINED}.`),
  field(
    'org_identifiers',
    'string',
    `org-id.guide identifiers (IE-CHY-…, IE-CRO-…), derived from the regulators, ${JOINED}.`,
  ),
  field('regulatory', 'string', `Labels of the regulatory or tax statuses that apply, ${JOINED}.`),
  field('lists', 'string', `Keys of the group lists the organisation is on, ${JOINED}.`),
  field('voluntary_codes', 'string', `Ids of the voluntary codes whose member lists name it, ${JOINED}.`),
  field('accounts_year', 'integer', 'Year of the current accounts (financialSummary.currentYear).'),
  field('accounts_to_date', 'datetime', 'End date of the accounts (accountToDate).'),
  field('current_income', 'integer', 'Income, current year (amounts as published; euro in Irish data).'),
  field('current_expenditure', 'integer', 'Expenditure, current year; negative, as the register gives it.'),
  field('current_grants', 'integer', 'Grants, current year.'),
  field('current_net_assets', 'integer', 'Net assets, current year.'),
  field('previous_income', 'integer', 'Income, previous year.'),
  field('previous_expenditure', 'integer', 'Expenditure, previous year; negative.'),
  field('previous_grants', 'integer', 'Grants, previous year.'),
  field('previous_net_assets', 'integer', 'Net assets, previous year.'),
  field('funders', 'string', `Each funder as "source (type): amount", ${JOINED}.`),
  field('directors', 'string', `Each director as "name (date appointed)", ${JOINED}.`),
  field('website', 'string', 'Website of the organisation (orgUrl).'),
  field('legal_objects_date', 'datetime', 'Date of the legal objects (legalObjectsDate).'),
  field('sources', 'string', `Each data source as "source (date)", ${JOINED}.`),
  field('page', 'string', "The organisation's page on this site, from the site root."),
];

const MEMBER_FIELDS: readonly TableField[] = [
  field('id', 'string', 'The organisation GUID as the list gives it.'),
  field('name', 'string', 'The name as the list gives it.'),
  field('has_record', 'boolean', "Whether the organisation's record was retrieved (yes/no)."),
];

/** The columns of financial-years.csv (downloads.ts): finances over time, from the editions. */
const FINANCIAL_YEAR_FIELDS: readonly TableField[] = [
  field('id', 'string', 'The organisation GUID.'),
  field('name', 'string', 'Name of the organisation.'),
  field('year', 'integer', 'Year of the accounts.'),
  field('income', 'number', 'Income (amounts as published; euro in Irish data).'),
  field('expenditure', 'number', 'Expenditure; negative, as the register gives it.'),
  field('grants', 'number', 'Grants.'),
  field('net_assets', 'number', 'Net assets.'),
  field('first_reported', 'string', 'The edition (its date name) whose summary first gave this year.'),
  field(
    'figures_from',
    'string',
    'The edition whose summary last changed the figures: the one they are from.',
  ),
  field('restated', 'boolean', 'Whether a later edition gave other figures for the year (yes/no).'),
  field('restated_in', 'string', `The editions that restated it, oldest first, ${JOINED}.`),
];

/** The Table Schema of each CSV download, by file name; a CSV not named here is described as text. */
function csvFields(name: string): readonly TableField[] | undefined {
  if (name === 'organisations.csv') return ORGANISATION_FIELDS;
  if (name === 'financial-years.csv') return FINANCIAL_YEAR_FIELDS;
  if (name === 'voluntary-code-members.csv') {
    return [field('code', 'string', 'Id of the voluntary code.'), ...MEMBER_FIELDS];
  }
  if (name.endsWith('.csv')) return MEMBER_FIELDS;
  return undefined;
}

/** A data source the records name, with the licences they give it. */
export interface PackageSource {
  title: string;
  path?: string;
  licences: string[];
}

/** Addresses of the licences records commonly name. */
const LICENCE_PATHS: Readonly<Record<string, string>> = {
  'cc-by-4.0': 'https://creativecommons.org/licenses/by/4.0/',
};

/** A licence's name as the spec's pattern allows: "CC BY 4.0" is "CC-BY-4.0". */
function licenceName(licence: string): string {
  return licence
    .trim()
    .replace(/[^-a-zA-Z0-9._]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The licences of the package: those the records' sources give, each once. */
function licencesOf(sources: readonly PackageSource[]): Record<string, string>[] {
  const byName = new Map<string, Record<string, string>>();
  for (const licence of sources.flatMap((source) => source.licences)) {
    const name = licenceName(licence);
    if (name === '' || byName.has(name.toLowerCase())) continue;
    const path = LICENCE_PATHS[name.toLowerCase()];
    byName.set(name.toLowerCase(), { name, title: licence, ...(path && { path }) });
  }
  return [...byName.values()];
}

/** A resource name as the spec allows: lower case, digits and `-._`. */
function resourceName(file: string): string {
  return file.toLowerCase().replace(/[^a-z0-9._-]+/g, '-');
}

/** The database as the package may describe it: in the release folder, with its size and checksum. */
export type PackageDatabase = ReleaseFile & { bytes: number; sha256: string };

/** The resource of `file` (a name in downloads/ or the release folder), found at `path`. */
function resourceOf(
  download: Omit<DownloadFile, 'path'> | PackageDatabase,
  file: string,
  path = file,
): Record<string, unknown> {
  // A large download is offered gzipped (download-files.ts); its resource says so.
  const compressed = file.endsWith('.gz');
  const plain = compressed ? file.slice(0, -'.gz'.length) : file;
  const resource: Record<string, unknown> = {
    name: resourceName(file),
    path,
    title: download.title,
    ...(download.description !== undefined && { description: download.description }),
    bytes: download.bytes,
    hash: `sha256:${download.sha256}`,
    ...(compressed && { compression: 'gz' }),
  };
  const fields = csvFields(plain);
  if (fields) {
    return {
      ...resource,
      profile: 'tabular-data-resource',
      format: 'csv',
      mediatype: 'text/csv',
      encoding: 'utf-8',
      dialect: { delimiter: ',', lineTerminator: '\r\n', quoteChar: '"', doubleQuote: true, header: true },
      schema: { fields, ...(plain === 'organisations.csv' && { primaryKey: ['id'] }) },
    };
  }
  if (plain.endsWith('.sqlite')) {
    return {
      ...resource,
      format: 'sqlite',
      mediatype: 'application/vnd.sqlite3',
      tables: [
        ...DATABASE_TABLES.map((table) => ({
          name: table.name,
          description: table.description,
          columns: table.columns.map(({ name, type, description }) => ({ name, type, description })),
        })),
        ...DATABASE_VIEWS.map(({ name, description }) => ({ name, description, view: true })),
      ],
    };
  }
  if (plain.endsWith('.json'))
    return { ...resource, format: 'json', mediatype: 'application/json', encoding: 'utf-8' };
  return resource;
}

/**
 * The Data Package descriptor of the downloads, and of the database when it has an address
 * (`database.href`).
 */
function datapackageOf(
  register: Register,
  downloads: readonly DownloadFile[],
  sources: readonly PackageSource[],
  database?: PackageDatabase,
): Record<string, unknown> {
  const published = database?.href === undefined ? undefined : { ...database, href: database.href };
  const licenses = licencesOf(sources);
  const crawled = crawlDate(register.manifest);
  const finished = register.manifest.finishedAt;
  const coverage = coverageStatement(register.manifest);
  return {
    profile: 'data-package',
    name: 'orgdir-register',
    title: 'Irish nonprofit organisations: the register as crawled by orgdir',
    description:
      'Every organisation of the public register of Irish nonprofit organisations with its regulators, ' +
      `finances, funders, directors, addresses, sources, lists and voluntary codes, as CSV, JSON${published ? ' and SQLite' : ''}. ` +
      'Values are as the register gave them; derived columns say so.' +
      (crawled ? ` Crawled on ${crawled}.` : '') +
      (coverage ? ` ${coverage}` : ''),
    ...(typeof finished === 'string' && { created: finished }),
    // The register publishes no licence of its own; its records name each source's.
    ...(licenses.length > 0 && { licenses }),
    ...(sources.length > 0 && {
      sources: sources.map(({ title, path }) => ({ title, ...(path && { path }) })),
    }),
    keywords: ['charities', 'nonprofits', 'Ireland', 'register'],
    resources: [
      ...downloads.map((download) => resourceOf(download, download.path.slice(DOWNLOADS_DIR.length + 1))),
      ...(published ? [resourceOf(published, published.name, published.href)] : []),
    ],
  };
}

/** Writes `downloads/datapackage.json` describing `downloads`, and returns it as a download. */
export function writeDatapackage(
  register: Register,
  siteDir: string,
  downloads: readonly DownloadFile[],
  sources: readonly PackageSource[],
  database?: PackageDatabase,
): DownloadFile {
  const path = `${DOWNLOADS_DIR}/${DATAPACKAGE_FILE}`;
  const content = Buffer.from(
    `${JSON.stringify(datapackageOf(register, downloads, sources, database), null, 2)}\n`,
  );
  writeFileSync(join(siteDir, path), content);
  return {
    path,
    title: DATAPACKAGE_FILE,
    description:
      'A Frictionless Data Package describing every file above: columns, types, sizes and checksums.',
    bytes: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
  };
}
