import type { ContentWeights } from '../../../config/types.js';
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
 * The `content` score: Σ wᵢ·mᵢ / Σ wᵢ over the five content metrics, rounded to one decimal.
 * `equal` (default: `equal`) weighs each 1; explicit weights may be partial — a missing
 * weight counts as 1, a negative or non-finite one as 0. All weights 0 falls back to equal
 * weights, so the score never divides by zero. Metrics outside [0, 100] are clamped.
 */
export function contentScore(metrics: ContentMetrics, weights: ContentWeights = 'equal'): number {
  const weightOf = (name: ContentMetricName): number => {
    if (weights === 'equal') return 1;
    const weight = weights[name];
    if (weight === undefined) return 1;
    return Number.isFinite(weight) && weight > 0 ? weight : 0;
  };
  let total = NAMES.reduce((sum, name) => sum + weightOf(name), 0);
  const useEqual = total === 0;
  if (useEqual) total = NAMES.length;
  const sum = NAMES.reduce((acc, name) => acc + (useEqual ? 1 : weightOf(name)) * clamp(metrics[name]), 0);
  return toScore(sum / total);
}

function clamp(value: number): number {
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
}
