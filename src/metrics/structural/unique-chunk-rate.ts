import { normalizedText } from '../rules/duplicate-chunk.js';
import type { StructuralInput } from './input.js';

/** The limit on exact duplicates (docs/scores.md#quick-checks): at most 5% of chunks. */
export const DUPLICATE_LIMIT = 0.05;

/**
 * `unique_chunk_rate` (the uniqueness quick check, docs/scores.md#quick-checks): 100 × (1 − d / N), with d the
 * chunks whose whitespace-normalised text equals an earlier chunk's (the `duplicate-chunk` rule's
 * test; equal text is what an MD5 of it would compare). Blank chunks are `empty-chunk`, not
 * duplicates. No chunks → 100.
 */
export function uniqueChunkRate(input: StructuralInput): number {
  const { chunks } = input;
  if (chunks.length === 0) return 100;
  const seen = new Set<string>();
  let duplicates = 0;
  for (const chunk of chunks) {
    const text = normalizedText(chunk);
    if (text === '') continue;
    if (seen.has(text)) duplicates += 1;
    else seen.add(text);
  }
  return 100 * (1 - duplicates / chunks.length);
}
