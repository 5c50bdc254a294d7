// A matched list as the reader sees and saves it: each row's organisations to choose from, and the
// CSV of the list with the organisation chosen for each row. A saved result names each
// organisation's page by the site's public address when the build knows it (ORGDIR_SITE_URL), and
// otherwise by its path within the site: never by an address of the reader's own disk.
import { csvRow } from '../lib/csv.ts';
import { organisationPath } from '../lib/routes.ts';
import { noLongerOnRegisterSince } from '../lib/register-status.ts';
import { publicAddress } from '../lib/urls.ts';
import type { Candidate, LineMatch } from './candidates.ts';
import type { MatchEntry } from './matcher.ts';
import { RESULT_COLUMNS } from './table.ts';
import type { MatchSummary, ShownRow } from './protocol.ts';

const REASONS: Readonly<Record<Candidate['reason'], string>> = {
  id: 'same id',
  number: 'same number',
  name: 'same name',
  normalised: 'same name once normalised',
  'legal form': 'same name but for the legal form',
  'other name': 'an other name',
  similar: 'similar name',
};

/**
 * Why a candidate was offered, as a row and a saved result say it: with "no longer on the
 * register since …" for an organisation that has left it.
 */
export function reasonOf(reason: Candidate['reason'], goneSince: string | undefined): string {
  return goneSince
    ? `${REASONS[reason]}; ${noLongerOnRegisterSince(goneSince).toLowerCase()}`
    : REASONS[reason];
}

/** The organisations a row offers, its match first: the reader chooses among them by position. */
export function rowOptions(result: LineMatch): Candidate[] {
  return result.best ? [result.best, ...result.candidates] : [...result.candidates];
}

/** The option a row starts on: its match, or none. */
function startingChoice(result: LineMatch): number | undefined {
  return result.best ? 0 : undefined;
}

export function charityNumber(entry: MatchEntry): string {
  return entry.numbers.find((number) => number.kind === 'charity')?.number ?? '';
}

/** An organisation's page as a saved result names it. */
export function resultPage(id: string, siteUrl: string | undefined): string {
  const path = organisationPath(id);
  return siteUrl ? publicAddress(siteUrl, path) : path;
}

/** A matched list: its headings and rows, each row's match, and the rows whose choice the reader changed. */
export interface MatchedList {
  headings: readonly string[];
  rows: readonly (readonly string[])[];
  results: readonly LineMatch[];
  /** Row index to the position of the option chosen (see rowOptions), or undefined for none. */
  choices: ReadonlyMap<number, number | undefined>;
}

/** The list as a CSV: its own columns, then the organisation chosen for each row. */
export function matchedCsv(list: MatchedList, entries: readonly MatchEntry[], siteUrl?: string): string {
  const { headings, rows, results, choices } = list;
  const lines = [csvRow([...headings, ...RESULT_COLUMNS])];
  rows.forEach((cells, index) => {
    const result = results[index]!;
    const choice = choices.has(index) ? choices.get(index) : startingChoice(result);
    const chosen = choice === undefined ? undefined : rowOptions(result)[choice];
    const entry = chosen ? entries[chosen.entry] : undefined;
    const padded = [...cells, ...Array<string>(Math.max(0, headings.length - cells.length)).fill('')];
    lines.push(
      csvRow([
        ...padded,
        entry?.id ?? '',
        entry?.name ?? '',
        entry ? charityNumber(entry) : '',
        entry?.county ?? '',
        entry ? resultPage(entry.id, siteUrl) : '',
        chosen?.score ?? '',
        chosen ? reasonOf(chosen.reason, entry?.goneSince) : result.status === 'blank' ? '' : 'no match',
      ]),
    );
  });
  return lines.join('');
}

/** The summary's counts with the reader's choices: a row chosen is matched, a match undone is not. */
export interface ChosenCounts {
  matched: number;
  /** Rows without a match: candidates none was chosen of, or nothing found. */
  open: number;
  /** Rows whose organisation the reader changed from the matcher's. */
  chosen: number;
}

/** The matcher's counts of the whole list, moved by each choice the reader made among the rows shown. */
export function chosenCounts(
  summary: Pick<MatchSummary, 'matched' | 'open'>,
  shown: readonly ShownRow[],
  choices: ReadonlyMap<number, number | undefined>,
): ChosenCounts {
  let { matched, open } = summary;
  let chosen = 0;
  for (const [index, choice] of choices) {
    const row = shown[index];
    if (!row || row.status === 'blank') continue;
    const wasMatched = row.status === 'matched';
    if (choice !== (wasMatched ? 0 : undefined)) chosen += 1;
    const isMatched = choice !== undefined;
    if (wasMatched === isMatched) continue;
    matched += isMatched ? 1 : -1;
    open += isMatched ? -1 : 1;
  }
  return { matched, open, chosen };
}
