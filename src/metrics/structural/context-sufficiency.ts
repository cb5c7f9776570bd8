import { sectionsOf } from '../../chunking/sections.js';
import type { Span } from '../../types.js';
import { countIn, documentCounts, mergeSpans } from './gaps.js';
import type { StructuralInput } from './input.js';

/**
 * `context_sufficiency` of each chunk (docs/scores.md#do-the-scores-track-retrieval), 0–100:
 * how much of its own heading section the chunk holds. For every section s (heading of depth ≤
 * `headingLevels.max` up to the next such heading, or the text before the first one) that the
 * chunk's text overlaps, with n_cs the chunk's non-whitespace characters in s, n_c the chunk's
 * and n_s the section's: `100 × Σ_s (n_cs / n_c) × min(1, n_cs / n_s)`. A chunk holding its
 * whole section (or several whole sections) scores 100; a piece holding a fifth of its section
 * scores 20. A query about a section uses the section's words, and a chunk with a piece of the
 * section carries only that piece of them. Measured against the chunk's own sections only, so
 * editing one section never moves the score of a chunk elsewhere in the page. A chunk without
 * text scores 100 (it is `empty-chunk`); front matter is no section's text.
 */
export function contextSufficiencyByChunk(input: StructuralInput): number[] {
  const { doc, chunks, options } = input;
  const counts = documentCounts(doc);
  const sections = sectionsOf(doc, options.headingLevels.max).map((section) => ({
    start: section.start,
    end: section.end,
    size: countIn(counts, section.start, section.end),
  }));
  return chunks.map((chunk) => {
    const spans = mergeSpans(chunk.spans);
    let own = 0;
    let held = 0;
    if (spans.length === 0) return 100;
    // Sections are consecutive and in source order: only those from the first one ending after the
    // chunk's first span starts, to the last one starting before its last span ends, can overlap
    // it; the others add nothing, so skipping them keeps every sum in the same order.
    const last = spans.at(-1)!.end;
    for (let at = firstEndingAfter(sections, spans[0]!.start); at < sections.length && sections[at]!.start < last; at += 1) {
      const section = sections[at]!;
      const inside = spans.reduce((sum, span) => sum + overlapCount(counts, span, section), 0);
      if (inside === 0 || section.size === 0) continue;
      own += inside;
      held += inside * Math.min(1, inside / section.size);
    }
    return own === 0 ? 100 : (100 * held) / own;
  });
}

/** Index of the first of `sections` (in source order, disjoint) that ends after `offset`; `sections.length` when none does. */
function firstEndingAfter(sections: readonly Span[], offset: number): number {
  let low = 0;
  let high = sections.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sections[middle]!.end > offset) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** `context_sufficiency` of a document: the mean of its chunks' ({@link contextSufficiencyByChunk}); no chunks → 100. */
export function contextSufficiency(input: StructuralInput, byChunk: readonly number[] = contextSufficiencyByChunk(input)): number {
  return byChunk.length === 0 ? 100 : byChunk.reduce((sum, value) => sum + value, 0) / byChunk.length;
}

/** Non-whitespace characters of `span` inside `section`. */
function overlapCount(counts: Int32Array, span: Span, section: Span): number {
  const start = Math.max(span.start, section.start);
  const end = Math.min(span.end, section.end);
  return end > start ? countIn(counts, start, end) : 0;
}
