/**
 * The shape of a page as the edit families see it (pure): its top-level blocks from the product's
 * parser, where a query's evidence lies among them, and the sections the headings make.
 */
import { parseMarkdown } from '../../../src/markdown/parse.js';
import type { Block, Span } from '../../../src/types.js';

/** A page parsed into its top-level blocks. */
export interface Page {
  path: string;
  source: string;
  blocks: Block[];
}

/** Where the evidence lies among a page's blocks. */
export interface EvidenceSite {
  /** The evidence's span in the source. */
  span: Span;
  /** Indexes of the first and the last block the evidence overlaps. */
  first: number;
  last: number;
  /** Index of the heading block of the section holding the evidence (the nearest heading before `first`), or `null` (the evidence comes before any heading). */
  heading: number | null;
  /** That heading's depth (`0` without one). */
  depth: number;
}

/** Parses `source` (MDX for `.mdx`, as the product does) into a {@link Page}. */
export function pageOf(path: string, source: string): Page {
  return { path, source, blocks: parseMarkdown(path, source).doc.blocks };
}

/** Where `span` lies among the page's blocks; `null` when it overlaps no block (front matter). */
export function evidenceSite(page: Page, span: Span): EvidenceSite | null {
  const { blocks } = page;
  const first = blocks.findIndex((block) => block.end > span.start && block.start < span.end);
  if (first === -1) return null;
  let last = first;
  while (last + 1 < blocks.length && blocks[last + 1]!.start < span.end) last += 1;
  let heading: number | null = null;
  for (let at = first - 1; at >= 0; at--) {
    if (blocks[at]!.kind === 'heading') {
      heading = at;
      break;
    }
  }
  return { span, first, last, heading, depth: heading === null ? 0 : blocks[heading]!.depth! };
}

/** Index of the block after the last of heading `at`'s section, subsections included (the next heading of its depth or above, or `blocks.length`). */
export function sectionEnd(blocks: readonly Block[], at: number): number {
  const depth = blocks[at]!.depth!;
  for (let next = at + 1; next < blocks.length; next++) {
    const block = blocks[next]!;
    if (block.kind === 'heading' && block.depth! <= depth) return next;
  }
  return blocks.length;
}

/** Index of the first heading after block `at` (any depth), or `blocks.length`: the end of the content directly under a heading. */
export function contentEnd(blocks: readonly Block[], at: number): number {
  for (let next = at + 1; next < blocks.length; next++) if (blocks[next]!.kind === 'heading') return next;
  return blocks.length;
}

/** Offset of the start of the line holding `offset`. */
export function lineStart(source: string, offset: number): number {
  return source.lastIndexOf('\n', offset - 1) + 1;
}

/** Offset just past the line break ending the line holding `offset` (or the source's end). */
export function lineEnd(source: string, offset: number): number {
  const at = source.indexOf('\n', offset);
  return at === -1 ? source.length : at + 1;
}

/**
 * Where block `at` ends with the blank lines after it: the start of the next block's line, or
 * the source's end. Cutting `[lineStart(block.start), extentEnd)` removes the block cleanly.
 */
export function extentEnd(page: Page, at: number): number {
  const next = page.blocks[at + 1];
  return next ? lineStart(page.source, next.start) : page.source.length;
}

/** `source` with `[start, end)` replaced by `text`. */
export function splice(source: string, start: number, end: number, text: string): string {
  return source.slice(0, start) + text + source.slice(end);
}

/** Whether the page is mostly Chinese (or another unspaced script): its edits then use Chinese words. */
export function isChinese(source: string): boolean {
  const han = source.match(/[\u3400-\u9fff]/g)?.length ?? 0;
  return han > 50;
}

/** `#` marks for a heading of `depth` (1–6). */
export function hashes(depth: number): string {
  return '#'.repeat(Math.min(Math.max(depth, 1), 6));
}
