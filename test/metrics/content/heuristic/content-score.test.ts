import { describe, expect, it } from 'vitest';
import { contentScore, DEFAULT_CONTENT_WEIGHTS } from '../../../../src/metrics/content/heuristic/content-score.js';
import type { ContentMetrics } from '../../../../src/types.js';

const metrics: ContentMetrics = {
  semantic_coherence: 80,
  context_self_containment: 60,
  information_completeness: 100,
  boundary_quality: 40,
  cross_chunk_redundancy_reversed: 90,
};

describe('contentScore', () => {
  it('leaves semantic coherence out by default', () => {
    // (60 + 100 + 40 + 90) / 4 = 290 / 4 = 72.5; coherence (80) weighs 0
    expect(contentScore(metrics)).toBe(72.5);
    expect(contentScore(metrics, 'default')).toBe(72.5);
    expect(DEFAULT_CONTENT_WEIGHTS).toEqual({
      semantic_coherence: 0,
      context_self_containment: 1,
      information_completeness: 1,
      boundary_quality: 1,
      cross_chunk_redundancy_reversed: 1,
    });
  });

  it('averages all five with `equal`', () => {
    // (80 + 60 + 100 + 40 + 90) / 5 = 370 / 5 = 74
    expect(contentScore(metrics, 'equal')).toBe(74);
  });

  it('weighs partial explicit weights, missing ones taking their default weight', () => {
    // (3 × 80 + 60 + 100 + 40 + 90) / (3 + 4) = 530 / 7 = 75.71 → 75.7
    expect(contentScore(metrics, { semantic_coherence: 3 })).toBe(75.7);
    // self-containment 0, coherence left out (default 0): (100 + 40 + 90) / 3 = 76.67 → 76.7
    expect(contentScore(metrics, { context_self_containment: 0 })).toBe(76.7);
  });

  it('falls back to the default weights when every weight is 0 or negative', () => {
    const zero = {
      semantic_coherence: 0,
      context_self_containment: 0,
      information_completeness: -1,
      boundary_quality: 0,
      cross_chunk_redundancy_reversed: 0,
    };
    expect(contentScore(metrics, zero)).toBe(72.5);
  });
});
