// What the search worker does for the page (protocol.ts: SearchCalls), over the query engine:
// the page asks for a page of results, then the filters' counts, a suggestion or a download of the
// same search, and gets back only what it draws or saves.
import type { SearchEngine } from './engine.ts';
import { countsFor } from './facet-filters.ts';
import type { CallName, ResultsRequest, SearchCalls } from './protocol.ts';
import { parseSearchBoxQuery } from '../format/query.ts';
import { matchReason } from './result-card.ts';
import { resultPageAddress, resultsCsv } from './results-csv.ts';
import { correctionOf } from './spelling.ts';

export type SearchService = {
  [Name in CallName]: (...args: SearchCalls[Name]['args']) => Promise<SearchCalls[Name]['answer']>;
};

/** A result's link, only ever a relative path inside the site. */
export function safeHref(root: string, href: string): string {
  return /^[a-z][a-z0-9+.-]*:|^\/\/|^\\/i.test(href) ? '#' : `${root}${href}`;
}

/** A search's query, filters and order: what decides its documents, whatever page is shown. */
function searchKey({ query, filters, sort }: ResultsRequest): string {
  return JSON.stringify([query, filters, sort]);
}

export function searchService(engine: SearchEngine): SearchService {
  // The last search's documents: the counts and the download that follow its results reuse them.
  let last: { key: string; documents: number[] } | undefined;
  const documentsOf = async (request: ResultsRequest): Promise<number[]> => {
    const key = searchKey(request);
    if (last?.key === key) return last.documents;
    const { documents } = await engine.search({ ...request, limit: 0 });
    last = { key, documents };
    return documents;
  };
  return {
    core: () => engine.core(),
    async results(request) {
      const response = await engine.search(request);
      last = { key: searchKey(request), documents: response.documents };
      const query = parseSearchBoxQuery(request.query);
      // A hit whose match no field but its legal objects can show says why with an excerpt of
      // them; for one whose name or another field shows it, they are not read.
      const needed = response.hits.filter((hit) => {
        const reason = hit.matched.includes('objects') ? matchReason(hit, query, '') : undefined;
        return reason !== undefined && reason.pieces === undefined;
      });
      const objects = await Promise.all(
        needed.map(async (hit) => [hit.document, await engine.objects(hit.document)] as [number, string]),
      );
      const correction =
        response.documents.length === 0
          ? undefined
          : correctionOf(query, await engine.corrections(request.query));
      return {
        total: response.documents.length,
        hits: response.hits,
        offset: response.offset,
        objects,
        ...(correction && { correction }),
      };
    },
    async counts(request) {
      return countsFor(engine, request, await documentsOf(request));
    },
    suggest: (query) => engine.suggest(query),
    async csv(request, siteUrl) {
      const documents = await documentsOf(request);
      const [hits, facts] = await Promise.all([engine.details(documents), engine.facts(documents)]);
      const text = resultsCsv(
        hits,
        (document) => facts.get(document)?.incomeCents,
        (hit) => resultPageAddress(hit.href, siteUrl),
      );
      return new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
    },
  };
}
