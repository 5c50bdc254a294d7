// The database's tables, columns, views and indexes, each described: the one definition that
// creates the file (src/site/database.ts) and that datapackage.json lists.
//
// Spec fields keep the spec's names (`sectorName`, `currentIncome`); columns orgdir adds are in
// snake_case (`organisation_id`, `latitude_derived`). The full-text table `organisations_fts`
// indexes names, other names, addresses and legal objects with accents folded
// (`unicode61 remove_diacritics 2`), as the site's search folds them; it reads its text from
// `organisations`, so Datasette offers it as that table's search.

interface DatabaseColumn {
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
    name: 'financial_years',
    description:
      'Every year of accounts each organisation reported over the editions (finances over time), as financial-years.csv gives it; empty in a database built without editions.',
    columns: [
      ORGANISATION_ID,
      integer('year', 'Year of the accounts.'),
      integer('income', 'Income (amounts as published; euro in Irish data).'),
      integer('expenditure', 'Expenditure; negative, as the register gives it.'),
      integer('grants', 'Grants.'),
      integer('net_assets', 'Net assets.'),
      text('first_reported', 'The edition (its date name) whose summary first gave this year.'),
      text('figures_from', 'The edition whose summary last changed the figures: the one they are from.'),
      integer('restated', '1 when a later edition gave other figures for the year, else 0.'),
      text('restated_in', 'The editions that restated it, oldest first, joined with "; "; NULL when none.'),
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
  {
    name: 'records_left_out',
    description:
      'Records SQLite refused (such as JSON nested deeper than its 1,000 levels), with its reason; they are on the site and in organisations.json.',
    columns: [
      text('id', 'The organisation GUID, as the register gives it; it has no row in organisations.'),
      text('reason', "SQLite's reason for refusing the record."),
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
