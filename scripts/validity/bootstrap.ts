/**
 * Bootstrap over queries for the validity experiment (docs/scores.md#do-the-scores-track-retrieval): how stable is the
 * MRR ranking of the configurations, and how far can a score's correlation with it be trusted?
 * Every resample draws the same queries for every configuration (a paired bootstrap), so the
 * comparison between two configurations is not blurred by drawing different queries for each.
 */
import { mulberry32 } from '../../src/probes/simulated.js';
import { spearman } from './spearman.js';

/** `resamples` draws of `n` query indexes with replacement, from {@link mulberry32}(`seed`). */
export function resampleIndexes(n: number, resamples: number, seed: number): number[][] {
  const random = mulberry32(seed);
  return Array.from({ length: resamples }, () => Array.from({ length: n }, () => Math.floor(random() * n)));
}

/** Per configuration, its MRR in every resample: `result[c][b]` is the mean of `reciprocalRanks[c]` over resample b. */
export function resampledMeans(reciprocalRanks: readonly (readonly number[])[], samples: readonly (readonly number[])[]): number[][] {
  return reciprocalRanks.map((values) => samples.map((sample) => sample.reduce((sum, index) => sum + values[index]!, 0) / sample.length));
}

/**
 * The central `level` interval of `values` by the percentile method: the values at ranks
 * `floor(n·(1−level)/2)` and `ceil(n·(1+level)/2) − 1` of the sorted values (1,000 resamples at
 * 95%: the 25th and the 975th smallest).
 */
export function percentileInterval(values: readonly number[], level = 0.95): [number, number] {
  if (values.length === 0) return [Number.NaN, Number.NaN];
  const sorted = [...values].sort((a, b) => a - b);
  const low = Math.floor((sorted.length * (1 - level)) / 2);
  const high = Math.ceil((sorted.length * (1 + level)) / 2) - 1;
  return [sorted[Math.max(0, low)]!, sorted[Math.min(sorted.length - 1, high)]!];
}

/**
 * For every pair of configurations, the share of resamples that keep the order the full set of
 * queries gives them (`result[a][b]`; a tie counts as kept only when the full set ties too).
 * 0.5 is a coin flip: the truth cannot tell those two apart. The diagonal is 1.
 */
export function pairOrderStability(means: readonly (readonly number[])[], observed: readonly number[]): number[][] {
  return observed.map((a, i) =>
    observed.map((b, j) => {
      if (i === j) return 1;
      const order = Math.sign(a - b);
      const row = means[i]!;
      const other = means[j]!;
      let kept = 0;
      for (let sample = 0; sample < row.length; sample += 1) if (Math.sign(row[sample]! - other[sample]!) === order) kept += 1;
      return row.length === 0 ? 0 : kept / row.length;
    }),
  );
}

/** A correlation's spread over the resamples. */
export interface RhoSpread {
  median: number;
  interval: [number, number];
  /** Share of resamples where ρ reaches `target`. */
  atLeast: number;
}

/**
 * Spearman's ρ of `scores` (fixed: one per configuration) against each resample's MRR, summarised:
 * what the correlation would be on another draw of queries of the same kind. Resamples where
 * every configuration ties (ρ undefined) count as 0.
 */
export function rhoSpread(scores: readonly number[], means: readonly (readonly number[])[], target = 0.8, level = 0.95): RhoSpread {
  const resamples = means[0]?.length ?? 0;
  const rhos = Array.from({ length: resamples }, (_, sample) => spearman(scores, means.map((row) => row[sample]!)) ?? 0);
  const sorted = [...rhos].sort((a, b) => a - b);
  return {
    median: sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!,
    interval: percentileInterval(rhos, level),
    atLeast: rhos.length === 0 ? 0 : rhos.filter((rho) => rho >= target - 1e-12).length / rhos.length,
  };
}
