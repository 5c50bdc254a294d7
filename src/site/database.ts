// The whole register as one SQLite database, for people who would rather ask it in SQL (sqlite3,
// Datasette, any language's SQLite driver) than read CSV. Written with Node's own `node:sqlite`:
// no native package to build, and the project already runs on Node 24 (README: dependencies).
// Every organisation row carries its record exactly as stored in `record` (JSON); the tables are
// described in ./database-schema.ts.
import { rmSync } from 'node:fs';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { orgIdentifiers, registrationNumbers } from '../lib/identifiers.ts';
import { irishPoint } from '../lib/map.ts';
import { organisationPath } from '../lib/routes.ts';
import { financialYearColumns, type FinancialYear } from '../money/financial-series.ts';
import type { Organisation } from '../records/organisation.ts';
import { databaseSchema, DATABASE_TABLES } from './database-schema.ts';

/** A group list or voluntary code and who is on it, as the register's member lists give it. */
interface Membership {
  key: string;
  title?: string;
  description?: string;
  members: readonly { id: string; name: string; present: boolean }[];
}

export interface Memberships {
  lists: readonly Membership[];
  voluntaryCodes: readonly Membership[];
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

/** A record the database refused, and SQLite's reason: it is in every other part of the site. */
export interface RecordLeftOut {
  id: string;
  reason: string;
}

export interface DatabaseSummary {
  organisations: number;
  rows: Record<string, number>;
  /** Records the database refused (each also in its `records_left_out` table), in reading order. */
  leftOut: RecordLeftOut[];
}

/**
 * Whether SQLite refused the record itself (a check such as `json_valid`, a value too big or of a
 * type it will not store), rather than failed (a full disk, a broken file), which must stop the build.
 */
function refusesRecord(error: unknown): boolean {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  const SQLITE_TOOBIG = 18;
  const SQLITE_CONSTRAINT = 19;
  const SQLITE_MISMATCH = 20;
  // Extended result codes keep the primary code in their low byte (SQLITE_CONSTRAINT_CHECK is 275).
  return (
    typeof code === 'number' && [SQLITE_TOOBIG, SQLITE_CONSTRAINT, SQLITE_MISMATCH].includes(code & 0xff)
  );
}

/** What a command says of the records the database refused: one line each, naming the record. */
export function leftOutLines(leftOut: readonly RecordLeftOut[]): string[] {
  if (leftOut.length === 0) return [];
  return [
    `site: the database left out ${leftOut.length} record(s) SQLite refused (they are on the site and in organisations.json; see its records_left_out table):`,
    ...leftOut.map(({ id, reason }) => `  organisations/${id}.json: ${reason}`),
  ];
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
  /** Lists give ids in lower case; a record's id is its file's name. Only records the database holds. */
  readonly #idOf = new Map<string, string>();
  readonly #leftOut: RecordLeftOut[] = [];

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

  /**
   * Adds one organisation: its record's JSON text as stored, and the record as read. A record
   * SQLite refuses (JSON nested deeper than its 1,000 levels fails `json_valid`) is left out with
   * its reason, and the rest of the register goes on: one odd record must not stop every build.
   */
  add(json: string, organisation: Organisation): void {
    const added: Record<string, number> = {};
    try {
      this.#add('organisations', organisationRow(organisation, json));
      added['organisations'] = 1;
      for (const [table, rows] of Object.entries(childRows(organisation))) {
        for (const values of rows) {
          this.#add(table, [organisation.id, ...values]);
          added[table] = (added[table] ?? 0) + 1;
        }
      }
    } catch (error) {
      if (!refusesRecord(error)) throw error;
      // No journal to roll back to (see the constructor): the rows already in go one by one, the
      // organisation's own row last, after the rows that refer to it.
      for (const table of [...DATABASE_TABLES].reverse()) {
        if (added[table.name] === undefined) continue;
        const column = table.name === 'organisations' ? 'id' : 'organisation_id';
        this.#database.prepare(`DELETE FROM "${table.name}" WHERE "${column}" = ?`).run(organisation.id);
        this.#rows[table.name]! -= added[table.name]!;
      }
      const reason = error instanceof Error ? error.message : String(error);
      this.#leftOut.push({ id: organisation.id, reason });
      this.#add('records_left_out', [organisation.id, reason]);
      return;
    }
    this.#idOf.set(organisation.id.toLowerCase(), organisation.id);
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
      return {
        organisations: this.#rows['organisations']!,
        rows: { ...this.#rows },
        leftOut: [...this.#leftOut],
      };
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

/** A financial_years row, without its organisation id: the figures as financial-years.csv gives them. */
function financialYearRow(year: FinancialYear): Value[] {
  const { columns, restatedIn } = financialYearColumns(year);
  return [
    ...columns,
    restatedIn.length > 0 ? 1 : 0,
    restatedIn.length > 0 ? restatedIn.join('; ') : undefined,
  ];
}

/**
 * Adds each organisation's finances over time to the completed database at `path`: the
 * editions are read after the records (a nightly build writes its edition in the same reading),
 * so the rows go in once both are known, before the file is compressed. Only organisations the
 * database holds (a record it left out has none); returns the rows added.
 */
export function addFinancialYears(path: string, seriesOf: (id: string) => readonly FinancialYear[]): number {
  const database = new DatabaseSync(path);
  try {
    database.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA foreign_keys = ON;');
    const columns = DATABASE_TABLES.find((table) => table.name === 'financial_years')!.columns;
    const insert = database.prepare(
      `INSERT INTO financial_years (${columns.map((column) => `"${column.name}"`).join(', ')})
       VALUES (${columns.map(() => '?').join(', ')})`,
    );
    const ids = database.prepare('SELECT id FROM organisations').all();
    let rows = 0;
    database.exec('BEGIN');
    for (const row of ids) {
      const id = String(row['id']);
      for (const year of seriesOf(id)) {
        insert.run(...[id, ...financialYearRow(year)].map((value) => (value === undefined ? null : value)));
        rows += 1;
      }
    }
    database.exec('COMMIT');
    database.exec('ANALYZE financial_years');
    return rows;
  } finally {
    database.close();
  }
}
