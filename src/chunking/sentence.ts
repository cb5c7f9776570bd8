import type { ChunkDraft, ChunkingOptions, ParsedDoc } from '../types.js';
import { splitBlockRun } from './blockRun.js';
import { draftOf } from './draft.js';
import { headingPathAt } from './headingPath.js';
import { splitContext, type ChunkMeasure } from './piece.js';

/**
 * The `sentence` strategy: every text block cut into its sentences (`Intl.Segmenter`,
 * CJK-aware, see `sentenceSpans`; a sentence above `max` cut at words, then characters /
 * tokens), atomic blocks kept whole (split by rows / lines only when alone above `max`),
 * and the units packed greedily up to `max`. `overlap` repeats whole trailing units
 * (sentences) of the previous chunk, never reaching back over a heading. Heading path: the
 * enclosing headings of the chunk's start.
 */
export function chunkBySentence(doc: ParsedDoc, options: ChunkingOptions, measure: ChunkMeasure): ChunkDraft[] {
  const context = splitContext(doc, options, measure);
  const pathAt = headingPathAt(doc);
  const { blocks } = doc;
  const pieces = splitBlockRun(context, blocks, 0, blocks.length, {
    unit: 'sentences',
    barrier: (index) => blocks[index]!.kind === 'heading',
  });
  return pieces.map((piece) => draftOf(doc, piece, pathAt(piece.start)));
}
