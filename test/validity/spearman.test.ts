import { describe, expect, it } from 'vitest';
import { pearson, ranks, spearman, spearmanPValue } from '../../scripts/validity/spearman.js';

describe('ranks', () => {
  it('gives ties the mean of the ranks they span', () => {
    expect(ranks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
  });
});

describe('spearman', () => {
  it('is 1 for the same order and −1 for the reverse, whatever the scale', () => {
    expect(spearman([1, 2, 3, 4], [10, 100, 1000, 10000])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
  });

  it('matches 1 − 6Σd²/(n(n²−1)) without ties', () => {
    // ranks x 1..5, y [2, 1, 4, 3, 5]: d² = 1 + 1 + 1 + 1 + 0 = 4 → 1 − 24/120 = 0.8
    expect(spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 5])).toBeCloseTo(0.8, 12);
  });

  it('handles ties through average ranks, and is null for a constant sample', () => {
    // x ranks [1, 2.5, 2.5, 4], y ranks [1, 2, 3, 4]: Pearson = Σ(dx·dy)/√(Σdx²·Σdy²)
    // dx = [−1.5, 0, 0, 1.5], dy = [−1.5, −0.5, 0.5, 1.5] → 4.5 / √(4.5 · 5) = 0.948683
    expect(spearman([1, 2, 2, 3], [1, 2, 3, 4])).toBeCloseTo(0.948683, 5);
    expect(spearman([5, 5, 5], [1, 2, 3])).toBeNull();
    expect(pearson([1], [2])).toBeNull();
  });
});

describe('spearmanPValue', () => {
  it('is the exact two-sided share of orderings at least as extreme', () => {
    // n = 3: of the 6 orderings, ρ = 1 and ρ = −1 occur once each → p = 2/6
    expect(spearmanPValue([1, 2, 3], [1, 2, 3])).toBeCloseTo(1 / 3, 12);
    // n = 4, perfect order: only the identity and the reverse reach |ρ| = 1 → 2/24
    expect(spearmanPValue([1, 2, 3, 4], [1, 2, 3, 4])).toBeCloseTo(1 / 12, 12);
  });

  it('is null beyond 9 pairs or for a constant sample', () => {
    expect(spearmanPValue([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBeNull();
    expect(spearmanPValue([1, 1], [1, 2])).toBeNull();
  });
});
