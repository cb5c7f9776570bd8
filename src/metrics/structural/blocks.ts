import { lastStartingAtOrBefore } from '../../markdown/lines.js';
import type { Block, Chunk, ParsedDoc, Span } from '../../types.js';
import { contentEnd } from './text.js';

/**
 * The top-level block holding `offset` (`start ≤ offset < end`), by binary search
 * over the blocks (which are in source order and do not overlap); `null` when the
 * offset lies between blocks.
 */
export function blockAt(blocks: readonly Block[], offset: number): Block | null {
  const found = lastStartingAtOrBefore(blocks, offset, (block) => block.start);
  const block = found === -1 ? undefined : blocks[found];
  return block && offset < block.end ? block : null;
}

/**
 * The offset just after the chunk's last non-whitespace source character
 * (`[startOffset, endOffset)` trimmed at the end); `startOffset` for a blank chunk.
 */
export function chunkContentEnd(doc: ParsedDoc, chunk: Chunk): number {
  return contentEnd(doc.source, chunk.startOffset, chunk.endOffset);
}

/**
 * The block holding the chunk's last non-whitespace source character, or `null`
 * for a blank chunk or one that ends between blocks.
 */
export function lastBlockOf(doc: ParsedDoc, chunk: Chunk): Block | null {
  const end = chunkContentEnd(doc, chunk);
  return end > chunk.startOffset ? blockAt(doc.blocks, end - 1) : null;
}

/**
 * The blocks overlapping `[span.start, span.end)`, in source order, found by
 * binary search for the first block ending after `span.start`.
 */
export function blocksOverlapping(blocks: readonly Block[], span: Span): Block[] {
  let low = 0;
  let high = blocks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (blocks[middle]!.end > span.start) high = middle;
    else low = middle + 1;
  }
  const overlapping: Block[] = [];
  for (let index = low; index < blocks.length && blocks[index]!.start < span.end; index += 1) overlapping.push(blocks[index]!);
  return overlapping;
}
