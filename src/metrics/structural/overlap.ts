import type { Chunk, Span } from '../../types.js';
import type { StructuralInput } from './input.js';

/** The overlap of one chunk with the chunk before it. */
export interface ChunkOverlap {
  /** Index of the later chunk of the pair (≥ 1). */
  index: number;
  /** Whether the configured overlap applies to this pair (see {@link consecutiveOverlaps}). */
  requested: boolean;
  /** The shared source range of the two chunks' `[startOffset, endOffset)`, or `null` when they do not overlap. */
  span: Span | null;
  /** Size of the shared source text in the configured unit (`0` without overlap). */
  size: number;
}

/**
 * Overlap of every consecutive chunk pair `(i − 1, i)`: the intersection of
 * their `[startOffset, endOffset)` source ranges, measured in the unit.
 *
 * The configured overlap is *requested* for every pair, except with
 * `strategy: 'heading'`, where overlap never crosses a section boundary: there
 * only consecutive pieces of one split (`split` on both, same kind,
 * `part = previous part + 1`) request it.
 */
export function consecutiveOverlaps(input: StructuralInput): ChunkOverlap[] {
  const { doc, chunks, options, measure } = input;
  const overlaps: ChunkOverlap[] = [];
  for (let index = 1; index < chunks.length; index += 1) {
    const previous = chunks[index - 1]!;
    const chunk = chunks[index]!;
    const start = Math.max(previous.startOffset, chunk.startOffset);
    const end = Math.min(previous.endOffset, chunk.endOffset);
    const span = end > start ? { start, end } : null;
    overlaps.push({
      index,
      requested: options.strategy !== 'heading' || continuesSplit(previous, chunk),
      span,
      size: span ? measure.size(doc.source.slice(span.start, span.end)) : 0,
    });
  }
  return overlaps;
}

function continuesSplit(previous: Chunk, chunk: Chunk): boolean {
  return (
    previous.split !== undefined &&
    chunk.split !== undefined &&
    previous.split.kind === chunk.split.kind &&
    chunk.split.part === previous.split.part + 1
  );
}
