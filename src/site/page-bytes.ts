// Bytes every page paid for nothing, taken out as Astro hands each page over (build.ts), so the
// file written, the archived entry and the page served are one and the same. At 35,000
// organisations each byte of an organisation page is 35 kB of the site.
//
// The page is read once, as the UTF-8 bytes Astro rendered (a TextEncoder's, so well formed), and
// written lean straight into the caller's buffer: its markup is ASCII bytes, so nothing is decoded,
// and only the bytes at and around each `<` and `>` are looked at. Each rule reads as a pattern
// over the page's text, and gives what that pattern gives, whatever the markup: a `<` or a quote
// inside a tag, markup inside a script's text. Whitespace is what a JavaScript `\s` matches,
// Unicode's (U+00A0, U+2028, U+FEFF and the others) included, multi-byte as it is in UTF-8.

/** Tags whose boxes never render the whitespace between them: blocks, table parts, head elements, SVG shapes. */
const STRUCTURAL = [
  ...['html', 'head', 'body', 'header', 'footer', 'main', 'nav', 'section', 'article', 'aside'],
  ...['div', 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd'],
  ...['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'figure', 'figcaption'],
  ...['blockquote', 'details', 'summary', 'form', 'meta', 'link', 'title', 'script'],
  ...['svg', 'rect', 'line', 'circle', 'image', 'path', 'text', 'g'],
];

/**
 * Block containers (and SVG text): whitespace at the start or end of their content begins or ends
 * a line, where CSS removes it. (The site's lists are flex containers or blocks, never inline.)
 */
const BLOCK = [
  ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'dt', 'dd', 'th', 'td', 'caption'],
  ...['figcaption', 'blockquote', 'div', 'section', 'title', 'text'],
];

/**
 * The tag names the rules look for, as a trie over their bytes (lower case, as the rules match
 * them): state 0 is the start, `NEXT[state * 128 + byte]` the state after one more byte (0: no
 * name goes on so), `NAME_LENGTH` a state's depth and `NAME_KIND` what a whole name is.
 */
const NEXT = new Uint8Array(256 * 128);
const NAME_LENGTH = new Uint8Array(256);
const NAME_KIND = new Uint8Array(256);
const IS_STRUCTURAL = 1;
const IS_BLOCK = 2;
let states = 1;

/** The trie's state for a name, added with its kind. */
function nameState(name: string, kind = 0): number {
  let state = 0;
  for (let index = 0; index < name.length; index += 1) {
    const slot = state * 128 + name.charCodeAt(index);
    if (NEXT[slot] === 0) {
      NAME_LENGTH[states] = index + 1;
      NEXT[slot] = states++;
    }
    state = NEXT[slot]!;
  }
  NAME_KIND[state]! |= kind;
  return state;
}

for (const name of STRUCTURAL) nameState(name, IS_STRUCTURAL);
for (const name of BLOCK) nameState(name, IS_BLOCK);
// The names the end tags' rules and the scripts' text are told by.
const LI = nameState('li');
const OL = nameState('ol');
const UL = nameState('ul');
const DT = nameState('dt');
const DD = nameState('dd');
const DL = nameState('dl');
const TD = nameState('td');
const TH = nameState('th');
const TR = nameState('tr');
const THEAD = nameState('thead');
const TBODY = nameState('tbody');
const TFOOT = nameState('tfoot');
const TABLE = nameState('table');
const SCRIPT = nameState('script');

const NUL = 0x00;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const SLASH = 0x2f;
const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;

/** Whether a byte is whitespace, or may begin a multi-byte character that is. */
const BYTE_KIND = new Uint8Array(256);
const ASCII_WHITESPACE = 1;
const MAYBE_WHITESPACE = 2; // the first byte of a multi-byte character `\s` matches, and of others
for (const byte of [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20]) BYTE_KIND[byte] = ASCII_WHITESPACE;
for (const byte of [0xc2, 0xe1, 0xe2, 0xe3, 0xef]) BYTE_KIND[byte] = MAYBE_WHITESPACE;

/**
 * The bytes of the whitespace character at `at` (0 if none): what a JavaScript `\s` matches,
 * the ASCII six and the Unicode spaces, line and paragraph separators and U+FEFF.
 */
function whitespaceLength(bytes: Uint8Array, at: number, end: number): number {
  const byte = bytes[at]!;
  const kind = BYTE_KIND[byte];
  if (kind === ASCII_WHITESPACE) return 1;
  if (kind !== MAYBE_WHITESPACE) return 0;
  if (byte === 0xc2) return at + 1 < end && bytes[at + 1] === 0xa0 ? 2 : 0; // U+00A0
  if (at + 2 >= end) return 0;
  const second = bytes[at + 1]!;
  const third = bytes[at + 2]!;
  switch (byte) {
    case 0xe1: // U+1680
      return second === 0x9a && third === 0x80 ? 3 : 0;
    case 0xe2: // U+2000 to U+200A, U+2028, U+2029, U+202F, U+205F
      return (second === 0x80 &&
        ((third >= 0x80 && third <= 0x8a) || third === 0xa8 || third === 0xa9 || third === 0xaf)) ||
        (second === 0x81 && third === 0x9f)
        ? 3
        : 0;
    case 0xe3: // U+3000
      return second === 0x80 && third === 0x80 ? 3 : 0;
    default: // U+FEFF
      return second === 0xbb && third === 0xbf ? 3 : 0;
  }
}

/** Where the run of whitespace that goes on at `at` ends. */
function whitespaceEnd(bytes: Uint8Array, at: number, end: number): number {
  while (at < end) {
    const kind = BYTE_KIND[bytes[at]!];
    if (kind === ASCII_WHITESPACE) at += 1;
    else if (kind !== MAYBE_WHITESPACE) break;
    else {
      const length = whitespaceLength(bytes, at, end);
      if (length === 0) break;
      at += length;
    }
  }
  return at;
}

/** A byte of a word, as a regular expression's `\b` reads one: an ASCII letter, digit or `_`. */
function isWordByte(byte: number | undefined): boolean {
  return (
    byte !== undefined &&
    ((byte >= 0x61 && byte <= 0x7a) ||
      (byte >= 0x41 && byte <= 0x5a) ||
      (byte >= 0x30 && byte <= 0x39) ||
      byte === 0x5f)
  );
}

/** Whether `text` (ASCII, its letters lower case) is at `at`, its letters in either case. */
function textAt(bytes: Uint8Array, at: number, end: number, text: Uint8Array): boolean {
  if (at + text.length > end) return false;
  for (let index = 0; index < text.length; index += 1) {
    const byte = bytes[at + index]!;
    const expected = text[index]!;
    if (byte !== expected && !(expected >= 0x61 && expected <= 0x7a && byte === expected - 0x20))
      return false;
  }
  return true;
}

const ascii = (text: string) => new TextEncoder().encode(text);

// What a `<` begins (tagAt): the name's trie state above the low byte, these bits in it.
const END_TAG = 1; // `</`
const NAME_THEN_GREATER_THAN = 2; // `<li>`
const NAME_THEN_WHITESPACE = 4; // `<li class…`
const STRUCTURAL_TAG = 8; // `</?` a structural name, then whitespace, `>` or `/`
const BLOCK_START = 16; // `<` a block's name, then whitespace or `>`
const BLOCK_END = 32; // `</` a block's name, `>`
const SCRIPT_START = 64; // `<script`, then no word byte

/** The last tag read (tagAt), as each is looked at again from the whitespace or end tag before it. */
let taggedPage: Uint8Array | undefined;
let taggedAt = -1;
let tagged = 0;

/** What the `<` at `at` begins, as the rules read it (the bits above, and its name's state). */
function tagAt(bytes: Uint8Array, at: number, end: number): number {
  if (at === taggedAt && bytes === taggedPage) return tagged;
  let next = at + 1;
  let tag = 0;
  if (next < end && bytes[next] === SLASH) {
    tag = END_TAG;
    next += 1;
  }
  let state = 0;
  while (next < end) {
    const byte = bytes[next]!;
    if (byte >= 128 || NEXT[state * 128 + byte] === 0) break;
    state = NEXT[state * 128 + byte]!;
    next += 1;
  }
  const kind = NAME_KIND[state]!;
  if (kind !== 0) {
    const after = next < end ? bytes[next]! : -1;
    if (after === GREATER_THAN) tag |= NAME_THEN_GREATER_THAN;
    else if (next < end && whitespaceLength(bytes, next, end) > 0) tag |= NAME_THEN_WHITESPACE;
    const delimited = (tag & (NAME_THEN_GREATER_THAN | NAME_THEN_WHITESPACE)) !== 0;
    if (kind & IS_STRUCTURAL && (delimited || after === SLASH)) tag |= STRUCTURAL_TAG;
    if (kind & IS_BLOCK) {
      if (!(tag & END_TAG)) tag |= delimited ? BLOCK_START : 0;
      else tag |= tag & NAME_THEN_GREATER_THAN ? BLOCK_END : 0;
    }
    if (state === SCRIPT && !(tag & END_TAG) && !isWordByte(bytes[next])) tag |= SCRIPT_START;
    tag |= state << 8;
  }
  taggedPage = bytes;
  taggedAt = at;
  tagged = tag;
  return tag;
}

const PRE = ascii('pre');
const TEXTAREA = ascii('textarea');

/** Whether the `<` at `at` begins preformatted text (`<pre`, `<textarea`, in any case). */
function preformattedAt(bytes: Uint8Array, at: number, end: number): boolean {
  const first = (bytes[at + 1] ?? 0) | 0x20;
  const second = (bytes[at + 2] ?? 0) | 0x20;
  const name =
    first === 0x70 && second === 0x72 && textAt(bytes, at + 1, end, PRE)
      ? PRE
      : first === 0x74 && second === 0x65 && textAt(bytes, at + 1, end, TEXTAREA)
        ? TEXTAREA
        : undefined;
  if (!name) return false;
  const after = at + 1 + name.length;
  return after < end && (bytes[after] === GREATER_THAN || whitespaceLength(bytes, after, end) > 0);
}

// The rules, each of which the page may be read with or without.
const STRUCTURAL_WHITESPACE = 1;
const OPTIONAL_END_TAGS = 2;
const UNUSED_HASHES = 4;
const NUL_CHARACTERS = 8;
const ALL_RULES = STRUCTURAL_WHITESPACE | OPTIONAL_END_TAGS | UNUSED_HASHES | NUL_CHARACTERS;

/**
 * Whether the run of whitespace from `start` to `end` goes (withoutStructuralWhitespace): right
 * after a block's start tag; between two structural tags; right before a block's end tag. `before`
 * is what the `<`s since the `>` before the run began (tagAt): that `>` closes a structural tag
 * when one of them begins one, whatever else (quotes, a `<`) comes between.
 */
function structuralWhitespace(
  bytes: Uint8Array,
  start: number,
  end: number,
  pageEnd: number,
  before: number,
): boolean {
  const afterTag = start > 0 && bytes[start - 1] === GREATER_THAN;
  if (afterTag && before & BLOCK_START) return true;
  if (end >= pageEnd || bytes[end] !== LESS_THAN) return false;
  const next = tagAt(bytes, end, pageEnd);
  return (
    (afterTag && (before & STRUCTURAL_TAG) !== 0 && (next & STRUCTURAL_TAG) !== 0) || (next & BLOCK_END) !== 0
  );
}

/**
 * Whether `tag`, at `at`, is the start tag `<name` then `>` or whitespace, as the page reads once
 * its structural whitespace is gone: whitespace right after a name goes only before a block's end.
 */
function isStartTag(bytes: Uint8Array, at: number, end: number, tag: number, rules: number): boolean {
  if (tag & END_TAG) return false;
  if (tag & NAME_THEN_GREATER_THAN) return true;
  if (!(tag & NAME_THEN_WHITESPACE)) return false;
  if (!(rules & STRUCTURAL_WHITESPACE)) return true;
  const after = whitespaceEnd(bytes, at + 1 + NAME_LENGTH[tag >> 8]!, end);
  return !(after < end && bytes[after] === LESS_THAN && tagAt(bytes, after, end) & BLOCK_END);
}

/** Whether `tag` is an end tag `</name>`. */
function isEndTag(tag: number): boolean {
  return (tag & (END_TAG | NAME_THEN_GREATER_THAN)) === (END_TAG | NAME_THEN_GREATER_THAN);
}

/**
 * Whether the end tag `</name>` whose `>` is at `close` may be left out (withoutOptionalEndTags):
 * what comes next, once the structural whitespace is gone, ends its element.
 */
function impliedEndTag(
  bytes: Uint8Array,
  close: number,
  end: number,
  name: number,
  rules: number,
  before: number,
): boolean {
  let at = close + 1;
  if (at < end && whitespaceLength(bytes, at, end) > 0) {
    const after = whitespaceEnd(bytes, at, end);
    if (!(rules & STRUCTURAL_WHITESPACE) || !structuralWhitespace(bytes, at, after, end, before))
      return false;
    at = after;
  }
  if (at >= end || bytes[at] !== LESS_THAN) return false;
  const tag = tagAt(bytes, at, end);
  const next = tag >> 8;
  if (next === 0) return false;
  const start = (of: number) => next === of && isStartTag(bytes, at, end, tag, rules);
  const endOf = (of: number) => next === of && isEndTag(tag);
  switch (name) {
    case LI:
      return start(LI) || endOf(OL) || endOf(UL);
    case DT:
      return start(DT) || start(DD);
    case DD:
      return start(DT) || start(DD) || endOf(DL);
    case TD:
    case TH:
      return start(TD) || start(TH) || endOf(TR);
    case TR:
      return start(TR) || endOf(THEAD) || endOf(TBODY) || endOf(TFOOT);
    case THEAD:
      return start(TBODY);
    case TBODY:
      return endOf(TABLE);
    default:
      return false;
  }
}

/** The end tags impliedEndTag may leave out, by their names' states. */
const OPTIONAL_END = new Uint8Array(256);
for (const name of [LI, DT, DD, TD, TH, TR, THEAD, TBODY]) OPTIONAL_END[name] = 1;

/**
 * Moves the bytes of `into` from `from` to `to` down to `written`, where the bytes written end;
 * returns where they end now. A short piece is moved by hand: a call to the engine costs more.
 */
function closeUp(into: Uint8Array, written: number, from: number, to: number): number {
  if (written === from) return to;
  if (to - from > 64) {
    into.copyWithin(written, from, to);
    return written + (to - from);
  }
  while (from < to) into[written++] = into[from++]!;
  return written;
}

/** The bytes of a page as one-byte characters, for the engine's own searches through them. */
function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** Where the run of whitespace that ends at `at` begins, no earlier than `start`. */
function whitespaceStart(bytes: Uint8Array, start: number, at: number): number {
  while (at > start) {
    const last = bytes[at - 1]!;
    if (BYTE_KIND[last] === ASCII_WHITESPACE) at -= 1;
    else if (last < 0x80) break;
    else if (last === 0xa0 && at - 2 >= start && bytes[at - 2] === 0xc2) at -= 2;
    else if (at - 3 >= start && whitespaceLength(bytes, at - 3, at) === 3) at -= 3;
    else break;
  }
  return at;
}

/**
 * Where in the written page each `<` followed by `s` or `m` (in either case) went: where an
 * inline script or style, or the policy, may begin (withoutUnusedHashes). Kept between pages, as
 * a page is written on one thread at a time.
 */
const marks: number[] = [];

/**
 * Writes the page (`text` its bytes as one-byte characters) from `start` into `into` by the rules
 * given; returns the bytes written, or -1 if the page turns out to hold preformatted text while its
 * structural whitespace was to go. The page is copied whole, then closed up over what goes; the
 * engine's searches find each `<` and `>`, where every rule begins, and of the text between them
 * only whitespace next to a tag is read.
 */
function writeLean(page: Uint8Array, text: string, start: number, into: Uint8Array, rules: number): number {
  const end = page.length;
  taggedAt = -1;
  marks.length = 0;
  into.set(start === 0 ? page : page.subarray(start));
  /** Where the page's bytes not yet written begin, and where in `into` they go. */
  let kept = start;
  let written = 0;
  const whitespace = (rules & STRUCTURAL_WHITESPACE) !== 0;
  /** What the `<`s since the last `>` began (tagAt). */
  let open = 0;
  /** Where the script text the end tags are looked for around ends; whether any `</script>` is left. */
  let scriptEnd = -1;
  let scriptEndsLeft = true;
  let lessThan = text.indexOf('<', start);
  let greaterThan = text.indexOf('>', start);
  while (lessThan >= 0 || greaterThan >= 0) {
    if (greaterThan >= 0 && (lessThan < 0 || greaterThan < lessThan)) {
      const at = greaterThan;
      greaterThan = text.indexOf('>', at + 1);
      const before = open;
      open = 0;
      if (whitespace && at + 1 < end && whitespaceLength(page, at + 1, end) > 0) {
        const after = whitespaceEnd(page, at + 1, end);
        if (structuralWhitespace(page, at + 1, after, end, before)) {
          written = closeUp(into, written, kept - start, at + 1 - start);
          kept = after;
        }
      }
      continue;
    }
    const at = lessThan;
    lessThan = text.indexOf('<', at + 1);
    const next = (page[at + 1] ?? 0) | 0x20;
    if (next === 0x73 || next === 0x6d) marks.push(written + at - kept);
    else if (whitespace && (next === 0x70 || next === 0x74) && preformattedAt(page, at, end)) return -1;
    const tag = tagAt(page, at, end);
    open |= tag & (STRUCTURAL_TAG | BLOCK_START);
    if (whitespace && tag & BLOCK_END) {
      // Whitespace right after a `>` was weighed there, this tag and all.
      const space = whitespaceStart(page, start, at);
      if (space < at && !(space > start && page[space - 1] === GREATER_THAN)) {
        written = closeUp(into, written, kept - start, space - start);
        kept = at;
      }
    }
    if (!(rules & OPTIONAL_END_TAGS) || at < scriptEnd) continue;
    if (tag & SCRIPT_START && scriptEndsLeft) {
      const found = text.indexOf('</script>', at + '<script'.length);
      if (found < 0) scriptEndsLeft = false;
      else scriptEnd = found + '</script>'.length;
    } else if (isEndTag(tag) && OPTIONAL_END[tag >> 8]) {
      const name = tag >> 8;
      if (impliedEndTag(page, at + 2 + NAME_LENGTH[name]!, end, name, rules, open)) {
        written = closeUp(into, written, kept - start, at - start);
        kept = at + 3 + NAME_LENGTH[name]!;
      }
    }
  }
  written = closeUp(into, written, kept - start, end - start);
  if (rules & UNUSED_HASHES && !inlineCode(into, written, page, text, start, rules)) {
    written = withoutHashSources(into, written);
  }
  return written;
}

const STYLE_TAG = ascii('<style');
const SCRIPT_TAG = ascii('<script');
const STYLE_ATTRIBUTE = /style="/gi;
const SRC = ascii('src=');
const JSON_TYPE = ascii('type="application/json"');
const JSON_LD_TYPE = ascii('type="application/ld+json"');

/**
 * Whether the written page has an inline script that runs (not a JSON data block), or an inline
 * style: what a CSP hash admits. A script or a `<style` is looked for where the written page's
 * marks are. A `style="` is found in the page as it came: whitespace before it is written unless
 * it follows a block's start tag, where it went.
 */
function inlineCode(
  lean: Uint8Array,
  end: number,
  page: Uint8Array,
  text: string,
  start: number,
  rules: number,
): boolean {
  for (const mark of marks) {
    if (textAt(lean, mark, end, SCRIPT_TAG)) {
      if (runningScript(lean, mark + SCRIPT_TAG.length, end)) return true;
    } else if (textAt(lean, mark, end, STYLE_TAG)) {
      const after = mark + STYLE_TAG.length;
      if (after < end && (lean[after] === GREATER_THAN || whitespaceLength(lean, after, end) > 0))
        return true;
    }
  }
  STYLE_ATTRIBUTE.lastIndex = start;
  for (let found = STYLE_ATTRIBUTE.exec(text); found; found = STYLE_ATTRIBUTE.exec(text)) {
    const space = whitespaceStart(page, start, found.index);
    if (space === found.index) continue;
    if (!(rules & STRUCTURAL_WHITESPACE) || space === start || page[space - 1] !== GREATER_THAN) return true;
    if (!(tagsBefore(page, text, space - 1) & BLOCK_START)) return true;
  }
  return false;
}

/** What the `<`s between the `>` at `at` and the `>` before it begin (tagAt). */
function tagsBefore(page: Uint8Array, text: string, at: number): number {
  const previous = text.lastIndexOf('>', at - 1);
  let tags = 0;
  for (
    let open = text.indexOf('<', previous + 1);
    open >= 0 && open < at;
    open = text.indexOf('<', open + 1)
  ) {
    tags |= tagAt(page, open, page.length);
  }
  return tags;
}

/** Whether the rest of a `<script` tag from `at` closes, and names neither a source nor JSON. */
function runningScript(page: Uint8Array, at: number, end: number): boolean {
  const close = page.indexOf(GREATER_THAN, at);
  if (close < 0 || close >= end) return false;
  for (let word = at; word < close; word += 1) {
    if (isWordByte(page[word - 1])) continue;
    if (
      textAt(page, word, end, SRC) ||
      textAt(page, word, end, JSON_TYPE) ||
      textAt(page, word, end, JSON_LD_TYPE)
    ) {
      return false;
    }
  }
  return true;
}

const HASH_START = ascii("'sha");
const POLICY_START = ascii('<meta http-equiv="content-security-policy" content="');

/**
 * The written page with its Content-Security-Policy's hash sources taken out, each with the
 * whitespace before it; returns the page's new length.
 */
function withoutHashSources(page: Uint8Array, end: number): number {
  const mark = marks.find((at) => textAt(page, at, end, POLICY_START));
  if (mark === undefined) return end;
  const start = mark + POLICY_START.length;
  const quote = page.indexOf(QUOTE, start);
  if (quote < 0 || quote >= end) return end;
  let written = start;
  /** Where the whitespace written last begins, or -1 after anything else. */
  let space = -1;
  let at = start;
  while (at < quote) {
    const hashEnd = page[at] === APOSTROPHE ? hashSourceEnd(page, at, quote) : -1;
    if (hashEnd > 0) {
      if (space >= 0) written = space;
      space = -1;
      at = hashEnd;
      continue;
    }
    const length = whitespaceLength(page, at, quote);
    if (length === 0) space = -1;
    else if (space < 0) space = written;
    for (const stop = at + Math.max(length, 1); at < stop;) page[written++] = page[at++]!;
  }
  page.copyWithin(written, quote, end);
  return end - (quote - written);
}

/** Where the hash source `'sha256-…'` (or 384, 512) at `at` ends, or -1. */
function hashSourceEnd(page: Uint8Array, at: number, end: number): number {
  if (!exactly(page, at, end, HASH_START)) return -1;
  const bits = String.fromCharCode(page[at + 4] ?? 0, page[at + 5] ?? 0, page[at + 6] ?? 0);
  if ((bits !== '256' && bits !== '384' && bits !== '512') || page[at + 7] !== 0x2d) return -1;
  let next = at + 8;
  while (next < end && isBase64Byte(page[next]!)) next += 1;
  return next > at + 8 && next < end && page[next] === APOSTROPHE ? next + 1 : -1;
}

/** Whether `text` is at `at`, byte for byte. */
function exactly(bytes: Uint8Array, at: number, end: number, text: Uint8Array): boolean {
  if (at + text.length > end) return false;
  for (let index = 0; index < text.length; index += 1) if (bytes[at + index] !== text[index]) return false;
  return true;
}

/** A byte of base64 as a hash source spells it: a letter, digit, `+`, `/` or `=`. */
function isBase64Byte(byte: number): boolean {
  return (
    (byte >= 0x61 && byte <= 0x7a) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x30 && byte <= 0x39) ||
    byte === 0x2b ||
    byte === SLASH ||
    byte === 0x3d
  );
}

