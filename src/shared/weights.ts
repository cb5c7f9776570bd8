import type { ChunkMetricName, ContentMetricName, StructuralMetricName } from './metric-names.js';

/** Metric weights (`scoring.weights`): a named preset or explicit numbers per metric. */
export type StructuralWeights = 'default' | 'equal' | Partial<Record<StructuralMetricName, number>>;
export type ContentWeights = 'default' | 'equal' | Partial<Record<ContentMetricName, number>>;
/** Weights of a chunk's `overall` (`scoring.weights.overall`): the default preset or explicit numbers per chunk metric. */
export type OverallWeights = 'default' | Partial<Record<ChunkMetricName, number>>;
