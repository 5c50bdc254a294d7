// The end-of-crawl report: how it ended, the counts, how much of the register was found, the
// drift from the spec, and the failures grouped by kind (each kind counted, with one example), so
// that a thousand time-outs read as one line and a lone odd failure is not lost among them.
import type { CrawlSummary } from './crawl.ts';
import type { CrawlFailure, CrawlManifest } from '../schemas/index.ts';
import { TIME_OUT } from './retry-policy.ts';
import { COVERED_HOLD, COVERED_SHARE } from './sweep/coverage.ts';

/** Drift findings listed one by one; the rest are counted (all are in manifest.json). */
const LISTED_DRIFT = 20;

/** Failures of one kind: how many, and the first as an example. */
export interface FailureKind {
  kind: string;
  count: number;
  example: CrawlFailure;
}

/** A network error's code in an error text ("ECONNRESET", "UND_ERR_SOCKET"). */
const ERROR_CODE = /\b(E[A-Z]{2,}|UND_ERR_[A-Z_]+)\b/;

/**
 * The kind of a failure, from what the manifest keeps of it: the HTTP status of the last answer;
 * without one, a time-out, a network error by its code, or an id the API listed that could not
 * be used (found in an answer, so never requested: no attempts).
 */
export function failureKind(failure: CrawlFailure): string {
  const { status, error } = failure;
  if (status !== undefined) return status >= 200 && status < 300 ? 'malformed answer' : `HTTP ${status}`;
  if (failure.attempts === 0) return 'unusable id';
  if (error.startsWith(TIME_OUT)) return 'time-out';
  const code = ERROR_CODE.exec(error)?.[1];
  return code === undefined ? 'no usable answer' : `network error ${code}`;
}

/** Failures grouped by kind, the most frequent kind first (then by name); each kind's first failure is its example. */
export function groupFailures(failures: readonly CrawlFailure[]): FailureKind[] {
  const kinds = new Map<string, FailureKind>();
  for (const failure of failures) {
    const kind = failureKind(failure);
    const group = kinds.get(kind);
    if (group === undefined) kinds.set(kind, { kind, count: 1, example: failure });
    else group.count += 1;
  }
  return [...kinds.values()].sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
}

/** One failure as the summary shows it: what was asked, the last status, the attempts, the error. */
function describeFailure(failure: CrawlFailure): string {
  const status = failure.status === undefined ? '' : ` HTTP ${failure.status}`;
  return `${failure.operation}${failure.id === undefined ? '' : ` ${failure.id}`}${status} after ${failure.attempts} attempts: ${failure.error}`;
}

/**
 * How much of the register the crawl found, and how that is known: the organisations from lists
 * and from search only, the searches, the answers cut at the cap and whether each was split until
 * none was, why the sweep stopped, and the estimate of what may still be missing.
 */
function coverageLine(manifest: CrawlManifest): string {
  const { counts, discovery } = manifest;
  // Only organisations whose record was stored: an id that answered 404 is none of the register's.
  if (discovery === null) {
    return `coverage: ${counts.stored} organisations, all from lists; no search sweep (--no-discover), so organisations on no list are missing`;
  }
  const fromLists = Math.max(0, counts.stored - discovery.discovered);
  if (discovery.searchBroken) {
    return `coverage: ${counts.stored} organisations, all from lists; the search is broken: not one of ${discovery.queries} searches returned anything, even for words the listed organisations hold, so organisations on no list are missing`;
  }
  const cap = discovery.capConfirmed
    ? `${discovery.cappedAnswers} answers at the cap of ${discovery.longestAnswer} results, ${discovery.cappedAnswersSplit} of them searched past (every organisation they returned seen again in an answer under the cap)`
    : `no answer looked cut (the longest had ${discovery.longestAnswer} results)`;
  const stopped = {
    saturated: `the sweep saturated (the last ${discovery.lastNewAfter} searches found nothing new)`,
    covered: `the sweep stopped once the organisations its answers suggest are missing had stayed under ${COVERED_SHARE * 100}% of the register for ${COVERED_HOLD} answers`,
    exhausted: 'the sweep ran out of searches expected to find anything new',
    budget: `the sweep spent its budget (the last new organisation ${discovery.lastNewAfter} searches before the end)`,
    time: 'the sweep spent its time (--sweep-time-limit)',
    limit: 'the sweep found as many organisations as the lists allow (ten times those they name)',
  }[discovery.stopped];
  const grammar =
    discovery.grammar === 'any'
      ? '; the search reads several words as any of them, so it was narrowed by phrases'
      : '';
  const estimate = discovery.estimatedRegister;
  const missing =
    estimate === null
      ? 'no estimate of what is missing (no list to compare search results with)'
      : `the register holds about ${estimate} by capture-recapture (the lists against the search results), so about ${Math.max(0, estimate - counts.stored)} may be missing`;
  return `coverage: ${counts.stored} organisations, ${fromLists} from lists and ${discovery.discovered} only through search; ${discovery.queries} searches (budget ${discovery.budget})${grammar}; ${cap}; ${stopped}; ${missing}`;
}

/** The end-of-crawl report: how it ended, the counts, the coverage, the drift, the failures by kind. */
export function formatSummary(summary: CrawlSummary): string {
  const lines = [summary.message];
  const manifest = summary.manifest;
  // When the API never answered, every count is zero and every failure is the one in the message.
  const unanswered =
    manifest !== undefined &&
    manifest.counts.organisations === 0 &&
    manifest.failures.length > 0 &&
    !Object.keys(manifest.requests.statuses).some((status) => /^\d+$/.test(status));
  if (manifest !== undefined && !unanswered) {
    const { counts } = manifest;
    const members = Object.entries(counts.voluntaryCodeMembers)
      .map(([code, count]) => `${code} ${count}`)
      .join(', ');
    lines.push(
      `lists: ${counts.voluntaryCodes} voluntary codes (${members || 'no members fetched'}); registeredCharities ${counts.registeredCharities}, taxEfficientGifts ${counts.taxEfficientGifts}, housingBodies ${counts.housingBodies}${manifest.discovery === null ? '' : `, discovered ${counts.discovered}`}`,
      `organisations: ${counts.organisations} distinct, ${counts.stored} stored, ${counts.gone} gone (404), ${counts.failed} failed`,
      coverageLine(manifest),
      `requests: ${manifest.requests.attempts} attempts, ${manifest.requests.retries} retries, ${manifest.requests.pauses} rate-limit pauses`,
    );
    const { registeredAddress } = manifest.coordinates;
    lines.push(
      `coordinates of registered addresses: ${registeredAddress['lon-lat']} lon-lat, ${registeredAddress['lat-lon']} lat-lon (swapped), ${registeredAddress.unknown} unknown, ${registeredAddress.outside} outside Ireland`,
    );
    if (manifest.drift.length > 0) {
      lines.push(`drift from the spec (records kept as sent): ${manifest.drift.length} findings`);
      for (const finding of manifest.drift.slice(0, LISTED_DRIFT)) {
        lines.push(
          `  ${finding.resource} ${finding.path || '(root)'}: ${finding.issue} × ${finding.count} (${finding.message})`,
        );
      }
    }
    if (manifest.failures.length > 0) {
      lines.push(`failures: ${manifest.failures.length}, by kind (every one in manifest.json)`);
      for (const { kind, count, example } of groupFailures(manifest.failures)) {
        lines.push(`  ${kind} × ${count}, e.g. ${describeFailure(example)}`);
      }
    }
  }
  return lines.join('\n');
}
