// What of an organisation is searchable, from the record model (src/records/organisation.ts): a
// field the record does not give, or gives in a form that cannot be read, is simply not
// searchable, never an error.
//
// Directors' names are indexed in a field of their own, the least weighted: a reader looks for the
// other boards a name sits on with `director:"Mary Byrne"`, which searches that field alone, so
// that a common first name or surname in an ordinary query ranks below a name or an address. The
// register gives a name and no identity: two people of one name are one to search.
import { nameVariants } from '../format/synonyms.ts';
import type { Organisation } from '../../records/organisation.ts';
import { funderKey, UNNAMED_FUNDER_KEY } from '../../money/funders.ts';
import { orgIdentifiers, registrationNumbers } from '../../lib/identifiers.ts';
import { amountOf, formatAmount } from '../../lib/money.ts';
import { foldText } from '../format/fold.ts';
import { NO_LONGER_ON_REGISTER } from '../../lib/register-status.ts';

import type { SearchDisplay, SearchFields } from '../format/fields.ts';

/** What the filters beside the results test. */
interface SearchFacets {
  county: string;
  /** The sector's code, or its name in lower case when the record has no code (as browse pages group). */
  sector: string;
  sectorName: string;
  /** Keys of the group lists the organisation is on, e.g. "registeredCharities". */
  lists: string[];
  /** Ids of the voluntary codes it complies with, e.g. "ICTR". */
  voluntaryCodes: string[];
  /** The funders its record names: the funder pages' key, and the name as this record spells it. */
  funders: { key: string; name: string }[];
  /** The regulatory or tax status labels, as given. */
  status: string[];
  /** The latest income in cents, for sorting; undefined when not given. */
  incomeCents?: number;
}

export interface SearchDocument {
  id: string;
  fields: SearchFields;
  display: SearchDisplay;
  facets: SearchFacets;
}

export interface Membership {
  lists: string[];
  voluntaryCodes: string[];
}

/** Irish eircodes: a routing key (a letter and two digits, or D6W) and a four-character identifier. */
const EIRCODE = /\b([AC-FHKNPRTV-Y]\d{2}|D6W)\s?([0-9AC-FHKNPRTV-Y]{4})\b/gi;

function present(values: readonly string[]): string[] {
  return values.filter((value) => value !== '');
}

/**
 * A code as written and, when it has spaces or punctuation, also as one word: `CHY 12345` is
 * found by "chy12345" as well as by "12345", and `D02 X285` by "D02X285" as well as "D02 X285".
 */
function codeValue(code: string): string {
  const joined = foldText(code).replace(/[^\p{L}\p{N}]+/gu, '');
  const spaced = code.trim();
  return joined !== '' && foldText(spaced).replace(/[\p{L}\p{N}]+/gu, '') !== ''
    ? `${spaced} ${joined}`
    : spaced;
}

/** The eircodes written inside an address, as found. */
function eircodesIn(address: string): string[] {
  return [...address.matchAll(EIRCODE)].map((match) => `${match[1]} ${match[2]}`);
}

/**
 * A registration number is searchable when it has a digit: some regulators give a text marker
 * such as "Not Applicable" instead, which would otherwise match every record that carries it.
 */
function isNumber(value: string): boolean {
  return /\p{N}/u.test(value);
}

/** Each funder the record names once, keyed as the funder pages group them (src/money/funders.ts). */
function fundersOf(organisation: Organisation): { key: string; name: string }[] {
  const funders = new Map<string, string>();
  for (const { fundSource } of organisation.funders) {
    const key = funderKey(fundSource);
    if (fundSource !== undefined && key !== UNNAMED_FUNDER_KEY && !funders.has(key))
      funders.set(key, fundSource);
  }
  return [...funders].map(([key, name]) => ({ key, name }));
}

function incomeFacet(organisation: Organisation): { incomeCents?: number } {
  const incomeCents = cents(organisation.financialSummary?.currentIncome);
  return incomeCents === undefined ? {} : { incomeCents };
}

