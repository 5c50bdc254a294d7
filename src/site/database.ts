// The whole register as one SQLite database, for people who would rather ask it in SQL (sqlite3,
// Datasette, any language's SQLite driver) than read CSV. Written with Node's own `node:sqlite`:
// no native package to build, and the project already runs on Node 24 (README: dependencies).
//
// Spec fields keep the spec's names (`sectorName`, `currentIncome`); columns orgdir adds are in
// snake_case (`organisation_id`, `latitude_derived`). Every organisation row carries its record
// exactly as stored in `record` (JSON). The full-text table `organisations_fts` indexes names,
// other names, addresses and legal objects with accents folded (`unicode61 remove_diacritics 2`),
// as the site's search folds them; it reads its text from `organisations`, so Datasette finds it.
import { rmSync } from 'node:fs';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { orgIdentifiers, registrationNumbers } from '../lib/identifiers.ts';
import { irishPoint } from '../lib/map.ts';
import { organisationPath } from '../lib/routes.ts';
import type { Organisation } from '../records/organisation.ts';

/** A group list or voluntary code and who is on it, as the register's member lists give it. */
export interface Membership {
  key: string;
  title?: string;
  description?: string;
  members: readonly { id: string; name: string; present: boolean }[];
}

export interface Memberships {
  lists: readonly Membership[];
  voluntaryCodes: readonly Membership[];
}

export interface DatabaseColumn {
  name: string;
  type: 'TEXT' | 'INTEGER' | 'REAL';
  description: string;
}

export interface DatabaseTable {
  name: string;
  description: string;
  columns: DatabaseColumn[];
}

const text = (name: string, description: string): DatabaseColumn => ({ name, type: 'TEXT', description });
const integer = (name: string, description: string): DatabaseColumn => ({
  name,
  type: 'INTEGER',
  description,
});
const real = (name: string, description: string): DatabaseColumn => ({ name, type: 'REAL', description });

const ORGANISATION_ID = text('organisation_id', 'The organisation (organisations.id).');
const POSITION = integer('position', 'Order in the record, from 1.');

