import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { readSiteRecords } from '../../../src/site/site-records.ts';
import { DATABASE_FILE, writeRegisterData } from '../../../src/site/register-data.ts';
import { describeDownloads, FINANCIAL_YEAR_COLUMNS, writeDownloads } from '../../../src/site/downloads.ts';
import { offerDownloads } from '../../../src/site/download-files.ts';
import { parseCsv } from '../../../src/lib/csv.ts';
import { financialSeries } from '../../../src/money/financial-series.ts';
import { writeSampleDataFolder } from '../../support/sample-data-folder.ts';

const SCHEMAS = join(import.meta.dirname, '..', '..', 'fixtures', 'frictionless');
const schema = (name: string): object => JSON.parse(readFileSync(join(SCHEMAS, name), 'utf8')) as object;

/** A validator for the draft-04 schemas, checking their formats (uri, date-time, email). */
function validator(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  // "textarea" is an editor hint in these schemas, not a constraint.
  ajv.addFormat('textarea', true);
  return ajv;
}

const root = mkdtempSync(join(tmpdir(), 'orgdir-datapackage-'));
test.after(() => rmSync(root, { recursive: true, force: true }));
const dataDir = join(root, 'data');
writeSampleDataFolder(dataDir, { seed: 'datapackage', orgs: 80 });
const site = join(root, 'site');
const release = join(root, 'site-release');
const RELEASE_URL = 'https://example.org/releases/latest/download/';
const { register, records, database } = readSiteRecords(dataDir, site);
// Three editions of one organisation's accounts: 2021 and 2020, then 2022 with 2021 restated,
// then 2023: five years, one restated.
const tracked = register.organisations[0]!.organisation.id;
const accounts = (year: number, income: number, previousIncome: number) => ({
  currentYear: year,
  currentIncome: income,
  currentExpenditure: -income,
  prevIncome: previousIncome,
  prevExpenditure: -previousIncome,
});
const series = financialSeries([
  { edition: '2026-01-01', date: '2026-01-01', summary: accounts(2021, 500, 400) },
  { edition: '2026-02-01', date: '2026-02-01', summary: accounts(2022, 600, 520) },
  { edition: '2026-03-01', date: '2026-03-01', summary: accounts(2023, 700, 600) },
]);
const seriesOf = (id: string) => (id === tracked ? series : []);
const data = await writeRegisterData(register, database, site, release, [], seriesOf);
const downloads = describeDownloads(
  register,
  site,
  await offerDownloads(site, writeDownloads(register, site, records, seriesOf)),
  data.sources,
  { ...data.database, href: `${RELEASE_URL}${DATABASE_FILE}` },
);
const folder = join(site, 'downloads');
const descriptor = JSON.parse(readFileSync(join(folder, 'datapackage.json'), 'utf8')) as {
  resources: {
    name: string;
    path: string;
    bytes: number;
    hash: string;
    profile?: string;
    schema?: { fields: { name: string }[] };
  }[];
  licenses?: { name: string }[];
  sources?: { title: string }[];
};

test('datapackage.json is valid against the Frictionless Data Package schema', () => {
  const ajv = validator();
  const validate = ajv.compile(schema('data-package.json'));
  assert.ok(validate(descriptor), JSON.stringify(validate.errors, null, 2));
  const tabular = ajv.compile(schema('tabular-data-resource.json'));
  for (const resource of descriptor.resources.filter((item) => item.profile === 'tabular-data-resource')) {
    assert.ok(tabular(resource), `${resource.name}: ${JSON.stringify(tabular.errors, null, 2)}`);
  }
});

test('the schema check is a real one: a descriptor without resources is refused', () => {
  const validate = validator().compile(schema('data-package.json'));
  assert.equal(validate({ name: 'x' }), false);
  assert.equal(validate({ resources: [{ name: 'Bad Name!', path: 'a.csv' }] }), false);
});

test('every CSV and the database are described, each with its size and SHA-256', () => {
  const described = new Set(descriptor.resources.map((resource) => resource.path));
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.csv'))) {
    assert.ok(described.has(file), `${file} is described`);
  }
  // The database is in the release folder, described at the address it is published at.
  assert.ok(described.has(`${RELEASE_URL}${DATABASE_FILE}`));
  for (const resource of descriptor.resources) {
    const content = readFileSync(
      resource.path.startsWith(RELEASE_URL)
        ? join(release, resource.path.slice(RELEASE_URL.length))
        : join(folder, resource.path),
    );
    assert.equal(resource.bytes, content.length, resource.path);
    assert.equal(
      resource.hash,
      `sha256:${createHash('sha256').update(content).digest('hex')}`,
      resource.path,
    );
  }
  assert.ok(downloads.some((file) => file.path === 'downloads/datapackage.json'));
  const sums = readFileSync(join(folder, 'SHA256SUMS'), 'utf8');
  assert.match(sums, / {2}datapackage\.json\n/);
  assert.doesNotMatch(sums, /sqlite/, 'SHA256SUMS lists only the files in downloads/');
  assert.ok(!downloads.some((file) => file.path.includes('sqlite')));
});

