import type { ContentMetricName, StructuralMetricName } from '../types.js';

/** The six structural metrics of SPEC §5, in the spec's order. */
export const STRUCTURAL_METRIC_NAMES = [
  'chunk_size_distribution',
  'size_compliance_rate',
  'overlap_accuracy',
  'empty_tiny_rate',
  'boundary_integrity',
  'structural_preservation',
] as const satisfies readonly StructuralMetricName[];

/** The five content metrics of SPEC §5, in the spec's order. */
export const CONTENT_METRIC_NAMES = [
  'semantic_coherence',
  'context_self_containment',
  'information_completeness',
  'boundary_quality',
  'cross_chunk_redundancy_reversed',
] as const satisfies readonly ContentMetricName[];
