import { describe, expect, it } from 'vitest';
import { finalizeChunks } from '../../../src/chunking/finalize.js';
import { parseMarkdown } from '../../../src/markdown/parse.js';
import { chunkSizeDistribution } from '../../../src/metrics/structural/chunk-size-distribution.js';
import { draftAt, options, sized } from './fixture.js';

describe('chunkSizeDistribution', () => {
  it('scores 100 at CV exactly 0.3', () => {
    // sizes 7, 13: mean 10, σ = √((9 + 9) / 2) = 3, CV = 0.3 → 100
    expect(chunkSizeDistribution(sized([7, 13]))).toBe(100);
  });

  it('scores 0 at CV exactly 1.0', () => {
    // sizes 0, 20: mean 10, σ = √((100 + 100) / 2) = 10, CV = 1.0 → 0
    expect(chunkSizeDistribution(sized([0, 20]))).toBe(0);
  });

  it('falls linearly between CV 0.3 and 1.0', () => {
    // sizes 10, 30: mean 20, σ = 10, CV = 0.5 → 100 × (1 − 0.5) / 0.7 = 71.428…
    expect(chunkSizeDistribution(sized([10, 30]))).toBeCloseTo(71.4286, 3);
    // sizes 5, 10, 15: mean 10, σ = √(50 / 3) = 4.08248, CV = 0.408248 → 100 × 0.591752 / 0.7 = 84.5360
    expect(chunkSizeDistribution(sized([5, 10, 15]))).toBeCloseTo(84.536, 2);
  });

  it('scores 0 beyond CV 1.0', () => {
    // sizes 0, 0, 30: mean 10, σ = √((100 + 100 + 400) / 3) = 14.14, CV = 1.414 → 0
    expect(chunkSizeDistribution(sized([0, 0, 30]))).toBe(0);
  });

  it('scores 100 with fewer than 2 chunks', () => {
    expect(chunkSizeDistribution(sized([42]))).toBe(100);
    expect(chunkSizeDistribution({ ...sized([42]), chunks: [] })).toBe(100);
  });

  it('reads chunk.tokens in tokens mode instead of tokenizing again', () => {
    const source = 'aaaa\n\nbbbbbbbbbbbb';
    const { doc } = parseMarkdown('doc.md', source);
    // Fake token counts: 7 and 13 → CV 0.3 → 100; by chars (4 and 12: mean 8, σ 4, CV 0.5) it would be 71.4.
    const chunks = finalizeChunks(doc, [draftAt(0, 4), draftAt(6, 18)], (text) => (text.startsWith('a') ? 7 : 13));
    const measure = {
      unit: 'tokens' as const,
      size: (): number => {
        throw new Error('must not re-measure chunk text');
      },
    };
    expect(chunkSizeDistribution({ doc, chunks, options: options({ unit: 'tokens' }), measure })).toBe(100);
  });
});
