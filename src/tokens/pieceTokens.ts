import type { TokenizerName } from '../types.js';
import { bytePairEncoderOf, libraryTokens, rankTableOf } from './encodings.js';
import type { RankTable } from './rankTable.js';

/**
 * Token count of one pre-token (a piece the encoding's split pattern cut), as gpt-tokenizer
 * counts each piece of a text: one token when the piece is in the rank table, else the parts
 * byte-pair merging leaves. `countTokens(piece)` gives the same number but splits the piece with
 * the pattern again and wraps it in special-token checks; this goes straight to the encoder, and
 * merges on the piece's own string: the library looks a byte range up by decoding it when it is
 * valid UTF-8 (`isValidUTF8` + `TextDecoder`, then the string table) and by bytes otherwise. In
 * the UTF-8 of a well-formed string, a range is valid exactly when both its ends fall on
 * character boundaries, and it then decodes to the slice between them; so slicing the piece
 * looks up the same entries with the same merge order, without decoding. (A piece with a lone
 * surrogate, which `TextEncoder` replaces, goes to the library's own encoder.) The ranks come
 * from the encoding's {@link RankTable} (src/tokens/encodings.ts), the library's own two tables
 * loaded without its encoder: a run that only counts never builds the encoder.
 * test/tokens/piece-tokens.test.ts checks it against `countTokens`.
 */
export function pieceTokenCounter(tokenizer: TokenizerName): (piece: string) => number {
  const table = rankTableOf(tokenizer);
  const pairs = pairRanks(table);
  return (piece) => {
    if (table.rank(piece, 0, piece.length) !== undefined) return 1;
    if (isAscii(piece)) return mergedParts(piece.length, (from, to) => (to - from === 2 ? pairs((piece.charCodeAt(from) << 8) | piece.charCodeAt(from + 1)) : table.rank(piece, from, to)));
    if (!isWellFormed(piece)) return loneSurrogateTokens(piece, tokenizer);
    return utf8MergedParts(piece, table, pairs);
  };
}

/** Tokens of a piece with a lone surrogate: the library's encoder merges the bytes `TextEncoder` gives it. */
function loneSurrogateTokens(piece: string, tokenizer: TokenizerName): number {
  const encoder = bytePairEncoderOf(tokenizer);
  return encoder ? encoder.bytePairEncode(piece).length : libraryTokens(piece, tokenizer);
}

const UNKNOWN = -2;
const NONE = -1;

/**
 * Rank of a two-byte range by its bytes (`first << 8 | second`), as the library looks it up
 * (`getBpeRankFromBytes`): by its text when the bytes are valid UTF-8, else among the byte
 * tokens. Looked up the first time, then read from a table: a third of a merge's lookups or more
 * are of two bytes, and a docs vocabulary uses a few thousand distinct pairs.
 */
export function pairRanks(table: RankTable): (bytes: number) => number | undefined {
  const known = new Int32Array(1 << 16).fill(UNKNOWN);
  const pair = new Uint8Array(2);
  return (bytes) => {
    let rank = known[bytes]!;
    if (rank === UNKNOWN) {
      pair[0] = bytes >> 8;
      pair[1] = bytes & 0xff;
      const text = twoByteText(pair[0], pair[1]);
      known[bytes] = rank = (text === undefined ? binaryRank(table.binary, pair, 0, 2) : table.rank(text, 0, text.length)) ?? NONE;
    }
    return rank === NONE ? undefined : rank;
  };
}

/** The text two bytes decode to when they are valid UTF-8 (two ASCII characters, or one 2-byte character), else `undefined`. */
function twoByteText(first: number, second: number): string | undefined {
  if (first < 0x80 && second < 0x80) return String.fromCharCode(first, second);
  // A 2-byte sequence: lead C2–DF (C0 and C1 would be overlong), then a continuation byte.
  if (first >= 0xc2 && first <= 0xdf && second >= 0x80 && second <= 0xbf) return String.fromCharCode(((first & 0x1f) << 6) | (second & 0x3f));
  return undefined;
}

/**
 * Bytes of the longest piece the work arrays hold before they grow: a run-capped piece (at most
 * `RUN_CAP` = 1000 UTF-16 code units, 3 bytes each). Growing is code the optimised merge has not
 * run, which would deoptimise it; pieces of a document never take that path.
 */
const SCRATCH_BYTES = 4096;

const encoder = new TextEncoder();

/** {@link mergedParts} over the UTF-8 bytes of a well-formed, non-ASCII `piece`. */
function utf8MergedParts(piece: string, table: RankTable, pairs: (bytes: number) => number | undefined): number {
  // A UTF-16 code unit takes at most 3 UTF-8 bytes (a surrogate pair, two units, takes 4).
  if (scratchBytes.length < piece.length * 3 + 1) {
    scratchBytes = new Uint8Array(piece.length * 6 + 1);
    scratchChars = new Int32Array(piece.length * 6 + 2);
  }
  const length = encoder.encodeInto(piece, scratchBytes).written;
  const bytes = scratchBytes;
  // chars[b]: the index in `piece` of the character starting at byte b, -1 inside a character.
  const chars = scratchChars;
  chars.fill(-1, 0, length + 1);
  for (let char = 0, byte = 0; char < piece.length; ) {
    chars[byte] = char;
    const code = piece.codePointAt(char)!;
    byte += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    char += code < 0x10000 ? 1 : 2;
  }
  chars[length] = piece.length;
  const binary = binaryRanksOf(table);
  return mergedParts(length, (from, to) => {
    if (to - from === 2) return pairs((bytes[from]! << 8) | bytes[from + 1]!);
    const start = chars[from]!;
    const end = chars[to]!;
    return start !== -1 && end !== -1 ? table.rank(piece, start, end) : binary(bytes, from, to);
  });
}

