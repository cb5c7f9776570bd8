import type { StructuralWeights } from '../../config/types.js';
import type { StructuralMetricName, StructuralMetrics } from '../../types.js';

/** The seed 000 weights: boundaries and preserved structure count most. */
export const DEFAULT_STRUCTURAL_WEIGHTS: Readonly<Record<StructuralMetricName, number>> = {
  chunk_size_distribution: 0.8,
  size_compliance_rate: 0.8,
  overlap_accuracy: 1.0,
  empty_tiny_rate: 1.0,
  boundary_integrity: 1.2,
  structural_preservation: 1.5,
};

const NAMES = Object.keys(DEFAULT_STRUCTURAL_WEIGHTS) as StructuralMetricName[];

/**
 * The structural composite `Σ wᵢ·mᵢ / Σ wᵢ` over the six structural metrics.
 * `default`: `(0.8·m1 + 0.8·m2 + 1.0·m3 + 1.0·m4 + 1.2·m5 + 1.5·m6) / 6.3`;
 * `equal`: the plain mean; explicit weights: any metric left out takes its default
 * weight (negative weights count as 0). When every weight is 0 the plain mean is used.
 * Not rounded: round only when presenting.
 */
export function structuralScore(metrics: StructuralMetrics, weights: StructuralWeights = 'default'): number {
  const weightOf = (name: StructuralMetricName): number => {
    if (weights === 'equal') return 1;
    if (weights === 'default') return DEFAULT_STRUCTURAL_WEIGHTS[name];
    return Math.max(0, weights[name] ?? DEFAULT_STRUCTURAL_WEIGHTS[name]);
  };
  const total = NAMES.reduce((sum, name) => sum + weightOf(name), 0);
  if (total === 0) return NAMES.reduce((sum, name) => sum + metrics[name], 0) / NAMES.length;
  return NAMES.reduce((sum, name) => sum + weightOf(name) * metrics[name], 0) / total;
}
