import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  backoffDelay,
  classifyAnswer,
  classifyError,
  errorMessage,
  parseRetryAfter,
  type HttpAnswer,
} from '../../../src/crawl/retry-policy.ts';
import { keyRedactor } from '../../../src/crawl/redact.ts';

function answer(status: number, body: unknown = '', headers: Record<string, string> = {}): HttpAnswer {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { status, headers, body: Buffer.from(text) };
}

const NOW = Date.parse('2026-03-01T12:00:00Z');

test('Retry-After is read as seconds or as an HTTP date', () => {
  assert.equal(parseRetryAfter('2', NOW), 2000);
  assert.equal(parseRetryAfter(' 120 ', NOW), 120_000);
  assert.equal(parseRetryAfter('0.5', NOW), 500);
  assert.equal(parseRetryAfter('Sun, 01 Mar 2026 12:00:30 GMT', NOW), 30_000);
  assert.equal(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', NOW), 0);
  assert.equal(parseRetryAfter(['7', '9'], NOW), 7000);
});

test('a missing or unreadable Retry-After is no instruction at all', () => {
  for (const value of [undefined, '', 'soon', '-3', '1e3', '12abc']) {
    assert.equal(parseRetryAfter(value, NOW), undefined, String(value));
  }
});

test('backoff doubles with each attempt, within the cap, with jitter in the upper half', () => {
  assert.equal(
    backoffDelay(1, 1000, 60_000, () => 0),
    500,
  );
  assert.equal(
    backoffDelay(1, 1000, 60_000, () => 1),
    1000,
  );
  assert.equal(
    backoffDelay(3, 1000, 60_000, () => 1),
    4000,
  );
  assert.equal(
    backoffDelay(3, 1000, 60_000, () => 0),
    2000,
  );
  assert.equal(
    backoffDelay(20, 1000, 60_000, () => 1),
    60_000,
  );
  for (let attempt = 1; attempt < 12; attempt += 1) {
    const delay = backoffDelay(attempt, 1000, 60_000);
    const full = Math.min(60_000, 1000 * 2 ** (attempt - 1));
    assert.ok(delay >= full / 2 && delay <= full, `attempt ${attempt}: ${delay}`);
  }
});

test('a 200 with a JSON body is a success carrying the parsed value', () => {
  assert.deepEqual(classifyAnswer(answer(200, [{ id: 'x' }])), { kind: 'success', value: [{ id: 'x' }] });
});

test('a 200 whose body is cut off is retried as a truncated body', () => {
  const classification = classifyAnswer(answer(200, '{"id":"2e427ca3-b6c4-48'));
  assert.equal(classification.kind, 'transient');
  assert.match(classification.kind === 'transient' ? classification.reason : '', /truncated/);
});

test('408, 500, 502, 503 and 504 are retried; a 503 Retry-After is kept', () => {
  for (const status of [408, 500, 502, 503, 504])
    assert.equal(classifyAnswer(answer(status)).kind, 'transient');
  const unavailable = classifyAnswer(answer(503, '', { 'retry-after': '10' }));
  assert.equal(unavailable.kind === 'transient' && unavailable.retryAfterMs, 10_000);
});

test('a 429 is a rate limit with its Retry-After and Azure message', () => {
  const body = { statusCode: 429, message: 'Rate limit is exceeded. Try again in 2 seconds.' };
  assert.deepEqual(classifyAnswer(answer(429, body, { 'retry-after': '2' }), NOW), {
    kind: 'rate-limited',
    reason: 'HTTP 429: Rate limit is exceeded. Try again in 2 seconds.',
    status: 429,
    retryAfterMs: 2000,
  });
  const bare = classifyAnswer(answer(429));
  assert.equal(bare.kind, 'rate-limited');
  assert.equal('retryAfterMs' in bare, false);
});

test('a 403 with Retry-After or about a quota is a rate limit; any other 403 stops the crawl', () => {
  const quota = {
    statusCode: 403,
    message: 'Out of call volume quota. Quota will be replenished in 00:05:00.',
  };
  assert.equal(classifyAnswer(answer(403, quota)).kind, 'rate-limited');
  assert.equal(classifyAnswer(answer(403, '', { 'retry-after': '300' })).kind, 'rate-limited');
  assert.equal(classifyAnswer(answer(403, { message: 'Forbidden' })).kind, 'unauthorised');
});

test('a 401 stops the crawl and keeps the API message saying why', () => {
  const body = {
    statusCode: 401,
    message:
      'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.',
  };
  const classification = classifyAnswer(answer(401, body));
  assert.equal(classification.kind, 'unauthorised');
  assert.match(
    classification.kind === 'unauthorised' ? classification.reason : '',
    /^HTTP 401: Access denied due to missing/,
  );
});

test('400 and other client errors are final; 404 and 410 are not-found', () => {
  assert.equal(classifyAnswer(answer(400)).kind, 'final');
  assert.equal(classifyAnswer(answer(422)).kind, 'final');
  assert.deepEqual(classifyAnswer(answer(404)), { kind: 'not-found', status: 404 });
  assert.deepEqual(classifyAnswer(answer(410)), { kind: 'not-found', status: 410 });
});

test('a redirect is never followed: the key would go with it', () => {
  const classification = classifyAnswer(answer(302, '', { location: 'https://elsewhere.example/' }));
  assert.equal(classification.kind, 'final');
  assert.match(classification.kind === 'final' ? classification.reason : '', /redirect.*elsewhere/);
});

test('network failures and time-outs are retried; a bug or an oversized answer is not', () => {
  const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
  assert.deepEqual(classifyError(reset), { kind: 'transient', reason: 'ECONNRESET: socket hang up' });
  const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
  assert.match(classifyError(timeout).reason, /time-out/);
  assert.equal(
    classifyError(Object.assign(new Error('x'), { code: 'UND_ERR_BODY_TIMEOUT' })).kind,
    'transient',
  );
  assert.equal(
    classifyError(Object.assign(new Error('x'), { code: 'UND_ERR_RES_EXCEEDED_MAX_SIZE' })).kind,
    'final',
  );
});

test('error messages come from the Azure body, or from the start of the text', () => {
  assert.equal(errorMessage(Buffer.from('{"statusCode":500,"message":"Internal"}')), 'Internal');
  assert.equal(errorMessage(Buffer.from('<html>\n  Bad gateway\n</html>')), '<html> Bad gateway </html>');
  assert.equal(errorMessage(Buffer.from('x'.repeat(1000))).length, 200);
});

/** A key with the characters encoders change, and the ways an API gives it back in a message. */
const KEY = 'Zq8/x+Vb3k=Pw/7+Ym2==';
const KEY_FORMS = [KEY, encodeURIComponent(KEY), KEY.replaceAll('+', '\\u002B').replaceAll('/', '\\/')];

/** Every reason the policy gives for an answer or an error whose text is `text`. */
function reasonsFor(text: string): Record<string, string> {
  const redact = keyRedactor(KEY);
  const reason = (classification: { kind: string; reason?: string }) => classification.reason ?? '';
  return {
    'an API message (500)': reason(
      classifyAnswer(answer(500, { statusCode: 500, message: text }), NOW, redact),
    ),
    'an API refusal (401)': reason(
      classifyAnswer(answer(401, { statusCode: 401, message: text }), NOW, redact),
    ),
    'a rate limit (429)': reason(
      classifyAnswer(answer(429, { statusCode: 429, message: text }), NOW, redact),
    ),
    'an error page (502)': reason(classifyAnswer(answer(502, `<html>${text}</html>`), NOW, redact)),
    'a redirect (302)': reason(
      classifyAnswer(answer(302, '', { location: `https://gateway.invalid/?${text}` }), NOW, redact),
    ),
    'a network error': reason(classifyError(Object.assign(new Error(text), { code: 'ECONNRESET' }), redact)),
    'a thrown string': reason(classifyError(text, redact)),
  };
}

// Each redaction checked by taking it out (the runner of `npm run test:mutation` does it): the
// reason then holds the key, or the start of it at the cut.
test('every reason the policy gives is redacted before it is cut: a key anywhere in it leaves nothing', () => {
  for (const form of KEY_FORMS) {
    for (const [where, reason] of Object.entries(reasonsFor(`refused for ${form} at the gateway`))) {
      assert.match(reason, /refused for \[redacted key\] at the gateway/, `${where}, ${form}: ${reason}`);
    }
    // The key across the 200th character: nothing of it may be left at the end.
    for (let start = 170; start < 200; start += 1) {
      for (const [where, reason] of Object.entries(
        reasonsFor(`${'x'.repeat(start)}${form}${' tail'.repeat(40)}`),
      )) {
        assert.equal(/Zq8|%2F|\\\/x/i.test(reason), false, `${where}, ${form} at ${start}: ${reason}`);
      }
    }
  }
});
