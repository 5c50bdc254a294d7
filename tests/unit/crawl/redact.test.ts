// The key redactor on its own: the key in every form an HTTP API, a JSON encoder, a URL or an
// HTML error page gives it back, alone and mixed character by character, in free text and inside
// JSON, and a key cut short by the limit on a message's length.
//
// Each protection was checked by taking it out and seeing a test here fail: with the redactor
// matching the key's literal characters only, the encoding and JSON tests fail; with the message
// cut before it is redacted (`redact(text.slice(0, limit))`), or with the end of the excerpt not
// trimmed, the cut tests fail; with the backslashes before a match left in place, the test of a
// backslash before the key fails (the redacted JSON no longer parses).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CrawlEvent } from '../../../src/crawl/events.ts';
import { keyRedactor, REDACTED, redactAnswer, redactingReporter } from '../../../src/crawl/redact.ts';

/** A key with the three characters encoders change: `/`, `+` and `=`. */
const KEY = 'Zq8/x+Vb3k=Pw/7+Ym2==';
const redact = keyRedactor(KEY);
/** Redacts the key's first character in any of its forms: a text it leaves alone holds none. */
const firstCharacter = keyRedactor(KEY.slice(0, 1));

const hex = (character: string) => character.charCodeAt(0).toString(16).padStart(2, '0');

/** Ways one character of the key is written by an encoder; the first is the character itself. */
const CHARACTER_FORMS: ((character: string) => string)[] = [
  (character) => character,
  (character) => `\\u${hex(character).padStart(4, '0')}`,
  (character) => `\\u${hex(character).padStart(4, '0').toUpperCase()}`,
  (character) => (character === '/' ? '\\/' : character),
  (character) => `%${hex(character)}`,
  (character) => `%${hex(character).toUpperCase()}`,
  (character) => `%25${hex(character)}`,
  (character) => `&#${character.charCodeAt(0)};`,
  (character) => `&#x${hex(character)};`,
];

/** The key written whole in each of the ways an encoder writes it. */
const WHOLE_FORMS: Record<string, string> = {
  'as sent': KEY,
  'JSON, PHP (\\/)': JSON.stringify(KEY).slice(1, -1).replaceAll('/', '\\/'),
  'JSON, .NET (\\u002B, \\u003D)': KEY.replaceAll('+', '\\u002B').replaceAll('=', '\\u003D'),
  'JSON, lower-case hex': KEY.replaceAll('+', '\\u002b')
    .replaceAll('=', '\\u003d')
    .replaceAll('/', '\\u002f'),
  'JSON quoted in JSON': JSON.stringify(KEY.replaceAll('/', '\\/')).slice(1, -1),
  'JSON, .NET, quoted in JSON': JSON.stringify(KEY.replaceAll('+', '\\u002B')).slice(1, -1),
  'every character \\u-escaped': [...KEY].map((c) => `\\u${hex(c).padStart(4, '0')}`).join(''),
  'URL, encodeURIComponent': encodeURIComponent(KEY),
  'URL, lower-case hex': encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (code) => code.toLowerCase()),
  'URL, encoded twice': encodeURIComponent(encodeURIComponent(KEY)),
  'URL in JSON (%-sign \\u0025)': encodeURIComponent(KEY).replaceAll('%', '\\u0025'),
  'HTML entities': KEY.replaceAll('/', '&sol;').replaceAll('+', '&#43;').replaceAll('=', '&#x3D;'),
  'upper case': KEY.toUpperCase(),
  'form-decoded (+ as a space)': KEY.replaceAll('+', ' '),
  'form-encoded (+ as %20)': encodeURIComponent(KEY.replaceAll('+', ' ')),
};

