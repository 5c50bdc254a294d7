// Compact text encodings for the index files. MiniSearch's own JSON spends about ten bytes on
// every (document, frequency) pair; a file read from file:// is read uncompressed, so postings and
// word positions are written as streams of small numbers, about two bytes each, and read back
// into MiniSearch's own maps in the browser.
//
// A number is written in base 32, most significant group first: every group but the last is one
// of the characters 32..63 of ALPHABET, the last one of 0..31. No separators are needed, and
// no character needs escaping inside a JSON string or a JavaScript string literal.

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';
/** Each character's value by its code, -1 for a character not in ALPHABET: an array, read per character. */
const VALUE_OF = new Int8Array(128).fill(-1);
for (let value = 0; value < ALPHABET.length; value += 1) VALUE_OF[ALPHABET.charCodeAt(value)] = value;

/** A character's value in ALPHABET, or -1. */
function valueOf(code: number): number {
  return code < 128 ? VALUE_OF[code]! : -1;
}

const ALPHABET_CODES = Uint8Array.from([...ALPHABET].map((character) => character.charCodeAt(0)));
const ascii = new TextDecoder('latin1');

export function encodeNumbers(numbers: Iterable<number>): string {
  // Written into bytes and decoded once: a string grown by `+=` is a rope of small pieces that
  // would take many times its length in memory while a large index is built.
  let bytes = new Uint8Array(64);
  let length = 0;
  const digits = new Uint8Array(11);
  for (const number of numbers) {
    if (!Number.isSafeInteger(number) || number < 0) throw new RangeError(`cannot encode ${number}`);
    let count = 0;
    let rest = number;
    do {
      digits[count++] = rest % 32;
      rest = Math.floor(rest / 32);
    } while (rest > 0);
    if (length + count > bytes.length) {
      const grown = new Uint8Array(Math.max(bytes.length * 2, length + count));
      grown.set(bytes);
      bytes = grown;
    }
    for (let index = count - 1; index >= 0; index -= 1) {
      bytes[length++] = ALPHABET_CODES[index === 0 ? digits[index]! : 32 + digits[index]!]!;
    }
  }
  return ascii.decode(bytes.subarray(0, length));
}

/** A signed number as one ≥ 0, for `encodeNumbers`: 0, -1, 1, -2, 2… as 0, 1, 2, 3, 4… */
export function zigzag(value: number): number {
  return value >= 0 ? value * 2 : -value * 2 - 1;
}

/** The signed number `zigzag` wrote. */
export function unzigzag(value: number): number {
  return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
}

/** The numbers of an encoded text, read one at a time. */
class NumberReader {
  readonly #text: string;
  #at = 0;

  constructor(text: string) {
    this.#text = text;
  }

  get done(): boolean {
    return this.#at >= this.#text.length;
  }

