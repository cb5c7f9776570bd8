/**
 * The `semantic` strategy against a deterministic embeddings double: each sentence's vector is a
 * unit vector at a hand-chosen angle, so the distance between consecutive sentences is exactly
 * `1 − cos(Δθ)` and every breakpoint below is worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../src/chunking/index.js';
import { createMeasure } from '../../src/tokens/index.js';
import { chunkSemantic, cosineDistance, semanticEmbeddingTexts, SemanticEmbeddingsError, type SentenceVectors } from '../../src/chunking/semantic.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import type { ChunkingOptions } from '../../src/types.js';
import { optionsWith, uncovered } from './helpers.js';

/** Vectors at angles whose consecutive distances are `distances`: Δθ_i = acos(1 − d_i). */
function anglesFor(distances: number[]): number[] {
  const angles = [0];
  for (const d of distances) angles.push(angles.at(-1)! + Math.acos(1 - d));
  return angles;
}

/** A vectors double: `texts[i]` → the unit vector at `angles[i]`; anything else is unknown. */
function double(texts: string[], angles: number[]): SentenceVectors {
  const table = new Map(texts.map((text, index) => [text, [Math.cos(angles[index]!), Math.sin(angles[index]!)]]));
  return (text) => table.get(text);
}

function run(source: string, vectorsFor: (texts: string[]) => SentenceVectors, overrides: Partial<ChunkingOptions> = {}) {
  const { doc } = parseMarkdown('doc.md', source);
  const options = optionsWith({ strategy: 'semantic', bufferSize: 0, max: 1000, min: 0, ...overrides });
  const measure = createMeasure(options.unit, options.tokenizer);
  const texts = semanticEmbeddingTexts(doc, options, measure);
  const chunks = chunkDocument(doc, options, measure, { vectors: vectorsFor(texts) });
  return { doc, texts, chunks };
}

// Six sentences, one paragraph; bufferSize 0 embeds each sentence alone.
const SIX = 'Alpha one. Alpha two. Beta one. Beta two. Gamma one. Gamma two.\n';
// d = 0.1, 0.6, 0.05, 0.3, 0.02 between sentences 0|1, 1|2, 2|3, 3|4, 4|5.
const SIX_ANGLES = anglesFor([0.1, 0.6, 0.05, 0.3, 0.02]);

