import type { TokenizerName } from '../types.js';
import { bytePairCoreOf } from './encodings.js';
import { countTokens } from './measure.js';

/**
 * Token count of one pre-token (a piece the encoding's split pattern cut), as gpt-tokenizer
 * counts each piece of a text: one token when the piece is in the rank table, else the parts
 * byte-pair merging leaves. `countTokens(piece)` gives the same number but splits the piece with
 * the pattern again and wraps it in special-token checks; this goes straight to the encoder. An
 * ASCII piece is merged here on strings: for ASCII, the library's bytes → string step
 * (`isValidUTF8` + `TextDecoder`) returns the slice itself, so looking slices up in the same
 * table with the same merge order gives the same parts, without encoding or decoding.
 * test/chunking/piece-tokens.test.ts checks it against `countTokens`.
 */
export function pieceTokenCounter(tokenizer: TokenizerName): (piece: string) => number {
  const core = bytePairCoreOf(tokenizer);
  if (core === undefined) return (piece) => countTokens(piece, tokenizer);
  const ranks = core.bytePairStringRankEncoder;
  return (piece) => {
    if (ranks.get(piece) !== undefined) return 1;
    return isAscii(piece) ? asciiMergedParts(piece, ranks) : core.bytePairEncode(piece).length;
  };
}

function isAscii(text: string): boolean {
  for (let at = 0; at < text.length; at++) if (text.charCodeAt(at) >= 128) return false;
  return true;
}

/**
 * gpt-tokenizer's `bytePairMerge` on an ASCII string: start from single characters, and
 * repeatedly merge the adjacent pair of lowest rank (the leftmost on a tie) until no adjacent
 * pair is in the table. Returns the number of parts left.
 */
function asciiMergedParts(piece: string, ranks: Map<string, number>): number {
  let parts = piece.length;
  // starts[i]: where part i begins (starts[parts] = the end); pairs[i]: rank of parts i and i+1 joined.
  const starts = new Int32Array(parts + 1);
  const pairs = new Float64Array(parts);
  const rankOf = (from: number, to: number): number => ranks.get(piece.slice(from, to)) ?? Number.POSITIVE_INFINITY;
  for (let at = 0; at <= parts; at++) starts[at] = at;
  for (let at = 0; at < parts; at++) pairs[at] = at + 2 <= parts ? rankOf(at, at + 2) : Number.POSITIVE_INFINITY;
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
    pairs[merge] = merge + 2 <= parts ? rankOf(starts[merge]!, starts[merge + 2]!) : Number.POSITIVE_INFINITY;
    if (merge > 0) pairs[merge - 1] = rankOf(starts[merge - 1]!, starts[merge + 1]!);
  }
  return parts;
}