  next(): number {
    let value = 0;
    while (this.#at < this.#text.length) {
      const digit = valueOf(this.#text.charCodeAt(this.#at));
      if (digit < 0) throw new SyntaxError(`not an encoded number: ${this.#text.charAt(this.#at)}`);
      this.#at += 1;
      if (digit < 32) return value * 32 + digit;
      value = value * 32 + (digit - 32);
    }
    throw new SyntaxError('encoded numbers end part-way through a number');
  }
}

export function decodeNumbers(encoded: string): number[] {
  const numbers: number[] = [];
  const reader = new NumberReader(encoded);
  while (!reader.done) numbers.push(reader.next());
  return numbers;
}

/**
 * Documents in ascending order as gaps from the previous one; a gap is doubled and its low bit
 * says a frequency other than 1 follows. With `lengthOf`, each document's field length follows
 * too: the name field carries it, so that neither BM25 nor "an exact name first" needs a table
 * of every document's name length up front.
 */
export function encodePostings(
  postings: Iterable<readonly [number, number]>,
  lengthOf?: (document: number) => number,
): string {
  const numbers: number[] = [];
  let previous = 0;
  for (const [document, frequency] of [...postings].sort((a, b) => a[0] - b[0])) {
    const gap = document - previous;
    previous = document;
    if (frequency === 1) {
      numbers.push(gap * 2);
    } else {
      numbers.push(gap * 2 + 1, frequency);
    }
    if (lengthOf) numbers.push(lengthOf(document));
  }
  return encodeNumbers(numbers);
}

/**
 * Back to the postings MiniSearch holds in memory, document number to frequency, in one pass over
 * the text; `lengths` receives the field lengths when encoded with them.
 */
export function decodePostingsMap(encoded: string, lengths?: Map<number, number>): Map<number, number> {
  const postings = new Map<number, number>();
  const reader = new NumberReader(encoded);
  let document = 0;
  while (!reader.done) {
    const gap = reader.next();
    document += Math.floor(gap / 2);
    postings.set(document, gap % 2 === 1 ? reader.next() : 1);
    if (lengths) lengths.set(document, reader.next());
  }
  return postings;
}

/** Where a term occurs: in which document, which field, and at which word positions. */
export interface Occurrence {
  document: number;
  field: number;
  positions: readonly number[];
}

/** Fields an occurrence can name: three bits of its first number. */
const FIELD_BITS = 3;

/**
 * Occurrences sorted by document then field. Each starts with one number holding the gap from
 * the previous document, the field and whether more than one position follows (then a count);
 * positions are ascending, as gaps.
 */
export function encodeOccurrences(occurrences: readonly Occurrence[]): string {
  const numbers: number[] = [];
  let previousDocument = 0;
  for (const { document, field, positions } of occurrences) {
    if (field >= 2 ** FIELD_BITS) throw new RangeError(`field ${field} does not fit in ${FIELD_BITS} bits`);
    const several = positions.length > 1 ? 1 : 0;
    numbers.push((((document - previousDocument) << FIELD_BITS) + field) * 2 + several);
    if (several) numbers.push(positions.length);
    previousDocument = document;
    let previousPosition = 0;
    for (const position of positions) {
      numbers.push(position - previousPosition);
      previousPosition = position;
    }
  }
  return encodeNumbers(numbers);
}

/** One occurrence's head: its document gap, field and count, and where its positions start. */
function readHead(
  numbers: readonly number[],
  index: number,
): { gap: number; field: number; count: number; next: number } {
  const head = numbers[index]!;
  const several = head % 2 === 1;
  const fieldAndGap = Math.floor(head / 2);
  return {
    gap: Math.floor(fieldAndGap / 2 ** FIELD_BITS),
    field: fieldAndGap % 2 ** FIELD_BITS,
    count: several ? numbers[index + 1]! : 1,
    next: index + (several ? 2 : 1),
  };
}

export function decodeOccurrences(encoded: string): Occurrence[] {
  const numbers = decodeNumbers(encoded);
  const occurrences: Occurrence[] = [];
  let document = 0;
  let index = 0;
  while (index < numbers.length) {
    const { gap, field, count, next } = readHead(numbers, index);
    document += gap;
    const positions: number[] = [];
    let position = 0;
    for (let taken = 0; taken < count; taken += 1) positions.push((position += numbers[next + taken]!));
    occurrences.push({ document, field, positions });
    index = next + count;
  }
  return occurrences;
}

/**
 * Encoded occurrences, read in place: one pass finds where each document starts, and a lookup
 * reads only that document's entries. Phrase checks over thousands of candidates stay cheap.
 */
export class OccurrenceIndex {
  readonly #numbers: number[];
  readonly #starts = new Map<number, number>();

  constructor(encoded: string) {
    this.#numbers = decodeNumbers(encoded);
    let document = 0;
    let index = 0;
    while (index < this.#numbers.length) {
      const { gap, count, next } = readHead(this.#numbers, index);
      document += gap;
      if (!this.#starts.has(document)) this.#starts.set(document, index);
      index = next + count;
    }
  }

  /** The positions of the term in one field of one document, ascending. */
  positions(document: number, field: number): number[] | undefined {
    let index = this.#starts.get(document);
    if (index === undefined) return undefined;
    for (let first = true; index < this.#numbers.length; first = false) {
      const head = readHead(this.#numbers, index);
      // A later entry of the same document has a gap of 0; anything else is the next document.
      if (!first && head.gap !== 0) return undefined;
      if (head.field === field) {
        const positions: number[] = [];
        let position = 0;
        for (let taken = 0; taken < head.count; taken += 1)
          positions.push((position += this.#numbers[head.next + taken]!));
        return positions;
      }
      index = head.next + head.count;
    }
    return undefined;
  }
}

/** A facet column: a fixed number of characters per document, six bits each. */
export function encodeColumn(values: readonly number[], width: number): string {
  let out = '';
  for (const value of values) {
    let digits = '';
    let rest = value;
    for (let index = 0; index < width; index += 1) {
      digits = ALPHABET[rest % 64]! + digits;
      rest = Math.floor(rest / 64);
    }
    if (rest !== 0) throw new RangeError(`${value} does not fit in ${width} characters`);
    out += digits;
  }
  return out;
}

export function columnWidth(largest: number): number {
  let width = 1;
  while (64 ** width <= largest) width += 1;
  return width;
}

/** The value of one document in a facet column. */
export function columnValue(column: string, width: number, document: number): number {
  let value = 0;
  for (let index = document * width; index < (document + 1) * width; index += 1) {
    value = value * 64 + Math.max(0, valueOf(column.charCodeAt(index)));
  }
  return value;
}

/** A set of documents, ascending, as gaps. */
export function encodeDocuments(documents: Iterable<number>): string {
  let previous = 0;
  return encodeNumbers(
    [...documents]
      .sort((a, b) => a - b)
      .map((document) => {
        const gap = document - previous;
        previous = document;
        return gap;
      }),
  );
}

export function decodeDocuments(encoded: string): number[] {
  let document = 0;
  return decodeNumbers(encoded).map((gap) => (document += gap));
}
