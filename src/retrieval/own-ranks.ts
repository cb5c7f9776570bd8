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
import { searchTerms } from './terms.js';

/** One query term's postings: the documents holding it (ascending), each one's term frequency, then its term score. */
interface Postings {
  docs: number[];
  tfs: number[];
  scores: number[];
}

/**
 * For each `i`, the 1-based rank `bodies[i]` gets among all `bodies` for `queries[i]` under
 * {@link bm25Ranker}'s scoring, or `null` when it holds none of the query's terms (or the query
 * has none). Terms from `searchTerms`, as the ranker's. A body is its indexed text, or that
 * text's terms (`searchTerms(text)`) when the caller has them.
 *
 * Only query terms get postings: every other term only counts toward its documents' lengths,
 * which is all a score reads of it. A query adds up the postings of its terms and ranks the
 * documents they reach, so its cost follows its terms' postings, not the number of documents.
 */
export function ownRanks(bodies: readonly (string | readonly string[])[], queries: readonly string[]): (number | null)[] {
  const count = bodies.length;
  // Term ids: the query terms' first (0 … queried − 1, the ones with postings), then the rest as seen.
  const ids = new Map<string, number>();
  const postings: Postings[] = [];
  const queryIds = queries.map((query) =>
    searchTerms(query)
      .filter((term) => term)
      .map((term) => {
        let id = ids.get(term);
        if (id === undefined) {
          ids.set(term, (id = postings.length));
          postings.push({ docs: [], tfs: [], scores: [] });
        }
        return id;
      }),
  );
  const queried = postings.length;
  // Per term id, the last document that counted it toward its length (MiniSearch's length is the count of distinct tokens).
  const lastDoc: number[] = new Array<number>(queried).fill(-1);
  const lengths: number[] = [];
  let mean = 0;
  bodies.forEach((body, doc) => {
    let length = 0;
    for (const term of typeof body === 'string' ? searchTerms(body) : body) {
      let id = ids.get(term);
      if (id === undefined) {
        ids.set(term, (id = lastDoc.length));
        lastDoc.push(-1);
      }
      if (lastDoc[id] !== doc) {
        lastDoc[id] = doc;
        length += 1;
      }
      // MiniSearch counts an empty token in the length but indexes no empty term (and no query holds one).
      if (id >= queried) continue;
      const entry = postings[id]!;
      const last = entry.docs.length - 1;
      if (entry.docs[last] === doc) entry.tfs[last]! += 1;
      else {
        entry.docs.push(doc);
        entry.tfs.push(1);
      }
    }
    lengths.push(length);
    mean = (mean * doc + length) / (doc + 1);
  });
  for (const entry of postings) {
    const idf = inverseDocumentFrequency(count, entry.docs.length);
    entry.scores = entry.tfs.map((tf, at) => termScore(idf, tf, lengths[entry.docs[at]!]!, mean));
  }
  const sums = new Float64Array(count);
  const matched = new Int32Array(count);
  const reached: number[] = [];
  return queryIds.map((terms, self) => {
    const hits = terms.map((id) => postings[id]!).filter((hit) => hit.docs.length > 0);
    reached.length = 0;
    for (const hit of new Set(hits)) {
      for (const doc of hit.docs) {
        if (matched[doc] === 0) reached.push(doc);
        matched[doc]! += 1;
      }
    }
    let rank: number | null = null;
    if (matched[self] !== 0) {
      // Per document, the term scores are added in query order, as MiniSearch adds them.
      for (const hit of hits) for (let at = 0; at < hit.docs.length; at += 1) sums[hit.docs[at]!]! += hit.scores[at]!;
      const own = sums[self]! * matched[self]!;
      rank = 1;
      for (const doc of reached) {
        if (doc === self) continue;
        const score = sums[doc]! * matched[doc]!;
        if (score > own || (score === own && doc < self)) rank += 1;
      }
    }
    for (const doc of reached) {
      sums[doc] = 0;
      matched[doc] = 0;
    }
    return rank;
  });
}
