import type { Chunk, ChunkDraft, ChunkingOptions, ParsedDoc, StrategyName } from '../types.js';
import { chunkFixed } from './fixed.js';
import { finalizeChunks } from './finalize.js';
import { chunkByHeading } from './heading.js';
import type { ChunkMeasure } from './piece.js';
import { chunkRecursive } from './recursive.js';
import { chunkBySentence } from './sentence.js';

export { sectionsOf, type Section } from './sections.js';
export type { ChunkMeasure } from './piece.js';

/** A chunking strategy: a pure function from a parsed document to chunk drafts. */
export type Chunker = (doc: ParsedDoc, options: ChunkingOptions, measure: ChunkMeasure) => ChunkDraft[];

const STRATEGIES: Record<StrategyName, Chunker> = {
  heading: chunkByHeading,
  recursive: chunkRecursive,
  sentence: chunkBySentence,
  fixed: chunkFixed,
};

/**
 * Chunks a parsed document with `options.strategy` (SPEC §4) and finalizes the drafts
 * (text joined from source slices, token counts, lines, ids). Sizes are in `options.unit`
 * through `measure.size`; `max` is floored to an integer ≥ 1 and `overlap` clamped to
 * `[0, max − 1]`. Every chunk is a slice (or `prefix` + slice + `suffix`) of the source,
 * trimmed, non-empty; together the chunks hold every non-whitespace character outside the
 * front matter. A document with no blocks gives `[]`. Deterministic. A strategy name this
 * build does not know (config validation rejects those) falls back to `heading`.
 */
export function chunkDocument(doc: ParsedDoc, options: ChunkingOptions, measure: ChunkMeasure): Chunk[] {
  const chunker = STRATEGIES[options.strategy] ?? chunkByHeading;
  return finalizeChunks(doc, chunker(doc, options, measure), measure.tokens);
}
