/**
 * A diagnostic of the validity experiment, not a chunkgate metric: each chunk's size against its
 * page's heading sections (the P25 and P75 of the section bodies,
 * docs/cli.md#choosing-max-and-min): 0 at or below P25, 100 at or above P75, linear between. It
 * measures how big a chunk is for its page — which is what BM25 MRR rewards on these sets — so
 * `npm run validity` can show how far a size term would move `overall`. chunkgate does not ship
 * it: it would score a chunk by the lengths of the page's other sections, so editing one section
 * would move the score of chunks the edit never touched.
 */
import { sectionLengths } from '../../src/advise/sections.js';
import { lengthStats } from '../../src/advise/stats.js';
import { createMeasure } from '../../src/tokens/index.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import type { Chunk, ChunkingOptions } from '../../src/types.js';

/** The ramp of one chunk of `tokens`, between the page's `p25` and `p75` section bodies. */
export function rampScore(tokens: number, p25: number, p75: number): number {
  if (tokens >= p75) return 100;
  if (tokens <= p25) return 0;
  return (100 * (tokens - p25)) / (p75 - p25);
}

/** The ramp of every chunk of a page (`chunks` as chunked from `source`), in tokens of the chunking's tokenizer. */
export function sizeRamp(path: string, source: string, chunks: readonly Pick<Chunk, 'tokens'>[], chunking: ChunkingOptions): number[] {
  const measure = createMeasure('tokens', chunking.tokenizer);
  const { doc } = parseMarkdown(path, source);
  const stats = lengthStats(sectionLengths(doc, chunking.headingLevels.max, measure).map((section) => section.body));
  return chunks.map((chunk) => rampScore(chunk.tokens, stats.p25, stats.p75));
}
