import type { ChunkDraft, ChunkingOptions, ParsedDoc } from '../types.js';
import { splitBlockRun } from './blockRun.js';
import { blockSizer } from './blockSizes.js';
import { draftOf } from './draft.js';
import { headingPathAt } from './headingPath.js';
import { packUnits } from './pack.js';
import { splitContext, type ChunkMeasure } from './piece.js';

/**
 * The `recursive` strategy, LangChain's RecursiveCharacterTextSplitter on Markdown
 * structure: the first separator present in a span cuts it — headings of depth 1, 2, … 6 —
 * runs of sections that fit are merged greedily up to `max` (no overlap between merged
 * sections), and each section above `max` recurses to the next depth. A span with no heading
 * left is cut at block boundaries, then its text blocks above `max` at lines, sentences,
 * words, then characters / tokens, and those units are merged greedily up to `max` with
 * `overlap` (whole units, never back over a heading, a heading never ending a chunk).
 * Atomic blocks are never cut unless alone above `max` (then by rows / lines, see
 * `splitAtomic`). Pieces of a spread-out text block carry `split: { kind: 'text' }`.
 * Heading path: the enclosing headings of the chunk's start.
 */
export function chunkRecursive(doc: ParsedDoc, options: ChunkingOptions, measure: ChunkMeasure): ChunkDraft[] {
  const context = splitContext(doc, options, measure);
  const { blocks } = doc;
  const sizes = blockSizer(context, blocks);
  const pathAt = headingPathAt(doc);
  const drafts: ChunkDraft[] = [];
  const isHeading = (index: number): boolean => blocks[index]!.kind === 'heading';

  const merge = (run: ReadonlyArray<{ from: number; to: number }>): void => {
    if (run.length === 0) return;
    const ranges = packUnits(
      run.length,
      {
        core: (i) => sizes.range(run[i]!.from, run[i]!.to),
        lead: (i) => sizes.range(run[i]!.from, run[i]!.to) - sizes.core(run[i]!.from) + sizes.lead(run[i]!.from),
      },
      { max: context.max },
    );
    for (const range of ranges) {
      const start = blocks[run[range.from]!.from]!.start;
      const end = blocks[run[range.to - 1]!.to - 1]!.end;
      drafts.push(draftOf(doc, { start, end }, pathAt(start)));
    }
  };

  const split = (from: number, to: number, depth: number): void => {
    if (depth > 6) {
      for (const piece of splitBlockRun(context, blocks, from, to, { levels: ['lines', 'sentences', 'words'], barrier: isHeading })) {
        drafts.push(draftOf(doc, piece, pathAt(piece.start)));
      }
      return;
    }
    const cuts = [from];
    for (let index = from + 1; index < to; index++) {
      if (isHeading(index) && (blocks[index]!.depth ?? 1) <= depth) cuts.push(index);
    }
    if (cuts.length === 1 && sizes.range(from, to) > context.max) {
      split(from, to, depth + 1);
      return;
    }
    let good: Array<{ from: number; to: number }> = [];
    cuts.forEach((cut, position) => {
      const segment = { from: cut, to: cuts[position + 1] ?? to };
      if (sizes.range(segment.from, segment.to) <= context.max) {
        good.push(segment);
        return;
      }
      merge(good);
      good = [];
      split(segment.from, segment.to, depth + 1);
    });
    merge(good);
  };

  if (blocks.length > 0) split(0, blocks.length, 1);
  return drafts;
}
