import type { Chunk, SizeUnit } from '../../types.js';

/**
 * The size of a chunk in `unit`: `chunk.tokens` for tokens, `chunk.chars` for
 * chars. Both were measured when the chunk was finalised, so nothing is tokenized twice.
 */
export function chunkSize(chunk: Chunk, unit: SizeUnit): number {
  return unit === 'tokens' ? chunk.tokens : chunk.chars;
}

/** `812-token` / `812-char`: a size with its unit, for issue messages. */
export function sizeLabel(size: number, unit: SizeUnit): string {
  return `${size}-${unit === 'tokens' ? 'token' : 'char'}`;
}
