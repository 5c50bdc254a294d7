// An organisation as its page shows it: the model (src/records/organisation.ts) with what a page
// derives from it: links only for safe http(s) URLs, a map point only inside Ireland, amounts
// grouped by year, the legal objects marked when cut short, and the fields the record gives in a
// form the spec does not describe or does not name, for the "other data" section.
import { irishPoint, isUnknownLocation, type MapPoint } from '../lib/map.ts';
import { safeHttpUrl } from '../lib/urls.ts';
import { endsMidSentence } from '../lib/text.ts';
import { displayName, givenAt, unreadFields, writtenAt, type Organisation } from '../records/organisation.ts';
import type { DriftNote } from '../records/drift-note.ts';

interface Classification {
  code?: string;
  name?: string;
}

interface Location {
  point?: MapPoint;
  /** True when the record says 0,0: the location is not known. */
  unknown: boolean;
  /** The coordinates as given, when present but not usable as a point in Ireland. */
  unusable?: string;
}

interface AddressView {
  address?: string;
  cleanAddress?: string;
  county?: string;
  eircode?: string;
  location: Location;
}

interface RegulatorView {
  name?: string;
  abbreviation?: string;
  number?: string;
  url?: string;
  href?: string;
}

interface GovernanceCodeRef {
  description?: string;
  url?: string;
  href?: string;
}

interface FunderView {
  source?: string;
  amount?: number;
  /** The amount as given when it is not a number. */
  amountText?: string;
  /** The amount as the record writes it, when `amount` may not say it exactly. */
  amountWritten?: string;
  type?: string;
}

interface DirectorView {
  name?: string;
  dateAppointed?: string;
}

interface SourceView {
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
  /**
   * Amounts as the record writes them where the numbers above may not say them exactly (30
   * digits, an exponent): what the table prints and the change is worked out from.
   */
  written?: { current: WrittenAmounts; previous: WrittenAmounts };
}

type WrittenAmounts = { [K in keyof Amounts]?: string };

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
  otherAddresses: AddressView[];
  regulators: RegulatorView[];
  regulatory: string[];
  governanceCodes: GovernanceCodeRef[];
  financials?: Financials;
  funders: FunderView[];
  directors: DirectorView[];
  legalObjectsExtract?: string;
  /** True when the extract stops part-way through a sentence. */
  legalObjectsTruncated: boolean;
  legalObjectsDate?: string;
  orgUrl?: string;
  /** The website as a safe http(s) link, when it is one. */
  orgHref?: string;
  sources: SourceView[];
  /** Top-level fields the spec does not define, and defined ones given in an unexpected form. */
  otherData: OtherField[];
}

interface OtherField {
  key: string;
  value: unknown;
  /** True for a field the spec defines whose value could not be read as the spec describes. */
  unexpected: boolean;
}

function classification(code: string | undefined, name: string | undefined): Classification {
  return { ...(code && { code }), ...(name && { name }) };
}