// Work arrays of {@link utf8MergedParts}, reused (it does not re-enter; the merge runs before it returns).
let scratchBytes = new Uint8Array(SCRATCH_BYTES);
let scratchChars = new Int32Array(SCRATCH_BYTES + 1);

/** Byte tokens this long or shorter are looked up by a number made of their bytes ({@link byteKey}). */
const KEYED_BYTES = 6;

const BINARY_RANKS = new WeakMap<RankTable, (bytes: Uint8Array, from: number, to: number) => number | undefined>();

/**
 * The rank of a byte range among the encoding's non-UTF-8 tokens, as {@link binaryRank} finds it:
 * ranges of up to {@link KEYED_BYTES} bytes (nearly all, and every range a multi-byte character
 * is cut in) from a map by {@link byteKey}, longer ones by the binary search. The tokens' byte
 * strings are distinct (test/tokens/piece-tokens.test.ts), so both find the same one.
 */
export function binaryRanksOf(table: RankTable): (bytes: Uint8Array, from: number, to: number) => number | undefined {
  let lookup = BINARY_RANKS.get(table);
  if (lookup === undefined) {
    const keyed = new Map<number, number>();
    for (const [key, rank] of table.binary) if (key.length <= KEYED_BYTES) keyed.set(byteKey(key, 0, key.length), rank);
    const sorted = table.binary;
    lookup = (bytes, from, to) => (to - from <= KEYED_BYTES ? keyed.get(byteKey(bytes, from, to)) : binaryRank(sorted, bytes, from, to));
    BINARY_RANKS.set(table, lookup);
  }
  return lookup;
}

/**
 * `bytes[from, to)` (at most {@link KEYED_BYTES} bytes) as one number: the bytes in base 256 plus
 * the length times 2^48, so ranges of different lengths differ. Below 2^51: exact in a double.
 */
export function byteKey(bytes: ArrayLike<number>, from: number, to: number): number {
  let key = 0;
  for (let at = from; at < to; at++) key = key * 256 + bytes[at]!;
  return key + (to - from) * 2 ** 48;
}

/**
 * gpt-tokenizer's `bytePairMerge` over `length` units (bytes): start from single units, and
 * repeatedly merge the adjacent pair whose joined range has the lowest rank (the leftmost on a
 * tie) until no adjacent pair has one. `rankOf(from, to)` is the rank of the units `[from, to)`,
 * `undefined` when none. Returns the number of parts left.
 */
function mergedParts(length: number, rankOf: (from: number, to: number) => number | undefined): number {
  let parts = length;
  if (scratchStarts.length <= parts) {
    scratchStarts = new Int32Array(parts * 2 + 1);
    scratchPairs = new Float64Array(parts * 2 + 1);
  }
  // starts[i]: where part i begins (starts[parts] = the end); pairs[i]: rank of parts i and i+1 joined.
  const starts = scratchStarts;
  const pairs = scratchPairs;
  const rank = (from: number, to: number): number => rankOf(from, to) ?? Number.POSITIVE_INFINITY;
  for (let at = 0; at <= parts; at++) starts[at] = at;
  for (let at = 0; at < parts; at++) pairs[at] = at + 2 <= parts ? rank(at, at + 2) : Number.POSITIVE_INFINITY;
  while (parts > 1) {
    let lowest = Number.POSITIVE_INFINITY;
    let merge = -1;
    for (let at = 0; at < parts; at++) {
      if (pairs[at]! < lowest) {
        lowest = pairs[at]!;
        merge = at;
      }
    }
    if (merge === -1) break;
    starts.copyWithin(merge + 1, merge + 2, parts + 1);
    pairs.copyWithin(merge, merge + 1, parts);
    parts -= 1;
    pairs[merge] = merge + 2 <= parts ? rank(starts[merge]!, starts[merge + 2]!) : Number.POSITIVE_INFINITY;
    if (merge > 0) pairs[merge - 1] = rank(starts[merge - 1]!, starts[merge + 1]!);
  }
  return parts;
}

// Work arrays of {@link mergedParts}, reused (it does not re-enter): a piece allocates none.
let scratchStarts = new Int32Array(SCRATCH_BYTES);
let scratchPairs = new Float64Array(SCRATCH_BYTES);

/** The library's `binarySearch` over its byte-sorted non-UTF-8 tokens, for `bytes[from, to)` without copying it. */
export function binaryRank(sorted: RankTable['binary'], bytes: Uint8Array, from: number, to: number): number | undefined {
  const length = to - from;
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const [key, rank] = sorted[mid]!;
    let order = 0;
    const common = Math.min(key.length, length);
    for (let at = 0; at < common && order === 0; at++) order = key[at]! - bytes[from + at]!;
    if (order === 0) order = key.length - length;
    if (order === 0) return rank;
    if (order < 0) low = mid + 1;
    else high = mid - 1;
  }
  return undefined;
}

function isAscii(text: string): boolean {
  for (let at = 0; at < text.length; at++) if (text.charCodeAt(at) >= 128) return false;
  return true;
}

/** Whether `text` has no lone surrogate (`String.prototype.isWellFormed`, not in the ES2023 lib). */
function isWellFormed(text: string): boolean {
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code < 0xd800 || code > 0xdfff) continue;
    if (code > 0xdbff) return false;
    const next = text.charCodeAt(at + 1);
    if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
    at++;
  }
  return true;
}
