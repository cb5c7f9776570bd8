/**
 * How far to trust the truth of the validity experiment (docs/scores.md#do-the-scores-track-retrieval): the MRR a
 * ranker would get by chance, which grows as an index holds fewer chunks, so configurations
 * with big chunks start ahead on a small index.
 */

/**
 * The expected reciprocal rank at `k` of a ranker that orders an index of `size` chunks at random,
 * for a query with `relevant` relevant chunks: Σᵢ (1/i) · P(the first relevant chunk is at rank i),
 * with P(i) = Πⱼ₌₀^{i−2} (size − relevant − j)/(size − j) · relevant/(size − i + 1), over ranks
 * i ≤ k. No relevant chunk → 0; every chunk relevant → 1.
 */
export function chanceReciprocalRank(size: number, relevant: number, k: number): number {
  if (relevant <= 0 || size <= 0) return 0;
  let expected = 0;
  // Probability that ranks 1 … i−1 hold no relevant chunk.
  let noneYet = 1;
  for (let rank = 1; rank <= Math.min(k, size); rank += 1) {
    const remaining = size - rank + 1;
    expected += (noneYet * Math.min(1, relevant / remaining)) / rank;
    noneYet *= Math.max(0, remaining - relevant) / remaining;
    if (noneYet === 0) break;
  }
  return expected;
}

/** The expected MRR at `k` of a random ranker over an index of `size` chunks: the mean of {@link chanceReciprocalRank} over the queries' relevant counts. */
export function chanceMrr(size: number, relevantPerQuery: readonly number[], k: number): number {
  if (relevantPerQuery.length === 0) return 0;
  return relevantPerQuery.reduce((sum, relevant) => sum + chanceReciprocalRank(size, relevant, k), 0) / relevantPerQuery.length;
}

/**
 * What is left of each configuration's MRR once chunk size is accounted for: the residuals of the
 * least-squares line MRR = a + b·ln(mean chunk tokens) over the configurations. A score that ranks
 * these residuals well explains the part of retrieval that bigger chunks alone do not. Fewer than
 * two configurations, or one size for all: the MRRs minus their mean.
 */
export function sizeAdjusted(mrr: readonly number[], meanTokens: readonly number[]): number[] {
  if (mrr.length !== meanTokens.length) throw new Error(`sizeAdjusted: ${mrr.length} MRRs for ${meanTokens.length} sizes`);
  const x = meanTokens.map((tokens) => Math.log(tokens));
  const n = mrr.length;
  if (n === 0) return [];
  const mx = x.reduce((sum, value) => sum + value, 0) / n;
  const my = mrr.reduce((sum, value) => sum + value, 0) / n;
  const sxx = x.reduce((sum, value) => sum + (value - mx) ** 2, 0);
  const slope = sxx < 1e-12 ? 0 : x.reduce((sum, value, index) => sum + (value - mx) * (mrr[index]! - my), 0) / sxx;
  return mrr.map((value, index) => value - (my + slope * (x[index]! - mx)));
}
