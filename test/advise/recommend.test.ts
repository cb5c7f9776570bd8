import { describe, expect, it } from 'vitest';
import { recommendLimits } from '../../src/advise/recommend.js';
import { bucketize, lengthStats, percentile } from '../../src/advise/stats.js';

// Seed 002's multimeter manual: 22 section body lengths (characters).
const MANUAL = [0, 190, 610, 381, 151, 123, 1351, 1016, 182, 0, 79, 202, 198, 172, 374, 460, 281, 140, 128, 330, 132, 215];

describe('lengthStats', () => {
  it('matches the seed 002 script on the manual', () => {
    // sorted: 0 0 79 123 128 132 140 151 172 182 190 198 202 215 281 330 374 381 460 610 1016 1351
    // mean = 6715 / 22 = 305.23; median = sorted[11] = 198; P25 = sorted[5] = 132; P75 = sorted[16] = 374
    const stats = lengthStats(MANUAL);
    expect(stats).toMatchObject({ count: 22, min: 0, max: 1351, median: 198, p25: 132, p75: 374 });
    expect(stats.mean).toBeCloseTo(6715 / 22, 6);
  });

  it('is all zeros for no sections', () => {
    expect(lengthStats([])).toEqual({ count: 0, min: 0, max: 0, mean: 0, median: 0, p25: 0, p75: 0 });
    expect(percentile([], 0.5)).toBe(0);
  });

  it('buckets as the seed does', () => {
    // [0,100): 0 0 79 → 3; [100,200): 9; [200,500): 7; [500,1000): 610 → 1; [1000,2000): 2; [2000,∞): 0
    expect(bucketize(MANUAL).map((b) => b.count)).toEqual([3, 9, 7, 1, 2, 0]);
  });
});

describe('recommendLimits', () => {
  it('picks max in P75 × 2–3 with ≥ 90% unsplit and min ≤ P25 × 1.5 merging < 20%', () => {
    const advice = recommendLimits(MANUAL);
    // P75 × 2 = 748, × 3 = 1122; both ends are candidates. 748 splits only 1016 and 1351:
    // 20/22 = 90.9% unsplit ≥ 90% → the smallest value in range that qualifies.
    expect(advice.max.range).toEqual([748, 1122]);
    expect(advice.max.recommended).toBe(748);
    expect(advice.max.candidates.find((c) => c.value === 768)).toEqual({ value: 768, split: 2, unsplitShare: 20 / 22 });
    // 512 splits 610, 1016, 1351 → 19/22 = 86% (seed: "切得太多").
    expect(advice.max.candidates.find((c) => c.value === 512)!.split).toBe(3);
    // P25 = 132, × 1.5 = 198. 128 merges 0 0 79 123 → 4/22 = 18.2% < 20%; 132 would merge 5 (22.7%).
    expect(advice.min.range).toEqual([132, 198]);
    expect(advice.min.recommended).toBe(128);
    expect(advice.min.candidates.find((c) => c.value === 200)).toEqual({ value: 200, merged: 12, mergedShare: 12 / 22 });
  });

  it('keeps max within a third of the embedding limit', () => {
    // limit 1800 → max ≤ 600; nothing ≤ 600 leaves 90% unsplit, so the largest allowed candidate (512).
    const advice = recommendLimits(MANUAL, { embeddingLimit: 1800 });
    expect(advice.max.recommended).toBe(512);
    expect(advice.max.reason).toMatch(/largest allowed/);
  });

  it('recommends min 0 when every candidate would merge 20% or more', () => {
    const advice = recommendLimits([1, 2, 3, 4, 5]);
    expect(advice.min.recommended).toBe(0);
  });
});
