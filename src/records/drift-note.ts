// Where and how a stored record differs from the spec: the notes the record model leaves as it
// reads a record (src/records/organisation.ts), which the pages, the downloads and the crawl's
// drift report show.
import type { DriftIssue } from '../schemas/drift.ts';

/** Where and how a record differs from the spec. */
export interface DriftNote {
  /** Path from the record's root: `numEmployees`, `financialSummary.prevGrants`, `funders[2].amount`. */
  path: string;
  /**
   * What differs (src/schemas/drift.ts), and so what the model did: `invalid_type`, not read
   * ("not given"); `coerced`, read as the spec's type; `invalid_format`, kept as given;
   * `id_mismatch`, the id it is stored under is used; `too_deep` (past `NESTING_LIMIT`), not read;
   * `written` (30 digits, an exponent), read as the nearest number; `too_long` (past
   * `SIZE_LIMITS`), cut; `too_large`, not read.
   */
  issue: Extract<
    DriftIssue,
    | 'invalid_type'
    | 'coerced'
    | 'invalid_format'
    | 'id_mismatch'
    | 'too_deep'
    | 'too_long'
    | 'too_large'
    | 'written'
  >;
  /**
   * The value as the record gives it; for `too_deep`, how many levels the record nests there; for
   * `written`, the amount's JSON text; for `too_long`, how long it is and what it was cut to
   * (`{ characters, limit }` for text, `{ entries, limit }` for a list or an object's fields); for
   * `too_large`, `{ characters, limit }`: how many its JSON takes, and the record's limit.
   */
  given: unknown;
}
