// What a reader looks for first on an organisation's page, shown above the full record: its
// charity number, county, latest income with its year, the lists it is on and the identifiers
// other data joins on.
import { orgIdentifiers, registrationNumbers } from '../lib/identifiers.ts';
import { describeDate, type DateText } from '../lib/dates.ts';
import { formatAmount } from '../lib/money.ts';
import { financialYears } from './financial.ts';
import type { Organisation } from '../records/organisation.ts';

export interface KeyFacts {
  /** The Charities Regulator number (RCN), when the record gives one. */
  charityNumber?: string;
  county?: string;
  /**
   * The latest income, formatted, with the year of its accounts when given: "2021", or "to 31
   * December 2021" when the record gives only the date its accounts run to.
   */
  income?: { amount: string; year?: string };
  /** org-id.guide identifiers, e.g. "IE-CHY-20000028". */
  identifiers: string[];
}

export function keyFactsOf(organisation: Organisation): KeyFacts {
  const charityNumber = registrationNumbers(organisation.regulators).find(
    (number) => number.kind === 'charity',
  )?.number;
  const summary = organisation.financialSummary;
  const amount = formatAmount(summary?.currentIncome);
  const year = summary && financialYears(summary).current;
  return {
    ...(charityNumber && { charityNumber }),
    ...(organisation.county && { county: organisation.county }),
    ...(amount && { income: year === undefined ? { amount } : { amount, year } }),
    identifiers: orgIdentifiers(organisation.regulators).map((identifier) => identifier.identifier),
  };
}

/**
 * The date of an edition: the one it carries when the site keeps it, else the date its id begins
 * with (an edition's id is its publish date, with "-2", "-3"… for a second one that day), so that
 * an organisation gone long enough ago for its edition to be dropped still says since when.
 */
export function editionDate(id: string, keptDate: string | undefined): DateText {
  const date = keptDate ?? id.slice(0, 10);
  return describeDate(date) ?? { text: id };
}
