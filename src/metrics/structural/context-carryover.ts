import { blockAt } from './blocks.js';
import type { StructuralInput } from './input.js';
import { consecutiveOverlaps } from './overlap.js';
import { contentStart } from './text.js';

/**
 * Shared text of this share of `max` carries a cut's context fully (overlaps of 10–20% are
 * typical, docs/design.md#where-the-scores-come-from).
 */
const FULL_CARRY_SHARE = 0.1;

/**
 * `context_carryover` (replaces `overlap_accuracy` in the default structural weights,
 * docs/scores.md#do-the-scores-track-retrieval): for every cut between consecutive chunks, how
 * much context the later chunk carries across it — `1` when it opens with a heading (a section
 * start brings its own context); otherwise `min(1, o / (0.1 × max))`, with o the source text the
 * two chunks share (overlap) in the unit, so a hard cut with no overlap is `0`. Score: 100 × the
 * mean over cuts; no cut → 100.
 */
export function contextCarryover(input: StructuralInput): number {
  const { doc, chunks, options } = input;
  const cuts = consecutiveOverlaps(input);
  if (cuts.length === 0) return 100;
  const full = Math.max(1, FULL_CARRY_SHARE * options.max);
  const total = cuts.reduce((sum, cut) => {
    const chunk = chunks[cut.index]!;
    const start = contentStart(doc.source, chunk.startOffset, chunk.endOffset);
    const block = blockAt(doc.blocks, start);
    if (block?.kind === 'heading' && block.start === start) return sum + 1;
    return sum + Math.min(1, cut.size / full);
  }, 0);
  return (100 * total) / cuts.length;
}