/** `given` is the value as the record gave it when the model could not read it as coordinates. */
function locationOf(geolocation: Organisation['geolocation'], given: unknown): Location {
  const coordinates = geolocation?.coordinates ?? given;
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

function financialsOf(organisation: Organisation): Financials | undefined {
  const summary = organisation.financialSummary;
  if (summary === undefined) return undefined;
  const written = (field: string) => writtenAt(organisation, `financialSummary.${field}`);
  const currentWritten = defined<WrittenAmounts>({
    income: written('currentIncome'),
    expenditure: written('currentExpenditure'),
    grants: written('currentGrants'),
    netAssets: written('currentNetAssets'),
  });
  const previousWritten = defined<WrittenAmounts>({
    income: written('prevIncome'),
    expenditure: written('prevExpenditure'),
    grants: written('prevGrants'),
    netAssets: written('prevNetAssets'),
  });
  const current = defined<Amounts>({
    income: summary.currentIncome,
    expenditure: summary.currentExpenditure,
    grants: summary.currentGrants,
    netAssets: summary.currentNetAssets,
  });
  const previous = defined<Amounts>({
    income: summary.prevIncome,
    expenditure: summary.prevExpenditure,
    grants: summary.prevGrants,
    netAssets: summary.prevNetAssets,
  });
  const accountToDate = summary.accountToDate;
  if (Object.keys(current).length === 0 && Object.keys(previous).length === 0 && !accountToDate) {
    return undefined;
  }
  const anyWritten = Object.keys(currentWritten).length + Object.keys(previousWritten).length > 0;
  return defined<Financials>({
    currentYear: summary.currentYear,
    accountToDate,
    current,
    previous,
    written: anyWritten ? { current: currentWritten, previous: previousWritten } : undefined,
  });
}

/**
 * The fields the page lists as other data: those the API added beyond the spec, those the model
 * could not read, and those nested too deep to show.
 */
function otherDataOf(organisation: Organisation): OtherField[] {
  return [
    ...Object.entries(organisation.otherFields ?? {}).map(([key, value]) => ({
      key,
      value,
      unexpected: false,
    })),
    ...unreadFields(organisation).map(({ key, value }) => ({ key, value, unexpected: true })),
    ...organisation.drift
      .filter((note) => note.issue === 'too_deep' && note.path !== '')
      .map((note) => ({
        key: note.path,
        value: `nested ${Number(note.given).toLocaleString('en-IE')} levels deep, too deep to show here: see the record as given`,
        unexpected: true,
      })),
    ...organisation.drift
      .filter((note) => note.issue === 'too_long' || note.issue === 'too_large')
      .map((note) => ({ key: note.path, value: sizeNoteText(note), unexpected: true })),
  ];
}

/** What a page says of a field cut to the record model's limits (src/records/record-bounds.ts: `SIZE_LIMITS`). */
function sizeNoteText(note: DriftNote): string {
  const { characters, entries, limit } = (note.given ?? {}) as {
    characters?: number;
    entries?: number;
    limit?: number;
  };
  const number = (value: number | undefined) => (value ?? 0).toLocaleString('en-IE');
  if (note.issue === 'too_large')
    return `${number(characters)} characters, not shown: the record is over its limit of ${number(limit)}`;
  if (entries !== undefined) return `${number(entries)} entries, only the first ${number(limit)} shown`;
  return limit === 0
    ? `an amount ${number(characters)} digits long, not shown`
    : `${number(characters)} characters, cut to the first ${number(limit)}`;
}

function otherAddressViews(organisation: Organisation): AddressView[] {
  return organisation.otherAddresses.map((address, index) =>
    defined<AddressView>({
      address: address.address,
      cleanAddress: address.cleanAddress,
      county: address.county,
      eircode: address.eircode,
      location: locationOf(
        address.geolocation,
        givenAt(organisation, `otherAddresses[${index}].geolocation.coordinates`),
      ),
    }),
  );
}

/** Each funder, its amount as the record writes it, or as text when it was not a number. */
function funderViews(organisation: Organisation): FunderView[] {
  return organisation.funders.map((funder, index) =>
    defined<FunderView>({
      source: funder.fundSource,
      amount: funder.amount,
      amountText:
        funder.amount === undefined
          ? givenText(givenAt(organisation, `funders[${index}].amount`))
          : undefined,
      amountWritten: writtenAt(organisation, `funders[${index}].amount`),
      type: funder.fundingType,
    }),
  );
}

/** How the organisation's page shows it. */
export function organisationView(organisation: Organisation): OrganisationView {
  const extract = organisation.legalObjectsExtract;
  const name = organisation.name;
  return defined<OrganisationView>({
    id: organisation.id,
    name: displayName(organisation),
    named: name !== undefined,
    altNames: organisation.altNames.filter((altName) => altName !== name),
    sector: classification(organisation.sectorCode, organisation.sectorName),
    subSector: classification(organisation.subSectorCode, organisation.subSectorName),
    secondarySubSector: classification(
      organisation.secondarySubsectorCode,
      organisation.secondarySubsectorName,
    ),
    governingForm: organisation.governingForm,
    incorporatedDate: organisation.incorporatedDate,
    numEmployees: organisation.numEmployees === undefined ? undefined : String(organisation.numEmployees),
    registeredAddress: organisation.registeredAddress,
    county: organisation.county,
    location: locationOf(organisation.geolocation, givenAt(organisation, 'geolocation.coordinates')),
    otherAddresses: otherAddressViews(organisation),
    regulators: organisation.regulators.map((regulator) =>
      defined<RegulatorView>({
        name: regulator.regulatorName,
        abbreviation: regulator.regulatorDesc,
        number: regulator.regulatorNumber,
        url: regulator.regulatorUrl,
        href: safeHttpUrl(regulator.regulatorUrl),
      }),
    ),
    regulatory: organisation.regulatory,
    governanceCodes: organisation.governanceCodes.map((code) =>
      defined<GovernanceCodeRef>({
        description: code.governanceCodeDesc,
        url: code.governanceCodeUrl,
        href: safeHttpUrl(code.governanceCodeUrl),
      }),
    ),
    financials: financialsOf(organisation),
    funders: funderViews(organisation),
    directors: organisation.directors.map((director) =>
      defined<DirectorView>({ name: director.name, dateAppointed: director.dateAppointed }),
    ),
    legalObjectsExtract: extract,
    legalObjectsTruncated: extract !== undefined && endsMidSentence(extract),
    legalObjectsDate: organisation.legalObjectsDate,
    orgUrl: organisation.orgUrl,
    orgHref: safeHttpUrl(organisation.orgUrl),
    sources: organisation.sources.map((source) =>
      defined<SourceView>({
        source: source.source,
        url: source.url,
        href: safeHttpUrl(source.url),
        license: source.license,
        date: source.date,
      }),
    ),
    otherData: otherDataOf(organisation),
  });
}

/** A value the model could not read, as text when it is text (e.g. an amount given as "n/a"). */
function givenText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return undefined;
}
