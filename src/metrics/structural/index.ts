import type { StructuralMetrics } from '../../types.js';
import { boundaryIntegrity } from './boundary-integrity.js';
import { chunkSizeDistribution } from './chunk-size-distribution.js';
import { contextCarryover } from './context-carryover.js';
import { contextSufficiency, contextSufficiencyByChunk } from './context-sufficiency.js';
import { selfRetrievability } from '../self-retrievability.js';
import { uniqueChunkRate } from './unique-chunk-rate.js';
import { emptyTinyRate } from './empty-tiny-rate.js';
import type { StructuralInput } from './input.js';
import { overlapAccuracy } from './overlap-accuracy.js';
import { sizeComplianceRate } from './size-compliance-rate.js';
import { structuralPreservation } from './structural-preservation.js';
import { unitIntegrity } from './unit-integrity.js';

export type { StructuralInput } from './input.js';
export {
  boundaryIntegrity,
  chunkSizeDistribution,
  contextCarryover,
  contextSufficiency,
  contextSufficiencyByChunk,
  emptyTinyRate,
  overlapAccuracy,
  sizeComplianceRate,
  structuralPreservation,
  uniqueChunkRate,
  unitIntegrity,
};
export { DEFAULT_STRUCTURAL_WEIGHTS, structuralScore } from './structural-score.js';

/**
 * The structural metrics of one document (docs/scores.md#structural-metrics-per-document), each 0–100, unrounded,
 * under their report names. `selfRetrieval`: the document's {@link selfRetrievability} score when
 * the caller has it already (it also needs the per-chunk ranks); computed here otherwise.
 * `sufficiency`: the chunks' {@link contextSufficiencyByChunk} when the caller has them.
 */
export function structuralMetrics(input: StructuralInput, selfRetrieval?: number, sufficiency?: readonly number[]): StructuralMetrics {
  return {
    chunk_size_distribution: chunkSizeDistribution(input),
    size_compliance_rate: sizeComplianceRate(input),
    overlap_accuracy: overlapAccuracy(input),
    empty_tiny_rate: emptyTinyRate(input),
    boundary_integrity: boundaryIntegrity(input),
    structural_preservation: structuralPreservation(input),
    context_carryover: contextCarryover(input),
    self_retrievability: selfRetrieval ?? selfRetrievability(input.chunks).score,
    unique_chunk_rate: uniqueChunkRate(input),
    context_sufficiency: contextSufficiency(input, sufficiency),
    unit_integrity: unitIntegrity(input),
  };
}
