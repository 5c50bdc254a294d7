// The subscription key must never reach a file, a log line or an error message. Everything the
// crawl writes or reports passes through the redactor built from the key, whatever its source
// (an echoing proxy, an error that quotes a request).
//
// An API seldom gives the key back as it was sent: a JSON encoder escapes `/` as `\/` (PHP) or
// `+` as `\u002B` (.NET), a URL percent-encodes it (`%2F`, `%2b`), an HTML error page writes
// entities (`&#43;`, `&sol;`), IIS writes `%u002B`. The redactor matches the key character by
// character, each in any of these forms, so any mix of them is found; letters and hexadecimal
// digits in any case. A hostile or careless service goes further: it gives the key back base64- or
// hex-encoded (a header dump, a signature), reversed, or with an invisible character inside (a
// zero-width space, a soft hyphen) that a reader would not see and a plain match would miss; these
// are matched too (docs/security.md, "The hostile API, round two").
import type { CrawlEvent, CrawlReporter } from './events.ts';

export const REDACTED = '[redacted key]';

/** The crawl's one redactor: a text with every occurrence of the key, in any form, replaced. */
export interface Redact {
  (text: string): string;
  /**
   * The first `limit` characters of `text`, redacted before it is cut (a key straddling the cut
   * would otherwise keep its first part) and ending before any part of the key left at the cut;
   * a replacement the cut would split is kept whole.
   */
  excerpt(text: string, limit: number): string;
}

/** Names HTML gives characters a key may hold: `&sol;`, `&plus;`, `&equals;` and the escaped five. */
const HTML_NAMES: Readonly<Record<string, string>> = {
  '/': 'sol',
  '+': 'plus',
  '=': 'equals',
  '&': 'amp',
  '<': 'lt',
  '>': 'gt',
  '"': 'quot',
  "'": 'apos',
};

/** An entity's `&`, or that `&` JSON-escaped as HTML-safe encoders write it (Go's `\u0026`). */
const AMPERSAND = '(?:&|\\\\+u0026)';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * One character of the key as `encodedForms` gives it; a `+` also as a space, as a form-decoded
 * query string (application/x-www-form-urlencoded) reads it, in any of a space's forms.
 */
function characterForms(character: string): string {
  if (character === '+') return `(?:${encodedForms('+')}|${encodedForms(' ')})`;
  return encodedForms(character);
}

/**
 * One character in every form an encoder gives it: JSON's `\uXXXX` and `\/`, `\"`, `\\` (with
 * the backslashes doubled again when the JSON was itself quoted in JSON), percent-encoding (twice
 * encoded too, or with its `%` JSON-escaped), HTML's numeric and named entities (their `&`
 * JSON-escaped too), and the character itself. Escapes come first: a key may hold a backslash.
 */
function encodedForms(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  const hex = (value: number, width: number) => value.toString(16).padStart(width, '0');
  const utf16 = Array.from({ length: character.length }, (_, index) => character.charCodeAt(index));
  const utf8 = [...Buffer.from(character, 'utf8')];
  const forms = [
    utf16.map((unit) => `\\\\+u${hex(unit, 4)}`).join(''),
    utf8.map((byte) => `(?:%(?:25)*|\\\\+u0025)${hex(byte, 2)}`).join(''),
    // IIS decodes, and some services write, a UTF-16 unit as `%uXXXX`.
    utf16.map((unit) => `(?:%(?:25)*|\\\\+u0025)u${hex(unit, 4)}`).join(''),
    `${AMPERSAND}#0*${code};`,
    `${AMPERSAND}#x0*${hex(code, 2)};`,
    ...(HTML_NAMES[character] === undefined ? [] : [`${AMPERSAND}${HTML_NAMES[character]};`]),
  ];
  if (character === '\\') forms.unshift('\\\\{2,}');
  else if (character === '/' || character === '"') forms.unshift(`\\\\+${escapeRegExp(character)}`);
  forms.push(escapeRegExp(character));
  return `(?:${forms.join('|')})`;
}

/** The start of an encoding cut off after its first characters (`\u00`, `%2`, `%u00`, `&#4`). */
const PARTIAL_FORM = `\\\\+(?:u[0-9a-f]{0,3})?|(?:%(?:25)*|\\\\+u0025)(?:[0-9a-f]|u[0-9a-f]{0,3})?|${AMPERSAND}(?:#x?[0-9a-f]*|[a-z]*)`;

/**
 * Characters a reader does not see, in any of their encoded forms, any number of them between two
 * of the key's characters: zero-width space, non-joiner and joiner, word joiner, byte-order mark
 * and soft hyphen (also as the entities `&shy;` and `&ZeroWidthSpace;`).
 */
const INVISIBLE = `(?:${['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD']
  .map(encodedForms)
  .join('|')}|${AMPERSAND}(?:shy|ZeroWidthSpace);)*`;

/** Whether a text holds an invisible character, in any form: only then is the key looked for with them. */
const ANY_INVISIBLE = new RegExp(
  `\\u200B|\\u200C|\\u200D|\\u2060|\\uFEFF|\\u00AD|\\\\+u(?:200[bcd]|2060|feff|00ad)|%(?:25)*(?:u(?:200[bcd]|2060|feff|00ad)|e2%(?:25)*80%(?:25)*8[bcd]|e2%(?:25)*81%(?:25)*a0|ef%(?:25)*bb%(?:25)*bf|c2%(?:25)*ad)|&(?:#x?0*(?:200[bcd]|2060|feff|ad|8203|8204|8205|8288|65279|173);|shy;|ZeroWidthSpace;)`,
  'i',
);

/** Shorter encodings than this are left alone: they could stand in ordinary text by chance. */
const SHORTEST_VARIANT = 8;