/** The tables and their columns, described: the database's schema and the datapackage's. */
export const DATABASE_TABLES: readonly DatabaseTable[] = [
  {
    name: 'organisations',
    description: 'One row per organisation: the scalar fields of its record, and the record itself.',
    columns: [
      integer('key', 'Row number in this database (the full-text index refers to it).'),
      text('id', 'The organisation GUID, as the register gives it.'),
      text('name', 'Name of the organisation.'),
      text('other_names', 'Other names the organisation is known by (altNames), joined with "; ".'),
      text('sectorName', 'Overall sector.'),
      text('sectorCode', 'Code of the sector.'),
      text('subSectorName', 'Classification within the sector.'),
      text('subSectorCode', 'Code of the sub-sector: the sector code, a dot and a number.'),
      text('secondarySubsectorName', 'Secondary sub-sector; empty when there is none.'),
      text('secondarySubsectorCode', 'Code of the secondary sub-sector.'),
      text('registeredAddress', 'Registered address as one line.'),
      text('county', 'County of the registered address.'),
      real(
        'latitude_derived',
        'Latitude of the registered address, derived from geolocation (0,0 = unknown: empty).',
      ),
      real('longitude_derived', 'Longitude of the registered address, derived from geolocation.'),
      text(
        'addresses',
        'The registered and other addresses with their counties and eircodes, joined with "; ".',
      ),
      text('orgUrl', 'Website of the organisation.'),
      text('incorporatedDate', 'Date of incorporation (date-time without zone).'),
      text('governingForm', 'Legal form of the organisation.'),
      integer('numEmployees', 'Number of employees.'),
      text(
        'legalObjectsExtract',
        "Extract of the organisation's stated legal objects; may end part-way through a sentence.",
      ),
      text('legalObjectsDate', 'Date of the legal objects (date-time without zone).'),
      integer('currentYear', 'Year of the current accounts.'),
      text('accountToDate', 'End date of the accounts.'),
      integer('currentIncome', 'Income, current year (amounts as published; euro in Irish data).'),
      integer('currentExpenditure', 'Expenditure, current year; negative, as the register gives it.'),
      integer('currentGrants', 'Grants, current year.'),
      integer('currentNetAssets', 'Net assets, current year.'),
      integer('prevIncome', 'Income, previous year.'),
      integer('prevExpenditure', 'Expenditure, previous year; negative.'),
      integer('prevGrants', 'Grants, previous year.'),
      integer('prevNetAssets', 'Net assets, previous year.'),
      text('charity_number', 'Charities Regulator number (RCN), derived from regulators.'),
      text('cro_number', 'Companies Registration Office number, derived from regulators.'),
      text(
        'chy_number',
        "Revenue's charitable tax exemption (CHY) number, digits only, derived from regulators.",
      ),
      text('org_identifiers', 'org-id.guide identifiers (IE-CHY-…, IE-CRO-…), joined with "; ".'),
      text('page', "The organisation's page, from the site root."),
      text('record', 'The record exactly as the register gave it (JSON).'),
    ],
  },
  {
    name: 'other_names',
    description: 'Other names each organisation is known by (altNames).',
    columns: [ORGANISATION_ID, POSITION, text('name', 'The other name.')],
  },
  {
    name: 'identifiers',
    description: 'org-id.guide identifiers of each organisation, for joining with other data.',
    columns: [
      ORGANISATION_ID,
      text('identifier', 'The identifier, e.g. IE-CHY-20000028.'),
      text(
        'scheme',
        'The org-id.guide list: IE-CHY (Charities Regulator) or IE-CRO (Companies Registration Office).',
      ),
    ],
  },
  {
    name: 'regulators',
    description: 'Regulators of each organisation with its registration number there.',
    columns: [
      ORGANISATION_ID,
      POSITION,
      text('regulatorName', 'Name of the regulator.'),
      text('regulatorDesc', 'Short abbreviation of the regulator.'),
      text(
        'regulatorNumber',
        'Registration number; may be a text marker instead of digits when no number applies.',
      ),
      text('regulatorUrl', 'Website of the regulator.'),
    ],
  },
  {
    name: 'regulatory',
    description: 'Labels of the regulatory or tax statuses that apply to each organisation.',
    columns: [ORGANISATION_ID, POSITION, text('label', 'The label, e.g. "Registered Charity (CRA)".')],
  },
  {
    name: 'funders',
    description: 'Funders of each organisation.',
    columns: [
      ORGANISATION_ID,
      POSITION,
      text('fundSource', 'Name of the funder.'),
      integer('amount', 'Amount (as published; euro in Irish data).'),
      text('fundingType', 'Category of funder.'),
    ],
  },
  {
    name: 'directors',
    description: 'Directors of each organisation.',
    columns: [
      ORGANISATION_ID,
      POSITION,
      text('name', 'Name of the director.'),
      text('dateAppointed', 'Date of appointment (date-time without zone).'),
    ],
  },
  {
    name: 'other_addresses',
    description: 'Other addresses of each organisation.',
    columns: [
      ORGANISATION_ID,
      POSITION,
      text('address', 'Address as recorded.'),
      text('cleanAddress', 'Normalised form of the address (lower case, without punctuation).'),
      text('county', 'County.'),
      text('eircode', 'Postal code; empty when none.'),
      real('latitude_derived', 'Latitude, derived from geolocation.'),
      real('longitude_derived', 'Longitude, derived from geolocation.'),
    ],
  },
  {
    name: 'sources',
    description: 'Data sources of each record.',
    columns: [
      ORGANISATION_ID,
      POSITION,
      text('source', 'Name of the data source.'),
      text('url', 'Address of the data source.'),
      text('license', 'Licence of the data; absent for some sources.'),
      text('date', 'Date of the data from that source.'),
    ],
  },
  {
    name: 'governance_codes',
    description: 'Voluntary codes each organisation adheres to, as its record gives them.',
    columns: [
      ORGANISATION_ID,
      POSITION,
      text('governanceCodeDesc', 'Description of the code.'),
      text('governanceCodeUrl', 'Address of the code.'),
    ],
  },
  {
    name: 'lists',
    description: "The register's group lists.",
    columns: [
      text('key', 'Key of the list, e.g. registeredCharities.'),
      text('title', 'Title of the list.'),
      text('description', 'What the list is.'),
    ],
  },
  {
    name: 'list_members',
    description:
      'Who is on each list, as the list gives it; organisation_id is empty when no record was retrieved.',
    columns: [
      text('list_key', 'The list (lists.key).'),
      text('listed_id', 'The id the list gives.'),
      text('listed_name', 'The name the list gives.'),
      text('organisation_id', 'The organisation (organisations.id), when its record was retrieved.'),
    ],
  },
  {
    name: 'voluntary_codes',
    description: 'The voluntary codes the register publishes member lists for.',
    columns: [text('id', 'Id of the code, e.g. GOVERNANCECODE.'), text('description', 'What the code is.')],
  },
  {
    name: 'code_members',
    description: 'Who complies with each voluntary code, as its member list gives it.',
    columns: [
      text('code_id', 'The code (voluntary_codes.id).'),
      text('listed_id', 'The id the member list gives.'),
      text('listed_name', 'The name the member list gives.'),
      text('organisation_id', 'The organisation (organisations.id), when its record was retrieved.'),
    ],
  },
];

