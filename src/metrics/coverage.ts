import type { Chunk, ParsedDoc } from '../types.js';
import { countIn, coverageGaps, documentCounts, mergeSpans } from './structural/gaps.js';
import { lostUnits, type LostText } from './structural/lost-units.js';

export type { LostText } from './structural/lost-units.js';

/** How much of a document's source its chunks hold (docs/design.md#where-the-scores-come-from). */
export interface SourceCoverage {
  /** Non-whitespace characters covered ÷ non-whitespace characters outside front matter, 0–1 (`1` when there are none). */
  coverage: number;
  /** Uncovered units (sentences, table rows, code lines), in source order. */
  lost: LostText[];
  /**
   * Per chunk, 0–100: `100 × covered / (covered + uncovered)`, where covered counts
   * the non-whitespace characters of the chunk's own spans and uncovered those of
   * the gaps charged to it (the gap just before it; the last chunk also takes the
   * trailing gap). `100` when both are 0.
   */
  perChunk: number[];
}

/**
 * Source coverage of a chunking: every non-whitespace character outside front matter should lie
 * in some chunk span (the invariant of every built-in strategy,
 * docs/config.md#chunking-strategies). Linear in the source (one prefix-count pass, then an
 * interval sweep over the chunk spans; no per-character strings).
 */
export function sourceCoverage(doc: ParsedDoc, chunks: readonly Chunk[]): SourceCoverage {
  const { source } = doc;
  const counts = documentCounts(doc);
  const total = countIn(counts, 0, source.length);
  const gaps = coverageGaps(doc, chunks, counts);
  const uncovered = gaps.reduce((sum, gap) => sum + gap.nonWhitespace, 0);
  const charged = new Array<number>(chunks.length).fill(0);
  for (const gap of gaps) if (gap.chunk >= 0) charged[gap.chunk]! += gap.nonWhitespace;
  const perChunk = chunks.map((chunk, index) => {
    const covered = mergeSpans(chunk.spans).reduce((sum, span) => sum + countIn(counts, span.start, span.end), 0);
    const lost = charged[index]!;
    return covered + lost === 0 ? 100 : (100 * covered) / (covered + lost);
  });
  return {
    coverage: total === 0 ? 1 : (total - uncovered) / total,
    lost: gaps.flatMap((gap) => lostUnits(doc, gap)),
    perChunk,
  };
}
