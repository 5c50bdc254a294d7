// The search page's "Download these results (CSV)": every result of the query in the order shown,
// written with the site's one CSV writer (src/lib/csv.ts), which quotes as RFC 4180 asks and
// defuses a cell a spreadsheet would run as a formula.
import { csvRow } from '../../lib/csv.ts';
import type { SearchHit } from './engine.ts';

export const RESULTS_CSV_COLUMNS = [
  'name',
  'status',
  'number',
  'county',
  'latest_income',
  'income_year',
  'sector',
  'registered_address',
  'page',
  'no_longer_on_register_since',
] as const;

/**
 * A result's page as a download names it: under the site's public address when the build knew
 * it (ORGDIR_SITE_URL), else its path within the site (`org/….html`), never an address of the
 * reader's own disk or of wherever the page happened to be opened. A link that is not a path
 * within the site is left out.
 */
export function resultPageAddress(href: string, siteUrl: string | undefined): string {
  if (/^[a-z][a-z0-9+.-]*:|^\/|^\\/i.test(href)) return '';
  return siteUrl === undefined ? href : new URL(href, siteUrl).href;
}

/**
 * The CSV text of the results: one row per hit (one no longer on the register with the date of
 * the edition it went in), the latest income as a plain number of euro (from
 * its cents), and `pageOf` giving each result's page (resultPageAddress).
 */
export function resultsCsv(
  hits: readonly SearchHit[],
  incomeCentsOf: (document: number) => number | undefined,
  pageOf: (hit: SearchHit) => string,
): string {
  let text = csvRow(RESULTS_CSV_COLUMNS);
  for (const hit of hits) {
    const cents = incomeCentsOf(hit.document);
    text += csvRow([
      hit.name,
      hit.status.join('; '),
      hit.number,
      hit.county,
      cents === undefined ? undefined : cents / 100,
      hit.incomeYear > 0 ? hit.incomeYear : undefined,
      [hit.sectorName, hit.subSectorName].filter((part) => part !== '').join(' › '),
      hit.registeredAddress,
      pageOf(hit),
      hit.goneSince,
    ]);
  }
  return text;
}