/**
 * The key as some services give it back beside the forms of its characters: reversed, its UTF-8
 * bytes in hexadecimal, and base64 (standard and URL-safe). Base64 writes three bytes as four
 * characters, so the key inside a longer encoded text is written one of three ways by where it
 * starts; each way's characters that depend on the key alone are what is matched.
 */
function keyVariants(key: string): string[] {
  const bytes = Buffer.from(key, 'utf8');
  const variants = [[...key].reverse().join(''), bytes.toString('hex')];
  for (let offset = 0; offset < 3; offset += 1) {
    const shifted = Buffer.concat([Buffer.alloc(offset), bytes])
      .toString('base64')
      .replace(/=+$/, '');
    // Characters holding a bit of the padding before, or of what follows the key, vary; the rest do not.
    const start = Math.ceil((offset * 4) / 3);
    const end = Math.floor(((offset + bytes.length) * 4) / 3);
    const core = shifted.slice(start, end);
    variants.push(core, core.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return [...new Set(variants)].filter((variant) => variant.length >= SHORTEST_VARIANT && variant !== key);
}

/** How many times the excerpt's length is redacted before the excerpt is cut from it. */
const EXCERPT_WINDOW = 64;

/**
 * A redactor for `key`. The backslashes just before a match are taken into it, and an odd one is
 * dropped with the key: the key's first character may be what that backslash escaped, and a lone
 * backslash before the replacement would break the JSON it stood in.
 */
export function keyRedactor(key: string): Redact {
  if (key === '') {
    return Object.assign((text: string) => text, {
      excerpt: (text: string, limit: number) => text.slice(0, limit),
    });
  }
  const forms = [...key].map(characterForms);
  const anywhere = new RegExp(`(\\\\*)${forms.join('')}`, 'gi');
  // The key with invisible characters inside takes twenty times as long to look for: only in a
  // text that holds one of them.
  const withInvisible = new RegExp(`(\\\\*)${forms.join(INVISIBLE)}`, 'gi');
  const variants = keyVariants(key);
  const encoded =
    variants.length === 0
      ? undefined
      : new RegExp(
          `()(?:${variants.map((variant) => escapeRegExp(variant).replaceAll('\\/', '\\\\*\\/')).join('|')})`,
          'gi',
        );
  // Any first part of the key (at least its first character, at most all but its last), then
  // perhaps the start of the next character's encoding, at the very end of a text.
  let prefix = '';
  for (let index = forms.length - 2; index >= 0; index -= 1) {
    const rest = prefix === '' ? PARTIAL_FORM : `${prefix}|${PARTIAL_FORM}`;
    prefix = `${forms[index]}(?:${rest})?`;
  }
  const atEnd = prefix === '' ? undefined : new RegExp(`(?:${prefix})$`, 'i');
  const withoutKeyPrefixAtEnd = (text: string): string => {
    const match = atEnd?.exec(text);
    return match === null || match === undefined ? text : text.slice(0, match.index);
  };

  const replacement = (_match: string, backslashes: string) =>
    `${backslashes.slice(0, backslashes.length - (backslashes.length % 2))}${REDACTED}`;
  const redact = (text: string): string => {
    let redacted = text.replace(anywhere, replacement);
    if (ANY_INVISIBLE.test(redacted)) redacted = redacted.replace(withInvisible, replacement);
    return encoded === undefined ? redacted : redacted.replace(encoded, replacement);
  };
  const excerpt = (text: string, limit: number): string => {
    // Redacting a window rather than the whole text bounds the work for a body of many megabytes;
    // the window's own cut is trimmed like the excerpt's, in case redaction shrank it that far.
    const window = text.length > limit * EXCERPT_WINDOW ? text.slice(0, limit * EXCERPT_WINDOW) : text;
    let redacted = redact(window);
    if (window.length < text.length) redacted = withoutKeyPrefixAtEnd(redacted);
    if (redacted.length <= limit) return redacted;
    // A marker the cut would split is kept whole: it says that a key was there.
    const marker = redacted.indexOf(REDACTED, Math.max(0, limit - REDACTED.length + 1));
    if (marker !== -1 && marker < limit) return redacted.slice(0, marker + REDACTED.length);
    return withoutKeyPrefixAtEnd(redacted.slice(0, limit));
  };
  return Object.assign(redact, { excerpt });
}

/**
 * An answer's body and parsed value with the key replaced, for an API (or a gateway before it)
 * that gives the key back inside a record: the one change the crawl makes to what it stores. The
 * same Buffer and value when the key is not in it; otherwise the value is parsed again from the
 * redacted text, so that every page, search index and download built from it is redacted too.
 * `undefined` when the redacted text is no longer JSON (a key ending in a backslash took the one
 * that escaped a quote after it): such an answer must not be stored.
 */
export function redactAnswer(
  body: Buffer,
  value: unknown,
  redact: Redact,
): { body: Buffer; value: unknown } | undefined {
  const text = body.toString('utf8');
  const redacted = redact(text);
  if (redacted === text) return { body, value };
  try {
    return { body: Buffer.from(redacted, 'utf8'), value: JSON.parse(redacted) };
  } catch {
    return undefined;
  }
}

/** A reporter that redacts every text of every event before passing it on. */
export function redactingReporter(reporter: CrawlReporter, redact: (text: string) => string): CrawlReporter {
  return {
    event(event: CrawlEvent) {
      // Copied only when a text held the key: two events a record, nearly all of them clean.
      let copy: Record<string, unknown> | undefined;
      for (const [field, value] of Object.entries(event)) {
        if (typeof value !== 'string') continue;
        const redacted = redact(value);
        if (redacted !== value) (copy ??= { ...event })[field] = redacted;
      }
      reporter.event((copy ?? event) as CrawlEvent);
    },
  };
}
