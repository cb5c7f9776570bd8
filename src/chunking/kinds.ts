import type { Block, BlockKind, Span } from '../types.js';

/**
 * The kinds of the blocks that `span` touches (a block touches it when they share at least
 * one offset), in source order, each kind once. `blocks` must be in source order;
 * binary search to the first block, so a look-up costs O(log blocks + touched blocks).
 */
export function kindsIn(blocks: readonly Block[], span: Span): BlockKind[] {
  let low = 0;
  let high = blocks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (blocks[middle]!.end <= span.start) low = middle + 1;
    else high = middle;
  }
  const kinds: BlockKind[] = [];
  for (let index = low; index < blocks.length && blocks[index]!.start < span.end; index++) {
    const kind = blocks[index]!.kind;
    if (!kinds.includes(kind)) kinds.push(kind);
  }
  return kinds;
}
