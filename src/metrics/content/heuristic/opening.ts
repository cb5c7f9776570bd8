import type { Chunk, ParsedDoc } from '../../../types.js';

/** How a chunk opens: with a heading or not, and the first line of prose after any headings. */
export interface Opening {
  /** The chunk's first content is a heading (ATX in the text, or a heading block at its start). */
  heading: boolean;
  /** The first non-heading, non-blank line, list/quote/emphasis markers stripped; `''` when none. */
  line: string;
  /** The first non-heading line is a table row or a code fence (nothing to read as prose). */
  atomic: boolean;
  /** The raw first non-heading, non-blank line (markers kept), for list numbering. */
  raw: string;
}

const ATX = /^ {0,3}#{1,6}(\s|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)\s*$/;
const MARKERS = /^(?:\s|>|[-*+](?=\s)|\d+[.)](?=\s)|[（(]\d+[)）]|\d+、|\*\*|__|[*_`])+/;

/**
 * Reads a chunk's opening: skips blank lines and leading headings (ATX, or setext when the
 * parser saw a heading there) and returns the first other line with Markdown markers stripped.
 */
export function openingOf(doc: ParsedDoc, chunk: Chunk): Opening {
  const lines = chunk.text.split('\n');
  let heading = startsWithHeadingBlock(doc, chunk);
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!;
    if (line.trim() === '') index += 1;
    else if (ATX.test(line)) {
      heading = heading || index === firstContentLine(lines);
      index += 1;
    } else if (heading && index + 1 < lines.length && SETEXT_UNDERLINE.test(lines[index + 1]!) && index === firstContentLine(lines)) {
      index += 2;
    } else break;
  }
  // Bounds tested, not `lines[index] ?? ''`: a read past the end would deoptimise (docs/design.md#speed).
  const raw = index < lines.length ? lines[index]! : '';
  const trimmed = raw.trim();
  const atomic = trimmed.startsWith('|') || /^(`{3,}|~{3,})/.test(trimmed);
  return { heading, line: trimmed.replace(MARKERS, ''), atomic, raw };
}

function firstContentLine(lines: readonly string[]): number {
  return lines.findIndex((line) => line.trim() !== '');
}

function startsWithHeadingBlock(doc: ParsedDoc, chunk: Chunk): boolean {
  let at = chunk.startOffset;
  while (at < chunk.endOffset && /\s/.test(doc.source[at]!)) at += 1;
  let low = 0;
  let high = doc.blocks.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const block = doc.blocks[middle]!;
    if (block.start === at) return block.kind === 'heading' && chunk.spans[0]?.start === chunk.startOffset;
    if (block.start < at) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
