import { describe, expect, it } from 'vitest';
import { overallUnder, ROUND_1, WITH_SUFFICIENCY } from '../../scripts/validity/variants.js';
import type { DocEval, EvaluatedChunk } from '../../src/types.js';
import { chunk, doc } from '../report/factory.js';

const split: EvaluatedChunk = chunk({
  text: 'piece',
  score: 59,
  issues: [{ tag: 'code-fence-split', severity: 'high', message: '', line: 1 }],
  metrics: { boundary_quality: 80, context_self_containment: 80, metadata: 100, cross_chunk_redundancy_reversed: 80, context_sufficiency: 40 },
});
const whole: EvaluatedChunk = chunk({
  text: 'whole',
  score: 100,
  metrics: { boundary_quality: 100, context_self_containment: 100, metadata: 100, cross_chunk_redundancy_reversed: 100, context_sufficiency: 100 },
});
const docs: DocEval[] = [doc('a.md', [split, whole])];

describe('overallUnder', () => {
  it('rescores every chunk under other weights, with and without the hard cap', () => {
    // round 1: split chunk (0.2·80 + 0.25·80 + 0.15·100 + 0.15·80) / 0.75 = 63 / 0.75 = 84 → capped 59; whole 100
    expect(overallUnder(docs, ROUND_1.weights)).toBeCloseTo((59 + 100) / 2, 9);
    expect(overallUnder(docs, ROUND_1.weights, { cap: false })).toBeCloseTo((84 + 100) / 2, 9);
    // + sufficiency 0.25: (63 + 0.25·40) / 1.0 = 73 uncapped
    expect(overallUnder(docs, WITH_SUFFICIENCY.weights, { cap: false })).toBeCloseTo((73 + 100) / 2, 9);
    // the size ramp replaces context_sufficiency: 0 for the split chunk → 63, and 100 for the whole one
    expect(overallUnder(docs, WITH_SUFFICIENCY.weights, { cap: false, sufficiency: [[0, 100]] })).toBeCloseTo((63 + 100) / 2, 9);
  });
});
