import type { StructuralMetrics } from '../../types.js';
import { boundaryIntegrity } from './boundary-integrity.js';
import { chunkSizeDistribution } from './chunk-size-distribution.js';
import { emptyTinyRate } from './empty-tiny-rate.js';
import type { StructuralInput } from './input.js';
import { overlapAccuracy } from './overlap-accuracy.js';
import { sizeComplianceRate } from './size-compliance-rate.js';
import { structuralPreservation } from './structural-preservation.js';

export type { StructuralInput } from './input.js';
export { boundaryIntegrity, chunkSizeDistribution, emptyTinyRate, overlapAccuracy, sizeComplianceRate, structuralPreservation };
export { DEFAULT_STRUCTURAL_WEIGHTS, structuralScore } from './structural-score.js';

/**
 * The six structural metrics of one document (SPEC §5), each 0–100, unrounded,
 * under their report names.
 */
export function structuralMetrics(input: StructuralInput): StructuralMetrics {
  return {
    chunk_size_distribution: chunkSizeDistribution(input),
    size_compliance_rate: sizeComplianceRate(input),
    overlap_accuracy: overlapAccuracy(input),
    empty_tiny_rate: emptyTinyRate(input),
    boundary_integrity: boundaryIntegrity(input),
    structural_preservation: structuralPreservation(input),
  };
}
