import { defaultConfig } from '../../../../src/config/schema.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../../src/chunking/index.js';
import { createMeasure } from '../../../../src/tokens/index.js';
import { parseMarkdown } from '../../../../src/markdown/parse.js';
import { explainContentHeuristic, scoreContentHeuristic } from '../../../../src/metrics/content/heuristic/index.js';
import type { ChunkingOptions, ContentMetricName } from '../../../../src/types.js';

const GOOD: ChunkingOptions = defaultConfig().chunking;
const BAD: ChunkingOptions = { ...GOOD, strategy: 'fixed', max: 64, overlap: 0, tiny: 6 };

/**
 * Minimum lead of the good chunking's document mean over the bad one's, per metric.
 * Observed (en / zh): coherence 8.6 / 6.7, self-containment 24.2 / 24.0,
 * completeness 30.6 / 31.2, boundary 62.7 / 67.0, redundancy 2.5 / 2.6.
 * Redundancy barely depends on the strategy when overlap is 0 (the same sentences repeat
 * whoever cuts them); it leads only because small windows concentrate the repeats. The
 * asserted margins are the observed ones minus ~2 points of slack (redundancy: minus 1).
 */
const MARGINS: Record<ContentMetricName, number> = {
  semantic_coherence: 4.5,
  context_self_containment: 20,
  information_completeness: 25,
  boundary_quality: 55,
  cross_chunk_redundancy_reversed: 1.5,
};

function means(path: string, options: ChunkingOptions): Record<ContentMetricName, number> & { chunks: number } {
  const source = readFileSync(new URL(`../../../../fixtures/content/${path}`, import.meta.url), 'utf8');
  const { doc } = parseMarkdown(path, source);
  const chunks = chunkDocument(doc, options, createMeasure(options.unit, options.tokenizer));
  const scores = scoreContentHeuristic({ doc, chunks, options });
  const mean = (name: ContentMetricName): number => scores.reduce((sum, metrics) => sum + metrics[name], 0) / scores.length;
  return {
    chunks: chunks.length,
    semantic_coherence: mean('semantic_coherence'),
    context_self_containment: mean('context_self_containment'),
    information_completeness: mean('information_completeness'),
    boundary_quality: mean('boundary_quality'),
    cross_chunk_redundancy_reversed: mean('cross_chunk_redundancy_reversed'),
  };
}

describe.each(['en-cache-guide.md', 'zh-upload-guide.md'])('good vs bad chunking of %s', (path) => {
  const good = means(path, GOOD);
  const bad = means(path, BAD);

  it('chunks the fixture both ways', () => {
    expect(good.chunks).toBeGreaterThanOrEqual(5);
    expect(bad.chunks).toBeGreaterThan(good.chunks);
  });

  it.each(Object.keys(MARGINS) as ContentMetricName[])('%s: good leads bad by its margin', (name) => {
    expect(good[name] - bad[name]).toBeGreaterThanOrEqual(MARGINS[name]);
  });
});

describe('explanations', () => {
  it('add up: 100 + Σ finding points is the score (before clamping), deterministically', () => {
    for (const path of ['en-cache-guide.md', 'zh-upload-guide.md']) {
      const source = readFileSync(new URL(`../../../../fixtures/content/${path}`, import.meta.url), 'utf8');
      const { doc } = parseMarkdown(path, source);
      const chunks = chunkDocument(doc, BAD, createMeasure(BAD.unit, BAD.tokenizer));
      const input = { doc, chunks, options: BAD };
      const explained = explainContentHeuristic(input);
      for (const explanation of explained) {
        for (const detail of Object.values(explanation)) {
          const raw = 100 + detail.findings.reduce((sum, finding) => sum + finding.points, 0);
          expect(detail.score).toBeCloseTo(Math.min(100, Math.max(0, raw)), 1);
        }
      }
      expect(JSON.stringify(scoreContentHeuristic(input))).toBe(JSON.stringify(scoreContentHeuristic({ ...input })));
    }
  });

  it("names the problem: a window opening mid-sentence and one mixing two sections", () => {
    const source = readFileSync(new URL('../../../../fixtures/content/en-cache-guide.md', import.meta.url), 'utf8');
    const { doc } = parseMarkdown('en-cache-guide.md', source);
    const chunks = chunkDocument(doc, BAD, createMeasure(BAD.unit, BAD.tokenizer));
    const codes = explainContentHeuristic({ doc, chunks, options: BAD }).flatMap((explanation) =>
      Object.values(explanation).flatMap((detail) => detail.findings.map((finding) => finding.code)),
    );
    expect(codes).toContain('opens-mid-sentence');
    expect(codes).toContain('mixed-sections');
    expect(codes).toContain('ends-inside-table');
    expect(codes).toContain('repeated-text');
  });
});