/** Keys, references and checks that the column list above does not carry. */
const CONSTRAINTS: Readonly<Record<string, string[]>> = {
  organisations: ['CHECK (json_valid(record))'],
  lists: ['PRIMARY KEY (key)'],
  voluntary_codes: ['PRIMARY KEY (id)'],
  list_members: ['PRIMARY KEY (list_key, listed_id)', 'FOREIGN KEY (list_key) REFERENCES lists (key)'],
  code_members: ['PRIMARY KEY (code_id, listed_id)', 'FOREIGN KEY (code_id) REFERENCES voluntary_codes (id)'],
};

const COLUMN_SUFFIX: Readonly<Record<string, string>> = {
  'organisations.key': ' PRIMARY KEY',
  'organisations.id': ' NOT NULL UNIQUE',
  'organisations.name': ' NOT NULL',
  'organisations.record': ' NOT NULL',
};

/** Views for questions people often ask. */
export const DATABASE_VIEWS: readonly { name: string; description: string; sql: string }[] = [
  {
    name: 'registered_charities',
    description: 'Organisations on the registered charities list, with their Charities Regulator number.',
    sql: `SELECT o.id, o.name, o.charity_number, o.county, o.currentYear, o.currentIncome, o.page
      FROM organisations o JOIN list_members m ON m.organisation_id = o.id
      WHERE m.list_key = 'registeredCharities'`,
  },
  {
    name: 'organisations_by_county',
    description: 'How many organisations each county has, and their total latest income.',
    sql: `SELECT coalesce(county, '(not given)') AS county, count(*) AS organisations,
        sum(currentIncome) AS total_current_income
      FROM organisations GROUP BY 1 ORDER BY 2 DESC`,
  },
  {
    name: 'funding_by_funder',
    description: 'Each funder with how many organisations it funds and the total amount.',
    sql: `SELECT fundSource, fundingType, count(DISTINCT organisation_id) AS organisations,
        sum(amount) AS total_amount
      FROM funders GROUP BY fundSource, fundingType ORDER BY total_amount DESC`,
  },
  {
    name: 'largest_by_income',
    description: 'Organisations by their latest income, largest first.',
    sql: `SELECT id, name, county, currentYear, currentIncome, currentExpenditure, page
      FROM organisations WHERE currentIncome IS NOT NULL ORDER BY currentIncome DESC`,
  },
  {
    name: 'organisation_memberships',
    description: 'Every list and voluntary code each organisation is on.',
    sql: `SELECT organisation_id, 'list' AS kind, list_key AS membership FROM list_members
        WHERE organisation_id IS NOT NULL
      UNION ALL
      SELECT organisation_id, 'voluntary code', code_id FROM code_members WHERE organisation_id IS NOT NULL`,
  },
];

const INDEXES: readonly string[] = [
  'organisations (name)',
  'organisations (county)',
  'organisations (sectorCode)',
  'organisations (charity_number)',
  'organisations (cro_number)',
  'organisations (chy_number)',
  'identifiers (identifier)',
  'list_members (organisation_id)',
  'code_members (organisation_id)',
  'funders (fundSource)',
];

