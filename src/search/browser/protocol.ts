// What the search page and its search worker say to each other. The worker holds the query engine
// and the parts it has parsed; it fetches the parts itself over http(s), and asks the page for the
// core and, from file://, for every part: the page loads the part's script, hands over its JSON
// text, and draws what the worker answers.
import type { SearchFilters, SearchHit, SortOrder } from './engine.ts';
import type { CorePart, FacetName } from '../format/parts.ts';
import type { Correction } from './spelling.ts';

/** A search as the page asks for it: the reader's query, filters and order, and a page of results. */
export interface ResultsRequest {
  query: string;
  filters: SearchFilters;
  sort: SortOrder;
  offset: number;
  limit: number;
}

/** One page of results: what the page draws first. */
interface ShownResults {
  /** How many organisations the search found in all. */
  total: number;
  hits: SearchHit[];
  offset: number;
  /** The legal objects of the hits whose reason for matching only they can show, by document. */
  objects: [document: number, objects: string][];
  /** When some word was found only with a typo: what was searched for, and the query as typed. */
  correction?: Correction;
}

/** What the worker does for the page, each with its arguments and its answer. */
export interface SearchCalls {
  /** The index's core: the page draws the filters' options from it. */
  core: { args: []; answer: CorePart };
  results: { args: [request: ResultsRequest]; answer: ShownResults };
  /** The filters' counts for a search (`countsFor`); the register's totals are in the core. */
  counts: { args: [request: ResultsRequest]; answer: Record<FacetName, number[]> };
  /** The nearest query that finds something, for one that finds nothing. */
  suggest: { args: [query: string]; answer: string | undefined };
  /**
   * Every result of a search as a CSV file, each page named under `siteUrl`, the site's public
   * address (ORGDIR_SITE_URL), or by its path within the site without one.
   */
  csv: { args: [request: ResultsRequest, siteUrl: string | undefined]; answer: Blob };
}

export type CallName = keyof SearchCalls;

export type ToWorker =
  /** A part's JSON text and the build of the index it belongs to, which the worker asked for. */
  | { kind: 'part'; name: string; build: string; text: string }
  /** Why a part the worker asked for could not be loaded. */
  | { kind: 'part-failed'; name: string; message: string }
  | {
      [Name in CallName]: { kind: 'call'; id: number; call: Name; args: SearchCalls[Name]['args'] };
    }[CallName];

export type FromWorker =
  /** Load this part of the index and hand over its text. */
  | { kind: 'need'; name: string }
  | { kind: 'answer'; id: number; answer: SearchCalls[CallName]['answer'] }
  | { kind: 'failed'; id: number; message: string };
