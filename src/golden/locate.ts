import { isWhitespaceCode } from '../text/whitespace.js';
import type { Span } from '../types.js';

/** A source with its whitespace folded, and the map back to source offsets. */
export interface FoldedText {
  /** The text with every whitespace run replaced by one space, trimmed. */
  folded: string;
  /** `offsets[i]`: source offset of `folded[i]`; one more entry for the end. */
  offsets: number[];
}

/** Folds whitespace runs to single spaces, remembering where each character came from. */
export function foldWhitespace(source: string): FoldedText {
  // Each run of non-whitespace is copied as one slice: a golden-set run folds every evidence file.
  const parts: string[] = [];
  const offsets: number[] = [];
  let pendingSpace = false;
  for (let index = 0; index < source.length; ) {
    if (isWhitespaceCode(source.charCodeAt(index))) {
      pendingSpace = offsets.length > 0;
      index++;
      continue;
    }
    if (pendingSpace) {
      parts.push(' ');
      offsets.push(index - 1);
      pendingSpace = false;
    }
    let end = index + 1;
    while (end < source.length && !isWhitespaceCode(source.charCodeAt(end))) end++;
    parts.push(source.slice(index, end));
    for (let at = index; at < end; at++) offsets.push(at);
    index = end;
  }
  offsets.push(offsets.length === 0 ? 0 : offsets.at(-1)! + 1);
  return { folded: parts.join(''), offsets };
}

/**
 * Where the excerpt stands in the source, whitespace-insensitively (runs of spaces and
 * line breaks match each other), as the span of its first occurrence; `null` when the
 * source does not hold it.
 */
export function locateExcerpt(excerpt: string, source: FoldedText): Span | null {
  const needle = foldWhitespace(excerpt).folded;
  if (needle === '') return null;
  const at = source.folded.indexOf(needle);
  if (at === -1) return null;
  return { start: source.offsets[at]!, end: source.offsets[at + needle.length - 1]! + 1 };
}
