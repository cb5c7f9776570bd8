/**
 * Hand-built chunkings for metric and rule tests: parse Markdown, place drafts by
 * locating their text in the source, finalize them into chunks. Sizes are in chars
 * by default, so expected values can be computed by hand.
 */
import { finalizeChunks } from '../../../src/chunking/finalize.js';
import { createMeasure } from '../../../src/tokens/index.js';
import { parseMarkdown } from '../../../src/markdown/parse.js';
import type { StructuralInput } from '../../../src/metrics/structural/input.js';
import type { ChunkDraft, ChunkingOptions, Span } from '../../../src/types.js';

/** Chunking options for tests: `fixed`, chars, max 100, min 10, overlap 0, tiny 10, headings ≤ 3. */
export function options(overrides: Partial<ChunkingOptions> = {}): ChunkingOptions {
  return {
    strategy: 'fixed',
    unit: 'chars',
    tokenizer: 'o200k_base',
    max: 100,
    min: 10,
    overlap: 0,
    tiny: 10,
    headingLevels: { max: 3 },
    ...overrides,
  };
}

/** The span of the `occurrence`-th (default: first) occurrence of `text` in `source`; throws when absent. */
export function spanOf(source: string, text: string, occurrence = 1): Span {
  let start = -1;
  for (let seen = 0; seen < occurrence; seen += 1) {
    start = source.indexOf(text, start + 1);
    if (start === -1) throw new Error(`fixture: ${JSON.stringify(text)} (#${occurrence}) not in source`);
  }
  return { start, end: start + text.length };
}

/** A draft of the source range from the start of `from` to the end of `to` (default: `from`). */
export function draftOf(source: string, from: string, to: string = from, extra: Partial<ChunkDraft> = {}): ChunkDraft {
  const start = spanOf(source, from).start;
  const end = source.indexOf(to, start) + to.length;
  if (end < start + to.length) throw new Error(`fixture: ${JSON.stringify(to)} not after ${JSON.stringify(from)}`);
  return { start, end, headingPath: [], kinds: ['paragraph'], ...extra };
}

/** A draft of an explicit `[start, end)` range. */
export function draftAt(start: number, end: number, extra: Partial<ChunkDraft> = {}): ChunkDraft {
  return { start, end, headingPath: [], kinds: ['paragraph'], ...extra };
}

/** Parses `source` as `doc.md` and finalizes `drafts` into a {@link StructuralInput}. */
export function build(source: string, drafts: readonly ChunkDraft[], overrides: Partial<ChunkingOptions> = {}): StructuralInput {
  const chunking = options(overrides);
  const { doc } = parseMarkdown('doc.md', source);
  const measure = createMeasure(chunking.unit, chunking.tokenizer);
  return { doc, chunks: finalizeChunks(doc, drafts, measure.tokens), options: chunking, measure };
}

/**
 * A document of paragraphs of `x`s with the given lengths, one chunk per paragraph,
 * so chunk sizes in chars are exactly `sizes` (a size of 0 gives an empty chunk).
 */
export function sized(sizes: readonly number[], overrides: Partial<ChunkingOptions> = {}): StructuralInput {
  const parts = sizes.map((size) => 'x'.repeat(size));
  const source = parts.join('\n\n');
  const drafts: ChunkDraft[] = [];
  let at = 0;
  for (const part of parts) {
    drafts.push(draftAt(at, at + part.length));
    at += part.length + 2;
  }
  return build(source, drafts, overrides);
}