/** A small seeded generator, so that a failing mix can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function mixed(random: () => number): string {
  return [...KEY]
    .map((character) => {
      const form = CHARACTER_FORMS[Math.floor(random() * CHARACTER_FORMS.length)];
      return form === undefined ? character : form(character);
    })
    .join('');
}

test('the key is redacted as sent, JSON-escaped, percent-encoded in either case, as HTML entities and with + as a space', () => {
  for (const [name, form] of Object.entries(WHOLE_FORMS)) {
    assert.equal(redact(`before ${form} after`), `before ${REDACTED} after`, name);
  }
});

test('the key is redacted in any mix of encodings, character by character', () => {
  const random = seeded(22);
  for (let round = 0; round < 500; round += 1) {
    const form = mixed(random);
    assert.equal(redact(`<${form}>`), `<${REDACTED}>`, form);
  }
});

test('a record that holds the key JSON-escaped is stored and read back without it', () => {
  const random = seeded(7);
  for (let round = 0; round < 200; round += 1) {
    // An HTML-safe JSON encoder (Go's) writes `&` as `\u0026`.
    const escaped = mixed(random).replaceAll('&', '\\u0026');
    const text = `{"id":"a","legalObjectsExtract":"Quote ${escaped} when you call","${escaped}":1}`;
    const value: unknown = JSON.parse(text);
    const kept = redactAnswer(Buffer.from(text), value, redact);
    assert.ok(kept !== undefined, escaped);
    // What pages, search and downloads read is the decoded value: it holds the key nowhere.
    const decoded = JSON.stringify(kept.value);
    assert.equal(decoded.includes(KEY), false, escaped);
    assert.equal(decoded.includes(REDACTED), true);
    assert.deepEqual(JSON.parse(kept.body.toString('utf8')), kept.value);
  }
});

test('a body without the key is kept as the same bytes', () => {
  const body = Buffer.from('{"id":"a","note":"Zq8/x+Vb3k= is not the whole key"}');
  const value: unknown = JSON.parse(body.toString('utf8'));
  const kept = redactAnswer(body, value, redact);
  assert.equal(kept?.body, body);
  assert.equal(kept?.value, value);
});

test('a backslash before the key in JSON is taken with it when it escaped the first character, so the JSON stays valid', () => {
  // A key whose first character is also a JSON escape letter: `\n` + the rest is a new line, then
  // the rest of the key; the JSON must still parse once the key is out.
  const nkey = keyRedactor('n/+=Key=');
  for (const text of ['{"a":"x\\n/+=Key= y"}', '{"a":"x\\\\n/+=Key= y"}', '{"a":"x\\\\\\n/+=Key="}']) {
    const kept = redactAnswer(Buffer.from(text), JSON.parse(text), nkey);
    assert.ok(kept !== undefined, text);
    assert.equal(JSON.stringify(kept.value).includes('/+=Key='), false, text);
  }
});

test('an answer whose redacted text is no longer JSON is refused rather than stored', () => {
  // A key ending in a backslash, before an escaped quote: taking the key out takes the escape.
  const slashKey = keyRedactor('k/+=\\');
  const text = '{"a":"x k/+=\\"quoted\\""}';
  assert.equal(redactAnswer(Buffer.from(text), JSON.parse(text), slashKey), undefined);
});

test('a message is redacted before it is cut: a key across the cut leaves no part of itself', () => {
  for (const [name, form] of Object.entries(WHOLE_FORMS)) {
    for (let start = 150; start < 200; start += 1) {
      const excerpt = redact.excerpt(`${'x'.repeat(start)}${form}${' tail'.repeat(40)}`, 200);
      const rest = excerpt.slice(start);
      assert.ok(rest === '' || rest.startsWith(REDACTED), `${name} at ${start}: ${excerpt}`);
      assert.ok(excerpt.length <= 200 + REDACTED.length);
    }
  }
});

test('a key already cut short in the text is trimmed from the end of an excerpt cut there', () => {
  for (const [name, form] of Object.entries(WHOLE_FORMS)) {
    for (let kept = 1; kept < form.length; kept += 1) {
      // The text ends at the excerpt's limit with the first `kept` characters of the key's form.
      const text = `${'x'.repeat(300 - kept)}${form.slice(0, kept)}${'y'.repeat(100)}`;
      const excerpt = redact.excerpt(text, 300);
      // Left, at most: the start of the encoding of the key's first character (`\`, `%`, `&#`).
      const tail = excerpt.replace(/^x*/, '');
      assert.equal(firstCharacter(tail), tail, `${name}, ${kept} characters: ${excerpt}`);
    }
  }
});

test('a message of many megabytes is redacted in a bounded window, and without a key only cut', () => {
  const huge = `${'y'.repeat(100)}${encodeURIComponent(KEY)}${'y'.repeat(50_000_000)}`;
  assert.equal(redact.excerpt(huge, 200), `${'y'.repeat(100)}${REDACTED}${'y'.repeat(86)}`);
  assert.equal(keyRedactor('').excerpt('abcdef', 3), 'abc');
  assert.equal(redact.excerpt('short', 200), 'short');
});

