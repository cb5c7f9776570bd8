/**
 * Rank correlation for the validity experiment (docs/scores.md#do-the-scores-track-retrieval):
 * Spearman's ρ with average ranks for ties, and its exact two-sided permutation p-value for
 * small samples.
 */

/** 1-based ranks of `values`, ties sharing the mean of the ranks they span (`[10, 20, 20]` → `[1, 2.5, 2.5]`). */
export function ranks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const result = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end += 1;
    const rank = (start + end) / 2 + 1;
    for (let at = start; at <= end; at += 1) result[order[at]!.index] = rank;
    start = end + 1;
  }
  return result;
}

/** Pearson correlation of two equal-length samples; `null` when either is constant or shorter than 2. */
export function pearson(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new Error(`pearson: samples of different lengths (${x.length} and ${y.length})`);
  if (x.length < 2) return null;
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i += 1) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  // A constant sample has no order to correlate with.
  if (sxx < 1e-12 || syy < 1e-12) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/**
 * Spearman's ρ: the Pearson correlation of the average ranks (ties handled exactly, not by the
 * `1 − 6Σd²/(n(n²−1))` shortcut, which is only right without ties). `null` when a sample is constant.
 */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  return pearson(ranks(x), ranks(y));
}

/** Samples up to this size get an exact p-value (9! = 362,880 orderings). */
const EXACT_LIMIT = 9;

/**
 * Two-sided p-value of ρ under the null hypothesis of no association: the share of all orderings
 * of `y` against `x` whose |ρ| is at least the observed |ρ| (exact, by enumerating permutations;
 * `null` for a constant sample or more than 9 pairs).
 */
export function spearmanPValue(x: readonly number[], y: readonly number[]): number | null {
  const observed = spearman(x, y);
  if (observed === null || x.length > EXACT_LIMIT) return null;
  const rx = ranks(x);
  const ry = ranks(y);
  let atLeast = 0;
  let total = 0;
  // Float noise must not drop the observed ordering itself from the count.
  const bar = Math.abs(observed) - 1e-9;
  permute(ry, (permuted) => {
    total += 1;
    if (Math.abs(pearson(rx, permuted) ?? 0) >= bar) atLeast += 1;
  });
  return atLeast / total;
}

/** Calls `visit` with every permutation of `items` (Heap's algorithm, one array reused). */
function permute(items: readonly number[], visit: (permutation: readonly number[]) => void): void {
  const array = [...items];
  const counters = new Array<number>(array.length).fill(0);
  visit(array);
  for (let i = 1; i < array.length; ) {
    if (counters[i]! < i) {
      const swap = i % 2 === 0 ? 0 : counters[i]!;
      [array[swap], array[i]] = [array[i]!, array[swap]!];
      visit(array);
      counters[i]! += 1;
      i = 1;
    } else {
      counters[i] = 0;
      i += 1;
    }
  }
}
