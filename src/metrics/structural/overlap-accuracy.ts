import type { StructuralInput } from './input.js';
import { consecutiveOverlaps } from './overlap.js';
import { contentStart } from './text.js';

/**
 * `overlap_accuracy` (docs/scores.md#structural-metrics-per-document): over the consecutive chunk pairs that request
 * overlap (see `consecutiveOverlaps`), with o the actual source overlap in the
 * unit and O the configured `overlap`:
 * O > 0 → `100 × mean(1 − min(1, |o − O| / O))`;
 * O = 0 → 100 × the share of pairs that share no non-whitespace source text.
 *
 * No eligible pairs → 100.
 */
export function overlapAccuracy(input: StructuralInput): number {
  const { doc, options } = input;
  const pairs = consecutiveOverlaps(input).filter((pair) => pair.requested);
  if (pairs.length === 0) return 100;
  const target = options.overlap;
  const total = pairs.reduce((sum, pair) => {
    if (target <= 0) {
      const shared = pair.span !== null && contentStart(doc.source, pair.span.start, pair.span.end) < pair.span.end;
      return sum + (shared ? 0 : 1);
    }
    return sum + (1 - Math.min(1, Math.abs(pair.size - target) / target));
  }, 0);
  return (100 * total) / pairs.length;
}
