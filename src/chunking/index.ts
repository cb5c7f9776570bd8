import type { Chunk, ChunkDraft, ChunkingOptions, ParsedDoc, StrategyName } from '../types.js';
import { chunkFixed } from './fixed.js';
import { finalizeChunks } from './finalize.js';
import { chunkByHeading } from './heading.js';
import type { ChunkMeasure } from './piece.js';
import { PRESETS } from './presets/index.js';
import { chunkRecursive } from './recursive.js';
import { chunkBySentence } from './sentence.js';
import { chunkSemantic, type SentenceVectors } from './semantic.js';
import { sliceTokensOf } from '../tokens/index.js';

export { sectionsOf, type Section } from './sections.js';
export type { ChunkMeasure } from './piece.js';

/** What a strategy may need beyond the document: precomputed data a shell fetched. */
export interface ChunkerExtras {
  /** Sentence embeddings for the `semantic` strategy (see `semanticEmbeddingTexts`). */
  vectors?: SentenceVectors;
}

/** A chunking strategy: a pure function from a parsed document to chunk drafts. */
export type Chunker = (doc: ParsedDoc, options: ChunkingOptions, measure: ChunkMeasure, extras?: ChunkerExtras) => ChunkDraft[];

const STRATEGIES: Record<StrategyName, Chunker> = {
  heading: chunkByHeading,
  recursive: chunkRecursive,
  sentence: chunkBySentence,
  fixed: chunkFixed,
  semantic: (doc, options, measure, extras) => chunkSemantic(doc, options, measure, extras?.vectors),
  // Presets reproduce a library's splitter, keeping its text (src/chunking/presets/,
  // docs/config.md#score-the-chunks-your-pipeline-makes).
  ...PRESETS,
  // An external chunker's chunks are computed by a shell and passed to `analyzeDocument`; alone, none.
  external: () => [],
};

/**
 * Chunks a parsed document with `options.strategy` (docs/config.md#chunking-strategies) and finalizes the drafts
 * (text joined from source slices, token counts, lines, ids). Sizes are in `options.unit`
 * through `measure.size`; `max` is floored to an integer ≥ 1 and `overlap` clamped to
 * `[0, max − 1]`. Every chunk is a slice (or `prefix` + slice + `suffix`) of the source,
 * trimmed, non-empty; together the chunks hold every non-whitespace character outside the
 * front matter. A document with no blocks gives `[]`. Deterministic. A strategy name this
 * build does not know (config validation rejects those) falls back to `heading`. The presets
 * (`langchain-*`, `llamaindex-*`) are the exception to the slice and coverage rules: they
 * reproduce their library chunk for chunk, keeping its text (offsets still point at the source).
 * `semantic` needs `extras.vectors` (it throws a `SemanticEmbeddingsError` naming the setting without them).
 */
export function chunkDocument(doc: ParsedDoc, options: ChunkingOptions, measure: ChunkMeasure, extras: ChunkerExtras = {}): Chunk[] {
  const chunker = STRATEGIES[options.strategy] ?? chunkByHeading;
  const drafts = chunker(doc, options, measure, extras);
  // Chunk token counts (filled in either unit) come from the document's one tokenization.
  return finalizeChunks(doc, drafts, measure.tokens, sliceTokensOf(measure, doc.source));
}
