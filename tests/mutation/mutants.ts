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

const CARRY = 'src/editions/carry.ts';
const CARRY_TEST = 'tests/unit/editions/carry.test.ts';

/** The previous edition fetched from ORGDIR_RELEASE_URL. */
const FETCHED_EDITION: Mutant[] = [
  {
    id: 'carry-declared-size',
    defence: 'each file of a fetched edition refused on the length it declares',
    file: CARRY,
    find: 'if (response.statusCode !== 200 || declared > limit) {',
    replace: 'if (response.statusCode !== 200) {',
    test: CARRY_TEST,
    name: 'larger than an edition could be',
  },
  {
    id: 'carry-streamed-size',
    defence: 'each file of a fetched edition capped while it is fetched',
    file: CARRY,
    find: 'await pipeline(response.body, bounded(limit, name),',
    replace: 'await pipeline(response.body, bounded(Infinity, name),',
    test: CARRY_TEST,
    name: 'larger than an edition could be',
  },
  {
    id: 'carry-edition-json-cap',
    defence: 'edition.json capped at 8 MB',
    file: CARRY,
    find: "'edition.json': { fetched: 8 * MB },",
    replace: "'edition.json': { fetched: 9 * MB },",
    test: CARRY_TEST,
    name: 'declares one byte over its cap',
  },
  {
    id: 'carry-snapshot-cap',
    defence: 'the snapshot capped at 256 MB as fetched',
    file: CARRY,
    find: "'snapshot.jsonl.gz': { fetched: 256 * MB,",
    replace: "'snapshot.jsonl.gz': { fetched: 257 * MB,",
    test: CARRY_TEST,
    name: 'declares one byte over its cap',
  },
  {
    id: 'carry-changes-cap',
    defence: 'changes.json capped at 256 MB',
    file: CARRY,
    find: "'changes.json': { fetched: 256 * MB },",
    replace: "'changes.json': { fetched: 257 * MB },",
    test: CARRY_TEST,
    name: 'declares one byte over its cap',
  },
  {
    id: 'carry-former-cap',
    defence: 'the former organisations capped at 256 MB as fetched',
    file: CARRY,
    find: "'former.jsonl.gz': { fetched: 256 * MB,",
    replace: "'former.jsonl.gz': { fetched: 257 * MB,",
    test: CARRY_TEST,
    name: 'declares one byte over its cap',
  },
  {
    id: 'carry-expansion-cap',
    defence: 'a fetched edition capped at 1 GB while it expands',
    file: CARRY,
    find: 'bounded(expanded, `${name}, expanded,`),',
    replace: 'bounded(Infinity, `${name}, expanded,`),',
    test: CARRY_TEST,
    name: 'expands past 1 GB',
  },
  {
    id: 'carry-expansion-cap-value',
    defence: 'a fetched edition capped at 1 GB while it expands',
    file: CARRY,
    find: "'snapshot.jsonl.gz': { fetched: 256 * MB, expanded: 1000 * MB },",
    replace: "'snapshot.jsonl.gz': { fetched: 256 * MB, expanded: 1200 * MB },",
    test: CARRY_TEST,
    name: 'expands past 1 GB',
  },
  {
    id: 'carry-line-cap',
    defence: 'no line of a fetched edition over 64 MB',
    file: CARRY,
    find: 'if (length > LONGEST_LINE)',
    replace: 'if (length > 4 * LONGEST_LINE)',
    test: CARRY_TEST,
    name: 'expands without end',
  },
  {
    id: 'carry-json-schema',
    defence: "a fetched edition's JSON files checked against their zod schema",
    file: CARRY,
    find: "if (!parsed.success) throw new UnfitFile(`${name} is not an edition's file",
    replace: "if (parsed.success === 'never') throw new UnfitFile(`${name} is not an edition's file",
    test: CARRY_TEST,
    name: "changes.json is not an edition's changes",
  },
  {
    id: 'carry-line-schema',
    defence: "a fetched edition's lines checked against their zod schema",
    file: CARRY,
    find: 'const parsed = schema.safeParse(value);\n    if (!parsed.success)',
    replace: 'const parsed = { success: true as const, data: value as T };\n    if (!parsed.success)',
    test: CARRY_TEST,
    name: 'a tampered snapshot',
  },
  {
    id: 'carry-counts',
    defence: 'a fetched edition checked against the counts edition.json gives',
    file: CARRY,
    find: 'if (organisations.size !== meta.counts.organisations)',
    replace: 'if (organisations.size > meta.counts.organisations)',
    test: CARRY_TEST,
    name: 'a tampered snapshot',
  },
];

