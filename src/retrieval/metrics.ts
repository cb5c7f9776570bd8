import type { QueryMetrics, Span } from '../types.js';
import { intersect, subtract, union } from './ranges.js';
import type { LocatedEvidence, RetrievalChunk } from './types.js';

/** Measures a span of a file (tokens of its text, for the token-level metrics). */
export type SpanSize = (file: string, span: Span) => number;

/** A chunk covers an excerpt when the excerpt lies wholly inside the chunk's extent (by source offsets). */
export function covers(chunk: RetrievalChunk, evidence: LocatedEvidence): boolean {
  return chunk.file === evidence.file && chunk.span.start <= evidence.span.start && evidence.span.end <= chunk.span.end;
}

/**
 * Retrieval metrics of one query (docs/config.md#retrieval-on-a-golden-set-optional; Chroma's
 * chunking evaluation for the token level). Relevance is decided by source offsets, never by
 * comparing strings.
 *
 * @param retrieved the top-k chunks, best first.
 * @param evidence the expected excerpts located in this side's sources.
 * @param expected how many excerpts the query expects (excerpts missing from the sources count as not found).
 */
export function queryMetrics(
  retrieved: readonly RetrievalChunk[],
  evidence: readonly LocatedEvidence[],
  expected: number,
  size: SpanSize,
): QueryMetrics {
  const relevant = retrieved.map((chunk) => evidence.some((item) => covers(chunk, item)));
  const first = relevant.indexOf(true);
  const found = evidence.filter((item) => retrieved.some((chunk) => covers(chunk, item))).length;

  const files = new Set([...retrieved.map((c) => c.file), ...evidence.map((e) => e.file)]);
  let intersection = 0;
  let evidenceSize = 0;
  let unusedEvidence = 0;
  for (const file of files) {
    const chunks = retrieved.filter((c) => c.file === file).map((c) => c.span);
    const excerpts = evidence.filter((e) => e.file === file).map((e) => e.span);
    const overlaps = chunks.flatMap((chunk) => excerpts.map((excerpt) => intersect(chunk, excerpt)).filter((s): s is Span => s !== null));
    for (const span of union(overlaps)) intersection += size(file, span);
    for (const span of union(excerpts)) evidenceSize += size(file, span);
    for (const span of subtract(excerpts, chunks)) unusedEvidence += size(file, span);
  }
  // Chroma counts every retrieved chunk in full, so overlapping chunks count their shared tokens twice.
  const retrievedSize = retrieved.reduce((sum, chunk) => sum + size(chunk.file, chunk.span), 0);
  return {
    rank: first === -1 ? null : first + 1,
    recall: expected === 0 ? 0 : found / expected,
    precision: retrieved.length === 0 ? 0 : relevant.filter(Boolean).length / retrieved.length,
    rr: first === -1 ? 0 : 1 / (first + 1),
    tokenRecall: evidenceSize === 0 ? 0 : intersection / evidenceSize,
    tokenPrecision: retrievedSize === 0 ? 0 : intersection / retrievedSize,
    iou: retrievedSize + unusedEvidence === 0 ? 0 : intersection / (retrievedSize + unusedEvidence),
  };
}
