/**
 * MiniSearch 7's BM25+ term score, as {@link bm25Ranker} configures it (its default parameters,
 * every weight and boost at 1), written once for the two rankers that compute it from postings
 * (`ownRanks`, and the golden-set retrieval's `bm25Sides`). The operation order is MiniSearch's,
 * so the scores are its to the bit.
 */

/** MiniSearch's default BM25+ parameters (`defaultBM25params`). */
const K = 1.2;
const B = 0.7;
const D = 0.5;

/** `ln(1 + (N − df + 0.5) / (df + 0.5))` for a term in `df` of `total` documents. */
export function inverseDocumentFrequency(total: number, df: number): number {
  return Math.log(1 + (total - df + 0.5) / (df + 0.5));
}

/** A term's score in one document: `idf × (d + tf (k+1) / (tf + k (1 − b + b len / mean)))`. */
export function termScore(idf: number, tf: number, length: number, meanLength: number): number {
  return idf * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * length) / meanLength)));
}
