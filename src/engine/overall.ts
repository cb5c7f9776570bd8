import type { ContentMetrics, Grade, Issue } from '../types.js';

/** Weights of a chunk's `overall` (SPEC §5, seed 003 L2). */
export const OVERALL_WEIGHTS = {
  boundary_quality: 0.2,
  source_coverage: 0.25,
  context_self_containment: 0.25,
  semantic_coherence: 0.15,
  metadata: 0.15,
} as const;

/** The most a chunk with source loss or a piece of a split table/code block may score (seed 003). */
export const HARD_CAP = 59;

const CAPPING_TAGS = new Set(['source-loss', 'table-split', 'code-fence-split']);

/**
 * A chunk's `overall`: boundary 20%, source coverage 25%, self-containment 25%,
 * coherence 15%, metadata 15%; capped at {@link HARD_CAP} when the chunk carries
 * `source-loss`, `table-split` or `code-fence-split`; `0` for an `empty-chunk`.
 */
export function chunkOverall(
  metrics: ContentMetrics & { source_coverage: number; metadata: number },
  issues: readonly Issue[],
): number {
  // An empty chunk has nothing to retrieve: its text metrics (neutral 100 on no text) mean nothing.
  if (issues.some((issue) => issue.tag === 'empty-chunk')) return 0;
  const weighted =
    OVERALL_WEIGHTS.boundary_quality * metrics.boundary_quality +
    OVERALL_WEIGHTS.source_coverage * metrics.source_coverage +
    OVERALL_WEIGHTS.context_self_containment * metrics.context_self_containment +
    OVERALL_WEIGHTS.semantic_coherence * metrics.semantic_coherence +
    OVERALL_WEIGHTS.metadata * metrics.metadata;
  return issues.some((issue) => CAPPING_TAGS.has(issue.tag)) ? Math.min(HARD_CAP, weighted) : weighted;
}

/** Grades a 0–100 score: pass ≥ 80, warn 60–79, fail < 60. */
export function gradeOf(score: number): Grade {
  if (score >= 80) return 'pass';
  if (score >= 60) return 'warn';
  return 'fail';
}

/** Arithmetic mean, or `empty` (default: `100`, the neutral value) for no values. */
export function mean(values: readonly number[], empty = 100): number {
  if (values.length === 0) return empty;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}
