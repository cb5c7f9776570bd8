import type { ContentMetrics } from '../../../types.js';
import { boundaryQualityDetails } from './boundary-quality.js';
import { contextSelfContainmentDetails } from './context-self-containment.js';
import { crossChunkRedundancyReversedDetails } from './cross-chunk-redundancy-reversed.js';
import { informationCompletenessDetails } from './information-completeness.js';
import type { ContentExplanation, ContentInput } from './input.js';
import { semanticCoherenceDetails } from './semantic-coherence.js';

export { boundaryQuality } from './boundary-quality.js';
export { contentScore } from './content-score.js';
export { contextSelfContainment } from './context-self-containment.js';
export { crossChunkRedundancyReversed } from './cross-chunk-redundancy-reversed.js';
export { informationCompleteness } from './information-completeness.js';
export type { ContentExplanation, ContentFinding, ContentInput, MetricDetail } from './input.js';
export { semanticCoherence } from './semantic-coherence.js';

/**
 * Every heuristic content metric of each chunk with the findings behind it (for the PR
 * comment: "opens with 'It' and has no heading context", "mixes 2 heading sections: …").
 * Each finding's `points` is what it cost; 100 + Σ points is the score, before clamping to [0, 100].
 */
export function explainContentHeuristic(input: ContentInput): ContentExplanation[] {
  const coherence = semanticCoherenceDetails(input);
  const containment = contextSelfContainmentDetails(input);
  const completeness = informationCompletenessDetails(input);
  const boundary = boundaryQualityDetails(input);
  const redundancy = crossChunkRedundancyReversedDetails(input);
  return input.chunks.map((_, index) => ({
    semantic_coherence: coherence[index]!,
    context_self_containment: containment[index]!,
    information_completeness: completeness[index]!,
    boundary_quality: boundary[index]!,
    cross_chunk_redundancy_reversed: redundancy[index]!,
  }));
}

/**
 * The offline, deterministic `heuristic` scorer
 * (docs/scores.md#content-metrics-per-chunk-averaged-per-document): the five content metrics
 * (0–100, one decimal) of each chunk, by index. No chunks → `[]`.
 */
export function scoreContentHeuristic(input: ContentInput): ContentMetrics[] {
  return explainContentHeuristic(input).map((explanation) => ({
    semantic_coherence: explanation.semantic_coherence.score,
    context_self_containment: explanation.context_self_containment.score,
    information_completeness: explanation.information_completeness.score,
    boundary_quality: explanation.boundary_quality.score,
    cross_chunk_redundancy_reversed: explanation.cross_chunk_redundancy_reversed.score,
  }));
}
