// What a reader looks for first on an organisation's page, shown above the full record: its
// charity number, county, latest income with its year, the lists it is on and the identifiers
// other data joins on.
import { orgIdentifiers, registrationNumbers } from '../lib/identifiers.ts';
import { formatAmount } from '../lib/money.ts';
import type { Organisation } from '../records/organisation.ts';

export interface KeyFacts {
  /** The Charities Regulator number (RCN), when the record gives one. */
  charityNumber?: string;
  county?: string;
  /** The latest income, formatted, with the year of its accounts when given. */
  income?: { amount: string; year?: number };
  /** org-id.guide identifiers, e.g. "IE-CHY-20000028". */
  identifiers: string[];
}

export function keyFactsOf(organisation: Organisation): KeyFacts {
  const charityNumber = registrationNumbers(organisation.regulators).find(
    (number) => number.kind === 'charity',
  )?.number;
  const amount = formatAmount(organisation.financialSummary?.currentIncome);
  const year = organisation.financialSummary?.currentYear;
  return {
    ...(charityNumber && { charityNumber }),
    ...(organisation.county && { county: organisation.county }),
    ...(amount && { income: year === undefined ? { amount } : { amount, year } }),
    identifiers: orgIdentifiers(organisation.regulators).map((identifier) => identifier.identifier),
  };
}
