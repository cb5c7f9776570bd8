import { describe, expect, it } from 'vitest';
import { structuralMetrics, structuralScore } from '../../../src/metrics/structural/index.js';
import type { StructuralMetrics } from '../../../src/types.js';
import { sized } from './fixture.js';

const metrics: StructuralMetrics = {
  chunk_size_distribution: 100,
  size_compliance_rate: 50,
  overlap_accuracy: 100,
  empty_tiny_rate: 0,
  boundary_integrity: 80,
  structural_preservation: 60,
};

describe('structuralScore', () => {
  it('weights the six metrics by the seed 000 weights by default', () => {
    // (0.8·100 + 0.8·50 + 1.0·100 + 1.0·0 + 1.2·80 + 1.5·60) / 6.3 = 406 / 6.3 = 64.444…
    expect(structuralScore(metrics, 'default')).toBeCloseTo(64.4444, 3);
  });

  it('averages with equal weights', () => {
    // (100 + 50 + 100 + 0 + 80 + 60) / 6 = 65
    expect(structuralScore(metrics, 'equal')).toBe(65);
  });

  it('fills missing explicit weights with the defaults', () => {
    // preservation weight 0, others default: (80 + 40 + 100 + 0 + 96) / 4.8 = 316 / 4.8 = 65.8333
    expect(structuralScore(metrics, { structural_preservation: 0 })).toBeCloseTo(65.8333, 3);
    // all zero → plain mean 65
    expect(
      structuralScore(metrics, {
        chunk_size_distribution: 0,
        size_compliance_rate: 0,
        overlap_accuracy: 0,
        empty_tiny_rate: 0,
        boundary_integrity: 0,
        structural_preservation: 0,
      }),
    ).toBe(65);
  });
});

describe('structuralMetrics', () => {
  it('reports the six metrics under their report names', () => {
    // sizes 7, 13 (no terminators, max 100 → band [70, 100], tiny 10)
    const result = structuralMetrics(sized([7, 13]));
    expect(Object.keys(result).sort()).toEqual([
      'boundary_integrity',
      'chunk_size_distribution',
      'empty_tiny_rate',
      'overlap_accuracy',
      'size_compliance_rate',
      'structural_preservation',
    ]);
    expect(result).toEqual({
      chunk_size_distribution: 100, // CV 0.3
      size_compliance_rate: 0, // 7 and 13 are below 70
      overlap_accuracy: 100, // O = 0 and no pair overlaps
      empty_tiny_rate: 50, // 7 < tiny 10
      boundary_integrity: 0, // "xxxxxxx" has no terminator
      structural_preservation: 100, // paragraphs only, no orphan
    });
  });
});
