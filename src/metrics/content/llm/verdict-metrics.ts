import type { ContentMetrics } from '../../../types.js';
import type { LlmVerdict } from '../../../types.js';

/**
 * Content metrics of a chunk the judge scored: `semantic_coherence`,
 * `context_self_containment`, `information_completeness` and `boundary_quality`
 * take the judge's scores as they are (20–100 on the 0–100 metric scale);
 * `cross_chunk_redundancy_reversed` keeps the heuristic value.
 *
 * Why the LLM's `overlap_rationality` does not replace it: the two measure
 * different things. The rubric rewards about 10–15% overlap and marks a cut with
 * none as a flaw, while the metric penalises duplication beyond the *configured*
 * overlap — with the default `overlap: 0` every heading-chunked doc would lose
 * points for doing what its config asks. The heuristic measures duplication
 * exactly from the texts; the judge only sees two neighbours. Its
 * `overlap_rationality` stays in the verdict for the report.
 */
export function contentMetricsFromVerdict(verdict: LlmVerdict, heuristic: ContentMetrics): ContentMetrics {
  return {
    semantic_coherence: verdict.scores.semantic_coherence,
    context_self_containment: verdict.scores.context_self_containment,
    information_completeness: verdict.scores.information_completeness,
    boundary_quality: verdict.scores.boundary_quality,
    cross_chunk_redundancy_reversed: heuristic.cross_chunk_redundancy_reversed,
  };
}
