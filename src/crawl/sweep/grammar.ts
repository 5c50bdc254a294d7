// The grammar check: whether the service reads a query of several words as all of them or as any
// of them, judged from what its answers return. Under "any", a word added to a capped query widens
// it, so the planner narrows by quoted phrases instead.
import { termCount, type Query } from './query.ts';
import type { Known } from './known.ts';
import { holdsEveryWord } from './terms.ts';

/** How a service reads a query of several words: all of them, any of them, or not yet seen. */
export type SearchGrammar = 'all' | 'any' | 'unknown';

/** What the answers have shown of the service's grammar so far. */
export class GrammarCheck {
  #grammar: SearchGrammar = 'unknown';
  /** Answers of several terms whose results held every term, and those whose results mostly did not. */
  #allEvidence = 0;
  #anyEvidence = 0;

  get grammar(): SearchGrammar {
    return this.#grammar;
  }

  /** Whether the service reads the query otherwise than the planner counts it: several terms, read as any. */
  widens(query: Query): boolean {
    return this.#grammar === 'any' && termCount(query) > 1;
  }

  /**
   * Judges, from an answer to a query of several terms, whether the service reads them all (every
   * result holds each) or any (most results lack one). Two answers of the second kind, more than
   * of the first, and the planner narrows by phrases from then on. True when this answer settled
   * it as any.
   */
  judge(query: Query, results: readonly (Known | undefined)[], capped: boolean): boolean {
    if (this.#grammar === 'any' || termCount(query) < 2) return false;
    let judged = 0;
    let lacking = 0;
    for (const known of results) {
      // Only the organisations known from their records: a search result may leave out a field the
      // service searches (the sample API's answers hold no secondary sub-sector), so one met only in
      // answers can lack a term it holds, and an answer under AND would read as one under OR.
      if (known === undefined || !known.listed || known.words.size === 0) continue;
      judged += 1;
      if (!holdsEveryWord(known, query)) lacking += 1;
    }
    if (judged < 3) return false;
    // An answer at the cap says nothing for AND: a service that reads any word puts the results
    // that hold them all first, and a cap may show only those.
    if (lacking * 2 > judged) this.#anyEvidence += 1;
    else if (!capped) this.#allEvidence += 1;
    if (this.#anyEvidence >= 2 && this.#anyEvidence > this.#allEvidence) {
      this.#grammar = 'any';
      return true;
    }
    if (this.#allEvidence >= 2 && this.#grammar === 'unknown') this.#grammar = 'all';
    return false;
  }
}
