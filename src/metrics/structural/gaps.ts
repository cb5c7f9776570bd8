import type { Chunk, ParsedDoc, Span } from '../../types.js';
import { isWhitespaceCode } from '../../text/whitespace.js';

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
 * Prefix counts of non-whitespace characters outside the front matter span
 * `exclude`: `counts[i]` is the number in `source[0, i)`, so any range costs
 * `counts[end] − counts[start]`. One pass over the source, by code unit.
 */
export function nonWhitespacePrefix(source: string, exclude: Span | null = null): Int32Array {
  const counts = prefixCounts(source);
  // Read here, not in the loops: front matter spans come in several object shapes, and a new
  // shape met inside an optimised loop would throw its code away (docs/design.md#speed).
  if (exclude && exclude.end > exclude.start) excludeRange(counts, exclude.start, exclude.end);
  return counts;
}

/** `counts[i]` = non-whitespace characters of `source[0, i)`. */
function prefixCounts(source: string): Int32Array {
  const counts = new Int32Array(source.length + 1);
  let count = 0;
  for (let at = 0; at < source.length; at += 1) {
    if (isCounted(source.charCodeAt(at))) count += 1;
    counts[at + 1] = count;
  }
  return counts;
}

/** Takes the characters of `[start, end)` out of prefix counts: flat inside the range, lowered after it. */
function excludeRange(counts: Int32Array, start: number, end: number): void {
  const removed = counts[end]! - counts[start]!;
  for (let at = start + 1; at <= end; at += 1) counts[at] = counts[start]!;
  for (let at = end + 1; at < counts.length; at += 1) counts[at]! -= removed;
}

/** The counts {@link documentCounts} made last, with what they were made from. */
let lastCounts: { source: string; exclude: Span | null; counts: Int32Array } | null = null;

/**
 * {@link nonWhitespacePrefix} of a document's source outside its front matter. Source coverage
 * and context sufficiency ask for the same document one after the other, so the counts of the
 * last document asked about are kept (only those: memory stays one array, however many
 * documents a run evaluates) and given again for an equal source and front matter. Read-only.
 */
export function documentCounts(doc: Pick<ParsedDoc, 'source' | 'frontmatter'>): Int32Array {
  const exclude = doc.frontmatter ?? null;
  const last = lastCounts;
  if (last && last.source === doc.source && last.exclude?.start === exclude?.start && last.exclude?.end === exclude?.end) return last.counts;
  const counts = nonWhitespacePrefix(doc.source, exclude);
  lastCounts = { source: doc.source, exclude: exclude && { start: exclude.start, end: exclude.end }, counts };
  return counts;
}

/** Whether a code unit counts as text: printable ASCII is the common case; only the rest needs the full whitespace test. */
function isCounted(code: number): boolean {
  return (code > 0x20 && code < 0x7f) || (code >= 0x7f && !isWhitespaceCode(code));
}

/** Non-whitespace characters of `source[start, end)`, counted directly. */
function countDirect(source: string, start: number, end: number): number {
  let count = 0;
  for (let at = start; at < end; at += 1) if (isCounted(source.charCodeAt(at))) count += 1;
  return count;
}

/** Non-whitespace characters of `[start, end)` from {@link nonWhitespacePrefix} counts. */
export function countIn(counts: Int32Array, start: number, end: number): number {
  const last = counts.length - 1;
  const from = Math.min(Math.max(start, 0), last);
  const to = Math.min(Math.max(end, from), last);
  return counts[to]! - counts[from]!;
}

/**
 * The uncovered stretches of the source outside front matter, by an interval
 * sweep: all chunk spans (and the front matter) are sorted by start and merged,
 * and every hole holding non-whitespace text becomes a gap. O(S log S + n) for S
 * spans and a source of length n; pass `counts` ({@link nonWhitespacePrefix}) when
 * the caller already has them, else the holes (never inside front matter) are counted
 * directly, which costs only their length.
 */
export function coverageGaps(doc: ParsedDoc, chunks: readonly Chunk[], counts?: Int32Array): CoverageGap[] {
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
    const nonWhitespace = counts ? countIn(counts, hole.start, hole.end) : countDirect(source, hole.start, hole.end);
    return nonWhitespace === 0 ? [] : [{ ...hole, chunk: chargedTo(hole.end), nonWhitespace }];
  });
}

/** Spans sorted and merged where they overlap or touch, so a character repeated in two of them counts once. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const merged: Span[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}