describe('semantic chunking: percentile breakpoints (hand-worked)', () => {
  it('embeds each sentence (bufferSize 0) or each sentence with its neighbours (bufferSize 1, LangChain)', () => {
    expect(run(SIX, (texts) => double(texts, SIX_ANGLES)).texts).toEqual(['Alpha one.', 'Alpha two.', 'Beta one.', 'Beta two.', 'Gamma one.', 'Gamma two.']);
    const { doc } = parseMarkdown('doc.md', SIX);
    const options = optionsWith({ strategy: 'semantic', max: 1000 });
    expect(semanticEmbeddingTexts(doc, options, createMeasure('chars', 'o200k_base')).slice(0, 2)).toEqual(['Alpha one. Alpha two.', 'Alpha one. Alpha two. Beta one.']);
  });

  it('breaks where the distance exceeds the 50th percentile', () => {
    // sorted d: 0.02 0.05 0.1 0.3 0.6; P50 (linear, numpy) = index 2 = 0.1; d > 0.1 at gaps 1 (0.6) and 3 (0.3).
    const { chunks } = run(SIX, (texts) => double(texts, SIX_ANGLES), { breakpointPercentile: 50 });
    expect(chunks.map((chunk) => chunk.text)).toEqual(['Alpha one. Alpha two.', 'Beta one. Beta two.', 'Gamma one. Gamma two.']);
    expect(chunks.map((chunk) => chunk.split)).toEqual([
      { kind: 'text', part: 1, parts: 3 },
      { kind: 'text', part: 2, parts: 3 },
      { kind: 'text', part: 3, parts: 3 },
    ]);
  });

  it('breaks only at the largest jump with the default 95th percentile', () => {
    // P95: index 4 × 0.95 = 3.8 → 0.3 + 0.8 × (0.6 − 0.3) = 0.54; only gap 1 (0.6) exceeds it.
    const { chunks } = run(SIX, (texts) => double(texts, SIX_ANGLES));
    expect(chunks.map((chunk) => chunk.text)).toEqual(['Alpha one. Alpha two.', 'Beta one. Beta two. Gamma one. Gamma two.']);
  });

  it('respects max: a group above it is cut again at its largest internal distance', () => {
    // P95 groups: [0,1] (21 chars) and [2..5] (41 chars). max 30: [2..5] is cut at its largest
    // gap, 3 (0.3), into "Beta one. Beta two." (19) and "Gamma one. Gamma two." (21).
    const { chunks } = run(SIX, (texts) => double(texts, SIX_ANGLES), { max: 30 });
    expect(chunks.map((chunk) => chunk.text)).toEqual(['Alpha one. Alpha two.', 'Beta one. Beta two.', 'Gamma one. Gamma two.']);
    for (const chunk of chunks) expect(chunk.chars).toBeLessThanOrEqual(30);
  });

  it('respects min: a short group merges into its closer neighbour, when the merge fits max', () => {
    const source = 'Long opening sentence here. Ok. Next topic starts. It goes on. And ends.\n';
    // d = 0.5 (0|1), 0.4 (1|2), 0.05, 0.05. P50 of 0.05 0.05 0.4 0.5 = 0.05 + 0.5 × 0.35 = 0.225:
    // breaks at gaps 0 and 1 → [0] [1] [2..4]. "Ok." (3 chars) < min 10: its neighbours are at
    // 0.5 (left) and 0.4 (right) → it joins the right group.
    const angles = anglesFor([0.5, 0.4, 0.05, 0.05]);
    const { chunks } = run(source, (texts) => double(texts, angles), { breakpointPercentile: 50, min: 10 });
    expect(chunks.map((chunk) => chunk.text)).toEqual(['Long opening sentence here.', 'Ok. Next topic starts. It goes on. And ends.']);
    // max 31: [2..4] (40 chars) is cut at its largest internal gap — a 0.05 tie, the first wins — into
    // [2] (18) and [3, 4] (21). "Ok." still joins its closer neighbour, now [2]: "Ok. Next topic starts." (22 ≤ 31).
    const tight = run(source, (texts) => double(texts, angles), { breakpointPercentile: 50, min: 10, max: 31 });
    expect(tight.chunks.map((chunk) => chunk.text)).toEqual(['Long opening sentence here.', 'Ok. Next topic starts.', 'It goes on. And ends.']);
    // A merge that would pass max is not made: with min 25 the groups of 22 and 21 chars are still
    // short, but every merge left (50, 44 chars) would exceed 31, so they stay.
    const both = run(source, (texts) => double(texts, angles), { breakpointPercentile: 50, min: 25, max: 31 });
    expect(both.chunks.map((chunk) => chunk.text)).toEqual(['Long opening sentence here.', 'Ok. Next topic starts.', 'It goes on. And ends.']);
  });

  it('keeps atomic blocks whole, never ends a chunk on its heading, and covers the source', () => {
    const source = '# Setup\n\nInstall it. Configure it.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n## Run\n\nStart the server. Stop the server.\n';
    // Units: "# Setup", 2 sentences, the table (whole), "## Run", 2 sentences. Distances chosen so
    // the largest jump (0.9) falls right after "## Run": that cut is refused (a heading never ends a
    // chunk), so the only break is the next largest, 0.8, between the table and "## Run".
    const angles = anglesFor([0.1, 0.1, 0.2, 0.8, 0.9, 0.1]);
    const { doc, chunks, texts } = run(source, (all) => double(all, angles), { breakpointPercentile: 60 });
    expect(texts).toContain('| a | b |\n|---|---|\n| 1 | 2 |');
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      '# Setup\n\nInstall it. Configure it.\n\n| a | b |\n|---|---|\n| 1 | 2 |',
      '## Run\n\nStart the server. Stop the server.',
    ]);
    expect(chunks.map((chunk) => chunk.headingPath)).toEqual([['Setup'], ['Setup', 'Run']]);
    expect(uncovered(doc, chunks)).toEqual([]);
  });

  it('splits an atomic block only when it alone exceeds max, by rows with the header repeated', () => {
    const source = 'Intro line.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n| 5 | 6 |\n';
    const { chunks } = run(source, (texts) => double(texts, texts.map((_, index) => index * 0.1)), { max: 30 });
    const pieces = chunks.filter((chunk) => chunk.split?.kind === 'table');
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces.slice(1)) expect(piece.text.startsWith('| a | b |\n|---|---|')).toBe(true);
  });

  it('fails clearly without vectors, naming the setting', () => {
    const { doc } = parseMarkdown('docs/a.md', SIX);
    const options = optionsWith({ strategy: 'semantic' });
    const measure = createMeasure('chars', 'o200k_base');
    expect(() => chunkSemantic(doc, options, measure)).toThrow(SemanticEmbeddingsError);
    expect(() => chunkSemantic(doc, options, measure)).toThrow(/docs\/a\.md: chunking\.strategy is semantic, which needs an embeddings provider: set OPENAI_API_KEY/);
    expect(() => chunkSemantic(doc, options, measure, () => undefined)).toThrow(/no embedding for a sentence/);
  });

  it('refuses vectors of different lengths rather than compare them', () => {
    const { doc } = parseMarkdown('docs/a.md', SIX);
    const options = optionsWith({ strategy: 'semantic', bufferSize: 0 });
    const measure = createMeasure('chars', 'o200k_base');
    const vectors: SentenceVectors = (text) => (text.startsWith('Beta') ? [1, 0, 0] : [1, 0]);
    expect(() => chunkSemantic(doc, options, measure, vectors)).toThrow(new SemanticEmbeddingsError('docs/a.md: sentence vectors of 2 and 3 numbers (model text-embedding-3-small): the shell must check them first'));
  });

  it('measures cosine distance', () => {
    expect(cosineDistance([1, 0], [0, 1])).toBe(1);
    expect(cosineDistance([1, 0], [2, 0])).toBe(0);
    expect(cosineDistance([0, 0], [1, 0])).toBe(1);
  });
});
