import type { StructuralInput } from './input.js';
import { chunkSize } from './size.js';

/** Float noise must not push a CV that is exactly on a band edge across it. */
const EPSILON = 1e-9;

/**
 * `chunk_size_distribution` (docs/scores.md#structural-metrics-per-document): the coefficient of variation
 * CV = σ / μ of the chunk sizes in the unit (population σ);
 * CV ≤ 0.3 → 100, falling linearly to 0 at CV ≥ 1.0: `100 × (1 − CV) / 0.7`.
 *
 * Fewer than 2 chunks, or all chunks of size 0, → 100 (nothing varies).
 */
export function chunkSizeDistribution(input: StructuralInput): number {
  const sizes = input.chunks.map((chunk) => chunkSize(chunk, input.measure.unit));
  if (sizes.length < 2) return 100;
  const mean = sizes.reduce((sum, size) => sum + size, 0) / sizes.length;
  if (mean === 0) return 100;
  const variance = sizes.reduce((sum, size) => sum + (size - mean) ** 2, 0) / sizes.length;
  const cv = Math.sqrt(variance) / mean;
  if (cv <= 0.3 + EPSILON) return 100;
  if (cv >= 1 - EPSILON) return 0;
  return (100 * (1 - cv)) / 0.7;
}
