import type { ChunkDraft, ParsedDoc } from '../../types.js';
import { headingPathAt } from '../headingPath.js';
import { kindsIn } from '../kinds.js';

/**
 * A chunk a library (or an external chunker) made: its own text and where it lies in the
 * source, `[start, end)`. `located: false` when the text could not be found in the source
 * (then `start === end`, right after the previous chunk).
 */
export interface LocatedChunk {
  text: string;
  start: number;
  end: number;
  located: boolean;
}

/**
 * Turns located chunks into drafts: heading path of the enclosing headings at `start`,
 * `kinds` of the blocks `[start, end)` touches, and `text` kept when it is not the slice.
 */
export function draftsOfLocated(doc: ParsedDoc, chunks: readonly LocatedChunk[]): ChunkDraft[] {
  const pathAt = headingPathAt(doc);
  return chunks.map((chunk) => {
    const draft: ChunkDraft = {
      start: chunk.start,
      end: chunk.end,
      headingPath: pathAt(chunk.start),
      kinds: chunk.end > chunk.start ? kindsIn(doc.blocks, chunk) : [],
    };
    if (doc.source.slice(chunk.start, chunk.end) !== chunk.text) draft.text = chunk.text;
    return draft;
  });
}

/**
 * Finds each text in `source`, in order: first after the previous chunk's start (consecutive
 * chunks advance, even when they overlap), then at the previous start, then anywhere from
 * `from`. A text found nowhere is `located: false`, an empty span at the previous chunk's end.
 *
 * @param from offset where the first search starts (default: `0`).
 */
export function locateTexts(source: string, texts: readonly string[], from = 0): LocatedChunk[] {
  let previousStart = from - 1;
  let previousEnd = from;
  return texts.map((text) => {
    let index = source.indexOf(text, previousStart + 1);
    if (index === -1 && previousStart >= from) index = source.indexOf(text, previousStart);
    if (index === -1) index = source.indexOf(text, from);
    if (index === -1) return { text, start: previousEnd, end: previousEnd, located: false };
    previousStart = index;
    previousEnd = index + text.length;
    return { text, start: index, end: index + text.length, located: true };
  });
}

/** The span of `text.trim()` inside `[start, end)`, where `text` is `source.slice(start, end)` (JS `trim` rules). */
export function trimmedSpan(text: string, start: number): { start: number; end: number } {
  const lead = text.length - text.trimStart().length;
  const trail = text.length - text.trimEnd().length;
  return lead === text.length ? { start, end: start } : { start: start + lead, end: start + text.length - trail };
}
