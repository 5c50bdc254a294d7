// How much of the register the site holds, in plain words, from the crawl's manifest: the lists
// name only part of the register, and the rest was found (or not) through its search. A reader
// who sees a total must know what it counts.
import type { CrawlManifest } from '../schemas/manifest.ts';
import { countOf } from '../lib/text.ts';

const number = (value: number) => value.toLocaleString('en-IE');

/**
 * "Found 35,000 organisations: 14,000 on the register's lists and 21,000 only through its search,
 * which was searched until it returned nothing new." Undefined when the manifest does not say. It
 * counts the organisations whose record was stored: an id a list or a search named that answered
 * 404 is not an organisation of the register, whatever named it.
 */
export function coverageStatement(
  manifest: Partial<Pick<CrawlManifest, 'counts' | 'discovery'>>,
): string | undefined {
  const { counts, discovery } = manifest;
  if (counts === undefined || discovery === undefined) return undefined;
  const total = counts.stored;
  const found = `Found ${countOf(total, 'organisation')}`;
  if (discovery === null) {
    return `${found}, all on the register's lists. Its search was not swept, so organisations on no list (companies, clubs, schools and trusts among them) are not here.`;
  }
  const onLists = Math.max(0, total - discovery.discovered);
  if (discovery.searchBroken) {
    return `${found}: ${number(onLists)} on the register's lists. Its search is broken: it returned nothing, even for the words of the organisations on the lists (${number(discovery.queries)} searches), so the organisations on no list (companies, clubs, schools and trusts among them) could not be found and are not here.`;
  }
  const parts = `${number(onLists)} on the register's lists and ${number(discovery.discovered)} only through its search`;
  const how = {
    saturated: `which was searched (${number(discovery.queries)} searches) until it returned nothing new`,
    covered: `which was searched (${number(discovery.queries)} searches) until its answers suggested that fewer than 1 in 500 of the register's organisations were still missing`,
    exhausted: `which was searched (${number(discovery.queries)} searches) until no search was left that could find anything new`,
    budget: `which was searched until the crawl's budget of ${number(discovery.budget)} searches was spent, so some organisations may be missing`,
    time: `which was searched (${number(discovery.queries)} searches) until the crawl's time for searching was spent, so some organisations may be missing`,
    limit: `which was searched (${number(discovery.queries)} searches) until it had found as many organisations as the crawl allows for a register of lists this long, so some may be missing`,
  }[discovery.stopped];
  const estimate = discovery.estimatedRegister;
  const missing =
    estimate !== null && estimate > total
      ? ` Comparing the lists with the search results, the register holds about ${number(estimate)}: about ${number(estimate - total)} may be missing.`
      : '';
  return `${found}: ${parts}, ${how}.${missing}`;
}
