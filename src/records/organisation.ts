// One stored record read for display. The record is stored exactly as the API returned it, so
// any field may be missing, null or of another type: everything here degrades to "absent", and
// fields the spec does not define are kept for the "other data" section rather than lost.
import { ORGANISATION_FIELDS } from '../schemas/index.ts';
import { amountOf } from '../lib/money.ts';
import { irishPoint, isUnknownLocation, type MapPoint } from '../lib/map.ts';
import { safeHttpUrl } from '../lib/urls.ts';
import { arrayOf, endsMidSentence, objectOf, scalarText, stringsOf, textOf } from '../lib/text.ts';

export interface Classification {
  code?: string;
  name?: string;
}

export interface Location {
  point?: MapPoint;
  /** True when the record says 0,0: the location is not known. */
  unknown: boolean;
  /** The coordinates as given, when present but not usable as a point in Ireland. */
  unusable?: string;
}

export interface Address {
  address?: string;
  cleanAddress?: string;
  county?: string;
  eircode?: string;
  location: Location;
}

export interface Regulator {
  name?: string;
  abbreviation?: string;
  number?: string;
  url?: string;
  href?: string;
}

export interface GovernanceCodeRef {
  description?: string;
  url?: string;
  href?: string;
}

export interface Funder {
  source?: string;
  amount?: number;
  /** The amount as given when it is not a number. */
  amountText?: string;
  type?: string;
}

export interface Director {
  name?: string;
  dateAppointed?: string;
}

export interface Source {
  source?: string;
  url?: string;
  href?: string;
  license?: string;
  date?: string;
}

/** The financial summary's amounts, as numbers when the record gives numbers. */
export interface Financials {
  currentYear?: number;
  accountToDate?: string;
  current: Amounts;
  previous: Amounts;
}

export interface Amounts {
  income?: number;
  expenditure?: number;
  grants?: number;
  netAssets?: number;
}

export interface OrganisationView {
  id: string;
  name: string;
  /** False when the record has no name and `name` is a stand-in. */
  named: boolean;
  altNames: string[];
  sector: Classification;
  subSector: Classification;
  secondarySubSector: Classification;
  governingForm?: string;
  incorporatedDate?: string;
  numEmployees?: string;
  registeredAddress?: string;
  county?: string;
  location: Location;
  otherAddresses: Address[];
  regulators: Regulator[];
  regulatory: string[];
  governanceCodes: GovernanceCodeRef[];
  financials?: Financials;
  funders: Funder[];
  directors: Director[];
  legalObjectsExtract?: string;
  /** True when the extract stops part-way through a sentence. */
  legalObjectsTruncated: boolean;
  legalObjectsDate?: string;
  orgUrl?: string;
  /** The website as a safe http(s) link, when it is one. */
  orgHref?: string;
  sources: Source[];
  /** Top-level fields the spec does not define, and defined ones given in an unexpected form. */
  otherData: OtherField[];
}

export interface OtherField {
  key: string;
  value: unknown;
  /** True for a field the spec defines whose value could not be read as the spec describes. */
  unexpected: boolean;
}

function classification(record: Record<string, unknown>, codeKey: string, nameKey: string): Classification {
  const code = scalarText(record[codeKey]);
  const name = textOf(record[nameKey]);
  return { ...(code && { code }), ...(name && { name }) };
}

function locationOf(value: unknown): Location {
  const coordinates = objectOf(value)['coordinates'];
  if (coordinates === undefined || coordinates === null) return { unknown: false };
  if (isUnknownLocation(coordinates)) return { unknown: true };
  const point = irishPoint(coordinates);
  if (point) return { point, unknown: false };
  return { unknown: false, unusable: JSON.stringify(coordinates) };
}

/** Drops the keys whose value is `undefined`, so that optional fields are absent, not undefined. */
function defined<T extends object>(value: { [K in keyof T]: T[K] | undefined }): T {
  for (const key of Object.keys(value) as (keyof T)[]) {
    if (value[key] === undefined) delete value[key];
  }
  return value as T;
}

function financialsOf(value: unknown): Financials | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const summary = value as Record<string, unknown>;
  const current = defined<Amounts>({
    income: amountOf(summary['currentIncome']),
    expenditure: amountOf(summary['currentExpenditure']),
    grants: amountOf(summary['currentGrants']),
    netAssets: amountOf(summary['currentNetAssets']),
  });
  const previous = defined<Amounts>({
    income: amountOf(summary['prevIncome']),
    expenditure: amountOf(summary['prevExpenditure']),
    grants: amountOf(summary['prevGrants']),
    netAssets: amountOf(summary['prevNetAssets']),
  });
  const currentYear = amountOf(summary['currentYear']);
  const accountToDate = textOf(summary['accountToDate']);
  if (Object.keys(current).length === 0 && Object.keys(previous).length === 0 && !accountToDate) {
    return undefined;
  }
  return defined<Financials>({ currentYear, accountToDate, current, previous });
}

