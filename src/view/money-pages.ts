// What the funder, regulator and figures pages share: their routes, one page per 200 rows as the
// browse pages have, the search address that narrows results to one funder, and the figures' order.
import { compareDecimals, type Decimal } from '../lib/decimal.ts';
import { PAGE_SIZE, pageCount, pageItems } from '../lib/paginate.ts';
import { pagedParam, SEARCH } from '../lib/routes.ts';

/** Where an organisation's page links its funders and regulators: paths from the site root. */
export interface MoneyPages {
  funder: (source: string | undefined) => string | undefined;
  regulator: (regulator: { name?: string; abbreviation?: string }) => string | undefined;
}

export interface RowPageProps {
  key: string;
  page: number;
}

/** `getStaticPaths` entries for every page of every group of rows. */
export function rowPageRoutes(groups: readonly { key: string; slug: string; rows: readonly unknown[] }[]) {
  return groups.flatMap((group) =>
    Array.from({ length: pageCount(group.rows.length) }, (_, index) => ({
      params: { page: pagedParam(group.slug, index + 1) },
      props: { key: group.key, page: index + 1 } satisfies RowPageProps,
    })),
  );
}

/** One page of a group's rows, with where it stands among the group's pages. */
export function rowPage<T>(rows: readonly T[], page: number): { rows: T[]; pages: number; first: number } {
  return { rows: pageItems(rows, page), pages: pageCount(rows.length), first: (page - 1) * PAGE_SIZE + 1 };
}

/**
 * The search page narrowed to the organisations a funder funds; `link` makes the page's address
 * relative (and escapes it), so the query is added after.
 */
export function funderSearchHref(link: (to: string) => string, key: string): string {
  return `${link(SEARCH)}?funder=${encodeURIComponent(key)}`;
}

/**
 * The groups of the register in figures, the largest total of one measure first (a chart reads
 * as a ranking); those that report none last. Equal totals keep the order the groups came in.
 */
export function largestTotalFirst<K extends string, G extends { measures: Record<K, { total?: Decimal }> }>(
  groups: readonly G[],
  measure: K,
): G[] {
  return [...groups].sort((a, b) => {
    const first = a.measures[measure].total;
    const second = b.measures[measure].total;
    if (first === undefined || second === undefined)
      return Number(first === undefined) - Number(second === undefined);
    return compareDecimals(second, first);
  });
}
