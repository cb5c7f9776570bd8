import type { ChunkDraft, ChunkingOptions, ParsedDoc } from '../types.js';
import { splitBlockRun } from './blockRun.js';
import { blockSizer } from './blockSizes.js';
import { draftOf } from './draft.js';
import { mergeShortSections } from './mergeShort.js';
import { splitContext, type ChunkMeasure } from './piece.js';
import { sectionsOf, type Section } from './sections.js';
import { withoutRuleComments } from '../markdown/rule-comments.js';

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
  const sections = transparentPreamble(doc, sectionsOf(doc, options.headingLevels.max));
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

/**
 * The sections with a leading section that holds only rule comments (`<!-- chunkgate-disable-file
 * … -->` above the first heading) given the next section's heading path: the comment is markup
 * addressed to chunkgate, and the chunk it merges into must not lose its heading path for it.
 */
function transparentPreamble(doc: ParsedDoc, sections: Section[]): Section[] {
  const [first, next] = sections;
  if (!doc.ruleComments || !first || !next || first.heading !== null) return sections;
  const text = doc.blocks.slice(first.firstBlock, first.endBlock).map((block) => doc.source.slice(block.start, block.end)).join('\n');
  if (withoutRuleComments(text).trim() !== '') return sections;
  return [{ ...first, headingPath: next.headingPath }, ...sections.slice(1)];
}
