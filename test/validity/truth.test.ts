import { describe, expect, it } from 'vitest';
import { chanceMrr, chanceReciprocalRank, sizeAdjusted } from '../../scripts/validity/truth.js';
import { rampScore } from '../../scripts/validity/size-ramp.js';

describe('chanceReciprocalRank', () => {
  it('is the expected reciprocal rank at k of a random order', () => {
    // 2 chunks, 1 relevant: rank 1 or 2 with probability 1/2 each → 1/2 + 1/4 = 0.75
    expect(chanceReciprocalRank(2, 1, 5)).toBeCloseTo(0.75, 12);
    // 4 chunks, 2 relevant, k = 2: P(first at 1) = 2/4; P(first at 2) = (2/4)(2/3) = 1/3 → 1/2 + 1/6 = 2/3
    expect(chanceReciprocalRank(4, 2, 2)).toBeCloseTo(2 / 3, 12);
    // 10 chunks, 1 relevant, k = 5: (1/10)(1 + 1/2 + 1/3 + 1/4 + 1/5) = 0.22833…
    expect(chanceReciprocalRank(10, 1, 5)).toBeCloseTo(2.283333333 / 10, 9);
  });

  it('is 0 without a relevant chunk and 1 when every chunk is relevant', () => {
    expect(chanceReciprocalRank(10, 0, 5)).toBe(0);
    expect(chanceReciprocalRank(3, 3, 5)).toBe(1);
  });

  it('averages over queries: fewer chunks, more chance', () => {
    // relevant 1 and 0 on 2 chunks: (0.75 + 0) / 2
    expect(chanceMrr(2, [1, 0], 5)).toBeCloseTo(0.375, 12);
    expect(chanceMrr(100, [1], 5)).toBeLessThan(chanceMrr(10, [1], 5));
    expect(chanceMrr(10, [], 5)).toBe(0);
  });
});

describe('sizeAdjusted', () => {
  it('is what a line in ln(size) leaves of MRR', () => {
    // MRR exactly 0.1·ln(tokens) + 0.2 leaves nothing
    const tokens = [100, 200, 400];
    const onLine = tokens.map((t) => 0.2 + 0.1 * Math.log(t));
    for (const residual of sizeAdjusted(onLine, tokens)) expect(residual).toBeCloseTo(0, 12);
    // x = ln 1, ln e, ln e² = 0, 1, 2; y = 0, 2, 1: slope = Σdx·dy / Σdx² = (−1·−1 + 0 + 1·0) / 2 = 0.5,
    // line through (1, 1): fitted 0.5, 1, 1.5 → residuals −0.5, 1, −0.5
    const residuals = sizeAdjusted([0, 2, 1], [1, Math.E, Math.E ** 2]);
    expect(residuals[0]).toBeCloseTo(-0.5, 12);
    expect(residuals[1]).toBeCloseTo(1, 12);
    expect(residuals[2]).toBeCloseTo(-0.5, 12);
  });

  it('is MRR minus its mean when every size is the same, and rejects unequal lengths', () => {
    expect(sizeAdjusted([0.2, 0.4], [50, 50]).map((value) => Number(value.toFixed(12)))).toEqual([-0.1, 0.1]);
    expect(() => sizeAdjusted([0.2], [50, 60])).toThrow('sizeAdjusted: 1 MRRs for 2 sizes');
  });
});

describe('rampScore (diagnostic)', () => {
  it('is 0 up to P25, 100 from P75, linear between', () => {
    expect(rampScore(40, 50, 150)).toBe(0);
    expect(rampScore(50, 50, 150)).toBe(0);
    expect(rampScore(100, 50, 150)).toBe(50);
    expect(rampScore(150, 50, 150)).toBe(100);
    expect(rampScore(900, 50, 150)).toBe(100);
  });
});
