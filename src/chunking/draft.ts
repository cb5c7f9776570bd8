import type { ChunkDraft, ParsedDoc, SplitInfo } from '../types.js';
import { kindsIn } from './kinds.js';
import type { Piece } from './piece.js';
import { trimSpan } from './trim.js';

/**
 * Turns a piece into a chunk draft: the span trimmed to non-whitespace (a piece with a
 * `prefix` keeps its start, which is a line start, so a re-fenced code line keeps its
 * indentation), `kinds` from the blocks it touches, and `split`: a table / code piece's own,
 * else `split` when given, else the piece's (a `text` label).
 */
export function draftOf(doc: ParsedDoc, piece: Piece, headingPath: string[], split?: SplitInfo): ChunkDraft {
  const trimmed = trimSpan(doc.source, piece);
  const start = piece.prefix ? piece.start : trimmed.start;
  const end = Math.max(start, trimmed.end);
  // Each chunk owns its path array: pieces of one section must not share a mutable array.
  const draft: ChunkDraft = { start, end, headingPath: [...headingPath], kinds: kindsIn(doc.blocks, { start, end }) };
  if (piece.prefix) draft.prefix = piece.prefix;
  if (piece.suffix) draft.suffix = piece.suffix;
  // A table / code piece says which block was cut; otherwise the caller's label wins.
  const own = piece.split?.kind === 'table' || piece.split?.kind === 'code' ? piece.split : undefined;
  const info = own ?? split ?? piece.split;
  if (info) draft.split = info;
  return draft;
}
