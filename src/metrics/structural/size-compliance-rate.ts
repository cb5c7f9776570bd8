import type { StructuralInput } from './input.js';
import { chunkSize } from './size.js';

/**
 * `size_compliance_rate` (docs/scores.md#structural-metrics-per-document): 100 × the share of
 * chunks whose size s in the unit lies in the band their strategy claims, so every strategy is
 * held to its own promise:
 * - `heading`: `[min, max]` (sections below `min` merge, sections above `max` split);
 * - `fixed`: `[0.7·max, max]` — windows of `max` — except a document's last window, the remainder,
 *   which only has to stay `≤ max`;
 * - every other strategy (`recursive`, `sentence`, the presets, `external`) packs text up to `max`
 *   and claims no lower bound: `s ≤ max`.
 *
 * No chunks → 100.
 */
export function sizeComplianceRate(input: StructuralInput): number {
  const { chunks, options, measure } = input;
  if (chunks.length === 0) return 100;
  const lowFor = (index: number): number => {
    if (options.strategy === 'heading') return options.min;
    if (options.strategy === 'fixed' && index < chunks.length - 1) return 0.7 * options.max;
    return 0;
  };
  const compliant = chunks.filter((chunk, index) => {
    const size = chunkSize(chunk, measure.unit);
    return size >= lowFor(index) && size <= options.max;
  }).length;
  return (100 * compliant) / chunks.length;
}
