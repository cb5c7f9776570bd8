/** Summary statistics of section body lengths (docs/cli.md#choosing-max-and-min). */
export interface LengthStats {
  count: number;
  min: number;
  max: number;
  mean: number;
  median: number;
  p25: number;
  p75: number;
}

/**
 * The value at rank `floor(n × q)` of the sorted lengths — the original advise script's
 * percentile (`sorted(lengths)[int(len(lengths) * q)]`), so numbers match the playbook.
 */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
}

/**
 * Min, max, mean, median (`floor(n/2)` rank, docs/design.md#where-the-scores-come-from), P25
 * and P75 of `lengths`; all 0 when empty.
 */
export function lengthStats(lengths: readonly number[]): LengthStats {
  const sorted = [...lengths].sort((a, b) => a - b);
  const count = sorted.length;
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    count,
    min: sorted[0] ?? 0,
    max: sorted.at(-1) ?? 0,
    mean: count === 0 ? 0 : sum / count,
    median: percentile(sorted, 0.5),
    p25: percentile(sorted, 0.25),
    p75: percentile(sorted, 0.75),
  };
}

/** A half-open length bucket `[from, to)`; `to: null` is unbounded. */
export interface Bucket {
  from: number;
  to: number | null;
  count: number;
}

/**
 * The histogram's bucket edges (docs/design.md#where-the-scores-come-from): [0,100) [100,200)
 * [200,500) [500,1000) [1000,2000) [2000,∞).
 */
export const BUCKET_EDGES: readonly number[] = [0, 100, 200, 500, 1000, 2000];

/** Counts `lengths` per bucket of `edges` (default: {@link BUCKET_EDGES}). */
export function bucketize(lengths: readonly number[], edges: readonly number[] = BUCKET_EDGES): Bucket[] {
  return edges.map((from, index) => {
    const to = edges[index + 1] ?? null;
    const count = lengths.filter((length) => length >= from && (to === null || length < to)).length;
    return { from, to, count };
  });
}
