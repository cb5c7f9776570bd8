import type { ChunkingOptions, Measure, ParsedDoc, SizeUnit, Span, SplitInfo, TokenizerName } from '../types.js';
import { sliceTokensOf } from '../tokens/index.js';

/**
 * The measure chunkers get: the configured unit plus token counts (`createMeasure`), and the
 * encoding's name when the counts are a real tokenizer's (slices are then counted from one
 * tokenization of the document).
 */
export type ChunkMeasure = Measure & { tokens(text: string): number; tokenizer?: TokenizerName };

/**
 * A piece of source a splitter produced, before it gets a heading path and kinds:
 * `[start, end)` plus optional re-used source slices around it (a repeated table
 * header, a re-opened / re-closed fence).
 */
export interface Piece extends Span {
  prefix?: Span[];
  suffix?: Span[];
  /** Set by the atomic splitter for pieces of an over-`max` table or code block. */
  split?: SplitInfo;
}

/** What every splitter needs: the source, the size limit and how to measure. */
export interface SplitContext {
  source: string;
  measure: ChunkMeasure;
  unit: SizeUnit;
  tokenizer: TokenizerName;
  /** Largest size of a piece, in `unit` (at least 1). */
  max: number;
  /** Overlap between consecutive packed pieces, in `unit` (0 ≤ overlap < max). */
  overlap: number;
}

/**
 * Size of `source[span.start, span.end)` in the context's unit. Token counts come from one
 * tokenization of the source shared by every slice ({@link sliceTokensOf}), so measuring
 * blocks, runs of blocks and chunks does not tokenize the same text again.
 */
export function sizeOf(context: SplitContext, span: Span): number {
  if (span.end <= span.start) return 0;
  if (context.measure.unit === 'tokens') return sliceTokensOf(context.measure, context.source)(span.start, span.end);
  return context.measure.size(context.source.slice(span.start, span.end));
}

/**
 * The split context for one document: `max` floored to an integer ≥ 1 and `overlap`
 * clamped to `[0, max − 1]` (pure code does not throw on odd numbers; config validation
 * reports them).
 */
export function splitContext(doc: ParsedDoc, options: ChunkingOptions, measure: ChunkMeasure): SplitContext {
  const max = Number.isFinite(options.max) ? Math.max(1, Math.floor(options.max)) : 1;
  const overlap = Number.isFinite(options.overlap) ? Math.min(max - 1, Math.max(0, Math.floor(options.overlap))) : 0;
  return { source: doc.source, measure, unit: measure.unit, tokenizer: options.tokenizer, max, overlap };
}
