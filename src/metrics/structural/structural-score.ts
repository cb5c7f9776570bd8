import type { StructuralWeights } from '../../shared/weights.js';
import type { StructuralMetricName, StructuralMetrics } from '../../types.js';

/**
 * The original weights (boundaries and preserved structure count most), with the changes
 * docs/scores.md#do-the-scores-track-retrieval measured: `context_carryover` takes the 1.0 of
 * `overlap_accuracy`, which correlated −0.85 with retrieval and is still reported, at weight 0;
 * the quick checks are reported at weight 0 (their findings and targets speak for them; a config
 * can weigh them in).
 */
export const DEFAULT_STRUCTURAL_WEIGHTS: Readonly<Record<StructuralMetricName, number>> = {
  chunk_size_distribution: 0.8,
  size_compliance_rate: 0.8,
  overlap_accuracy: 0,
  empty_tiny_rate: 1.0,
  boundary_integrity: 1.2,
  structural_preservation: 1.5,
  context_carryover: 1.0,
  self_retrievability: 0,
  unique_chunk_rate: 0,
  context_sufficiency: 1.0,
  unit_integrity: 0,
};

const NAMES = Object.keys(DEFAULT_STRUCTURAL_WEIGHTS) as StructuralMetricName[];

/**
 * The structural composite `Σ wᵢ·mᵢ / Σ wᵢ` over the structural metrics.
 * `default`: {@link DEFAULT_STRUCTURAL_WEIGHTS}, i.e. `(0.8·size distribution + 0.8·size compliance
 * + 1.0·empty/tiny + 1.2·boundary integrity + 1.5·structural preservation + 1.0·context carryover) / 6.3`;
 * `equal`: the plain mean of the metrics weighted by default; explicit weights: any metric left out
 * takes its default weight (negative weights count as 0). When every weight is 0 the plain mean of
 * the default-weighted metrics is used. Not rounded: round only when presenting.
 */
export function structuralScore(metrics: StructuralMetrics, weights: StructuralWeights = 'default'): number {
  const weightOf = (name: StructuralMetricName): number => {
    if (weights === 'equal') return DEFAULT_STRUCTURAL_WEIGHTS[name] > 0 ? 1 : 0;
    if (weights === 'default') return DEFAULT_STRUCTURAL_WEIGHTS[name];
    return Math.max(0, weights[name] ?? DEFAULT_STRUCTURAL_WEIGHTS[name]);
  };
  const total = NAMES.reduce((sum, name) => sum + weightOf(name), 0);
  if (total === 0) {
    const weighted = NAMES.filter((name) => DEFAULT_STRUCTURAL_WEIGHTS[name] > 0);
    return weighted.reduce((sum, name) => sum + metrics[name], 0) / weighted.length;
  }
  return NAMES.reduce((sum, name) => sum + weightOf(name) * metrics[name], 0) / total;
}
