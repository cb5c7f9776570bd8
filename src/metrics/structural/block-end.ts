import { closesContainer } from '../../markdown/dialect.js';
import type { Block, Chunk, ParsedDoc } from '../../types.js';
import { blockAt, chunkContentEnd } from './blocks.js';
import { startsListItem } from './sentence-end.js';
import { contentEnd } from './text.js';

/** Blocks that end a chunk cleanly when the chunk holds them whole (a thematic break is a section separator). */
const WHOLE_BLOCK_KINDS = new Set(['table', 'code', 'html', 'jsx', 'expression', 'esm', 'math', 'thematicBreak']);

/** A closing code fence as the last line of a chunk's text. */
const CLOSING_FENCE = /(?:^|\n) {0,3}(?:`{3,}|~{3,})[ \t]*\s*$/;

/**
 * Whether the chunk's source extent ends (ignoring trailing whitespace) at the
 * end of a complete atomic unit:
 * - a whole table, html, JSX, expression, ESM or math block (the block starts inside the chunk);
 * - a whole code block whose fence is closed (or an indented code block);
 * - a list item (top-level item end, or the next line starts another, possibly nested, item);
 * - a docs-site container's closing line (`:::`, `{{< /tab >}}`, `{% endraw %}`, `</Steps>`),
 *   which CommonMark reads as a paragraph;
 * - for a piece of an over-`max` table split by rows, a row end; for a piece of a
 *   code block split by lines, a line end when the chunk text ends with a closing fence
 *   (the piece is itself a complete table / closed fence).
 */
export function endsAtCompleteBlock(doc: ParsedDoc, chunk: Chunk): boolean {
  const end = chunkContentEnd(doc, chunk);
  if (end <= chunk.startOffset) return false;
  const block = blockAt(doc.blocks, end - 1);
  if (!block) return false;
  const lineStart = doc.source.lastIndexOf('\n', end - 1) + 1;
  if (block.kind === 'paragraph' && closesContainer(doc.source.slice(lineStart, end))) return true;
  if (block.kind === 'list') return endsListItem(doc, block, end);
  if (!WHOLE_BLOCK_KINDS.has(block.kind)) return false;
  if (chunk.split?.kind === 'table' && block.kind === 'table') {
    return (block.rows ?? []).some((row) => contentEnd(doc.source, row.start, row.end) === end);
  }
  if (chunk.split?.kind === 'code' && block.kind === 'code') {
    return CLOSING_FENCE.test(chunk.text) && endsCodeLine(doc, block, end);
  }
  if (end !== contentEnd(doc.source, block.start, block.end) || block.start < chunk.startOffset) return false;
  return block.kind !== 'code' || !block.fence || block.fence.open === null || block.fence.close !== null;
}

function endsListItem(doc: ParsedDoc, block: Block, end: number): boolean {
  if ((block.items ?? []).some((item) => contentEnd(doc.source, item.start, item.end) === end)) return true;
  return startsListItem(doc.source, end);
}

function endsCodeLine(doc: ParsedDoc, block: Block, end: number): boolean {
  const fence = block.fence;
  if (!fence) return false;
  const lines = [...fence.lines, ...(fence.close ? [fence.close] : [])];
  return lines.some((line) => contentEnd(doc.source, line.start, line.end) === end);
}
