import type { StructuralInput } from './input.js';
import { chunkSize } from './size.js';
import { isBlank } from './text.js';

/**
 * `empty_tiny_rate` (docs/scores.md#structural-metrics-per-document): `100 × (1 − share of chunks that are empty
 * (whitespace only) or smaller than options.tiny)` in the unit.
 *
 * No chunks → 100.
 */
export function emptyTinyRate(input: StructuralInput): number {
  const { chunks, options, measure } = input;
  if (chunks.length === 0) return 100;
  const bad = chunks.filter((chunk) => isBlank(chunk.text) || chunkSize(chunk, measure.unit) < options.tiny).length;
  return 100 * (1 - bad / chunks.length);
}
