import type { ContentWeights } from '../../../shared/weights.js';
import type { ContentMetricName, ContentMetrics } from '../../../types.js';
import { toScore } from './input.js';

const NAMES: readonly ContentMetricName[] = [
  'semantic_coherence',
  'context_self_containment',
  'information_completeness',
  'boundary_quality',
  'cross_chunk_redundancy_reversed',
];

/**
 * The default content weights (docs/scores.md#do-the-scores-track-retrieval): the five metrics at 1, except
 * `semantic_coherence` at 0. Coherence takes points from a chunk for carrying a neighbouring
 * section's text, and on both validity corpora it ranks chunkings against retrieval (Spearman
 * −0.62 / −0.76 against whole-corpus BM25 MRR; −0.74 / −0.69 against the pages' own index), so it
 * is reported and weighable but left out of the default `content` score.
 */
export const DEFAULT_CONTENT_WEIGHTS: Readonly<Record<ContentMetricName, number>> = {
  semantic_coherence: 0,
  context_self_containment: 1,
  information_completeness: 1,
  boundary_quality: 1,
  cross_chunk_redundancy_reversed: 1,
};

/**
 * The `content` score: Σ wᵢ·mᵢ / Σ wᵢ over the content metrics, rounded to one decimal.
 * `default` (the default) weighs them by {@link DEFAULT_CONTENT_WEIGHTS}; `equal` weighs each of
 * the five 1; explicit weights may be partial — a missing weight takes its default weight, a
 * negative or non-finite one counts as 0. All weights 0 falls back to the default weights, so the
 * score never divides by zero. Metrics outside [0, 100] are clamped.
 */
export function contentScore(metrics: ContentMetrics, weights: ContentWeights = 'default'): number {
  const weightOf = (name: ContentMetricName): number => {
    if (weights === 'equal') return 1;
    if (weights === 'default') return DEFAULT_CONTENT_WEIGHTS[name];
    const weight = weights[name];
    if (weight === undefined) return DEFAULT_CONTENT_WEIGHTS[name];
    return Number.isFinite(weight) && weight > 0 ? weight : 0;
  };
  let total = NAMES.reduce((sum, name) => sum + weightOf(name), 0);
  const fallback = total === 0;
  if (fallback) total = NAMES.reduce((sum, name) => sum + DEFAULT_CONTENT_WEIGHTS[name], 0);
  const sum = NAMES.reduce((acc, name) => acc + (fallback ? DEFAULT_CONTENT_WEIGHTS[name] : weightOf(name)) * clamp(metrics[name]), 0);
  return toScore(sum / total);
}

function clamp(value: number): number {
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
}
