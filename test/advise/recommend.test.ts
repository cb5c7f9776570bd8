import { describe, expect, it } from 'vitest';
import { recommendLimits } from '../../src/advise/recommend.js';
import { bucketize, lengthStats, percentile } from '../../src/advise/stats.js';

// The multimeter manual the advise rules were written on (docs/cli.md#choosing-max-and-min): 22
// section body lengths (characters).
const MANUAL = [0, 190, 610, 381, 151, 123, 1351, 1016, 182, 0, 79, 202, 198, 172, 374, 460, 281, 140, 128, 330, 132, 215];

describe('lengthStats', () => {
  it('matches the original advise script on the manual', () => {
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

  it('keeps max within a third of the embedding limit, trying the ceiling itself', () => {
    // limit 1800 → max ≤ 600; 600 splits 610, 1016, 1351 (19/22 = 86% < 90%), as does every value
    // ≤ 600, so the largest allowed value is the ceiling 600 — not the 512 candidate below it.
    const advice = recommendLimits(MANUAL, { embeddingLimit: 1800 });
    expect(advice.max.recommended).toBe(600);
    expect(advice.max.candidates.find((c) => c.value === 600)).toEqual({ value: 600, split: 3, unsplitShare: 19 / 22 });
    expect(advice.max.reason).toMatch(/largest allowed/);
  });

  it('recommends the ceiling 666 for --embedding-limit 2000', () => {
    // floor(2000 / 3) = 666 < P75 × 2 = 748: 666 is the largest allowed; 666 splits 1016 and 1351 only
    // (20/22 = 90.9% unsplit), but it is below the P75 range, so the reason is "largest allowed".
    const advice = recommendLimits(MANUAL, { embeddingLimit: 2000 });
    expect(advice.max.recommended).toBe(666);
    expect(advice.max.candidates.find((c) => c.value === 666)).toEqual({ value: 666, split: 2, unsplitShare: 20 / 22 });
  });

  it('reports how the current max and min treat the sections', () => {
    // The original advise table: current max 2000 splits nothing; current min 500 merges 19 of 22 (86%).
    const advice = recommendLimits(MANUAL, { current: { max: 2000, min: 500 } });
    expect(advice.current).toEqual({
      max: { value: 2000, split: 0, unsplitShare: 1 },
      min: { value: 500, merged: 19, mergedShare: 19 / 22 },
    });
    // A current value that is no common size still gets its row.
    const odd = recommendLimits(MANUAL, { current: { max: 900, min: 150 } });
    expect(odd.current!.max).toEqual({ value: 900, split: 2, unsplitShare: 20 / 22 });
    expect(odd.current!.min).toEqual({ value: 150, merged: 7, mergedShare: 7 / 22 });
    expect(odd.max.candidates.some((c) => c.value === 900)).toBe(true);
  });

  it('recommends min 0 when every candidate would merge 20% or more', () => {
    const advice = recommendLimits([1, 2, 3, 4, 5]);
    expect(advice.min.recommended).toBe(0);
  });
});
