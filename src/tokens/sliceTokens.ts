import type { Span, TokenizerName } from '../types.js';
import { pieceTable, piecesTokens, type PieceTable } from './pieces.js';

/** Exact token count of `source.slice(start, end)`. */
export type SliceTokens = (start: number, end: number) => number;

/** What a slice counter needs of a measure: its memoised counter, and the encoding behind it. */
export interface TokenCounting {
  tokens(text: string): number;
  /** Without it, every slice is tokenized on its own. */
  tokenizer?: TokenizerName;
}

/** Slices this short are tokenized whole (memoised): cheaper than reaching their ends. */
const SHORT = 16;

const COUNTERS = new WeakMap<(text: string) => number, { source: string; count: SliceTokens }>();

/**
 * The slice counter of `source` for `measure`: built once per (measure, source) and reused, so
 * every caller measuring one document (chunkers, chunk token counts, structure fit, section
 * lengths) shares one tokenization of it.
 */
export function sliceTokensOf(measure: TokenCounting, source: string): SliceTokens {
  const known = COUNTERS.get(measure.tokens);
  if (known?.source === source) return known.count;
  const count = sliceTokenCounter(source, measure);
  COUNTERS.set(measure.tokens, { source, count });
  return count;
}

/**
 * Counts tokens of slices of `source` exactly, tokenizing the source once instead of every
 * slice. The o200k / cl100k pre-tokenizers cut text into pieces (the split pattern of the
 * pinned gpt-tokenizer) that are byte-pair encoded one by one, so the source's count is the sum
 * of its pieces' counts, and `cum(z)`, the count of `source[0, z)` at a piece start `z`, is a
 * prefix sum. At a *sync point* every text holding the two characters around it is cut there,
 * whatever comes before or after (no piece spans it and nothing either side reads across it).
 * Sync points: a line start that is not whitespace or `/` (only a punctuation run's trailing
 * `[\r\n/]*` can continue over a line break), and a non-whitespace character followed by
 * whitespace, unless that whitespace is a line break after something other than a letter or
 * digit. So a slice `[a, b)` costs `count(a, z1) + cum(z2) − cum(z1) + count(z2, b)`, where
 * `z1`, `z2` are the sync points nearest inside its ends: only those few edge characters are
 * tokenized again. Slices with no sync point inside are tokenized whole (memoised).
 * One piece pass costs about one `countTokens` of the source: repeated pieces (words) are
 * counted once per process. The slice tests (test/tokens/slice-tokens.test.ts) check every
 * rule against whole-text counts.
 */
export function sliceTokenCounter(source: string, measure: TokenCounting): SliceTokens {
  const { tokenizer } = measure;
  if (tokenizer === undefined) return (start, end) => measure.tokens(source.slice(start, end));
  const whole = (start: number, end: number): number => piecesTokens(source.slice(start, end), tokenizer);
  let table: PieceTable | undefined;
  return (start, end) => {
    if (end - start <= SHORT) return whole(start, end);
    // The nearest sync points inside the ends; a long URL or code line just costs a longer edge.
    const from = syncAfter(source, start, end);
    const to = syncBefore(source, end, from === -1 ? start : from);
    if (from === -1 || to === -1 || from > to) return whole(start, end);
    table ??= pieceTable(source, tokenizer);
    const left = table.cum(from);
    const right = table.cum(to);
    if (left === -1 || right === -1) return whole(start, end);
    return whole(start, from) + (right - left) + whole(to, end);
  };
}

/**
 * Token count of `text`, the join of `spans` of `source` in order (a chunk with a repeated table
 * header or a re-opened fence): the sum of the spans' counts when every join is a sync point of
 * `text` (so no pre-token spans a join), else `tokens(text)`.
 */
export function joinedTokens(source: string, spans: readonly Span[], text: string, count: SliceTokens, tokens: (text: string) => number): number {
  let at = 0;
  let sum = 0;
  for (const [index, span] of spans.entries()) {
    if (index > 0 && !isBoundary(text, at)) return tokens(text);
    sum += span.end > span.start ? count(span.start, span.end) : 0;
    at += Math.max(0, span.end - span.start);
  }
  return sum;
}

/** The first sync point in `[from, limit]`, or -1. */
function syncAfter(source: string, from: number, limit: number): number {
  for (let at = from; at <= limit; at++) if (isBoundary(source, at)) return at;
  return -1;
}

/** The last sync point in `[limit, from]`, or -1. */
function syncBefore(source: string, from: number, limit: number): number {
  for (let at = from; at >= limit; at--) if (isBoundary(source, at)) return at;
  return -1;
}

function isBoundary(source: string, at: number): boolean {
  return at === 0 || at === source.length || isSync(source, at);
}

/** Whether every pre-tokenization of a text holding `source[at − 1, at + 1)` cuts between the two. */
function isSync(source: string, at: number): boolean {
  const before = source.charCodeAt(at - 1);
  const after = source.charCodeAt(at);
  if (before === 10 || before === 13) return after !== 47 && !isSpace(after);
  if (isSpace(before) || !isSpace(after)) return false;
  return (after !== 10 && after !== 13) || endsWithLetterOrDigit(source, at);
}

const SPACE = /\s/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function isSpace(code: number): boolean {
  if (code < 0x80) return code === 32 || (code >= 9 && code <= 13);
  return SPACE.test(String.fromCharCode(code));
}

function endsWithLetterOrDigit(source: string, at: number): boolean {
  const code = source.charCodeAt(at - 1);
  if (code < 0x80) return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);
  if (code < 0xdc00 || code > 0xdfff) return LETTER_OR_DIGIT.test(String.fromCharCode(code));
  const high = source.charCodeAt(at - 2);
  return high >= 0xd800 && high <= 0xdbff && LETTER_OR_DIGIT.test(String.fromCodePoint(source.codePointAt(at - 2)!));
}
