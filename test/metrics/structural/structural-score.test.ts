import { describe, expect, it } from 'vitest';
import { structuralMetrics, structuralScore } from '../../../src/metrics/structural/index.js';
import type { StructuralMetrics } from '../../../src/types.js';
import { sized } from './fixture.js';

const metrics: StructuralMetrics = {
  chunk_size_distribution: 100,
  size_compliance_rate: 50,
  overlap_accuracy: 10,
  empty_tiny_rate: 0,
  boundary_integrity: 80,
  structural_preservation: 60,
  context_carryover: 100,
  self_retrievability: 20,
  unique_chunk_rate: 30,
  context_sufficiency: 40,
  unit_integrity: 70,
};

describe('structuralScore', () => {
  it('weights the metrics by the original weights, context carryover in the place of overlap accuracy and context sufficiency added', () => {
    // (0.8·100 + 0.8·50 + 1.0·0 + 1.2·80 + 1.5·60 + 1.0·100 + 1.0·40) / 7.3 = 446 / 7.3 = 61.0959…
    // overlap_accuracy (10), self_retrievability (20), unique_chunk_rate (30) and unit_integrity (70) weigh 0 by default.
    expect(structuralScore(metrics, 'default')).toBeCloseTo(61.0959, 3);
  });

  it('averages the default-weighted metrics with equal weights', () => {
    // (100 + 50 + 0 + 80 + 60 + 100 + 40) / 7 = 430 / 7 = 61.4286
    expect(structuralScore(metrics, 'equal')).toBeCloseTo(61.4286, 3);
  });

  it('fills missing explicit weights with the defaults', () => {
    // preservation weight 0, others default: (80 + 40 + 0 + 96 + 100 + 40) / 5.8 = 356 / 5.8 = 61.3793
    expect(structuralScore(metrics, { structural_preservation: 0 })).toBeCloseTo(61.3793, 3);
    // a weight given to a metric that defaults to 0: (446 + 2·20) / (7.3 + 2) = 486 / 9.3 = 52.258
    expect(structuralScore(metrics, { self_retrievability: 2 })).toBeCloseTo(52.2581, 3);
    // all zero → plain mean of the default-weighted metrics, 430 / 7
    expect(
      structuralScore(metrics, {
        chunk_size_distribution: 0,
        size_compliance_rate: 0,
        empty_tiny_rate: 0,
        boundary_integrity: 0,
        structural_preservation: 0,
        context_carryover: 0,
        context_sufficiency: 0,
      }),
    ).toBeCloseTo(61.4286, 3);
  });
});

describe('structuralMetrics', () => {
  it('reports the structural metrics under their report names', () => {
    // sizes 7, 13 (no terminators, max 100, fixed: band [70, 100] except the last window, tiny 10)
    const result = structuralMetrics(sized([7, 13]));
    expect(Object.keys(result).sort()).toEqual([
      'boundary_integrity',
      'chunk_size_distribution',
      'context_carryover',
      'context_sufficiency',
      'empty_tiny_rate',
      'overlap_accuracy',
      'self_retrievability',
      'size_compliance_rate',
      'structural_preservation',
      'unique_chunk_rate',
      'unit_integrity',
    ]);
    expect(result).toEqual({
      chunk_size_distribution: 100, // CV 0.3
      size_compliance_rate: 50, // 7 is below 70; 13 is the last window, held only to ≤ 100
      overlap_accuracy: 100, // O = 0 and no pair overlaps
      empty_tiny_rate: 50, // 7 < tiny 10
      boundary_integrity: 0, // "xxxxxxx" has no terminator
      structural_preservation: 100, // paragraphs only, no orphan
      context_carryover: 0, // one cut, no overlap, the second chunk does not open with a heading
      self_retrievability: 100, // two chunks: both are in the top 3
      unique_chunk_rate: 100, // different texts
      context_sufficiency: 50, // no headings: the page is one section of 20 characters; the chunks hold 7 and 13 of it → (35 + 65) / 2
      unit_integrity: 100, // each paragraph (one unit) is whole in its chunk
    });
  });
});