test('without an address for the release folder, the database is left out of the package', async () => {
  const unpublished = join(root, 'unpublished');
  const read = readSiteRecords(dataDir, unpublished);
  const written = await writeRegisterData(
    read.register,
    read.database,
    unpublished,
    `${unpublished}-release`,
  );
  describeDownloads(
    read.register,
    unpublished,
    await offerDownloads(unpublished, writeDownloads(read.register, unpublished, read.records, seriesOf)),
    written.sources,
    written.database,
  );
  const described = JSON.parse(readFileSync(join(unpublished, 'downloads', 'datapackage.json'), 'utf8')) as {
    description: string;
    resources: (typeof descriptor.resources)[number][];
  };
  assert.ok(validator().compile(schema('data-package.json'))(described));
  assert.equal(described.resources.filter((resource) => resource.path.includes('sqlite')).length, 0);
  assert.doesNotMatch(described.description, /SQLite/);
  assert.equal(described.resources.length, descriptor.resources.length - 1);
});

test("each CSV's header is exactly its table schema's fields", () => {
  for (const resource of descriptor.resources.filter((item) => item.schema)) {
    const [header] = parseCsv(readFileSync(join(folder, resource.path), 'utf8'));
    assert.deepEqual(
      header,
      resource.schema!.fields.map((field) => field.name),
      resource.path,
    );
  }
});

test('licences and sources come from what the records say', () => {
  assert.ok(descriptor.licenses?.some((licence) => licence.name === 'CC-BY-4.0'));
  assert.ok(descriptor.sources?.some((source) => source.title === 'Charities Regulator'));
});

test('a download offered gzipped is described as compressed, with the size and hash of the .gz', async () => {
  const gzipped = join(root, 'gzipped');
  const read = readSiteRecords(dataDir, gzipped);
  const written = await writeRegisterData(read.register, read.database, gzipped, `${gzipped}-release`);
  // Every file over 4 kB is gzipped here, as files over 1 MiB are in a real build.
  const offered = await offerDownloads(gzipped, writeDownloads(read.register, gzipped, read.records), 4096);
  describeDownloads(read.register, gzipped, offered, written.sources);
  const described = JSON.parse(readFileSync(join(gzipped, 'downloads', 'datapackage.json'), 'utf8')) as {
    resources: ((typeof descriptor.resources)[number] & { compression?: string })[];
  };
  assert.ok(validator().compile(schema('data-package.json'))(described));
  const records = described.resources.find((resource) => resource.path === 'organisations.json.gz');
  assert.equal(records?.compression, 'gz');
  const content = readFileSync(join(gzipped, 'downloads', 'organisations.json.gz'));
  assert.equal(records?.bytes, content.length);
  assert.equal(records?.hash, `sha256:${createHash('sha256').update(content).digest('hex')}`);
});

test('financial-years.csv gives every year an organisation reported over the editions, a restated one as such', () => {
  const [header, ...rows] = parseCsv(readFileSync(join(folder, 'financial-years.csv'), 'utf8'));
  assert.deepEqual(header, [...FINANCIAL_YEAR_COLUMNS]);
  const column = (name: (typeof FINANCIAL_YEAR_COLUMNS)[number]) => header!.indexOf(name);
  assert.deepEqual(
    rows.map((row) => [
      row[column('id')],
      row[column('year')],
      row[column('income')],
      row[column('expenditure')],
      row[column('first_reported')],
      row[column('figures_from')],
      row[column('restated')],
      row[column('restated_in')],
    ]),
    [
      [tracked, '2020', '400', '-400', '2026-01-01', '2026-01-01', 'no', ''],
      [tracked, '2021', '520', '-520', '2026-01-01', '2026-02-01', 'yes', '2026-02-01'],
      [tracked, '2022', '600', '-600', '2026-02-01', '2026-02-01', 'no', ''],
      [tracked, '2023', '700', '-700', '2026-03-01', '2026-03-01', 'no', ''],
    ],
  );
});

test("the database's financial_years gives the same years as financial-years.csv, and the package describes both", () => {
  const file = join(root, 'orgdir.sqlite');
  writeFileSync(file, gunzipSync(readFileSync(join(release, DATABASE_FILE))));
  const opened = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = opened
      .prepare(
        `SELECT organisation_id, year, income, expenditure, first_reported, figures_from, restated, restated_in
         FROM financial_years ORDER BY organisation_id, year`,
      )
      .all()
      .map((row) => Object.values(row));
    assert.deepEqual(rows, [
      [tracked, 2020, 400, -400, '2026-01-01', '2026-01-01', 0, null],
      [tracked, 2021, 520, -520, '2026-01-01', '2026-02-01', 1, '2026-02-01'],
      [tracked, 2022, 600, -600, '2026-02-01', '2026-02-01', 0, null],
      [tracked, 2023, 700, -700, '2026-03-01', '2026-03-01', 0, null],
    ]);
  } finally {
    opened.close();
  }
  assert.equal(data.rows['financial_years'], 4);
  const csv = descriptor.resources.find((resource) => resource.path === 'financial-years.csv');
  assert.deepEqual(
    csv?.schema?.fields.map((field) => field.name),
    [...FINANCIAL_YEAR_COLUMNS],
  );
  const sqlite = descriptor.resources.find((resource) =>
    resource.path.endsWith(DATABASE_FILE),
  ) as unknown as {
    tables: { name: string; columns: { name: string }[] }[];
  };
  assert.deepEqual(
    sqlite.tables.find((table) => table.name === 'financial_years')?.columns.map((column) => column.name),
    [
      'organisation_id',
      'year',
      'income',
      'expenditure',
      'grants',
      'net_assets',
      'first_reported',
      'figures_from',
      'restated',
      'restated_in',
    ],
  );
});
