import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/probes/simulated.js';
import { pairOrderStability, percentileInterval, resampledMeans, resampleIndexes, rhoSpread } from '../../scripts/validity/bootstrap.js';

describe('mulberry32', () => {
  it('gives the same sequence for the same seed, in [0, 1)', () => {
    const a = mulberry32(12);
    const b = mulberry32(12);
    const first = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
    // uniform: the mean of 1,000 draws is near 0.5
    expect(Math.abs(first.reduce((sum, value) => sum + value, 0) / 1000 - 0.5)).toBeLessThan(0.05);
    expect(mulberry32(13)()).not.toBe(mulberry32(12)());
  });
});

describe('resampling', () => {
  it('draws n indexes with replacement per resample, reproducibly', () => {
    const samples = resampleIndexes(4, 3, 7);
    expect(samples).toHaveLength(3);
    expect(samples.every((sample) => sample.length === 4 && sample.every((index) => Number.isInteger(index) && index >= 0 && index < 4))).toBe(true);
    expect(resampleIndexes(4, 3, 7)).toEqual(samples);
  });

  it('averages each configuration over the same resampled queries', () => {
    // two configs, three queries; resamples [0, 0, 1] and [2, 2, 2]
    const means = resampledMeans([[1, 0, 0.5], [0, 1, 0.25]], [[0, 0, 1], [2, 2, 2]]);
    expect(means).toEqual([[2 / 3, 0.5], [1 / 3, 0.25]]);
  });
});

describe('percentileInterval', () => {
  it('takes the 25th and 975th of 1,000 sorted values at 95%', () => {
    const values = Array.from({ length: 1000 }, (_, index) => 999 - index);
    // sorted 0 … 999: ranks floor(1000·0.025) = 25 and ceil(1000·0.975) − 1 = 974
    expect(percentileInterval(values)).toEqual([25, 974]);
    expect(percentileInterval([])).toEqual([Number.NaN, Number.NaN]);
  });
});

describe('pairOrderStability', () => {
  it('is the share of resamples that keep the observed order of each pair', () => {
    // observed: A 0.5 > B 0.4 > C 0.3; resamples: A > B in 3 of 4 (not the third), B > C in 2 of 4
    // (not the second or fourth), A > C in 4 of 4; a tie would count as not kept
    const means = [
      [0.5, 0.6, 0.4, 0.25],
      [0.4, 0.5, 0.5, 0.1],
      [0.3, 0.55, 0.3, 0.2],
    ];
    expect(pairOrderStability(means, [0.5, 0.4, 0.3])).toEqual([
      [1, 0.75, 1],
      [0.75, 1, 0.5],
      [1, 0.5, 1],
    ]);
  });
});

describe('rhoSpread', () => {
  it('summarises ρ of fixed scores against every resample', () => {
    // scores rank A > B > C; resample 1 agrees (ρ 1), resample 2 reverses (ρ −1), resample 3 swaps B, C (ρ 0.5)
    const means = [
      [3, 1, 3],
      [2, 2, 1],
      [1, 3, 2],
    ];
    const spread = rhoSpread([30, 20, 10], means, 0.8);
    // sorted ρ: −1, 0.5, 1 → median (index 1) 0.5; ≥ 0.8 in 1 of 3
    expect(spread.median).toBeCloseTo(0.5, 12);
    expect(spread.atLeast).toBeCloseTo(1 / 3, 12);
    expect(spread.interval[0]).toBeCloseTo(-1, 12);
    expect(spread.interval[1]).toBeCloseTo(1, 12);
  });
});
