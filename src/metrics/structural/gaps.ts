import type { Chunk, ParsedDoc, Span } from '../../types.js';
import { isWhitespaceCode } from './text.js';

/** A stretch of source that no chunk covers and that holds non-whitespace text. */
export interface CoverageGap extends Span {
  /**
   * Index of the chunk the gap is charged to: the first chunk (in source order)
   * starting at or after the gap, else the last chunk; `-1` when there are no chunks.
   */
  chunk: number;
  /** Non-whitespace characters in the gap. */
  nonWhitespace: number;
}

/**
 * Counts the non-whitespace characters of `source[start, end)` outside the front
 * matter span `exclude`, by code unit (no substrings).
 */
export function countNonWhitespace(source: string, start: number, end: number, exclude: Span | null = null): number {
  let count = 0;
  for (let at = Math.max(0, start); at < end && at < source.length; at += 1) {
    if (exclude && at >= exclude.start && at < exclude.end) {
      at = exclude.end - 1;
      continue;
    }
    if (!isWhitespaceCode(source.charCodeAt(at))) count += 1;
  }
  return count;
}

/**
 * The uncovered stretches of the source outside front matter, by an interval
 * sweep: all chunk spans (and the front matter) are sorted by start and merged,
 * and every hole holding non-whitespace text becomes a gap. O(S log S + n) for S
 * spans and a source of length n.
 */
export function coverageGaps(doc: ParsedDoc, chunks: readonly Chunk[]): CoverageGap[] {
  const { source, frontmatter } = doc;
  const intervals: Span[] = chunks.flatMap((chunk) => chunk.spans.filter((span) => span.end > span.start));
  if (frontmatter) intervals.push(frontmatter);
  intervals.sort((a, b) => a.start - b.start || a.end - b.end);
  const holes: Span[] = [];
  let reached = 0;
  for (const interval of intervals) {
    if (interval.start > reached) holes.push({ start: reached, end: interval.start });
    reached = Math.max(reached, interval.end);
  }
  if (reached < source.length) holes.push({ start: reached, end: source.length });

  const order = chunks.map((chunk, index) => ({ start: chunk.startOffset, index })).sort((a, b) => a.start - b.start || a.index - b.index);
  const chargedTo = (end: number): number => {
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (order[middle]!.start >= end) high = middle;
      else low = middle + 1;
    }
    return (order[low] ?? order.at(-1))?.index ?? -1;
  };
  return holes.flatMap((hole) => {
    const nonWhitespace = countNonWhitespace(source, hole.start, hole.end);
    return nonWhitespace === 0 ? [] : [{ ...hole, chunk: chargedTo(hole.end), nonWhitespace }];
  });
}
