import type { StructuralInput } from './input.js';
import { chunkSize } from './size.js';

/**
 * `size_compliance_rate` (seed 000): 100 × the share of chunks whose size s in
 * the unit lies in the band `0.7·max ≤ s ≤ max`; with `strategy: 'heading'` the
 * band is `[min, max]` (sections are sized by their content, not packed to `max`).
 *
 * No chunks → 100.
 */
export function sizeComplianceRate(input: StructuralInput): number {
  const { chunks, options, measure } = input;
  if (chunks.length === 0) return 100;
  const low = options.strategy === 'heading' ? options.min : 0.7 * options.max;
  const compliant = chunks.filter((chunk) => {
    const size = chunkSize(chunk, measure.unit);
    return size >= low && size <= options.max;
  }).length;
  return (100 * compliant) / chunks.length;
}
