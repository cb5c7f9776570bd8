import type { RetrievalChunk } from '../retrieval/types.js';
import type { Span } from '../types.js';

/** Where a passage stands for one probe on one side. */
export interface Stand {
  /** 1-based rank of the first chunk that holds the whole passage (`null`: none among those ranked). */
  rank: number | null;
  /** Whether the chunks ranked first, packed into the context budget, hold the whole passage. */
  fits: boolean;
}

/**
 * The chunks a model reads within `budget` tokens: the longest prefix of `ranking` whose sizes add
 * up to at most `budget`, and always the first chunk (a retriever returns at least one). Pure.
 */
export function packContext(ranking: readonly number[], tokensOf: (order: number) => number, budget: number): number[] {
  const read: number[] = [];
  let used = 0;
  for (const order of ranking) {
    const tokens = tokensOf(order);
    if (read.length > 0 && used + tokens > budget) break;
    read.push(order);
    used += tokens;
  }
  return read;
}

/**
 * Where `evidence` (a span of `file`) stands in `ranking` (chunk orders, best first): the rank of
 * the first chunk whose extent holds it whole, and whether the chunks packed into `budget` tokens
 * cover it — together, when a chunk boundary cuts it. Pure.
 */
export function standOf(
  ranking: readonly number[],
  chunkOf: (order: number) => Pick<RetrievalChunk, 'file' | 'span'>,
  tokensOf: (order: number) => number,
  file: string,
  evidence: Span,
  budget: number,
): Stand {
  let rank: number | null = null;
  for (const [position, order] of ranking.entries()) {
    const chunk = chunkOf(order);
    if (chunk.file === file && chunk.span.start <= evidence.start && evidence.end <= chunk.span.end) {
      rank = position + 1;
      break;
    }
  }
  const read = packContext(ranking, tokensOf, budget)
    .map(chunkOf)
    .filter((chunk) => chunk.file === file)
    .map((chunk) => chunk.span);
  return { rank, fits: covered(evidence, read) };
}

/** Whether the union of `spans` covers `target` with no gap. */
export function covered(target: Span, spans: readonly Span[]): boolean {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let reached = target.start;
  for (const span of sorted) {
    if (span.start > reached) break;
    reached = Math.max(reached, span.end);
    if (reached >= target.end) return true;
  }
  return reached >= target.end;
}