/** What each defined field must be for the page to read it; anything else goes to "other data". */
const EXPECTED_SHAPE: Record<string, 'string' | 'number' | 'array' | 'object'> = {
  altNames: 'array',
  regulators: 'array',
  funders: 'array',
  otherAddresses: 'array',
  sources: 'array',
  directors: 'array',
  regulatory: 'array',
  governanceCodes: 'array',
  geolocation: 'object',
  financialSummary: 'object',
  numEmployees: 'number',
};

function hasExpectedShape(key: string, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  const expected = EXPECTED_SHAPE[key] ?? 'string';
  if (expected === 'array') return Array.isArray(value);
  if (expected === 'object') return typeof value === 'object' && !Array.isArray(value);
  if (expected === 'number') return typeof value === 'number' || typeof value === 'string';
  return typeof value === 'string' || typeof value === 'number';
}

const KNOWN_FIELDS = new Set(ORGANISATION_FIELDS);

/** Reads a stored record for display. `id` is the record's key in the data folder. */
export function readOrganisation(raw: unknown, id: string): OrganisationView {
  const record = objectOf(raw);
  const recordName = textOf(record['name']);
  const extract = textOf(record['legalObjectsExtract']);
  const orgUrl = textOf(record['orgUrl']);
  const orgHref = safeHttpUrl(orgUrl);
  const otherData: OtherField[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (!KNOWN_FIELDS.has(key)) otherData.push({ key, value, unexpected: false });
    else if (!hasExpectedShape(key, value)) otherData.push({ key, value, unexpected: true });
  }
  return defined<OrganisationView>({
    id,
    name: recordName ?? `Unnamed organisation ${id}`,
    named: recordName !== undefined,
    altNames: stringsOf(record['altNames']).filter((name) => name !== recordName),
    sector: classification(record, 'sectorCode', 'sectorName'),
    subSector: classification(record, 'subSectorCode', 'subSectorName'),
    secondarySubSector: classification(record, 'secondarySubsectorCode', 'secondarySubsectorName'),
    governingForm: textOf(record['governingForm']),
    incorporatedDate: textOf(record['incorporatedDate']),
    numEmployees: scalarText(record['numEmployees']),
    registeredAddress: textOf(record['registeredAddress']),
    county: textOf(record['county']),
    location: locationOf(record['geolocation']),
    otherAddresses: arrayOf(record['otherAddresses']).map((value) => {
      const address = objectOf(value);
      return defined<Address>({
        address: textOf(address['address']),
        cleanAddress: textOf(address['cleanAddress']),
        county: textOf(address['county']),
        eircode: textOf(address['eircode']),
        location: locationOf(address['geolocation']),
      });
    }),
    regulators: arrayOf(record['regulators']).map((value) => {
      const regulator = objectOf(value);
      const url = textOf(regulator['regulatorUrl']);
      return defined<Regulator>({
        name: textOf(regulator['regulatorName']),
        abbreviation: textOf(regulator['regulatorDesc']),
        number: scalarText(regulator['regulatorNumber']),
        url,
        href: safeHttpUrl(url),
      });
    }),
    regulatory: stringsOf(record['regulatory']),
    governanceCodes: arrayOf(record['governanceCodes']).map((value) => {
      const code = objectOf(value);
      const url = textOf(code['governanceCodeUrl']);
      return defined<GovernanceCodeRef>({
        description: textOf(code['governanceCodeDesc']),
        url,
        href: safeHttpUrl(url),
      });
    }),
    financials: financialsOf(record['financialSummary']),
    funders: arrayOf(record['funders']).map((value) => {
      const funder = objectOf(value);
      const amount = amountOf(funder['amount']);
      return defined<Funder>({
        source: textOf(funder['fundSource']),
        amount,
        amountText: amount === undefined ? scalarText(funder['amount']) : undefined,
        type: textOf(funder['fundingType']),
      });
    }),
    directors: arrayOf(record['directors']).map((value) => {
      const director = objectOf(value);
      return defined<Director>({
        name: textOf(director['name']),
        dateAppointed: textOf(director['dateAppointed']),
      });
    }),
    legalObjectsExtract: extract,
    legalObjectsTruncated: extract !== undefined && endsMidSentence(extract),
    legalObjectsDate: textOf(record['legalObjectsDate']),
    orgUrl,
    orgHref,
    sources: arrayOf(record['sources']).map((value) => {
      const source = objectOf(value);
      const url = textOf(source['url']);
      return defined<Source>({
        source: textOf(source['source']),
        url,
        href: safeHttpUrl(url),
        license: textOf(source['license']),
        date: textOf(source['date']),
      });
    }),
    otherData,
  });
}
