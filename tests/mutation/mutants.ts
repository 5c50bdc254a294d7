// The defences and caps that docs/security.md and docs/testing.md state, each taken away by one
// exact edit, and the test that must then fail (`npm run test:mutation`, run.ts beside it).
// A snippet must occur exactly once in its file: a table that no longer matches the code fails the
// run rather than passing it unchecked.

export interface Mutant {
  /** A short name, for `--only`. */
  id: string;
  /** The defence or cap as the docs state it. */
  defence: string;
  /** The file changed, from the root of the repository. */
  file: string;
  /** The exact text taken out (it must occur exactly once in the file)... */
  find: string;
  /** ...and what stands in its place. */
  replace: string;
  /** The test file that must fail... */
  test: string;
  /** ...and, when not all of it, the pattern of its tests' names (`--test-name-pattern`). */
  name?: string;
}

const REDACT = 'src/crawl/redact.ts';
const REDACT_TEST = 'tests/unit/crawl/redact.test.ts';
const POLICY = 'src/crawl/retry-policy.ts';
const POLICY_TEST = 'tests/unit/crawl/retry-policy.test.ts';
const QUEUE_TEST = 'tests/unit/crawl/request-queue.test.ts';
const LISTS_TEST = 'tests/unit/crawl/lists.test.ts';

/** The key given back in another encoding, or cut in half by a shortened message. */
const REDACTION: Mutant[] = [
  {
    id: 'redact-json-unicode',
    defence: 'the key redacted JSON-escaped as \\uXXXX',
    file: REDACT,
    find: '    utf16.map(',
    replace: '    // utf16.map(',
    test: REDACT_TEST,
  },
  {
    id: 'redact-json-in-json',
    defence: 'the key redacted as JSON inside JSON (backslashes doubled)',
    file: REDACT,
    find: '+u${hex(unit, 4)}',
    replace: 'u${hex(unit, 4)}',
    test: REDACT_TEST,
  },
  {
    id: 'redact-json-slash',
    defence: 'the key redacted with / JSON-escaped as \\/',
    file: REDACT,
    find: "else if (character === '/' || character === '\"')",
    replace: "else if (character === '\"')",
    test: REDACT_TEST,
  },
  {
    id: 'redact-percent',
    defence: 'the key redacted percent-encoded',
    file: REDACT,
    find: '    utf8.map(',
    replace: '    // utf8.map(',
    test: REDACT_TEST,
  },
  {
    id: 'redact-percent-twice',
    defence: 'the key redacted percent-encoded twice',
    file: REDACT,
    find: 'utf8.map((byte) => `(?:%(?:25)*',
    replace: 'utf8.map((byte) => `(?:%',
    test: REDACT_TEST,
  },
  {
    id: 'redact-html-decimal',
    defence: 'the key redacted as decimal HTML entities',
    file: REDACT,
    find: '    `${AMPERSAND}#0*${code};`,\n',
    replace: '',
    test: REDACT_TEST,
  },
  {
    id: 'redact-html-hex',
    defence: 'the key redacted as hexadecimal HTML entities',
    file: REDACT,
    find: '    `${AMPERSAND}#x0*${hex(code, 2)};`,\n',
    replace: '',
    test: REDACT_TEST,
  },
  {
    id: 'redact-html-named',
    defence: 'the key redacted as named HTML entities',
    file: REDACT,
    find: 'HTML_NAMES[character] === undefined ? [] :',
    replace: 'true ? [] :',
    test: REDACT_TEST,
  },
  {
    id: 'redact-plus-as-space',
    defence: 'the key redacted with + read as a space',
    file: REDACT,
    find: "if (character === '+') return",
    replace: "if (character === 'never') return",
    test: REDACT_TEST,
  },
  {
    id: 'redact-any-case',
    defence: 'the key redacted in any letter case',
    file: REDACT,
    find: "forms.join('')}`, 'gi')",
    replace: "forms.join('')}`, 'g')",
    test: REDACT_TEST,
  },
  {
    id: 'redact-before-cut',
    defence: 'a message redacted before it is cut',
    file: REDACT,
    find: 'let redacted = redact(window);',
    replace: 'let redacted = redact(window.slice(0, limit));',
    test: REDACT_TEST,
  },
  {
    id: 'redact-key-start-at-cut',
    defence: 'any start of the key left at the cut is dropped',
    file: REDACT,
    find: 'return withoutKeyPrefixAtEnd(redacted.slice(0, limit));',
    replace: 'return redacted.slice(0, limit);',
    test: REDACT_TEST,
  },
  {
    id: 'redact-answer-read-again',
    defence: 'a stored answer is read again from its redacted text',
    file: REDACT,
    find: 'value: JSON.parse(redacted) }',
    replace: 'value }',
    test: REDACT_TEST,
  },
  {
    id: 'redact-answer-not-json-refused',
    defence: 'an answer that cannot be redacted and stay valid JSON is not stored',
    file: REDACT,
    find: '    return undefined;\n  }\n}\n\n/** A reporter',
    replace: '    return { body, value };\n  }\n}\n\n/** A reporter',
    test: REDACT_TEST,
  },
  {
    id: 'redact-reporter',
    defence: 'every text of every crawl event is redacted before it is printed',
    file: REDACT,
    find: 'const redacted = redact(value);',
    replace: 'const redacted = value;',
    test: REDACT_TEST,
  },
  {
    id: 'queue-stores-redacted-answer',
    defence: 'the request queue stores and returns the redacted answer',
    file: 'src/crawl/request-queue.ts',
    find: 'const kept = redactAnswer(body ?? Buffer.alloc(0), classification.value, this.#redact);',
    replace: 'const kept = { body: body ?? Buffer.alloc(0), value: classification.value };',
    test: QUEUE_TEST,
  },
  {
    id: 'policy-redacts-api-message',
    defence: "the API's error message redacted before it is cut",
    file: POLICY,
    find: "if (typeof message === 'string') return redact.excerpt(message, MESSAGE_LIMIT);",
    replace: "if (typeof message === 'string') return message.slice(0, MESSAGE_LIMIT);",
    test: POLICY_TEST,
  },
  {
    id: 'policy-redacts-body-text',
    defence: 'the start of an error body redacted before it is cut',
    file: POLICY,
    find: "return redact.excerpt(text.replace(/\\s+/g, ' '), MESSAGE_LIMIT);",
    replace: "return text.replace(/\\s+/g, ' ').slice(0, MESSAGE_LIMIT);",
    test: POLICY_TEST,
  },
  {
    id: 'policy-redacts-redirect',
    defence: "a redirect's address redacted before it is cut",
    file: POLICY,
    find: 'const text = redact.excerpt(`unexpected redirect',
    replace: 'const text = NO_KEY.excerpt(`unexpected redirect',
    test: POLICY_TEST,
  },
  {
    id: 'policy-redacts-network-error',
    defence: 'a network error redacted before it is cut',
    file: POLICY,
    find: '  return redact.excerpt(text, MESSAGE_LIMIT);',
    replace: '  return NO_KEY.excerpt(text, MESSAGE_LIMIT);',
    test: POLICY_TEST,
  },
  {
    id: 'policy-message-limit',
    defence: 'messages are cut to 200 characters',
    file: POLICY,
    find: 'const MESSAGE_LIMIT = 200;',
    replace: 'const MESSAGE_LIMIT = 2000;',
    test: POLICY_TEST,
  },
];

