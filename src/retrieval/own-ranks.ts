/**
 * Each document's rank for its own query, in a small corpus: {@link bm25Ranker}'s ranks, bit for
 * bit, without building a MiniSearch index.
 *
 * Why not the library: self-retrievability asks this of every evaluated file, over that file's
 * own chunks. A MiniSearch index per file (a radix tree, a result map of objects per query term)
 * cost as much as the ranking itself was worth; here a file's postings are arrays, each
 * posting's BM25+ term score is computed once, and a query is a sum over float arrays.
 * MiniSearch stays the scorer of record ({@link bm25Ranker}): a test compares these ranks with
 * its ranks on every fixture and corpus document (the golden-set retrieval's `bm25Sides` is
 * checked against it the same way).
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
  scores: Float64Array;
}

const NO_SCORES = new Float64Array(0);

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
  const queryIds: number[][] = [];
  for (const query of queries) {
    const terms: number[] = [];
    for (const term of searchTerms(query)) {
      if (!term) continue;
      let id = ids.get(term);
      if (id === undefined) {
        ids.set(term, (id = postings.length));
        postings.push({ docs: [], tfs: [], scores: NO_SCORES });
      }
      terms.push(id);
    }
    queryIds.push(terms);
  }
  const queried = postings.length;
  const index: BodyIndex = { ids, postings, queried, lastDoc: new Array<number>(queried).fill(-1), lengths: [] };
  let mean = 0;
  for (let doc = 0; doc < count; doc++) {
    const body = bodies[doc]!;
    const length = indexBody(index, typeof body === 'string' ? searchTerms(body) : body, doc);
    index.lengths.push(length);
    mean = (mean * doc + length) / (doc + 1);
  }
  const { lengths } = index;
  for (const entry of postings) {
    const idf = inverseDocumentFrequency(count, entry.docs.length);
    const { docs, tfs } = entry;
    // A float array: an array of numbers would change elements kind with the values it holds.
    const scores = new Float64Array(tfs.length);
    for (let at = 0; at < tfs.length; at++) scores[at] = termScore(idf, tfs[at]!, lengths[docs[at]!]!, mean);
    entry.scores = scores;
  }
  const ranking: Ranking = {
    postings,
    sums: new Float64Array(count),
    matched: new Int32Array(count),
    reached: [],
    lastQuery: new Int32Array(queried).fill(-1),
  };
  const ranks: (number | null)[] = [];
  for (let self = 0; self < queryIds.length; self++) ranks.push(ownRank(ranking, queryIds[self]!, self));
  return ranks;
}

/** What {@link indexBody} fills as the bodies are read in order. */
interface BodyIndex {
  /** Term → id: the query terms first (the ones with postings), then the rest as seen. */
  ids: Map<string, number>;
  postings: Postings[];
  /** How many term ids have postings (the query terms). */
  queried: number;
  /** Per term id, the last document that counted it toward its length (MiniSearch's length is the count of distinct tokens). */
  lastDoc: number[];
  /** Per document read, its length. */
  lengths: number[];
}

/**
 * Adds document `doc`'s `terms` to the postings of the query terms it holds, and returns its
 * length (distinct terms). A plain loop in a function of its own: as a `forEach` closure over
 * strings or arrays it was compiled with the caller and deoptimised with it.
 */
function indexBody(index: BodyIndex, terms: readonly string[], doc: number): number {
  const { ids, postings, queried, lastDoc } = index;
  let length = 0;
  for (let at = 0; at < terms.length; at++) {
    const term = terms[at]!;
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
  return length;
}

/** The postings of the query terms and the scratch arrays {@link ownRank} reuses from query to query. */
interface Ranking {
  postings: readonly Postings[];
  /** Per document, the sum of the current query's term scores (0 outside a query). */
  sums: Float64Array;
  /** Per document, how many distinct terms of the current query it holds (0 outside a query). */
  matched: Int32Array;
  /** The documents the current query reached, in the order first reached. */
  reached: number[];
  /** Per query term id, the last query that counted it (distinct terms), -1 for none. */
  lastQuery: Int32Array;
}

/**
 * Rank of document `self` for its query's term ids `terms`, or null when it holds none of them.
 * Plain loops over one-shape records: as a closure over `map`/`filter`/`Set` it was deoptimised
 * and recompiled by V8 on the array shapes it met.
 */
function ownRank(ranking: Ranking, terms: readonly number[], self: number): number | null {
  const { postings, sums, matched, reached, lastQuery } = ranking;
  reached.length = 0;
  for (let at = 0; at < terms.length; at++) {
    const id = terms[at]!;
    const docs = postings[id]!.docs;
    if (docs.length === 0 || lastQuery[id] === self) continue;
    lastQuery[id] = self;
    for (let k = 0; k < docs.length; k++) {
      const doc = docs[k]!;
      if (matched[doc] === 0) reached.push(doc);
      matched[doc]! += 1;
    }
  }
  let rank: number | null = null;
  if (matched[self] !== 0) {
    // Per document, the term scores are added in query order (a repeated term again), as MiniSearch adds them.
    for (let at = 0; at < terms.length; at++) {
      const { docs, scores } = postings[terms[at]!]!;
      for (let k = 0; k < docs.length; k++) sums[docs[k]!]! += scores[k]!;
    }
    const own = sums[self]! * matched[self]!;
    rank = 1;
    for (let at = 0; at < reached.length; at++) {
      const doc = reached[at]!;
      if (doc === self) continue;
      const score = sums[doc]! * matched[doc]!;
      if (score > own || (score === own && doc < self)) rank += 1;
    }
  }
  for (let at = 0; at < reached.length; at++) {
    const doc = reached[at]!;
    sums[doc] = 0;
    matched[doc] = 0;
  }
  return rank;
}
