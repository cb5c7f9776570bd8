import type { ChunkDraft, ChunkingOptions, ParsedDoc } from '../types.js';
import { draftOf } from './draft.js';
import { hardCut } from './hardCut.js';
import { headingPathAt } from './headingPath.js';
import { splitContext, type ChunkMeasure } from './piece.js';

/**
 * The `fixed` strategy, the naive baseline: windows of `max` units over the source after
 * the front matter, a new window every `max − overlap` units, with no regard for words,
 * blocks, tables or code fences (cutting them is what the baseline is for). `chars` windows
 * are UTF-16 code units (never inside a surrogate pair); `tokens` windows are cut at token
 * boundaries of the configured tokenizer, mapped back to source offsets, so every chunk is
 * still a slice of the source. Windows are trimmed; heading path: the enclosing headings of
 * the chunk's start; no `split` info.
 */
export function chunkFixed(doc: ParsedDoc, options: ChunkingOptions, measure: ChunkMeasure): ChunkDraft[] {
  const context = splitContext(doc, options, measure);
  const pathAt = headingPathAt(doc);
  const region = { start: doc.frontmatter?.end ?? 0, end: doc.source.length };
  return hardCut(context, region, { step: context.max - context.overlap }).map((window) => draftOf(doc, window, pathAt(window.start)));
}
