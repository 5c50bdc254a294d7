// What match.html's page and its matching worker say to each other. The worker holds the
// register, the list and its matches; the page holds what it shows: the first rows of the result.
import type { Candidate, LineMatch } from './candidates.ts';

/** A list to match: pasted lines, or a file's column. */
export type ListSource = { lines: string } | { file: Blob; column: number };

export type ToWorker =
  /** The match table's text (match/table.js), which the page loaded. */
  | { kind: 'table'; text: string }
  /** Read a chosen file's headings, or say why it cannot be read. */
  | { kind: 'read'; file: Blob }
  | { kind: 'match'; list: ListSource }
  /** Write the result as CSV, with the reader's choices of the rows shown. */
  | { kind: 'save'; choices: [row: number, option: number | undefined][]; siteUrl?: string };

/** An organisation a shown row offers. */
interface ShownOption {
  id: string;
  name: string;
  county: string;
  number: string;
  score: number;
  reason: Candidate['reason'];
  /** The date it left the register; "" while on it. */
  goneSince: string;
}

export interface ShownRow {
  input: string;
  status: LineMatch['status'];
  /** Its match first, when it has one (the row starts on it). */
  options: ShownOption[];
}

export interface MatchSummary {
  rows: number;
  matched: number;
  /** Rows with candidates but no match, or with nothing found. */
  open: number;
  milliseconds: number;
}

export type FromWorker =
  | { kind: 'headings'; headings: string[]; rows: number; column: number }
  | { kind: 'problem'; text: string }
  | { kind: 'progress'; stage: 'register' | 'list'; done: number; total: number }
  | { kind: 'matched'; summary: MatchSummary; shown: ShownRow[] }
  | { kind: 'saved'; csv: Blob };

/**
 * The function match/match.js is wrapped in (src/site/bundle-clients.ts): a page from file://
 * starts the matching worker from a blob: URL made of its source (src/lib/client-worker.ts).
 */
export const MATCH_CLIENT_FUNCTION = 'orgdirMatchClient';
