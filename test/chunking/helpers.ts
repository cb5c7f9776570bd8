import { chunkDocument } from '../../src/chunking/index.js';
import { createMeasure } from '../../src/tokens/index.js';
import { trimSpan } from '../../src/chunking/trim.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import type { Chunk, ChunkingOptions, ParsedDoc } from '../../src/types.js';

/** Chunking options with small, hand-countable defaults (chars, max 100, min 0, no overlap). */
export function optionsWith(overrides: Partial<ChunkingOptions> = {}): ChunkingOptions {
  return {
    strategy: 'heading',
    unit: 'chars',
    tokenizer: 'o200k_base',
    max: 100,
    min: 0,
    overlap: 0,
    tiny: 10,
    headingLevels: { max: 3 },
    ...overrides,
  };
}

/** Parses and chunks `source` (MDX when `path` ends in `.mdx`). */
export function chunk(source: string, overrides: Partial<ChunkingOptions> = {}, path = 'doc.md'): { doc: ParsedDoc; chunks: Chunk[] } {
  const { doc } = parseMarkdown(path, source);
  const options = optionsWith(overrides);
  return { doc, chunks: chunkDocument(doc, options, createMeasure(options.unit, options.tokenizer)) };
}

/** Chunks an already parsed document (fresh measure each time, as the engine does). */
export function chunkParsed(doc: ParsedDoc, overrides: Partial<ChunkingOptions> = {}): Chunk[] {
  const options = optionsWith(overrides);
  return chunkDocument(doc, options, createMeasure(options.unit, options.tokenizer));
}

/** The compact view most assertions compare: text, heading path and split info. */
export function view(chunks: readonly Chunk[]): Array<{ text: string; path: string; split?: string }> {
  return chunks.map((chunk) => ({
    text: chunk.text,
    path: chunk.headingPath.join(' › '),
    ...(chunk.split ? { split: `${chunk.split.kind} ${chunk.split.part}/${chunk.split.parts}` } : {}),
  }));
}

/** Offsets of non-whitespace characters outside front matter that no chunk's [startOffset, endOffset) holds. */
export function uncovered(doc: ParsedDoc, chunks: readonly Chunk[]): number[] {
  const covered = new Uint8Array(doc.source.length);
  for (const chunk of chunks) covered.fill(1, chunk.startOffset, chunk.endOffset);
  const from = doc.frontmatter?.end ?? 0;
  const missing: number[] = [];
  for (let offset = from; offset < doc.source.length; offset++) {
    if (!covered[offset] && /\S/.test(doc.source[offset]!)) missing.push(offset);
  }
  return missing;
}

/**
 * Atomic blocks (table, code, html, jsx, …) that fit in `max` but that no chunk holds whole:
 * such a block's text, without the whitespace at its edges (an indented code block's first
 * indent, a trailing blank line; chunks are trimmed), must lie inside one chunk's
 * [startOffset, endOffset).
 */
export function cutAtomicBlocks(doc: ParsedDoc, chunks: readonly Chunk[], options: ChunkingOptions): string[] {
  const measure = createMeasure(options.unit, options.tokenizer);
  return doc.blocks
    .filter((block) => block.atomic && measure.size(doc.source.slice(block.start, block.end)) <= Math.max(1, Math.floor(options.max)))
    .map((block) => ({ block, text: trimSpan(doc.source, block) }))
    .filter(({ text }) => text.end > text.start && !chunks.some((chunk) => chunk.startOffset <= text.start && text.end <= chunk.endOffset))
    .map(({ block }) => `${block.kind} at line ${block.startLine}`);
}

/** Everything else every chunk list must satisfy; returns the violations. */
export function malformed(doc: ParsedDoc, chunks: readonly Chunk[]): string[] {
  const problems: string[] = [];
  const from = doc.frontmatter?.end ?? 0;
  chunks.forEach((chunk, index) => {
    const where = `chunk ${index}`;
    if (chunk.index !== index) problems.push(`${where}: index ${chunk.index}`);
    if (chunk.text.trim() === '') problems.push(`${where}: empty`);
    if (chunk.text !== chunk.text.trim()) problems.push(`${where}: untrimmed text ${JSON.stringify(chunk.text)}`);
    if (chunk.startOffset < from || chunk.endOffset > doc.source.length || chunk.startOffset >= chunk.endOffset) {
      problems.push(`${where}: bad extent ${chunk.startOffset}-${chunk.endOffset}`);
    }
    const own = doc.source.slice(chunk.startOffset, chunk.endOffset);
    if (/^[ \t]*\r?\n/.test(own) || /\n[ \t]*$/.test(own)) problems.push(`${where}: starts or ends with a blank line`);
    const joined = chunk.spans.map((span) => doc.source.slice(span.start, span.end)).join('');
    if (joined !== chunk.text) problems.push(`${where}: text is not the join of its spans`);
    if (chunk.kinds.length === 0) problems.push(`${where}: no kinds`);
    if (new Set(chunk.kinds).size !== chunk.kinds.length) problems.push(`${where}: duplicate kinds`);
    const previous = chunks[index - 1];
    if (previous && previous.startOffset > chunk.startOffset) problems.push(`${where}: out of order`);
  });
  return problems;
}