test('the key is redacted base64- and hex-encoded, reversed, with invisible characters inside and in IIS %uXXXX form', () => {
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
  const hostile: Record<string, string> = {
    base64: base64(KEY),
    'base64 of a header line': base64(`Ocp-Apim-Subscription-Key: ${KEY}`),
    'base64, one byte in': base64(`x${KEY}`),
    'base64, two bytes in': base64(`xy${KEY}`),
    'base64, its / JSON-escaped': base64(`xy${KEY}`).replaceAll('/', '\\/'),
    base64url: base64url(KEY),
    'base64url, one byte in': base64url(`x${KEY}`),
    hex: Buffer.from(KEY).toString('hex'),
    'hex, upper case': Buffer.from(KEY).toString('hex').toUpperCase(),
    reversed: [...KEY].reverse().join(''),
    'a zero-width space inside': `${KEY.slice(0, 5)}\u200B${KEY.slice(5)}`,
    'a soft hyphen between every character': [...KEY].join('\u00AD'),
    'zero-width spaces JSON-escaped': [...KEY].join('\\u200b'),
    'soft hyphens as &shy;': [...KEY].join('&shy;'),
    'a zero-width joiner percent-encoded': `${KEY.slice(0, 9)}%E2%80%8D${KEY.slice(9)}`,
    'IIS %uXXXX': [...KEY].map((c) => `%u${hex(c).padStart(4, '0')}`).join(''),
    'IIS %uXXXX, upper case': [...KEY].map((c) => `%U${hex(c).padStart(4, '0').toUpperCase()}`).join(''),
  };
  for (const [name, form] of Object.entries(hostile)) {
    const redacted = redact(`before ${form} after`);
    assert.ok(redacted.includes(REDACTED), `${name}: ${redacted}`);
    // Left of the encoding: at most the few characters that also hold a bit of what stands beside
    // the key, and the encoded header name before it.
    const header = name.includes('header') ? base64('Ocp-Apim-Subscription-Key: ').length : 0;
    const left = redacted.replace(REDACTED, '').length - 'before  after'.length;
    assert.ok(left <= header + 6, `${name}: ${redacted}`);
  }
});

test('a key whose base64 holds + and / is redacted base64- and base64url-encoded at each of the three alignments', () => {
  // Every third character of "?~>" sets the bits that base64 writes as + and /, base64url as - and _.
  const key = 'a?~>b?~>c?~>d?~>e?~>f?~>g?~>h?~>';
  const redactKey = keyRedactor(key);
  for (const before of ['', 'x', 'xy']) {
    const bytes = Buffer.from(`${before}${key}`, 'utf8');
    const forms = { base64: bytes.toString('base64'), base64url: bytes.toString('base64url') };
    assert.match(forms.base64, /\+.*\/|\/.*\+/, 'the standard alphabet differs from the URL-safe one here');
    assert.match(forms.base64url, /-.*_|_.*-/);
    for (const [name, form] of Object.entries(forms)) {
      const redacted = redactKey(`before ${form} after`);
      assert.ok(redacted.includes(REDACTED), `${name}, ${before.length} bytes in: ${redacted}`);
      assert.ok(
        redacted.length <= `before ${REDACTED} after`.length + 6,
        `${name}, ${before.length} bytes in: ${redacted}`,
      );
    }
  }
});

test('a text without the key is left alone by the further encodings, whatever invisible characters it holds', () => {
  const text = `soft\u00ADhyphen zero\u200Bwidth ${Buffer.from('not the key at all').toString('base64')} ${'ab'.repeat(40)}`;
  assert.equal(redact(text), text);
});

test('every text of every event is redacted before it is passed on; an event without the key is passed as it came', () => {
  const passed: CrawlEvent[] = [];
  const reporter = redactingReporter({ event: (event) => passed.push(event) }, redact);
  const clean: CrawlEvent = { type: 'message', level: 'info', text: 'lists: 3 organisations' };
  reporter.event({ type: 'message', level: 'warn', text: `the gateway said ${encodeURIComponent(KEY)}` });
  reporter.event({ type: 'pause', reason: `HTTP 429 for ${KEY}`, delayMs: 2000, until: 1 });
  reporter.event(clean);
  assert.deepEqual(passed, [
    { type: 'message', level: 'warn', text: `the gateway said ${REDACTED}` },
    { type: 'pause', reason: `HTTP 429 for ${REDACTED}`, delayMs: 2000, until: 1 },
    clean,
  ]);
  assert.equal(passed[2], clean);
});