/** Answers that are not what they claim, memory, the key file, credentials in an address. */
const CRAWL_BOUNDS: Mutant[] = [
  {
    id: 'list-not-a-list',
    defence: 'a list that is not a list is a failure and is not stored',
    file: 'src/crawl/lists.ts',
    find: 'if (!Array.isArray(value)) return',
    replace: 'if (value === null) return',
    test: LISTS_TEST,
    name: 'a list answer that is not a list',
  },
  {
    id: 'list-entries-cap',
    defence: 'a list of more than 100,000 entries is a failure and is not stored',
    file: 'src/crawl/lists.ts',
    find: 'if (value.length > MAX_LIST_ENTRIES) {',
    replace: 'if (value.length > 10 * MAX_LIST_ENTRIES) {',
    test: LISTS_TEST,
    name: 'a list longer than any register',
  },
  {
    id: 'answers-in-flight-bound',
    defence: 'answers being received hold at most 512 MiB together',
    file: 'src/crawl/http-client.ts',
    find: 'if (this.#bytesInFlight > this.#maxBytesInFlight) {',
    replace: 'if (this.#bytesInFlight > 2 * this.#maxBytesInFlight) {',
    test: QUEUE_TEST,
    name: 'answers received at once are bounded together',
  },
  {
    id: 'answer-size-cap',
    defence: 'one answer holds at most 256 MiB',
    file: 'src/crawl/http-client.ts',
    find: '      maxResponseSize: options.maxAnswerBytes ?? MAX_ANSWER_BYTES,\n',
    replace: '',
    test: QUEUE_TEST,
    name: 'an answer larger than',
  },
  {
    id: 'answer-size-cap-value',
    defence: 'one answer holds at most 256 MiB',
    file: 'src/crawl/http-client.ts',
    find: 'const MAX_ANSWER_BYTES = 256 * 1024 * 1024;',
    replace: 'const MAX_ANSWER_BYTES = 1024 * 1024 * 1024;',
    test: QUEUE_TEST,
    name: 'an answer larger than',
  },
  {
    id: 'key-length-cap',
    defence: 'keys over 256 characters are refused',
    file: 'src/crawl/options.ts',
    find: '.refine((key) => key.length <= MAX_KEY_LENGTH, {',
    replace: '.refine((key) => key.length <= MAX_KEY_LENGTH + 10, {',
    test: 'tests/unit/crawl/options.test.ts',
    name: 'a missing key or URL',
  },
  {
    id: 'key-file-warning',
    defence: 'a key file others can read is used with a warning to chmod 600',
    file: 'src/crawl/resolve-options.ts',
    find: 'if ((mode & 0o077) === 0) return undefined;',
    replace: 'if ((mode & 0o007) === 0) return undefined;',
    test: LISTS_TEST,
    name: 'a key file that others can read',
  },
  {
    id: 'published-address-credentials',
    defence: 'ORGDIR_RELEASE_URL and ORGDIR_SITE_URL with a user name or password are refused',
    file: 'src/config.ts',
    find: ".refine((value) => new URL(value).username === '' && new URL(value).password === '',",
    replace: ".refine((value) => new URL(value).username === '',",
    test: 'tests/unit/config.test.ts',
    name: 'a release or site address with a user name or password',
  },
];

export const MUTANTS: readonly Mutant[] = [...REDACTION, ...CRAWL_BOUNDS];
