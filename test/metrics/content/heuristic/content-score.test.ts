import { describe, expect, it } from 'vitest';
import { contentScore } from '../../../../src/metrics/content/heuristic/content-score.js';
import type { ContentMetrics } from '../../../../src/types.js';

const metrics: ContentMetrics = {
  semantic_coherence: 80,
  context_self_containment: 60,
  information_completeness: 100,
  boundary_quality: 40,
  cross_chunk_redundancy_reversed: 90,
};

describe('contentScore', () => {
  it('averages with equal weights by default', () => {
    // (80 + 60 + 100 + 40 + 90) / 5 = 370 / 5 = 74
    expect(contentScore(metrics)).toBe(74);
    expect(contentScore(metrics, 'equal')).toBe(74);
  });

  it('weighs partial explicit weights, missing ones counting 1', () => {
    // (3 × 80 + 60 + 100 + 40 + 90) / (3 + 4) = 530 / 7 = 75.71 → 75.7
    expect(contentScore(metrics, { semantic_coherence: 3 })).toBe(75.7);
    // (0 × 60 + 80 + 100 + 40 + 90) / 4 = 310 / 4 = 77.5
    expect(contentScore(metrics, { context_self_containment: 0 })).toBe(77.5);
  });

  it('falls back to equal weights when every weight is 0 or negative', () => {
    const zero = {
      semantic_coherence: 0,
      context_self_containment: 0,
      information_completeness: -1,
      boundary_quality: 0,
      cross_chunk_redundancy_reversed: 0,
    };
    expect(contentScore(metrics, zero)).toBe(74);
  });
});
