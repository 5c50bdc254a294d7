// The subscription key must never reach a file, a log line or an error message. Everything the
// crawl writes or reports passes through the redactor built from the key, whatever its source
// (an echoing proxy, an error that quotes a request).
//
// An API seldom gives the key back as it was sent: a JSON encoder escapes `/` as `\/` (PHP) or
// `+` as `\u002B` (.NET), a URL percent-encodes it (`%2F`, `%2b`), an HTML error page writes
// entities (`&#43;`, `&sol;`). The redactor matches the key character by character, each in any
// of these forms, so any mix of them is found; letters and hexadecimal digits in any case.
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
    `${AMPERSAND}#0*${code};`,
    `${AMPERSAND}#x0*${hex(code, 2)};`,
    ...(HTML_NAMES[character] === undefined ? [] : [`${AMPERSAND}${HTML_NAMES[character]};`]),
  ];
  if (character === '\\') forms.unshift('\\\\{2,}');
  else if (character === '/' || character === '"') forms.unshift(`\\\\+${escapeRegExp(character)}`);
  forms.push(escapeRegExp(character));
  return `(?:${forms.join('|')})`;
}

/** The start of an encoding cut off after its first characters (`\u00`, `%2`, `&#4`). */
const PARTIAL_FORM = `\\\\+(?:u[0-9a-f]{0,3})?|(?:%(?:25)*|\\\\+u0025)[0-9a-f]?|${AMPERSAND}(?:#x?[0-9a-f]*|[a-z]*)`;

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

  const redact = (text: string): string =>
    text.replace(anywhere, (_match, backslashes: string) => {
      return `${backslashes.slice(0, backslashes.length - (backslashes.length % 2))}${REDACTED}`;
    });
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