/** The page with each NUL replaced by U+FFFD, three bytes in UTF-8. */
function withNulsReplaced(page: Uint8Array): Uint8Array {
  const replaced = new Uint8Array(3 * page.byteLength);
  let written = 0;
  for (const byte of page) {
    if (byte !== NUL) replaced[written++] = byte;
    else {
      replaced[written++] = 0xef;
      replaced[written++] = 0xbf;
      replaced[written++] = 0xbd;
    }
  }
  return replaced.subarray(0, written);
}

/**
 * Writes the page from `start` by the rules given. Each rule reads a NUL as it reads the U+FFFD
 * that replaces it, as any other character: replaced first, the rest follows. A page with
 * preformatted text keeps its whitespace (withoutStructuralWhitespace), and is read again without
 * that rule.
 */
function writePage(page: Uint8Array, start: number, into: Uint8Array, rules: number): number {
  let text = latin1(page);
  if (rules & NUL_CHARACTERS && text.indexOf('\0', start) >= 0) {
    page = withNulsReplaced(page.subarray(start));
    text = latin1(page);
    start = 0;
  }
  const written = writeLean(page, text, start, into, rules);
  return written >= 0 ? written : writeLean(page, text, start, into, rules & ~STRUCTURAL_WHITESPACE);
}

/**
 * The room a page's lean bytes may take: never more than the page, but for each NUL, whose
 * replacement takes three bytes.
 */
