import type { Span } from '../types.js';
import type { Passage } from './passages.js';

/**
 * Where each base passage is in the head page, or `null` when its text is not there whole (it
 * was reworded or removed: what left the docs is the text findings' business, not retrieval's).
 *
 * A passage is found by its exact text. When the same text occurs several times, the k-th
 * occurrence in the base maps to the k-th in the head (a repeated "See also" line keeps its
 * place), and to nothing when the head has fewer. Pure.
 */
export function mapPassages(passages: readonly Passage[], baseSource: string, headSource: string): (Span | null)[] {
  return passages.map((passage) => {
    const k = occurrenceIndex(baseSource, passage.text, passage.start);
    const at = nthIndexOf(headSource, passage.text, k);
    return at === -1 ? null : { start: at, end: at + passage.text.length };
  });
}

/** How many occurrences of `text` in `source` start before `offset` (0: the passage is the first). */
function occurrenceIndex(source: string, text: string, offset: number): number {
  let count = 0;
  for (let at = source.indexOf(text); at !== -1 && at < offset; at = source.indexOf(text, at + 1)) count += 1;
  return count;
}

/** The offset of the n-th (0-based) occurrence of `text` in `source`, or -1. */
function nthIndexOf(source: string, text: string, n: number): number {
  let at = source.indexOf(text);
  for (let index = 0; index < n && at !== -1; index++) at = source.indexOf(text, at + 1);
  return at;
}
