import { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import type { Span, TokenizerName } from '../types.js';
import { countTokens } from './measure.js';

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
 * counted once per process. The slice tests (test/chunking/slice-tokens.test.ts) check every
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
 * Token count of `text`: the sum of its pre-tokens' counts, each counted once per process
 * (the tokenizer itself counts piece by piece, so the sum is exact).
 */
export function piecesTokens(text: string, tokenizer: TokenizerName): number {
  const memo = pieceMemo(tokenizer);
  let total = 0;
  for (let at = 0, end = nextPiece(text, at, tokenizer); end !== -1; at = end, end = nextPiece(text, at, tokenizer)) {
    total += pieceCount(text.slice(pieceStart, end), tokenizer, memo);
  }
  return total;
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

/** Prefix token counts of a source at its pre-token starts. */
interface PieceTable {
  /** Count of `source[0, at)` when `at` starts a piece (or is the end), else -1. */
  cum(at: number): number;
}

const SPLIT: Record<TokenizerName, RegExp> = { o200k_base: O200K_TOKEN_SPLIT_REGEX, cl100k_base: CL100K_TOKEN_SPLIT_REGEX };

/** Pieces longer than this are counted without being remembered (a run of CJK text is one piece). */
const MEMO_PIECE = 4096;
/** Characters of pieces remembered per encoding before the memo starts over (a docs vocabulary fits). */
const MEMO_CHARS = 1 << 23;
const PIECE_COUNTS = new Map<TokenizerName, { counts: Map<string, number>; chars: number }>();

/** Forgets every remembered piece count, so a benchmark round costs what a fresh process would. */
export function clearPieceMemo(): void {
  PIECE_COUNTS.clear();
}

/**
 * One pass of the encoding's split pattern over `source`, each piece counted through
 * {@link countTokens} (memoised per process): piece starts and the counts before them.
 */
function pieceTable(source: string, tokenizer: TokenizerName): PieceTable {
  const memo = pieceMemo(tokenizer);
  let starts = new Int32Array(Math.max(16, source.length >> 2));
  let sums = new Int32Array(starts.length);
  let pieces = 0;
  let total = 0;
  for (let at = 0, end = nextPiece(source, at, tokenizer); end !== -1; at = end, end = nextPiece(source, at, tokenizer)) {
    const count = pieceCount(source.slice(pieceStart, end), tokenizer, memo);
    if (pieces === starts.length) {
      starts = grow(starts);
      sums = grow(sums);
    }
    starts[pieces] = pieceStart;
    sums[pieces] = total;
    pieces += 1;
    total += count;
  }
  return {
    cum(at) {
      if (at === source.length) return total;
      let low = 0;
      let high = pieces - 1;
      while (low <= high) {
        const mid = (low + high) >>> 1;
        const value = starts[mid]!;
        if (value === at) return sums[mid]!;
        if (value < at) low = mid + 1;
        else high = mid - 1;
      }
      return -1;
    },
  };
}

/** Start of the piece {@link nextPiece} found last (a module variable: no object per piece). */
let pieceStart = 0;

/**
 * The end of the pre-token after `at` (its start goes to `pieceStart`), or -1 at the end of the
 * text. Pieces follow each other, so a sticky match is tried first; text the pattern would not
 * match (none is known) is skipped as the tokenizer's own global search skips it.
 */
function nextPiece(text: string, at: number, tokenizer: TokenizerName): number {
  if (at >= text.length) return -1;
  const split = splitters(tokenizer);
  split.sticky.lastIndex = at;
  if (split.sticky.test(text)) {
    pieceStart = at;
    return split.sticky.lastIndex;
  }
  split.global.lastIndex = at;
  const match = split.global.exec(text);
  if (match === null) return -1;
  pieceStart = match.index;
  return split.global.lastIndex;
}

/** The encoding's split pattern, sticky and global, one instance each per encoding (no re-entry). */
function splitters(tokenizer: TokenizerName): { sticky: RegExp; global: RegExp } {
  let split = SPLITTERS.get(tokenizer);
  if (!split) {
    const { source } = SPLIT[tokenizer];
    SPLITTERS.set(tokenizer, (split = { sticky: new RegExp(source, 'uy'), global: new RegExp(source, 'gu') }));
  }
  return split;
}

const SPLITTERS = new Map<TokenizerName, { sticky: RegExp; global: RegExp }>();

function pieceMemo(tokenizer: TokenizerName): { counts: Map<string, number>; chars: number } {
  let memo = PIECE_COUNTS.get(tokenizer);
  if (!memo) PIECE_COUNTS.set(tokenizer, (memo = { counts: new Map(), chars: 0 }));
  return memo;
}

/** Tokens of one pre-token, through {@link countTokens} the first time. */
function pieceCount(piece: string, tokenizer: TokenizerName, memo: { counts: Map<string, number>; chars: number }): number {
  let count = memo.counts.get(piece);
  if (count === undefined) {
    count = countTokens(piece, tokenizer);
    if (piece.length <= MEMO_PIECE) {
      if (memo.chars >= MEMO_CHARS) {
        memo.counts.clear();
        memo.chars = 0;
      }
      memo.counts.set(piece, count);
      memo.chars += piece.length;
    }
  }
  return count;
}

function grow(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(array.length * 2);
  larger.set(array);
  return larger;
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