const NUMBER_PREFIXES = { charity: 'RCN', company: 'CRO', chy: 'CHY' } as const;

/** The number a result shows: the charity number first, as the organisation pages put it first. */
function displayNumber(organisation: Organisation): string {
  const numbers = registrationNumbers(organisation.regulators);
  const shown = numbers.find(({ kind }) => kind === 'charity') ?? numbers[0];
  return shown ? `${NUMBER_PREFIXES[shown.kind]} ${shown.number}` : '';
}

/** Whole cents stay exact as a JavaScript number up to 90 trillion euro. */
function cents(value: unknown): number | undefined {
  const amount = amountOf(value);
  if (amount === undefined) return undefined;
  const rounded = Math.round(amount * 100);
  return Number.isSafeInteger(rounded) ? rounded : undefined;
}

/**
 * An organisation's search document. One no longer on the register has that as its only status:
 * the regulatory statuses of its last record are no longer true, and the status filter then
 * includes or leaves it out like any other. `goneSince` is the date of the edition it went in, ""
 * while it is on the register.
 */
export function searchDocument(
  organisation: Organisation,
  membership: Membership,
  href: string,
  goneSince = '',
): SearchDocument {
  const name = organisation.name ?? '';
  const altNames = organisation.altNames;
  const registeredAddress = organisation.registeredAddress ?? '';
  const county = organisation.county ?? '';
  const otherAddresses = organisation.otherAddresses;
  const sectorName = organisation.sectorName ?? '';
  const subSectorName = organisation.subSectorName ?? '';

  const status = goneSince === '' ? [...new Set(organisation.regulatory)] : [NO_LONGER_ON_REGISTER];
  const numbers = organisation.regulators
    .map((regulator) => regulator.regulatorNumber ?? '')
    .filter(isNumber);
  const addressTexts = present([registeredAddress, ...otherAddresses.map((other) => other.address ?? '')]);
  const eircodes = new Map<string, string>();
  for (const eircode of [
    ...otherAddresses.map((other) => other.eircode ?? ''),
    ...addressTexts.flatMap(eircodesIn),
  ]) {
    const key = foldText(eircode).replace(/[^\p{L}\p{N}]+/gu, '');
    if (key !== '' && !eircodes.has(key)) eircodes.set(key, eircode);
  }

  return {
    id: organisation.id,
    fields: {
      name: present([name]),
      // Other names, then every name as people also write it (St/Saint, Ltd/Limited…).
      altNames: [...altNames, ...new Set([name, ...altNames].flatMap(nameVariants))],
      codes: [
        ...new Set(
          [
            ...numbers,
            ...orgIdentifiers(organisation.regulators).map((identifier) => identifier.identifier),
            ...eircodes.values(),
          ].map(codeValue),
        ),
      ],
      address: present([...addressTexts, county, ...otherAddresses.map((other) => other.county ?? '')]),
      classification: present([sectorName, subSectorName, organisation.secondarySubsectorName ?? '']),
      objects: present([organisation.legalObjectsExtract ?? '']),
      directors: present(organisation.directors.map((director) => director.name?.trim() ?? '')),
    },
    display: {
      href,
      name,
      altNames,
      registeredAddress,
      county,
      sectorName,
      subSectorName,
      number: displayNumber(organisation),
      status,
      income: formatAmount(organisation.financialSummary?.currentIncome) ?? '',
      incomeYear: organisation.financialSummary?.currentYear ?? 0,
      goneSince,
    },
    facets: {
      county,
      sector: organisation.sectorCode ?? sectorName.toLowerCase(),
      sectorName,
      lists: [...new Set(membership.lists)],
      voluntaryCodes: [...new Set(membership.voluntaryCodes)],
      funders: fundersOf(organisation),
      status,
      ...incomeFacet(organisation),
    },
  };
}