/** Records a later step refuses, editions that claim a live organisation or another register. */
const RECORDS_AND_EDITIONS: Mutant[] = [
  {
    id: 'nesting-limit-fields',
    defence: 'a field nested past 1,000 levels is not read into pages, search or editions',
    file: 'src/records/organisation.ts',
    find: 'if (depth <= NESTING_LIMIT) kept[key] = value;',
    replace: 'kept[key] = value;',
    test: 'tests/unit/records/organisation.test.ts',
    name: 'a field nested deeper than any step reads',
  },
  {
    id: 'nesting-limit-value',
    defence: 'a field nested past 1,000 levels is not read',
    file: 'src/records/organisation.ts',
    find: 'const NESTING_LIMIT = 1000;',
    replace: 'const NESTING_LIMIT = 1100;',
    test: 'tests/unit/records/organisation.test.ts',
    name: 'a field nested deeper than any step reads',
  },
  {
    id: 'nesting-limit-editions',
    defence: 'a field nested past 1,000 levels is not read into editions',
    file: 'src/editions/edition-file.ts',
    find: 'snapshot.organisations.set(id, { id, record: withinNestingLimit(record) });',
    replace: 'snapshot.organisations.set(id, { id, record });',
    test: 'tests/unit/editions/store.test.ts',
    name: 'a record nested deeper than JSON.stringify can write',
  },
  {
    id: 'database-leaves-out',
    defence: 'a record SQLite will not store is left out of the database alone, named in records_left_out',
    file: 'src/site/database.ts',
    find: 'if (!refusesRecord(error)) throw error;',
    replace: 'throw error;',
    test: 'tests/unit/site/database.test.ts',
    name: 'a record nested deeper than SQLite reads',
  },
  {
    id: 'former-page-check',
    defence: "a gone organisation never takes a live one's page",
    file: 'src/editions/former.ts',
    find: '      if (pages.has(page)) return false;',
    replace: '',
    test: 'tests/unit/editions/former.test.ts',
    name: 'a gone organisation whose id is a live one in other capitals',
  },
  {
    id: 'former-lower-case',
    defence: 'ids from editions compared in lower case',
    file: 'src/editions/former.ts',
    find: "        id: organisation.id.toLowerCase(),\n        status: 'former' as const,",
    replace: "        id: organisation.id,\n        status: 'former' as const,",
    test: 'tests/unit/editions/former.test.ts',
    name: 'a gone organisation given in capitals',
  },
  {
    id: 'provenance-other-register',
    defence: "an editions folder that shares no organisation with the data folder is another register's",
    file: 'src/editions/provenance.ts',
    find: '  for (const id of ours) if (theirs.has(id)) return undefined;\n',
    replace: '  return undefined;\n',
    test: 'tests/unit/editions/provenance.test.ts',
  },
  {
    id: 'provenance-publish',
    defence: "npm run build publishes nothing beside another register's editions",
    file: 'src/editions/publish.ts',
    find: 'const otherRegister = otherRegisterEditions(options.editionsDir, staging.data);',
    replace: 'const otherRegister = undefined as string | undefined;',
    test: 'tests/unit/editions/publish.test.ts',
    name: "a build beside another register's editions",
  },
  {
    id: 'amounts-as-written',
    defence: 'amounts summed from the text the record gives',
    file: 'src/money/register-money.ts',
    find: '(writtenAt(organisation, `financialSummary.${field}`) ?? value)',
    replace: 'value',
    test: 'tests/unit/money/register-money.test.ts',
  },
  {
    id: 'charts-never-nan',
    defence: 'charts never draw NaN',
    file: 'src/lib/bar-chart.ts',
    find: 'const unit = Math.max(0, ...values.map((value) => Math.abs(finite(value)))) || 1;',
    replace: 'const unit = 1;',
    test: 'tests/unit/money/register-money.test.ts',
  },
];

