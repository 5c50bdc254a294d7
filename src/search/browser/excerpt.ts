// Why a result matched: a short excerpt of the field where the query matched, with the words of
// the query picked out. Pieces of text, never HTML: the browser client draws each piece as a text
// node, a matched one inside <mark>, so nothing in the data can become markup.
import { tokenize } from '../format/fold.ts';
import { editDistance, type ParsedQuery, type QueryWord } from '../format/query.ts';

export interface ExcerptPiece {
  text: string;
  /** A word of the query, or a word of a quoted phrase where the whole phrase follows in order. */
  marked: boolean;
}

/** Characters of context kept on each side of the first match. */
const CONTEXT = 60;

/** A run of letters and digits (marks included) as written, or "&", which reads as "and". */
const WRITTEN_WORD = /[\p{L}\p{N}\p{M}]+|&/gu;

interface Span {
  start: number;
  end: number;
  tokens: string[];
}

/** As the engine matches a word: exactly, by prefix, or with a typo inside the word's first two letters. */
function wordMatches(word: QueryWord, token: string): boolean {
  if (token === word.word) return true;
  if (word.prefix && token.startsWith(word.word)) return true;
  return (
    word.fuzzy > 0 &&
    token.slice(0, 2) === word.word.slice(0, 2) &&
    editDistance(token, word.word) <= word.fuzzy
  );
}

/** Which spans hold a word of the query, or a word of a phrase found whole. */
function markedSpans(spans: readonly Span[], query: ParsedQuery): boolean[] {
  const tokens = spans.flatMap((span, index) => span.tokens.map((token) => ({ token, index })));
  const marked = spans.map(() => false);
  for (const { token, index } of tokens) {
    if (query.words.some((word) => wordMatches(word, token))) marked[index] = true;
  }
  for (const phrase of query.phrases) {
    for (let start = 0; start + phrase.length <= tokens.length; start += 1) {
      if (!phrase.every((word, offset) => tokens[start + offset]!.token === word)) continue;
      for (let offset = 0; offset < phrase.length; offset += 1) marked[tokens[start + offset]!.index] = true;
    }
  }
  return marked;
}

/**
 * The excerpt of `text` around its first match of `query`, about `CONTEXT` characters either
 * side, cut at word boundaries and with "…" where text was left out; `undefined` when no word of
 * the query is in the text.
 */
export function excerpt(text: string, query: ParsedQuery, context = CONTEXT): ExcerptPiece[] | undefined {
  const spans: Span[] = [...text.matchAll(WRITTEN_WORD)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    tokens: tokenize(match[0]),
  }));
  const marked = markedSpans(spans, query);
  const first = marked.indexOf(true);
  if (first === -1) return undefined;
  const opening = spans.find((span) => span.end >= spans[first]!.start - context)!;
  const from = opening === spans[0] ? 0 : opening.start;
  const last = spans.findLast((span) => span.start <= spans[first]!.end + context)!;
  const to = last === spans.at(-1) ? text.length : last.end;
  const pieces: ExcerptPiece[] = [];
  const add = (piece: string, isMarked: boolean) => {
    const previous = pieces.at(-1);
    if (previous && previous.marked === isMarked) previous.text += piece;
    else if (piece !== '') pieces.push({ text: piece, marked: isMarked });
  };
  add(from > 0 ? '…' : '', false);
  let at = from;
  spans.forEach((span, index) => {
    if (span.start < from || span.end > to) return;
    add(text.slice(at, span.start), false);
    add(text.slice(span.start, span.end), marked[index]!);
    at = span.end;
  });
  add(text.slice(at, to), false);
  add(to < text.length ? '…' : '', false);
  return pieces;
}
