// A rendered page made leaner by what no browser shows or needs, as regular expressions over its
// text (docs/site.md, "Lean pages"). Each rule leaves a page a parser reads as the same document.

/** Tags whose surrounding whitespace a browser never renders as a gap of its own. */
const STRUCTURAL =
  'html|head|body|header|footer|main|nav|section|article|aside|div|p|h[1-6]|ul|ol|li|dl|dt|dd|table|caption|thead|tbody|tfoot|tr|th|td|figure|figcaption|blockquote|details|summary|form|meta|link|title|script|svg|rect|line|circle|image|path|text|g';
/** Blocks whose content's leading and trailing whitespace is not rendered. */
const BLOCK = 'p|h[1-6]|li|dt|dd|th|td|caption|figcaption|blockquote|div|section|title|text';
const BETWEEN_STRUCTURAL = new RegExp(
  `(<\\/?(?:${STRUCTURAL})(?=[\\s>/])[^>]*>)\\s+(?=<\\/?(?:${STRUCTURAL})[\\s>/])`,
  'g',
);
const AFTER_BLOCK_START = new RegExp(`(<(?:${BLOCK})(?=[\\s>])[^>]*>)\\s+`, 'g');
const BEFORE_BLOCK_END = new RegExp(`\\s+(?=<\\/(?:${BLOCK})>)`, 'g');
const PREFORMATTED = /<(pre|textarea)[\s>]/i;
/** A script (left as it is: its text is not markup), or an end tag the parser supplies itself. */
const OPTIONAL_END_TAG =
  /(<script\b[\s\S]*?<\/script>)|<\/(?:li>(?=<li[\s>]|<\/[ou]l>)|dt>(?=<d[td][\s>])|dd>(?=<d[td][\s>]|<\/dl>)|t[dh]>(?=<t[dh][\s>]|<\/tr>)|tr>(?=<tr[\s>]|<\/t(?:head|body|foot)>)|thead>(?=<tbody[\s>])|tbody>(?=<\/table>))/g;
/** An inline script or style, which the policy's hashes are there to admit. */
const INLINE_CODE =
  /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>|<style[\s>]|\sstyle="/i;
const CSP_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;
const HASH_SOURCE = /\s*'sha(?:256|384|512)-[A-Za-z0-9+/=]+'/g;

/**
 * Drops whitespace a browser never renders: between two structural tags (`</td> <td>`,
 * `</dd> <dt>`), and at the start and end of a block's content (`<td> <a`, `text </p>`).
 * Whitespace between inline content (`</a> <span>`) is kept, and a page with preformatted text
 * is left as it is.
 */
export function withoutStructuralWhitespace(html: string): string {
  if (PREFORMATTED.test(html)) return html;
  return html
    .replace(BETWEEN_STRUCTURAL, '$1')
    .replace(AFTER_BLOCK_START, '$1')
    .replace(BEFORE_BLOCK_END, '');
}

/**
 * The page without the end tags HTML lets a page leave out, each where the element's end is
 * already certain: an `li` before the next item or the end of its list; a `dt` before a `dt` or
 * `dd`; a `dd` before either or the end of its list; a cell before the next cell or the end of its
 * row; a row before the next row or the end of its table section; a `thead` before the body; a
 * `tbody` at the end of its table. A parser builds the same document with or without them. The
 * text of a script is not markup and is left as it is; a record's text never holds a raw `<`, as
 * Astro escapes it in text and in attribute values alike. Some 8% of an organisation page, where
 * tables, lists and definition lists hold most of the markup; at 35,000 organisations 37 MB of the
 * site, the room the complete ranked listings take (docs/site.md: "Lean pages").
 */
export function withoutOptionalEndTags(html: string): string {
  return html.replace(OPTIONAL_END_TAG, (_tag, script: string | undefined) => script ?? '');
}

/**
 * The page's Content-Security-Policy without hash sources when the page has no inline script or
 * style for them to admit. Astro lists on every page the hashes of its island loaders (this site
 * has no islands) and of every inline style of the site: about 330 bytes a page, admitting nothing.
 */
export function withoutUnusedHashes(html: string): string {
  if (INLINE_CODE.test(html)) return html;
  return html.replace(
    CSP_META,
    (_match, start: string, policy: string, end: string) => start + policy.replace(HASH_SOURCE, '') + end,
  );
}

/**
 * A rendered page as it is written: all of the above, and no NUL character. A NUL in a record
 * reaches the page as text; an HTML parser reads it as an error and replaces it (U+FFFD) or drops
 * it, as each browser likes. Replaced here, every reader sees the same page.
 */
export function leanPage(html: string): string {
  return withoutUnusedHashes(
    withoutOptionalEndTags(withoutStructuralWhitespace(html.replaceAll('\u0000', '\uFFFD'))),
  );
}