/** Folders, locks, swaps, configuration mistakes and a full disk. */
const FOLDERS_AND_CONFIGURATION: Mutant[] = [
  {
    id: 'output-folder-mark',
    defence: "a folder is replaced only when missing, empty or marked as orgdir's",
    file: 'src/storage/output-folder.ts',
    find: 'if (entries.length === 0 || entries.includes(OUTPUT_MARK) || isOurs?.(entries) === true) return;',
    replace: 'return;',
    test: 'tests/unit/scripts/commands.test.ts',
    name: "a folder of one's own, or an empty path",
  },
  {
    id: 'site-empty-path',
    defence: 'an empty path is refused (site and build folders)',
    file: 'src/config.ts',
    find: ".refine((path) => path.trim() !== '', `${settingName(doc)} is an empty path: name a folder`)",
    replace:
      ".refine((path) => path.trim() !== 'never', `${settingName(doc)} is an empty path: name a folder`)",
    test: 'tests/unit/scripts/commands.test.ts',
    name: "a folder of one's own, or an empty path",
  },
  {
    id: 'crawl-empty-path',
    defence: 'an empty path is refused (the data folder)',
    file: 'src/crawl/options.ts',
    find: ".refine((path) => path.trim() !== '', '--data-dir is an empty path: name a folder')",
    replace: ".refine((path) => path.trim() !== 'never', '--data-dir is an empty path: name a folder')",
    test: 'tests/unit/scripts/commands.test.ts',
    name: "a folder of one's own, or an empty path",
  },
  {
    id: 'lock-takeover-claim',
    defence: 'a stale lock is taken over only by the holder of a takeover claim',
    file: 'src/storage/lock.ts',
    find: 'if (!(await linkIfAbsent(own, claim))) {',
    replace: 'if (false) {',
    test: 'tests/unit/storage/lock.test.ts',
    name: 'racing for a stale lock',
  },
  {
    id: 'lock-dead-claim',
    defence: 'a takeover claim left by a killed taker does not keep the lock from being taken',
    file: 'src/storage/lock.ts',
    find: 'if (claimed !== undefined && !judge(claimed).held) await removeIfUnchanged(claim, claimed, aside);',
    replace: '',
    test: 'tests/unit/storage/lock.test.ts',
    name: 'a takeover claim left by a taker killed',
  },
  {
    id: 'swap-journal',
    defence: 'the next build finishes an interrupted swap (from the journal written before the first rename)',
    file: 'src/storage/folder-swap.ts',
    find: '  await writeFileAtomic(journalPath, `${JSON.stringify(journal, null, 2)}\\n`);\n',
    replace: '',
    test: 'tests/unit/storage/folder-swap.test.ts',
  },
  {
    id: 'swap-repair-shown',
    defence: 'the next build finishes an interrupted swap of a site shown through a link',
    file: 'src/storage/folder-swap.ts',
    find: '    await flipLink(swap.live, shown);\n    return `${swap.name}: finished the interrupted swap',
    replace: '    return `${swap.name}: finished the interrupted swap',
    test: 'tests/unit/storage/folder-swap.test.ts',
  },
  {
    id: 'config-api-base-path',
    defence: 'an API address without /public/v1 is one line before any work, exit 2',
    file: 'src/crawl/options.ts',
    find: ".refine((value) => new URL(value).pathname.replace(/\\/+$/, '').endsWith(API_BASE_PATH), {",
    replace: '.refine(() => true, {',
    test: 'tests/unit/scripts/commands.test.ts',
    name: 'configuration mistakes are found before any work',
  },
  {
    id: 'config-rate-floor',
    defence: 'a --rate too low is one line before any work, exit 2',
    file: 'src/crawl/options.ts',
    find: '.refine((rate) => rate === 0 || rate >= MIN_RATE, {',
    replace: '.refine((rate) => rate >= 0, {',
    test: 'tests/unit/scripts/commands.test.ts',
    name: 'configuration mistakes are found before any work',
  },
  {
    id: 'config-data-folder-file',
    defence: 'a data folder that is a file is one line before any work, exit 2',
    file: 'src/storage/output-folder.ts',
    find: 'if (!isFolder) throw new OutputFolderError(',
    replace: 'if (isFolder === undefined) throw new OutputFolderError(',
    test: 'tests/unit/scripts/commands.test.ts',
    name: 'configuration mistakes are found before any work',
  },
  {
    id: 'full-disk',
    defence: 'a full disk names the step, the folder and what to do',
    file: 'src/storage/write-failure.ts',
    find: "const known = typeof code === 'string' ? WRITE_ERRORS[code] : undefined;",
    replace: 'const known = undefined as (typeof WRITE_ERRORS)[string] | undefined;',
    test: 'tests/unit/scripts/commands.test.ts',
    name: 'a full disk during the site build',
  },
];

/** The site's process as package.json starts it, and the search index it publishes. */
const SITE_PROCESS: Mutant[] = [
  {
    id: 'site-index-labels',
    defence: "the site's search index is the one the search tests check",
    file: 'src/search/build/site-index.ts',
    find: '{ lists: labels?.lists ?? [], voluntaryCodes: labels?.voluntaryCodes ?? [], countyKey },',
    replace: '{ lists: [], voluntaryCodes: labels?.voluntaryCodes ?? [], countyKey },',
    test: 'tests/unit/search/site-index.test.ts',
  },
  {
    id: 'memory-hand-back',
    defence: 'the site build hands back the memory its reading of the register left behind',
    file: 'src/site/node-flags.ts',
    find: "  if (typeof gc === 'function') gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });",
    replace: '',
    test: 'tests/unit/site/node-flags.test.ts',
    name: 'hands its memory back',
  },
  {
    id: 'site-node-flags',
    defence: 'npm run site starts Node with the flags the memory hand-back needs',
    file: 'package.json',
    find: '"site": "node --max-semi-space-size=8 --expose-gc scripts/site.ts",',
    replace: '"site": "node --max-semi-space-size=8 scripts/site.ts",',
    test: 'tests/unit/site/node-flags.test.ts',
    name: 'hands its memory back',
  },
];

export const MUTANTS: readonly Mutant[] = [
  ...REDACTION,
  ...CRAWL_BOUNDS,
  ...FETCHED_EDITION,
  ...RECORDS_AND_EDITIONS,
  ...FOLDERS_AND_CONFIGURATION,
  ...SITE_PROCESS,
];
