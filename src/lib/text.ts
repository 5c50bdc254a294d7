// Reading loosely typed values from a stored record: a field may be missing, null or mistyped,
// and the page must still read naturally ("not given"), never "undefined" or "null".

const NOT_GIVEN = 'not given';

/** The trimmed string, or `undefined` when the value is not a non-empty string. */
export function textOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // Spaces before a line break are invisible on the page and only trip HTML validators.
  const text = value.trim().replace(/[ \t]+(?=\r?\n)/g, '');
  return text === '' ? undefined : text;
}

/** A number or a string as text; anything else `undefined`. */
export function scalarText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return textOf(value);
}

/** The array's elements, or an empty array when the value is not one. */
function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The value as a plain object, or an empty one. */
export function objectOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The non-empty strings of an array, in order. */
export function stringsOf(value: unknown): string[] {
  return arrayOf(value)
    .map(textOf)
    .filter((text): text is string => text !== undefined);
}

/**
 * The spec warns the legal objects extract "may end part-way through a sentence": it is an
 * extract when its last character does not close a sentence.
 */
export function endsMidSentence(extract: string): boolean {
  return !/[.!?;:)\]"'\u2019\u201d]$/.test(extract.trim());
}

/**
 * A whole number's digits grouped by thousands as en-IE writes them: "2,547", "-1,191,591,656".
 * Written out rather than asked of Intl.NumberFormat, whose first use in a page loads the
 * locale's data: tens of milliseconds of the page's thread before the search page can start.
 */
export function groupDigits(whole: number | bigint | string): string {
  return String(whole).replace(/\B(?=(?:\d{3})+$)/g, ',');
}

/** "1 organisation", "2,345 organisations". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${groupDigits(count)} ${count === 1 ? singular : plural}`;
}

/** A value of unknown shape as short readable text, for the "other data" section. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return NOT_GIVEN;
  if (typeof value === 'string') return value.trim() === '' ? '(empty)' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.length === 0) return '(empty list)';
  return JSON.stringify(value);
}

/**
 * Cuts text to at most `max` characters at a word boundary, marking the cut with "…". `measure`
 * counts a string's length (for a limit on escaped HTML, count entities as they are written).
 */
export function truncate(text: string, max: number, measure = (value: string) => value.length): string {
  if (measure(text) <= max) return text;
  let end = Math.min(text.length, max);
  let result: string;
  do {
    end -= 1;
    const cut = text.slice(0, end);
    const space = /\s/.test(text.charAt(end)) ? end : cut.lastIndexOf(' ');
    result = `${(space > end / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
  } while (end > 0 && measure(result) > max);
  return result;
}

/** Extra characters each escaped character takes in Astro's output (&lt; &gt; &amp; &#39; &quot;). */
const ESCAPE_EXTRA: Record<string, number> = { '<': 3, '>': 3, '&': 4, "'": 4, '"': 5 };

/** The length of text once escaped for HTML, as validators count a title. */
export function escapedLength(text: string): number {
  let length = text.length;
  for (const character of text) length += ESCAPE_EXTRA[character] ?? 0;
  return length;
}
