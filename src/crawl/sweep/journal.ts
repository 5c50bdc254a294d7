// The sweep's journal: each search as it is asked and each answer as it comes, one JSON line each
// in the partial folder, so that a crawl stopped mid-sweep resumes without asking any answered
// search again, nor a search a run died on.
import { appendFile, readFile, rm } from 'node:fs/promises';
import { z } from 'zod';
import { SWEEP_JOURNAL, isGuid } from '../../lib/data-layout.ts';
import { writeFileAtomic } from '../../storage/atomic-file.ts';
import type { CrawlContext } from '../crawl-state.ts';
import { MAX_RESULTS_READ } from './search-results.ts';

/** The longest query a journal line may hold: the planner's are a few words. */
const MAX_QUERY_LENGTH = 1_000;

const journalQuery = z.string().min(1).max(MAX_QUERY_LENGTH);
const journalId = z.string().refine(isGuid, 'not a GUID');

/**
 * The lines of the sweep journal, checked as strictly as the crawl's own state: the journal sits in
 * a folder others may write to, and a value taken on trust (a count of 1e300) would reach the
 * manifest and the pages.
 */
const journalLineSchema = z.union([
  /** A search's answer, as much of it as a resume needs. */
  z
    .strictObject({
      query: journalQuery,
      /** Results in the answer. */
      count: z.int().min(0),
      /** The ids of the results read, in the answer's order. */
      ids: z.array(journalId).max(MAX_RESULTS_READ),
      /** Search results of organisations not known before, as the API sent them. */
      found: z.array(z.looseObject({ id: journalId })).max(MAX_RESULTS_READ),
    })
    .refine((line) => line.ids.length <= line.count && line.found.length <= line.ids.length, {
      error: 'more ids than results',
    }),
  /** A search about to be asked: without its answer after it, the run stopped while it was asked. */
  z.strictObject({ asking: journalQuery }),
  /** A search whose asking the crawl stopped itself (interrupted, or the API down): asked again. */
  z.strictObject({ abandoned: journalQuery }),
]);

export type JournalLine = z.infer<typeof journalLineSchema>;
export type JournalAnswer = Extract<JournalLine, { query: string }>;

function parseJournalLine(raw: string): JournalLine | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = journalLineSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The answers of an unfinished sweep, one JSON line each, appended as they come. A line cut short
 * by a crash, or one that is not what the crawl writes, ends what is read: the searches after it
 * are asked again.
 */
export class SweepJournal {
  readonly #context: CrawlContext;
  readonly #file: string;
  #writing: Promise<void> = Promise.resolve();

  constructor(context: CrawlContext) {
    this.#context = context;
    this.#file = context.partial(SWEEP_JOURNAL);
  }

  /** The whole lines; a torn end is cut off the file, so that the next answer starts a line. */
  async read(): Promise<JournalLine[]> {
    let text: string;
    try {
      text = await readFile(this.#file, 'utf8');
    } catch {
      return [];
    }
    const lines: JournalLine[] = [];
    let wholeLength = 0;
    for (const raw of text.split('\n')) {
      const line = parseJournalLine(raw);
      if (line === undefined || wholeLength + raw.length + 1 > text.length) break;
      lines.push(line);
      wholeLength += raw.length + 1;
    }
    if (wholeLength < text.length) await writeFileAtomic(this.#file, text.slice(0, wholeLength));
    return lines;
  }

  append(line: JournalLine): Promise<void> {
    const text = `${this.#context.redact(JSON.stringify(line))}\n`;
    this.#writing = this.#writing.then(() => appendFile(this.#file, text));
    return this.#writing;
  }
}

/** Drops the journal of a sweep once the crawl no longer needs it (complete, or discovery off). */
export function removeSweepJournal(context: CrawlContext): Promise<void> {
  return rm(context.partial(SWEEP_JOURNAL), { force: true });
}