function createStatement(table: DatabaseTable): string {
  const columns = table.columns.map(
    (column) => `"${column.name}" ${column.type}${COLUMN_SUFFIX[`${table.name}.${column.name}`] ?? ''}`,
  );
  const constraints = [...(CONSTRAINTS[table.name] ?? [])];
  // An organisation's rows keyed by it and their order: found by the key itself, without a
  // rowid or a second index (a fifth of the file).
  const child = table.columns[0] === ORGANISATION_ID;
  if (child) constraints.unshift(`PRIMARY KEY (organisation_id, ${table.columns[1]!.name})`);
  if (table.columns.some((column) => column.name === 'organisation_id')) {
    constraints.push('FOREIGN KEY (organisation_id) REFERENCES organisations (id)');
  }
  const keyed = child || constraints.some((constraint) => constraint.startsWith('PRIMARY KEY'));
  return `CREATE TABLE "${table.name}" (\n  ${[...columns, ...constraints].join(',\n  ')}\n)${keyed && table.name !== 'organisations' ? ' WITHOUT ROWID' : ''}`;
}

/** The SQL that creates the empty database: tables, full-text index, indexes, views. */
export function databaseSchema(): string {
  const indexes = INDEXES.map((target) => {
    const name = `idx_${target.replace(/[^a-z_]+/gi, '_').replace(/_+$/, '')}`;
    return `CREATE INDEX "${name}" ON ${target}`;
  });
  return [
    ...DATABASE_TABLES.map(createStatement),
    ...indexes,
    `CREATE VIRTUAL TABLE organisations_fts USING fts5(name, other_names, addresses, legalObjectsExtract,
      content="organisations", content_rowid="key", tokenize='unicode61 remove_diacritics 2')`,
    ...DATABASE_VIEWS.map((view) => `CREATE VIEW "${view.name}" AS ${view.sql}`),
  ]
    .map((statement) => `${statement};`)
    .join('\n');
}

type Value = string | number | undefined;
const joined = (values: readonly (string | undefined)[]): string | undefined => {
  const present = values.filter((value): value is string => value !== undefined && value !== '');
  return present.length > 0 ? present.join('; ') : undefined;
};

/** The organisations row of a record, in the column order above. */
function organisationRow(organisation: Organisation, json: string): Value[] {
  const finance = organisation.financialSummary;
  const point = irishPoint(organisation.geolocation?.coordinates);
  const numbers = registrationNumbers(organisation.regulators);
  const numberOf = (kind: string) => numbers.find((number) => number.kind === kind)?.number;
  return [
    undefined,
    organisation.id,
    organisation.name,
    joined(organisation.altNames),
    organisation.sectorName,
    organisation.sectorCode,
    organisation.subSectorName,
    organisation.subSectorCode,
    organisation.secondarySubsectorName,
    organisation.secondarySubsectorCode,
    organisation.registeredAddress,
    organisation.county,
    point?.latitude,
    point?.longitude,
    joined([
      joined([organisation.registeredAddress, organisation.county]),
      ...organisation.otherAddresses.map((address) =>
        joined([address.address, address.county, address.eircode]),
      ),
    ]),
    organisation.orgUrl,
    organisation.incorporatedDate,
    organisation.governingForm,
    organisation.numEmployees,
    organisation.legalObjectsExtract,
    organisation.legalObjectsDate,
    finance?.currentYear,
    finance?.accountToDate,
    finance?.currentIncome,
    finance?.currentExpenditure,
    finance?.currentGrants,
    finance?.currentNetAssets,
    finance?.prevIncome,
    finance?.prevExpenditure,
    finance?.prevGrants,
    finance?.prevNetAssets,
    numberOf('charity'),
    numberOf('company'),
    numberOf('chy'),
    joined(orgIdentifiers(organisation.regulators).map((identifier) => identifier.identifier)),
    organisationPath(organisation.id),
    json,
  ];
}

/** The child rows of a record, by table, each row without its organisation id. */
function childRows(organisation: Organisation): Record<string, Value[][]> {
  const numbered = <T>(items: readonly T[], row: (item: T) => Value[]): Value[][] =>
    items.map((item, index) => [index + 1, ...row(item)]);
  return {
    other_names: numbered(organisation.altNames, (name) => [name]),
    identifiers: orgIdentifiers(organisation.regulators).map((identifier) => [
      identifier.identifier,
      identifier.scheme,
    ]),
    regulators: numbered(organisation.regulators, (regulator) => [
      regulator.regulatorName,
      regulator.regulatorDesc,
      regulator.regulatorNumber,
      regulator.regulatorUrl,
    ]),
    regulatory: numbered(organisation.regulatory, (label) => [label]),
    funders: numbered(organisation.funders, (funder) => [
      funder.fundSource,
      funder.amount,
      funder.fundingType,
    ]),
    directors: numbered(organisation.directors, (director) => [director.name, director.dateAppointed]),
    other_addresses: numbered(organisation.otherAddresses, (address) => {
      const point = irishPoint(address.geolocation?.coordinates);
      return [
        address.address,
        address.cleanAddress,
        address.county,
        address.eircode,
        point?.latitude,
        point?.longitude,
      ];
    }),
    sources: numbered(organisation.sources, (source) => [
      source.source,
      source.url,
      source.license,
      source.date,
    ]),
    governance_codes: numbered(organisation.governanceCodes, (code) => [
      code.governanceCodeDesc,
      code.governanceCodeUrl,
    ]),
  };
}

