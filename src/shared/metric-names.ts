/**
 * The structural metrics: the original six, then those `npm run validity` added
 * (docs/scores.md#structural-metrics-per-document).
 */
export const STRUCTURAL_METRIC_NAMES = [
  'chunk_size_distribution',
  'size_compliance_rate',
  'overlap_accuracy',
  'empty_tiny_rate',
  'boundary_integrity',
  'structural_preservation',
  'context_carryover',
  'self_retrievability',
  'unique_chunk_rate',
  'context_sufficiency',
  'unit_integrity',
] as const;
export type StructuralMetricName = (typeof STRUCTURAL_METRIC_NAMES)[number];

/** The five content metrics, in the order of docs/scores.md#content-metrics-per-chunk-averaged-per-document. */
export const CONTENT_METRIC_NAMES = [
  'semantic_coherence',
  'context_self_containment',
  'information_completeness',
  'boundary_quality',
  'cross_chunk_redundancy_reversed',
] as const;
export type ContentMetricName = (typeof CONTENT_METRIC_NAMES)[number];

/**
 * The per-chunk metrics a chunk's `overall` weighs (`scoring.weights.overall`,
 * docs/scores.md#a-chunks-overall-score-and-grade).
 */
export const OVERALL_COMPONENT_NAMES = [
  'boundary_quality',
  'context_self_containment',
  'semantic_coherence',
  'metadata',
  'self_retrievability',
  'source_coverage',
  'information_completeness',
  'cross_chunk_redundancy_reversed',
  'context_sufficiency',
] as const;
/** The per-chunk metrics (`ChunkMetrics` in src/types.ts has exactly these keys). */
export type ChunkMetricName = (typeof OVERALL_COMPONENT_NAMES)[number];