export function leanPageRoom(page: Uint8Array): number {
  return Buffer.from(page.buffer, page.byteOffset, page.byteLength).indexOf(NUL) < 0
    ? page.byteLength
    : 3 * page.byteLength;
}

/**
 * Writes the lean page (leanPage) of a page's UTF-8 bytes, as Astro's response carries them, into
 * `into` from its start, which has `leanPageRoom(page)` bytes for it; returns the bytes written.
 * A byte order mark at the start goes, as it does from the response's text.
 */
export function leanPageBytes(page: Uint8Array, into: Uint8Array): number {
  const start = page[0] === 0xef && page[1] === 0xbb && page[2] === 0xbf ? 3 : 0;
  return writePage(page, start, into, ALL_RULES);
}

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The page read by the rules given, as text; an unpaired surrogate comes back as U+FFFD, as in UTF-8. */
function leanText(html: string, rules: number): string {
  const page = new TextEncoder().encode(html);
  const into = new Uint8Array(leanPageRoom(page));
  return decoder.decode(into.subarray(0, writePage(page, 0, into, rules)));
}

/**
 * Drops whitespace a browser never renders: between two structural tags (`</td> <td>`,
 * `</dd> <dt>`), and at the start and end of a block's content (`<td> <a`, `text </p>`).
 * Whitespace between inline content (`</a> <span>`) is kept, and a page with preformatted text
 * is left as it is.
 */
export function withoutStructuralWhitespace(html: string): string {
  return leanText(html, STRUCTURAL_WHITESPACE);
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
  return leanText(html, OPTIONAL_END_TAGS);
}

/**
 * The page's Content-Security-Policy without hash sources when the page has no inline script or
 * style for them to admit. Astro lists on every page the hashes of its island loaders (this site
 * has no islands) and of every inline style of the site: about 330 bytes a page, admitting nothing.
 */
export function withoutUnusedHashes(html: string): string {
  return leanText(html, UNUSED_HASHES);
}

/**
 * A rendered page as it is written: all of the above, and no NUL character. A NUL in a record
 * reaches the page as text; an HTML parser reads it as an error and replaces it (U+FFFD) or drops
 * it, as each browser likes. Replaced here, every reader sees the same page.
 */
export function leanPage(html: string): string {
  return leanText(html, ALL_RULES);
}
