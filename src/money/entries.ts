// What the funder, regulator and figures pages read of one organisation: a small, flat entry made
// once per organisation by the site's adapter (src/money/register-money.ts), so that the aggregation below
// it is plain arithmetic over plain data.

export interface MoneyFunder {
  /** `fundSource` as given; absent when the record names none. */
  source?: string;
  /** The amount, when the record gives a number. */
  amount?: number;
  /** The amount as given when it is not a number. */
  amountText?: string;
  /**
   * The amount as the record writes it, when `amount` may not say it exactly (30 digits, an
   * exponent, text): what sums and downloads use.
   */
  amountWritten?: string;
  /** `fundingType` as given. */
  type?: string;
}

interface MoneyRegulator {
  /** `regulatorName` as given. */
  name?: string;
  /** `regulatorDesc` as given (an abbreviation such as "CRA"). */
  desc?: string;
  /** `regulatorNumber` as given. */
  number?: string;
}

/**
 * Current-year figures of the financial summary; expenditure as the API gives it (negative). Each
 * is a number, or the JSON text of one as the record writes it when a number may not say it
 * exactly (30 digits, an exponent): sums and medians are exact either way.
 */
export interface MoneyFinancials {
  income?: number | string;
  expenditure?: number | string;
  grants?: number | string;
  netAssets?: number | string;
}

/** A grouping an organisation falls in (its county, its sector): the browse pages' key and label. */
export interface MoneyGroup {
  /** The key the browse pages group by; '' when the record gives none. */
  key: string;
  label: string;
}

export interface MoneyEntry {
  id: string;
  name: string;
  county: MoneyGroup;
  sector: MoneyGroup;
  /** The register's lists it is on, by key (e.g. "registeredCharities"). */
  lists: string[];
  funders: MoneyFunder[];
  regulators: MoneyRegulator[];
  financials?: MoneyFinancials;
}
