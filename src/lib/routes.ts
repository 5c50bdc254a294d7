// Where every page lives, as a path from the site root. Pages and links both come from here so
// that a link can never point at a file the build does not write. Addresses are permanent: an
// organisation's page is named by its GUID, a voluntary code's by its id.

export const HOME = 'index.html';
export const DOWNLOADS = 'downloads.html';
export const CODES = 'codes.html';
/** The register's lists and its voluntary codes, one page the site's menu names once. */
export const LISTS_AND_CODES = 'lists.html';
export const COUNTIES = 'counties.html';
export const SECTORS = 'sectors.html';
export const NAMES = 'names.html';
export const ABOUT = 'about.html';
export const SEARCH = 'search.html';
/** The search page's address parameter for each of its filters (the index's facets). */
export const SEARCH_FILTER_PARAMS = {
  county: 'county',
  sector: 'sector',
  list: 'list',
  voluntaryCode: 'code',
  funder: 'funder',
  status: 'status',
} as const;

/**
 * The address query of a search of the organisations one filter keeps, in an order other than
 * relevance, to follow the search page's path: a value may hold any character, a slash included.
 */
export function filteredSearchQuery(
  facet: keyof typeof SEARCH_FILTER_PARAMS,
  value: string,
  sort: 'name' | 'income',
): string {
  return `?${new URLSearchParams({ [SEARCH_FILTER_PARAMS[facet]]: value, sort })}`;
}
export const MATCH = 'match.html';
/** The list matcher's client and the register table it loads (only match.html loads them). */
export const MATCH_CLIENT_FILE = 'match/match.js';
export const MATCH_TABLE_FILE = 'match/table.js';
/** Organisations side by side; its client also offers each page's organisations to it. */
export const COMPARE = 'compare.html';
export const COMPARE_CLIENT_FILE = 'compare/compare.js';

/** The folder downloads are written to. */
export const DOWNLOADS_DIR = 'downloads';

/** Every record as the register gave it, in one JSON array (gzipped when large). */
export const RECORDS_DOWNLOAD = 'organisations.json';

/** GUIDs are the page names; anything else a record might carry as id is made file-safe. */
export function organisationPath(id: string): string {
  return `org/${organisationFileStem(id)}.html`;
}

/**
 * The stored record, as the register gave it. In a folder of its own: beside the pages it doubled
 * the entries of `org/` (70,000 at 35,000 organisations, past what some hosts take in one folder).
 */
export function organisationJsonPath(id: string): string {
  return `${RECORDS_DIR}/${organisationFileStem(id)}.json`;
}

/** The folder of the raw records. */
export const RECORDS_DIR = 'record';

/** The one stylesheet of every page: a file of its own, fetched once rather than inlined in each page. */
export const STYLESHEET = 'site.css';

/** The outline of Ireland under each organisation's map point. */
export const IRELAND_OUTLINE = 'ireland.svg';

export function organisationFileStem(id: string): string {
  return id.toLowerCase().replace(/[^a-z0-9-]/g, '_');
}

export function voluntaryCodePath(slug: string): string {
  return `code/${slug}.html`;
}

/** Page `n` (from 1) of a paginated browse page: "county/dublin.html", "county/dublin-p2.html". */
export function pagedPath(folder: string, slug: string, page = 1): string {
  return page <= 1 ? `${folder}/${slug}.html` : `${folder}/${slug}-p${page}.html`;
}

/** The `[page]` route parameter that `pagedPath` turns into a file name. */
export function pagedParam(slug: string, page: number): string {
  return page <= 1 ? slug : `${slug}-p${page}`;
}

export const BROWSE_FOLDERS = {
  list: 'list',
  county: 'county',
  sector: 'sector',
  subSector: 'subsector',
  names: 'names',
} as const;

export type BrowseKind = keyof typeof BROWSE_FOLDERS;

export function browsePath(kind: BrowseKind, slug: string, page = 1): string {
  return pagedPath(BROWSE_FOLDERS[kind], slug, page);
}

/** Funders and regulators: one paged page each (`funder/<slug>.html`, `…-p2.html`), and their indexes. */
export const FUNDERS = 'funders.html';
export const REGULATORS = 'regulators.html';
export const FIGURES = 'figures.html';
const MONEY_FOLDERS = { funder: 'funder', regulator: 'regulator' } as const;

/** Page `n` of the funders index: "funders.html", "funders-p2.html". */
export function fundersIndexPath(page = 1): string {
  return page <= 1 ? FUNDERS : `funders-p${page}.html`;
}

export function funderPath(slug: string, page = 1): string {
  return pagedPath(MONEY_FOLDERS.funder, slug, page);
}

/** A funder's rows as CSV, beside its page. */
export function funderCsvPath(slug: string): string {
  return `${MONEY_FOLDERS.funder}/${slug}.csv`;
}

export function regulatorPath(slug: string, page = 1): string {
  return pagedPath(MONEY_FOLDERS.regulator, slug, page);
}

/**
 * Listings that are also ranked by size, and the folder of each under `largest/`: a folder of its
 * own, so that no slug of a group can name another group's ranked page.
 */
export const LARGEST_FOLDERS = {
  county: 'county',
  sector: 'sector',
  subSector: 'subsector',
  list: 'list',
  code: 'code',
  funder: 'funder',
  regulator: 'regulator',
} as const;

export type LargestKind = keyof typeof LARGEST_FOLDERS;

/** Page `n` of a group's largest-first listing: "largest/county/cork.html", "largest/county/cork-p2.html". */
export function largestPath(kind: LargestKind, slug: string, page = 1): string {
  return pagedPath(`largest/${LARGEST_FOLDERS[kind]}`, slug, page);
}