export interface DatabaseSummary {
  organisations: number;
  rows: Record<string, number>;
}

/**
 * The database, written as the register reads the records (each record's own bytes go into
 * `organisations.record`, so nothing reads a record twice), then completed with the lists and
 * codes and the full-text index once every record is in.
 */
export class DatabaseWriter {
  readonly path: string;
  readonly #database: DatabaseSync;
  readonly #insert = new Map<string, StatementSync>();
  readonly #rows: Record<string, number> = Object.fromEntries(
    DATABASE_TABLES.map((table) => [table.name, 0]),
  );
  /** Lists give ids in lower case; a record's id is its file's name. */
  readonly #idOf = new Map<string, string>();

  constructor(path: string) {
    this.path = path;
    rmSync(path, { force: true });
    this.#database = new DatabaseSync(path);
    // Written once and never updated: no journal to keep, and one transaction for speed.
    this.#database.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA foreign_keys = ON;');
    this.#database.exec(databaseSchema());
    for (const table of DATABASE_TABLES) {
      const names = table.columns.map((column) => `"${column.name}"`).join(', ');
      const slots = table.columns.map(() => '?').join(', ');
      this.#insert.set(
        table.name,
        this.#database.prepare(`INSERT INTO "${table.name}" (${names}) VALUES (${slots})`),
      );
    }
    this.#database.exec('BEGIN');
  }

  #add(table: string, values: Value[]): void {
    this.#insert
      .get(table)!
      .run(...values.map((value): SQLInputValue => (value === undefined ? null : value)));
    this.#rows[table]! += 1;
  }

  /** Adds one organisation: its record's JSON text as stored, and the record as read. */
  add(json: string, organisation: Organisation): void {
    this.#add('organisations', organisationRow(organisation, json));
    this.#idOf.set(organisation.id.toLowerCase(), organisation.id);
    for (const [table, rows] of Object.entries(childRows(organisation))) {
      for (const values of rows) this.#add(table, [organisation.id, ...values]);
    }
  }

  /** Adds the lists and codes, builds the full-text index and closes the file. */
  complete(memberships: Memberships): DatabaseSummary {
    try {
      const members = (
        groupTable: string,
        memberTable: string,
        groups: readonly Membership[],
        groupRow: (group: Membership) => Value[],
      ) => {
        for (const group of groups) {
          this.#add(groupTable, groupRow(group));
          const seen = new Set<string>();
          for (const member of group.members) {
            const key = member.id.toLowerCase();
            if (seen.has(key)) continue;
            seen.add(key);
            this.#add(memberTable, [group.key, member.id, member.name, this.#idOf.get(key)]);
          }
        }
      };
      members('lists', 'list_members', memberships.lists, (list) => [list.key, list.title, list.description]);
      members('voluntary_codes', 'code_members', memberships.voluntaryCodes, (code) => [
        code.key,
        code.description,
      ]);
      // The full-text index holds the organisations' own text, so that snippets and Datasette's
      // search read the same words that were indexed.
      this.#database.exec(`INSERT INTO organisations_fts (organisations_fts) VALUES ('rebuild')`);
      this.#database.exec('COMMIT');
      this.#database.exec(`INSERT INTO organisations_fts (organisations_fts) VALUES ('optimize')`);
      this.#database.exec('ANALYZE');
      return { organisations: this.#rows['organisations']!, rows: { ...this.#rows } };
    } finally {
      this.#database.close();
    }
  }

  /** Closes the file unfinished (a failed read) and removes it. */
  abandon(): void {
    if (this.#database.isOpen) this.#database.close();
    rmSync(this.path, { force: true });
  }
}
