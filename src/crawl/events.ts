// What a running crawl tells the outside: progress bars, log lines and tests all listen here.
// Every text in an event has already been through the key redactor. Times are epoch milliseconds
// with a fraction (`clock()` below).

/** The operations of the API, named as the spec names them. */
export type Operation =
  | 'voluntaryCodes'
  | 'voluntaryCodeMembers'
  | 'registeredCharities'
  | 'taxEfficientGifts'
  | 'housingBodies'
  | 'search'
  | 'organisation';

export type CrawlPhase = 'lists' | 'discover' | 'organisations' | 'publish';

type OrganisationOutcome = 'stored' | 'already-stored' | 'gone' | 'failed';

export type CrawlEvent =
  /** `done`: of the `total`, those finished before the phase began (records fetched during the sweep). */
  | { type: 'phase'; phase: CrawlPhase; total: number; done?: number }
  /** One HTTP attempt finished (`status` for an answer, `error` for a network failure). */
  | {
      type: 'request';
      operation: Operation;
      id?: string;
      attempt: number;
      status?: number;
      error?: string;
      startedAt: number;
      endedAt: number;
    }
  | { type: 'retry'; operation: Operation; id?: string; attempt: number; reason: string; delayMs: number }
  /** The whole queue stopped starting requests until `until` (epoch ms). */
  | { type: 'pause'; reason: string; delayMs: number; until: number }
  | { type: 'unpause'; at: number }
  | { type: 'organisation'; id: string; outcome: OrganisationOutcome }
  | { type: 'message'; level: 'info' | 'warn' | 'error'; text: string };

export interface CrawlReporter {
  event(event: CrawlEvent): void;
}

export const silentReporter: CrawlReporter = { event() {} };

/** Epoch milliseconds with a fraction, so that the order of a start and a pause is never a tie. */
export function clock(): number {
  return performance.timeOrigin + performance.now();
}
