import type { Block, Chunk, ParsedDoc } from '../../../types.js';
import { isWordChar } from '../../../text/words.js';
import { endsSentence } from '../text.js';

/**
 * How natural a cut is, best first (`boundary_quality`,
 * docs/scores.md#content-metrics-per-chunk-averaged-per-document).
 */
export type CutLevel = 'section' | 'block' | 'sentence' | 'mid-sentence' | 'mid-word';

/** Points of each cut level: section 100 > block 85 > sentence 60 > mid-sentence 25 > mid-word 0. */
export const CUT_POINTS: Readonly<Record<CutLevel, number>> = {
  section: 100,
  block: 85,
  sentence: 60,
  'mid-sentence': 25,
  'mid-word': 0,
};

/** Where a chunk's start or end falls in the source, and a few words saying so. */
export interface Cut {
  level: CutLevel;
  /** Plain words for the PR comment, e.g. "at a heading", "inside the word 'configu|ration'". */
  where: string;
}

/** The start and end cut of each chunk, by index. */
export interface ChunkCuts {
  start: Cut;
  end: Cut;
}

/**
 * Classifies where each chunk's `[startOffset, endOffset)` cuts the source: at a heading
 * or the document start/end (`section`); at a block or list-item start (`block`); after a
 * sentence terminator, between table rows or code lines (`sentence`); between two letters
 * or digits (`mid-word`); anywhere else (`mid-sentence`). An end right after a heading whose
 * body follows counts as `mid-sentence`: it cuts the heading from what it names.
 */
export function chunkCuts(doc: ParsedDoc, chunks: readonly Chunk[]): ChunkCuts[] {
  const context = cutContext(doc);
  return chunks.map((chunk) => ({ start: startCut(context, chunk.startOffset), end: endCut(context, chunk.endOffset) }));
}

interface CutContext {
  source: string;
  blocks: readonly Block[];
  /** Offset of the first block (front matter and leading whitespace come before it). */
  firstContent: number;
  /** Offset just after the last block. */
  lastContent: number;
}

function cutContext(doc: ParsedDoc): CutContext {
  const { source, blocks } = doc;
  const firstContent = blocks[0]?.start ?? source.length;
  const lastContent = blocks.reduce((end, block) => Math.max(end, block.end), 0);
  return { source, blocks, firstContent, lastContent };
}

function startCut(context: CutContext, offset: number): Cut {
  const { source } = context;
  const at = skipSpace(source, offset);
  if (at <= context.firstContent) return { level: 'section', where: 'at the document start' };
  if (at >= source.length) return { level: 'section', where: 'at the document end' };
  const structural = structuralCut(context, at);
  if (structural) return structural;
  if (endsSentence(source, offset)) return { level: 'sentence', where: 'after a sentence' };
  return inlineCut(source, offset);
}

function endCut(context: CutContext, offset: number): Cut {
  const { source } = context;
  const next = skipSpace(source, offset);
  if (next >= source.length || next >= context.lastContent) return { level: 'section', where: 'at the document end' };
  const before = blockAt(context.blocks, Math.max(0, trimEnd(source, offset) - 1));
  const nextBlock = blockAt(context.blocks, next);
  if (
    before?.kind === 'heading' &&
    before.end <= offset &&
    nextBlock?.start === next &&
    nextBlock.kind !== 'heading'
  ) {
    return { level: 'mid-sentence', where: `right after the heading '${before.title ?? ''}', before its body` };
  }
  const structural = structuralCut(context, next);
  if (structural) return structural;
  if (endsSentence(source, offset)) return { level: 'sentence', where: 'after a sentence' };
  return inlineCut(source, offset);
}

/** The cut at `at` (a non-space offset) when it lies on a block, list item, table row or code line. */
function structuralCut(context: CutContext, at: number): Cut | null {
  const block = blockAt(context.blocks, at);
  if (!block || at >= block.end) return null;
  if (at === block.start) {
    return block.kind === 'heading'
      ? { level: 'section', where: `at the heading '${block.title ?? ''}'` }
      : { level: 'block', where: `at a ${block.kind} boundary` };
  }
  const { source } = context;
  const lineStart = source.lastIndexOf('\n', at - 1) + 1;
  const atLineStart = /^[\s>]*$/.test(source.slice(lineStart, at));
  if (!atLineStart) return null;
  if (block.kind === 'list' && /^([-*+]|\d+[.)])(\s|$)/.test(source.slice(at, at + 12))) {
    return { level: 'block', where: 'at a list item' };
  }
  if (block.kind === 'table') return { level: 'sentence', where: 'between table rows' };
  if (block.kind === 'code') return { level: 'sentence', where: 'between code lines' };
  return null;
}

/** A cut inside running text: between two word characters, or elsewhere in a sentence. */
function inlineCut(source: string, offset: number): Cut {
  if (isWordChar(source[offset - 1] ?? '') && isWordChar(source[offset] ?? '')) {
    let from = offset;
    let to = offset;
    while (from > offset - 20 && isWordChar(source[from - 1] ?? '')) from -= 1;
    while (to < offset + 20 && isWordChar(source[to] ?? '')) to += 1;
    return { level: 'mid-word', where: `inside the word '${source.slice(from, offset)}|${source.slice(offset, to)}'` };
  }
  return { level: 'mid-sentence', where: 'mid-sentence' };
}

/** The block holding `offset`, or the last block starting before it (binary search). */
function blockAt(blocks: readonly Block[], offset: number): Block | undefined {
  let low = 0;
  let high = blocks.length - 1;
  let found: Block | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const block = blocks[middle]!;
    if (block.start <= offset) {
      found = block;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

function skipSpace(source: string, offset: number): number {
  let at = offset;
  while (at < source.length && /\s/.test(source[at]!)) at += 1;
  return at;
}

function trimEnd(source: string, offset: number): number {
  let at = Math.min(offset, source.length);
  while (at > 0 && /\s/.test(source[at - 1]!)) at -= 1;
  return at;
}
