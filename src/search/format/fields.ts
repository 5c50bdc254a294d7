// The shape of a search document as the index stores it and the browser reads it back: the
// searchable fields and what a result shows. The build writes it from the record model
// (src/search/build/document.ts); the engine and the result cards read it.

/** The searchable fields, each a list of values; a phrase never runs from one value into the next. */
export interface SearchFields {
  /** The organisation's name. */
  name: string[];
  /** Other names it is known by. */
  altNames: string[];
  /**
   * Registration numbers of every regulator, org-id.guide identifiers (`IE-CHY-20000028`) and
   * eircodes, each also written without its spaces.
   */
  codes: string[];
  /** Registered and other addresses, and their counties. */
  address: string[];
  /** Sector, sub-sector and secondary sub-sector names. */
  classification: string[];
  /** The legal objects extract. */
  objects: string[];
  /** The directors' names, as the record gives them. */
  directors: string[];
}

export type SearchField = keyof SearchFields;

/** What a result shows: the API's SearchResult fields, plus the page to link to. */
export interface SearchDisplay {
  /** Link to the organisation's page, relative to the site's root. */
  href: string;
  name: string;
  altNames: string[];
  registeredAddress: string;
  county: string;
  sectorName: string;
  subSectorName: string;
  /** The charity number (RCN), else the CRO or CHY number, with its register's prefix; "" when none. */
  number: string;
  /** The labels of its regulatory or tax statuses, e.g. "Registered Charity (CRA)". */
  status: string[];
  /** The latest income, formatted as the pages show it; "" when not given. */
  income: string;
  /** The year of the accounts that income is from; 0 when not given. */
  incomeYear: number;
  /** The date (YYYY-MM-DD) of the edition since which it is no longer on the register; "" while on it. */
  goneSince: string;
}
