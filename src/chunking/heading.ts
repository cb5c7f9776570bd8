import type { ChunkDraft, ChunkingOptions, ParsedDoc } from '../types.js';
import { splitBlockRun } from './blockRun.js';
import { blockSizer } from './blockSizes.js';
import { draftOf } from './draft.js';
import { mergeShortSections } from './mergeShort.js';
import { splitContext, type ChunkMeasure } from './piece.js';
import { sectionsOf } from './sections.js';

/**
 * The `heading` strategy (default): one chunk per section of a heading of depth ≤
 * `headingLevels.max` ({@link sectionsOf}), with its heading path.
 * - Sections whose body is below `min` merge into a sibling ({@link mergeShortSections});
 *   the merged chunk takes the parent's path.
 * - A section (or merged group) above `max` is split: whole blocks packed greedily up to
 *   `max` with `overlap` (never reaching back over a member section's heading), text blocks
 *   above `max` at sentence, then word, then character boundaries, tables / code above
 *   `max` by rows / lines with the header / fences repeated. Every piece is labelled
 *   `split: { kind: 'section', part, parts }` (part = position among the section's pieces),
 *   except table / code pieces, which keep `{ kind: 'table' | 'code' }` of their block.
 * Sizes are estimated from per-block measurements (each block measured once).
 */
export function chunkByHeading(doc: ParsedDoc, options: ChunkingOptions, measure: ChunkMeasure): ChunkDraft[] {
  const context = splitContext(doc, options, measure);
  const { blocks } = doc;
  const sections = sectionsOf(doc, options.headingLevels.max);
  const sizes = blockSizer(context, blocks);
  const bodySize = (from: number, to: number): number => {
    const first = sections[from]!;
    return sizes.range(first.heading ? first.firstBlock + 1 : first.firstBlock, sections[to - 1]!.endBlock);
  };
  const drafts: ChunkDraft[] = [];
  for (const group of mergeShortSections(sections, bodySize, options.min)) {
    const first = sections[group.from]!;
    const last = sections[group.to - 1]!;
    if (sizes.range(first.firstBlock, last.endBlock) <= context.max) {
      drafts.push(draftOf(doc, { start: first.start, end: last.end }, group.headingPath));
      continue;
    }
    const heads = new Set(sections.slice(group.from + 1, group.to).map((section) => section.firstBlock));
    const pieces = splitBlockRun(context, blocks, first.firstBlock, last.endBlock, { barrier: (index) => heads.has(index) });
    pieces.forEach((piece, index) => {
      const split = pieces.length > 1 ? { kind: 'section' as const, part: index + 1, parts: pieces.length } : undefined;
      drafts.push(draftOf(doc, piece, group.headingPath, split));
    });
  }
  return drafts;
}
