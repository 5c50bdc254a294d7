// The download of a search's every result, in its order, as a CSV file the browser saves (the
// worker writes it: results-csv.ts).
import { saveFile } from '../../lib/elements.ts';
import { countOf } from '../../lib/text.ts';
import type { ResultsRequest } from './protocol.ts';
import type { SearchService } from './service.ts';

/** A search shown with results: what the download writes. */
export interface ShownSearch {
  request: ResultsRequest;
  total: number;
}

/** Writes every result of the search shown to `search-results.csv`, saying what it does. */
export async function downloadResults(
  search: SearchService,
  shown: ShownSearch,
  siteUrl: string | undefined,
  say: (message: string) => void,
): Promise<void> {
  say(`Preparing ${countOf(shown.total, 'result')} for download…`);
  const csv = await search.csv(shown.request, siteUrl);
  saveFile(csv, 'search-results.csv');
  say(`${countOf(shown.total, 'result')} saved as search-results.csv.`);
}
