// Errors decide retries (modelled on crawlee's core/src/errors.ts): every answer or failure of one
// attempt is classified here, as pure functions, and the request queue acts on the class.
// undici's own RetryAgent is not used: it caps Retry-After at 30 s and cannot pause the queue.
import type { IncomingHttpHeaders } from 'node:http';
import { keyRedactor, type Redact } from './redact.ts';

/** An answer of the API to one attempt, its body read in full. */
export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type Classification =
  /** 2xx with a body that parses as JSON. */
  | { kind: 'success'; value: unknown }
  /** 404 or 410: the resource is not there (for an organisation: gone, not a failure). */
  | { kind: 'not-found'; status: number }
  /** Worth another attempt after a backoff (or after `retryAfterMs` when the server said so). */
  | { kind: 'transient'; reason: string; status?: number; retryAfterMs?: number }
  /** 429, or 403 with a spent quota: the whole queue waits. */
  | { kind: 'rate-limited'; reason: string; status: number; retryAfterMs?: number }
  /** 401, or a 403 that is not about quota: the key is missing, wrong or not allowed; stop the crawl. */
  | { kind: 'unauthorised'; reason: string; status: number }
  /** Final for this request: 400, another 4xx, a redirect. */
  | { kind: 'final'; reason: string; status?: number };

/**
 * `Retry-After` in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3). `undefined`
 * when absent or unreadable; a date in the past is 0.
 */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now: number = Date.now(),
): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (text === undefined || text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Exponential backoff with "equal jitter": half of the doubled delay is fixed, half is random, so
 * retries spread out but never come back at once. `attempt` is 1 for the first retry.
 */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

/** The longest message kept from an error body or a thrown error. */
const MESSAGE_LIMIT = 200;

/** How the reason of a request that timed out begins: the crawl's summary counts time-outs by it. */
export const TIME_OUT = 'request time-out';

/** For callers without a key: messages are cut, nothing is redacted. */
const NO_KEY = keyRedactor('');

/**
 * The `message` of an Azure API Management error body, or the start of the body as text; the key
 * redacted before the message is cut, so that a key across the cut leaves nothing behind.
 */
export function errorMessage(body: Buffer, redact: Redact = NO_KEY): string {
  const text = body.toString('utf8').trim();
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && 'message' in parsed) {
      const message = (parsed as { message: unknown }).message;
      if (typeof message === 'string') return redact.excerpt(message, MESSAGE_LIMIT);
    }
  } catch {
    // Not JSON: the text itself is the best message there is.
  }
  return redact.excerpt(text.replace(/\s+/g, ' '), MESSAGE_LIMIT);
}

function withMessage(status: number, body: Buffer, redact: Redact): string {
  const message = errorMessage(body, redact);
  return message === '' ? `HTTP ${status}` : `HTTP ${status}: ${message}`;
}

/** Classifies an answer of the API; its texts redacted with `redact`. */
export function classifyAnswer(
  answer: HttpAnswer,
  now: number = Date.now(),
  redact: Redact = NO_KEY,
): Classification {
  const { status, headers, body } = answer;
  const retryAfterMs = parseRetryAfter(headers['retry-after'], now);
  const after = retryAfterMs === undefined ? {} : { retryAfterMs };
  if (status >= 200 && status < 300) {
    try {
      return { kind: 'success', value: JSON.parse(body.toString('utf8')) };
    } catch {
      // A cut-off body parses no better on the next read: fetch it again.
      return { kind: 'transient', reason: `truncated or malformed JSON body (${body.length} bytes)`, status };
    }
  }
  if (status === 404 || status === 410) return { kind: 'not-found', status };
  const reason = () => withMessage(status, body, redact);
  if (status === 429) return { kind: 'rate-limited', reason: reason(), status, ...after };
  if (status === 403) {
    const message = errorMessage(body, redact);
    if (retryAfterMs !== undefined || /quota/i.test(message)) {
      return { kind: 'rate-limited', reason: reason(), status, ...after };
    }
    return { kind: 'unauthorised', reason: reason(), status };
  }
  if (status === 401) return { kind: 'unauthorised', reason: reason(), status };
  if (status === 408 || status >= 500) return { kind: 'transient', reason: reason(), status, ...after };
  if (status >= 300 && status < 400) {
    // Following a redirect could hand the key to another host.
    const location = typeof headers.location === 'string' ? ` to ${headers.location}` : '';
    const text = redact.excerpt(`unexpected redirect (HTTP ${status})${location}`, MESSAGE_LIMIT);
    return { kind: 'final', reason: text, status };
  }
  return { kind: 'final', reason: reason(), status };
}

/** Failures that the same request would meet again: a bug, or an answer larger than allowed. */
const FINAL_ERROR_CODES = new Set([
  'UND_ERR_INVALID_ARG',
  'UND_ERR_NOT_SUPPORTED',
  'UND_ERR_RES_EXCEEDED_MAX_SIZE',
  'UND_ERR_HEADERS_OVERFLOW',
  'ERR_INVALID_URL',
]);

/**
 * A short description of a thrown error, with its code (`ECONNRESET: socket hang up`) and its
 * causes; the key redacted before the description is cut.
 */
export function describeError(error: unknown, redact: Redact = NO_KEY): string {
  if (!(error instanceof Error)) return redact.excerpt(String(error), MESSAGE_LIMIT);
  const parts: string[] = [];
  // A chain of causes may loop back on itself: each error is described once.
  const seen = new Set<Error>();
  for (
    let current: unknown = error;
    current instanceof Error && !seen.has(current);
    current = current.cause
  ) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    const prefix =
      typeof code === 'string' ? `${code}: ` : current.name === 'Error' ? '' : `${current.name}: `;
    parts.push(`${prefix}${current.message}`);
  }
  const text = `${parts.join(' (')}${')'.repeat(parts.length - 1)}`;
  return redact.excerpt(text, MESSAGE_LIMIT);
}

/**
 * Classifies a failure to get an answer at all. Resets, refused connections, time-outs, cut-off
 * bodies and anything unrecognised are transient: the attempt limit bounds the cost of a wrong guess.
 */
export function classifyError(
  error: unknown,
  redact: Redact = NO_KEY,
): Extract<Classification, { kind: 'transient' | 'final' }> {
  const code = (error as { code?: unknown } | undefined)?.code;
  const name = (error as { name?: unknown } | undefined)?.name;
  const reason = describeError(error, redact);
  if (typeof code === 'string' && FINAL_ERROR_CODES.has(code)) return { kind: 'final', reason };
  if (name === 'TimeoutError') return { kind: 'transient', reason: `${TIME_OUT}: ${reason}` };
  return { kind: 'transient', reason };
}
