/** Small hand-chunked documents for the judge tests: one chunk per heading section. */
import { finalizeChunks } from '../../../../src/chunking/finalize.js';
import { parseMarkdown } from '../../../../src/markdown/parse.js';
import type { Chunk, ChunkDraft, ContentMetrics, ParsedDoc } from '../../../../src/types.js';

/** Heuristic metrics the tests hand in; 33 is a value the judge's 20–100 scores never take by default. */
export const HEURISTIC: ContentMetrics = {
  semantic_coherence: 33,
  context_self_containment: 33,
  information_completeness: 33,
  boundary_quality: 33,
  cross_chunk_redundancy_reversed: 77,
};

/**
 * Parses `source` and chunks it by hand: a new chunk at every heading (any depth),
 * preamble before the first heading in a chunk of its own.
 */
export function chunkBySection(path: string, source: string): { doc: ParsedDoc; chunks: Chunk[]; heuristic: ContentMetrics[] } {
  const { doc } = parseMarkdown(path, source);
  const drafts: ChunkDraft[] = [];
  const titles: string[] = [];
  for (const block of doc.blocks) {
    const last = drafts.at(-1);
    if (block.kind === 'heading' || !last) {
      if (block.kind === 'heading') {
        titles.length = (block.depth ?? 1) - 1;
        titles[(block.depth ?? 1) - 1] = block.title ?? '';
      }
      drafts.push({ start: block.start, end: block.end, headingPath: titles.filter(Boolean), kinds: [block.kind] });
    } else {
      last.end = block.end;
      if (!last.kinds.includes(block.kind)) last.kinds.push(block.kind);
    }
  }
  const chunks = finalizeChunks(doc, drafts, (text) => text.length);
  return { doc, chunks, heuristic: chunks.map(() => ({ ...HEURISTIC })) };
}

/** `count` sections "## Section i" with a one-sentence body each; `edit(i)` may replace a body. */
export function manySections(count: number, edit: (index: number) => string | undefined = () => undefined): string {
  const parts: string[] = [];
  for (let index = 0; index < count; index++) {
    parts.push(`## Section ${index}\n\n${edit(index) ?? `Section ${index} explains setting number ${index} of the widget.`}\n`);
  }
  return parts.join('\n');
}
