import type { Chunk, ParsedDoc, Span } from '../../types.js';
import { contentEnd, contentStart } from './text.js';

/** A unit that structural preservation wants kept in one chunk. */
export interface Structure extends Span {
  kind: 'table' | 'code' | 'list' | 'blockquote' | 'section';
}

const BLOCK_KINDS = new Set(['table', 'code', 'list', 'blockquote']);

/**
 * The structures of a document whose splitting hurts retrieval: top-level
 * tables, code blocks, lists and blockquotes, and the section of every heading
 * of depth ≤ `headingMax`: the heading and its own text, up to the next heading of
 * depth ≤ `headingMax` (or the end of the document), i.e. the section a `heading`
 * chunker makes; a parent does not include its subsections, so chunking per
 * section never counts as splitting the parent. Spans are trimmed to their
 * non-whitespace content; front matter is never part of one.
 */
export function structuresOf(doc: ParsedDoc, headingMax: number): Structure[] {
  const { source, blocks } = doc;
  const structures: Structure[] = [];
  let section: Structure | null = null;
  for (const block of blocks) {
    if (BLOCK_KINDS.has(block.kind)) {
      structures.push({ kind: block.kind as Structure['kind'], start: block.start, end: contentEnd(source, block.start, block.end) });
    } else if (block.kind === 'heading' && (block.depth ?? 1) <= headingMax) {
      if (section) section.end = contentEnd(source, section.start, block.start);
      section = { kind: 'section', start: block.start, end: block.end };
      structures.push(section);
    }
  }
  if (section) section.end = contentEnd(source, section.start, source.length);
  return structures.map((structure) => ({ ...structure, start: contentStart(source, structure.start, structure.end) }));
}

/**
 * Builds a lookup "which chunk holds all of `[start, end)` in one of its source
 * spans?" (`null` when none does), in O(log S) per query after sorting the S chunk
 * spans by start: a span holds the range when it starts at or before `start` and
 * reaches `end`, so the span reaching furthest among those starting by `start`
 * answers it.
 */
export function chunkHolding(chunks: readonly Chunk[]): (range: Span) => Chunk | null {
  // Every chunk span as parallel arrays (its chunk, start, end), in chunk order: no object per span.
  const owners: number[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  for (let chunk = 0; chunk < chunks.length; chunk++) {
    const spans = chunks[chunk]!.spans;
    for (let at = 0; at < spans.length; at++) {
      owners.push(chunk);
      starts.push(spans[at]!.start);
      ends.push(spans[at]!.end);
    }
  }
  // Spans by start, ties in chunk order (what a stable sort of the spans by start gives).
  const order = Array.from(starts.keys()).sort((a, b) => starts[a]! - starts[b]! || a - b);
  const sortedStarts = order.map((span) => starts[span]!);
  // furthest[i]: the span reaching furthest among the first i + 1 in that order (the earliest on ties).
  const furthest: number[] = [];
  let best = -1;
  for (let at = 0; at < order.length; at++) {
    const span = order[at]!;
    if (best === -1 || ends[best]! < ends[span]!) best = span;
    furthest.push(best);
  }
  return (range) => {
    let low = 0;
    let high = sortedStarts.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (sortedStarts[middle]! <= range.start) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    const holder = found === -1 ? -1 : furthest[found]!;
    return holder !== -1 && ends[holder]! >= range.end ? chunks[owners[holder]!]! : null;
  };
}
