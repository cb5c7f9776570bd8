import type { Block, Chunk, ParsedDoc } from '../../types.js';
import { lastBlockOf } from './blocks.js';

/**
 * The heading a chunk is orphaned by, or `null`: a chunk is orphaned when its
 * last non-whitespace source character belongs to a heading, i.e. it ends on a
 * heading whose section text went to another chunk (a chunk holding only
 * headings always ends on one).
 */
export function orphanHeading(doc: ParsedDoc, chunk: Chunk): Block | null {
  const block = lastBlockOf(doc, chunk);
  return block?.kind === 'heading' ? block : null;
}
