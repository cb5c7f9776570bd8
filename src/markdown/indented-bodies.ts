import type { Block, Span } from '../types.js';
import { lineAt } from './lines.js';

/**
 * A paragraph after which Python-Markdown extensions (MkDocs, Material for MkDocs) indent a body
 * by four spaces: an admonition (`!!! note`, `??? tip "Title"`, `???+ info`) or a content tab
 * (`=== "Tab"`) on the paragraph's first or last line (the body's first paragraph may follow the
 * marker without a blank line), or a definition-list description (`:   text`) on its first line.
 * CommonMark reads the rest of such a body, after a blank line, as an indented code block.
 */
const MARKER_LINE = /^\s*(?:!!!|\?\?\?\+?|===)[ \t]+\S.*$/;
const DEFINITION_FIRST_LINE = /^:[ \t]{1,4}\S/;

/** Parses a dedented body into blocks in its own coordinates (the caller's parser, so every block kind comes out the same way). */
export type BodyParser = (text: string) => Block[];

/** Whether `block` is the indented body of the extension block that `previous` opens. */
function isIndentedBody(source: string, previous: Block | undefined, block: Block): boolean {
  if (block.kind !== 'code' || !block.fence || block.fence.open !== null || previous?.kind !== 'paragraph') return false;
  const text = source.slice(previous.start, previous.end);
  const lines = text.split('\n');
  const first = lines[0] ?? '';
  return MARKER_LINE.test(first) || MARKER_LINE.test(lines.at(-1) ?? '') || DEFINITION_FIRST_LINE.test(first);
}

/**
 * Reads the four-space-indented bodies of MkDocs admonitions, content tabs and definition lists
 * as Markdown instead of code (a `!!! note` body is prose, and the fence inside it is a
 * fenced code block). Each such indented code block is dedented by up to four columns (a tab
 * counts as four), parsed with `parseBody`, expanded again (bodies nest), and replaced by the
 * blocks found, their offsets and lines mapped back into `source`. Other blocks are returned as
 * they are; without any such body the input array itself comes back.
 */
export function expandIndentedBodies(blocks: Block[], source: string, lineStarts: readonly number[], parseBody: BodyParser): Block[] {
  if (!blocks.some((block, index) => isIndentedBody(source, blocks[index - 1], block))) return blocks;
  const result: Block[] = [];
  blocks.forEach((block, index) => {
    if (!isIndentedBody(source, blocks[index - 1], block)) {
      result.push(block);
      return;
    }
    const { text, toSource } = dedent(source, block);
    const inner = parseBody(text);
    const innerStarts = lineStartsIn(text);
    const nested = expandIndentedBodies(inner, text, innerStarts, parseBody);
    for (const child of nested) result.push(remap(child, toSource, lineStarts));
  });
  return result;
}

/** Offsets at which each line of `text` starts. */
function lineStartsIn(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/** The block's lines with up to four columns of indent removed, and the map from dedented offsets back to `source`. */
function dedent(source: string, block: Span): { text: string; toSource: (offset: number) => number } {
  const lines = source.slice(block.start, block.end).split('\n');
  const parts: string[] = [];
  const starts: number[] = [];
  const shifts: number[] = [];
  let at = block.start;
  let length = 0;
  for (const line of lines) {
    let removed = 0;
    let columns = 0;
    while (removed < line.length && columns < 4 && (line[removed] === ' ' || line[removed] === '\t')) {
      columns += line[removed] === '\t' ? 4 : 1;
      removed += 1;
    }
    starts.push(length);
    shifts.push(at + removed);
    parts.push(line.slice(removed));
    length += line.length - removed + 1;
    at += line.length + 1;
  }
  const toSource = (offset: number): number => {
    let line = 0;
    while (line + 1 < starts.length && starts[line + 1]! <= offset) line += 1;
    return shifts[line]! + (offset - starts[line]!);
  };
  return { text: parts.join('\n'), toSource };
}

/** A block parsed from dedented text, with every offset moved back into the source and its lines recounted. */
function remap(block: Block, toSource: (offset: number) => number, lineStarts: readonly number[]): Block {
  const span = (value: Span): Span => ({ start: toSource(value.start), end: toSource(value.end) });
  const moved: Block = { ...block, ...span(block) };
  moved.startLine = lineAt(lineStarts, moved.start);
  moved.endLine = lineAt(lineStarts, Math.max(moved.start, moved.end - 1));
  if (block.rows) moved.rows = block.rows.map(span);
  if (block.items) moved.items = block.items.map(span);
  if (block.fences) moved.fences = block.fences.map(span);
  if (block.fence) {
    moved.fence = {
      open: block.fence.open ? span(block.fence.open) : null,
      lines: block.fence.lines.map(span),
      close: block.fence.close ? span(block.fence.close) : null,
    };
  }
  return moved;
}
