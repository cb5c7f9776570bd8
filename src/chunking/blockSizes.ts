import type { Block } from '../types.js';
import { sizeOf, type SplitContext } from './piece.js';

/** Sizes of a document's blocks and of runs of consecutive blocks. */
export interface BlockSizer {
  /** Size of block `index` alone. */
  core(index: number): number;
  /** Size of the text from the end of block `index − 1` to the end of block `index`. */
  lead(index: number): number;
  /** Estimated size of blocks `[from, to)` as one slice: `core(from) + Σ lead(from+1 … to−1)`; `0` when empty. */
  range(from: number, to: number): number;
}

/**
 * Measures every block once, with the whitespace before it (`lead`), and keeps prefix
 * sums so the size of any run of blocks is O(1) without measuring the run's text again.
 */
export function blockSizer(context: SplitContext, blocks: readonly Block[]): BlockSizer {
  const leads = blocks.map((block, index) => sizeOf(context, { start: index === 0 ? block.start : blocks[index - 1]!.end, end: block.end }));
  const sums = [0];
  for (const lead of leads) sums.push(sums.at(-1)! + lead);
  const core = (index: number): number => (index === 0 ? leads[0]! : sizeOf(context, blocks[index]!));
  return {
    core,
    lead: (index) => leads[index]!,
    range: (from, to) => (to <= from ? 0 : core(from) + sums[to]! - sums[from + 1]!),
  };
}
