/**
 * Each document's rank for its own query, in a small corpus: {@link bm25Ranker}'s ranks, bit for
 * bit, without building a MiniSearch index.
 *
 * Why not the library: self-retrievability asks this of every evaluated file, over that file's
 * own chunks. A MiniSearch index per file (a radix tree, a result map of objects per query term)
 * cost as much as the ranking itself was worth; here a file's postings are arrays, each
 * posting's BM25+ term score is computed once, and a query is a sum over float arrays.
 * MiniSearch stays the scorer of record: the golden-set retrieval uses {@link bm25Ranker}, and
 * a test compares these ranks with its ranks on every fixture and corpus document.
 *
 * What is reproduced, from MiniSearch 7 as {@link bm25Ranker} configures it (one field, boost 1,
 * no prefix or fuzzy matching, OR, BM25+ with k 1.2, b 0.7, d 0.5):
 * - a document's length is its count of distinct tokens, and the mean length is the running
 *   mean MiniSearch keeps as documents are added in order;
 * - a term's score in a document is `idf × (d + tf (k+1) / (tf + k (1 − b + b len / mean)))`,
 *   `idf = ln(1 + (N − df + 0.5) / (df + 0.5))`, in MiniSearch's operation order;
 * - a query's score is the sum of its terms' scores in query order (a repeated query term counts
 *   again), times the number of distinct query terms the document holds;
 * - results rank by score, ties in corpus order; a document that holds no query term is not
 *   returned (`null`).
 */
import { inverseDocumentFrequency, termScore } from './bm25-plus.js';
import { searchTermsOfOneDocument } from './terms.js';

/** One term's postings: the documents holding it (ascending) and each one's term score. */
interface Postings {
  docs: number[];
  scores: number[];
}

/**
 * For each `i`, the 1-based rank `bodies[i]` gets among all `bodies` for `queries[i]` under
 * {@link bm25Ranker}'s scoring, or `null` when it holds none of the query's terms (or the query
 * has none). Terms from `searchTerms` (one document's), as the ranker's.
 */
export function ownRanks(bodies: readonly string[], queries: readonly string[]): (number | null)[] {
  const count = bodies.length;
  const frequencies = new Map<string, { docs: number[]; tfs: number[] }>();
  const lengths: number[] = [];
  let mean = 0;
  const termsOf = searchTermsOfOneDocument();
  bodies.forEach((body, doc) => {
    const tokens = termsOf(body);
    const length = new Set(tokens).size;
    lengths.push(length);
    mean = (mean * doc + length) / (doc + 1);
    for (const term of tokens) {
      // MiniSearch counts an empty token in the length but indexes no empty term.
      if (!term) continue;
      let entry = frequencies.get(term);
      if (!entry) frequencies.set(term, (entry = { docs: [], tfs: [] }));
      const last = entry.docs.length - 1;
      if (entry.docs[last] === doc) entry.tfs[last]! += 1;
      else {
        entry.docs.push(doc);
        entry.tfs.push(1);
      }
    }
  });
  const postings = new Map<string, Postings>();
  for (const [term, { docs, tfs }] of frequencies) {
    const df = docs.length;
    const idf = inverseDocumentFrequency(count, df);
    postings.set(term, { docs, scores: tfs.map((tf, at) => termScore(idf, tf, lengths[docs[at]!]!, mean)) });
  }
  const sums = new Float64Array(count);
  const matched = new Int32Array(count);
  return queries.map((query, self) => {
    const terms = termsOf(query).filter((term) => term);
    const hits = terms.map((term) => postings.get(term)).filter((hit) => hit !== undefined);
    if (!hits.some((hit) => hit.docs.includes(self))) return null;
    sums.fill(0);
    matched.fill(0);
    for (const hit of hits) for (let at = 0; at < hit.docs.length; at += 1) sums[hit.docs[at]!]! += hit.scores[at]!;
    for (const hit of new Set(hits)) for (const doc of hit.docs) matched[doc]! += 1;
    const own = sums[self]! * matched[self]!;
    let rank = 1;
    for (let doc = 0; doc < count; doc += 1) {
      if (matched[doc] === 0 || doc === self) continue;
      const score = sums[doc]! * matched[doc]!;
      if (score > own || (score === own && doc < self)) rank += 1;
    }
    return rank;
  });
}
