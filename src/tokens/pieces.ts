import { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import type { TokenizerName } from '../types.js';
import { asciiPieceEnd, UNDECIDED } from './asciiPieces.js';
import { pieceTokenCounter } from './pieceTokens.js';
import { runCappedSegments } from './runCap.js';

/**
 * Token counting by pre-tokens. The o200k / cl100k tokenizers cut text with a split pattern
 * (the pinned gpt-tokenizer's) and byte-pair encode each piece alone, so a text's count is the
 * sum of its pieces' counts. Pieces repeat (words), so each distinct piece is counted once per
 * process ({@link pieceTokenCounter}) and remembered in a table read straight from the source
 * text: a document's pass allocates nothing per known piece.
 */

/** Prefix token counts of a source at its pre-token starts. */
export interface PieceTable {
  /** Count of `source[0, at)` when `at` starts a piece (or is the end), else -1. */
  cum(at: number): number;
}

/**
 * One pass of the split pattern over `source`: piece starts and the token counts before them.
 * A source with runs over `RUN_CAP` characters is split in the segments `countTokens`
 * counts it in (src/tokens/runCap.ts), each segment alone: sync points lie on run boundaries,
 * so a slice between two of them is counted as `countTokens` would count it.
 */
export function pieceTable(source: string, tokenizer: TokenizerName): PieceTable {
  let starts = new Int32Array(Math.max(16, source.length >> 2));
  let sums = new Int32Array(starts.length);
  let pieces = 0;
  let total = 0;
  forEachPiece(source, tokenizer, (start, count) => {
    if (pieces === starts.length) {
      starts = grow(starts);
      sums = grow(sums);
    }
    starts[pieces] = start;
    sums[pieces] = total;
    pieces += 1;
    total += count;
  });
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

/** Token count of `text`, exactly as `countTokens` (src/tokens/measure.ts): the sum of its pieces' counts. */
export function piecesTokens(text: string, tokenizer: TokenizerName): number {
  let total = 0;
  forEachPiece(text, tokenizer, (_start, count) => {
    total += count;
  });
  return total;
}

/** Calls `visit` with the start and token count of every pre-token of `text`, in order, segment by segment. */
function forEachPiece(text: string, tokenizer: TokenizerName, visit: (start: number, count: number) => void): void {
  const memo = memoOf(tokenizer);
  const segments = runCappedSegments(text);
  if (segments === null) {
    for (let at = 0, end = nextPiece(text, at, tokenizer); end !== -1; at = end, end = nextPiece(text, at, tokenizer)) visit(pieceStart, memo.count(text, pieceStart, end));
    return;
  }
  for (const [from, to] of segments) {
    const segment = text.slice(from, to);
    for (let at = 0, end = nextPiece(segment, at, tokenizer); end !== -1; at = end, end = nextPiece(segment, at, tokenizer)) visit(from + pieceStart, memo.count(segment, pieceStart, end));
  }
}

/**
 * The pre-tokens of `text` as `[start, end)` offsets: the pieces the split pattern cuts the whole
 * text into (no run cap). For tests, which compare them with the pattern's own matches.
 */
export function splitPieces(text: string, tokenizer: TokenizerName): Array<[number, number]> {
  const pieces: Array<[number, number]> = [];
  for (let at = 0, end = nextPiece(text, at, tokenizer); end !== -1; at = end, end = nextPiece(text, at, tokenizer)) pieces.push([pieceStart, end]);
  return pieces;
}

/** Forgets every remembered piece count, so a benchmark round costs what a fresh process would. */
export function clearPieceMemo(): void {
  MEMOS.clear();
}

/** Start of the piece {@link nextPiece} found last (a module variable: no object per piece). */
let pieceStart = 0;

/**
 * The end of the pre-token after `at` (its start goes to `pieceStart`), or -1 at the end of the
 * text. Pieces follow each other, so the piece at `at` is tried first: by the ASCII scanner
 * (src/tokens/asciiPieces.ts), else by a sticky match of the pattern; text the pattern would not
 * match (none is known) is skipped as the tokenizer's own global search skips it.
 */
function nextPiece(text: string, at: number, tokenizer: TokenizerName): number {
  if (at >= text.length) return -1;
  const end = asciiPieceEnd(text, at, tokenizer);
  if (end !== UNDECIDED) {
    pieceStart = at;
    return end;
  }
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

const SPLIT: Record<TokenizerName, RegExp> = { o200k_base: O200K_TOKEN_SPLIT_REGEX, cl100k_base: CL100K_TOKEN_SPLIT_REGEX };
const SPLITTERS = new Map<TokenizerName, { sticky: RegExp; global: RegExp }>();

/** The encoding's split pattern, sticky and global, one instance each per encoding (no re-entry). */
function splitters(tokenizer: TokenizerName): { sticky: RegExp; global: RegExp } {
  let split = SPLITTERS.get(tokenizer);
  if (!split) {
    const { source } = SPLIT[tokenizer];
    SPLITTERS.set(tokenizer, (split = { sticky: new RegExp(source, 'uy'), global: new RegExp(source, 'gu') }));
  }
  return split;
}

const MEMOS = new Map<TokenizerName, PieceMemo>();

function memoOf(tokenizer: TokenizerName): PieceMemo {
  let memo = MEMOS.get(tokenizer);
  if (!memo) MEMOS.set(tokenizer, (memo = new PieceMemo(tokenizer)));
  return memo;
}

/** Pieces longer than this are counted without being remembered (a run of CJK text is one piece). */
const MEMO_PIECE = 4096;
/** Characters of pieces remembered before the memo starts over (a docs vocabulary fits). */
const MEMO_CHARS = 1 << 23;

/**
 * Slots of a new memo: room for the 32k distinct pieces of a large docs set (a 1.7 MB one has 20k)
 * before the first rehash. `count` is optimised after a few hundred pieces; a rehash is code it
 * has not run by then, and the first one would throw the optimised code away.
 */
const FIRST_SLOTS = 1 << 16;

/**
 * Token counts of pieces, looked up by a range of a text without cutting it out: open
 * addressing over a hash of the characters, each slot checked character by character.
 */
class PieceMemo {
  private pieces: (string | undefined)[] = new Array<string | undefined>(FIRST_SLOTS);
  private hashes = new Int32Array(FIRST_SLOTS);
  private counts = new Int32Array(FIRST_SLOTS);
  private size = 0;
  private chars = 0;
  private readonly countPiece: (piece: string) => number;

  constructor(tokenizer: TokenizerName) {
    this.countPiece = pieceTokenCounter(tokenizer);
  }

  /** Tokens of `text[start, end)`. */
  count(text: string, start: number, end: number): number {
    const length = end - start;
    const hash = rangeHash(text, start, end);
    const mask = this.pieces.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const piece = this.pieces[slot];
      if (piece === undefined) break;
      if (this.hashes[slot] === hash && piece.length === length && sameText(piece, text, start)) return this.counts[slot]!;
    }
    const piece = text.slice(start, end);
    const count = this.countPiece(piece);
    if (length <= MEMO_PIECE) this.remember(length < SLICED_MIN ? piece : flatCopy(piece), hash, count);
    return count;
  }

  private remember(piece: string, hash: number, count: number): void {
    if (this.chars + piece.length > MEMO_CHARS) this.reset(this.pieces.length);
    if ((this.size + 1) * 2 > this.pieces.length) this.rehash();
    this.place(piece, hash, count);
    this.size += 1;
    this.chars += piece.length;
  }

  /** Puts a piece in the first free slot from its hash (the table has room). */
  private place(piece: string, hash: number, count: number): void {
    const mask = this.pieces.length - 1;
    let slot = hash & mask;
    while (this.pieces[slot] !== undefined) slot = (slot + 1) & mask;
    this.pieces[slot] = piece;
    this.hashes[slot] = hash;
    this.counts[slot] = count;
  }

  /** Doubles the table, placing every piece again: no size or limit checks per piece (a small loop for the optimiser). */
  private rehash(): void {
    const { pieces, hashes, counts, size, chars } = this;
    this.reset(pieces.length * 2);
    for (let slot = 0; slot < pieces.length; slot += 1) if (pieces[slot] !== undefined) this.place(pieces[slot]!, hashes[slot]!, counts[slot]!);
    this.size = size;
    this.chars = chars;
  }

  private reset(capacity: number): void {
    this.pieces = new Array<string | undefined>(capacity);
    this.hashes = new Int32Array(capacity);
    this.counts = new Int32Array(capacity);
    this.size = 0;
    this.chars = 0;
  }
}

/**
 * V8 cuts a slice of this many characters or more as a view into the sliced string (a
 * `SlicedString`, V8's `SlicedString::kMinLength`), which keeps the whole string alive: a
 * remembered piece of a document would hold the document's source for as long as the memo
 * lives, a docs set's worth of sources over a run. Such pieces are remembered as flat copies.
 */
const SLICED_MIN = 13;

/**
 * A copy of `piece` in a string of its own. A JSON round trip is the cheapest copy V8 makes flat
 * (`(' ' + piece).slice(1)` is again a view, of a string one longer); lone surrogates come back
 * as they were. Run once per new distinct piece, beside a byte-pair merge that costs far more.
 */
function flatCopy(piece: string): string {
  return JSON.parse(JSON.stringify(piece)) as string;
}

/**
 * FNV-1a-style hash of `text[start, end)`, seeded with its length. A function of its own: a long
 * piece met early compiles this loop alone (on-stack), not `PieceMemo.count` before its lookup
 * paths have run, which would be thrown away at the first remembered piece.
 */
function rangeHash(text: string, start: number, end: number): number {
  let hash = end - start;
  for (let at = start; at < end; at += 1) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return hash;
}

function sameText(piece: string, text: string, start: number): boolean {
  for (let at = 0; at < piece.length; at += 1) if (piece.charCodeAt(at) !== text.charCodeAt(start + at)) return false;
  return true;
}

function grow(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(array.length * 2);
  larger.set(array);
  return larger;
}
