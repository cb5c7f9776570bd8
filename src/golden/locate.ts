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
  let folded = '';
  const offsets: number[] = [];
  let pendingSpace = false;
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    if (/\s/.test(char)) {
      pendingSpace = folded.length > 0;
      continue;
    }
    if (pendingSpace) {
      folded += ' ';
      offsets.push(index - 1);
      pendingSpace = false;
    }
    folded += char;
    offsets.push(index);
  }
  offsets.push(offsets.length === 0 ? 0 : offsets.at(-1)! + 1);
  return { folded, offsets };
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
