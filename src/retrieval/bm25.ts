/**
 * The BM25 of chunkgate: one postings index, built from chunk bodies, that self-retrievability
 * ({@link ownRanks}), the golden sets (`bm25Sides`, which derives the head's index from the
 * base's and saves the base's) and the probes rank with.
 *
 * The scores are MiniSearch 7's BM25+ as chunkgate first configured it (one field, every weight
 * and boost 1, no prefix or fuzzy matching, OR, k 1.2, b 0.7, d 0.5), bit for bit: the tests
 * (`test/retrieval/bm25.test.ts`, `own-ranks.test.ts`, `bm25-sides*.test.ts`) compare the ranks
 * with MiniSearch's (a dev dependency, the test oracle in `test/helpers/minisearch-bm25.ts`):
 * - a document's length is its count of distinct tokens, and the mean length is the running
 *   mean MiniSearch keeps as documents are added in corpus order;
 * - a term's score in a document is `idf × (d + tf (k+1) / (tf + k (1 − b + b len / mean)))`,
 *   `idf = ln(1 + (N − df + 0.5) / (df + 0.5))`, in MiniSearch's operation order;
 * - a query's score is the sum of its terms' scores in query order (a repeated query term
 *   counts again), times the number of distinct query terms the document holds;
 * - results rank by score, ties in corpus order; a document that holds no query term is not
 *   returned.
 *
 * Only the terms of a known vocabulary (the queries') get postings: every other term only counts
 * toward its documents' lengths, which is all a score reads of it.
 */
import { searchTerms } from './terms.js';
import type { RetrievalChunk, Retriever } from './types.js';

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

/** What the index holds of a chunk: its heading path, then its text. */
export function bodyOf(chunk: Pick<RetrievalChunk, 'headingPath' | 'text'>): string {
  return `${chunk.headingPath.join(' ')}\n${chunk.text}`;
}

/** What the index keeps of a document's terms. */
export interface DocumentTerms {
  /** Its vocabulary terms, each occurrence, in order. */
  terms: string[];
  /** Its count of distinct terms (vocabulary or not): its length. */
  length: number;
}

/** The {@link DocumentTerms} of a document's `terms` (all of them, as `searchTerms` cut them) over `vocabulary` (`null`: every term). */
function documentTerms(terms: readonly string[], vocabulary: ReadonlySet<string> | null): DocumentTerms {
  const kept: string[] = [];
  const distinct = new Set<string>();
  for (let at = 0; at < terms.length; at++) {
    const term = terms[at]!;
    distinct.add(term);
    if (vocabulary === null || vocabulary.has(term)) kept.push(term);
  }
  return { terms: kept, length: distinct.size };
}

/** Terms of bodies already cut, by body text: sides and runs over the same chunks cut each once. */
export type Bm25Memo = Map<string, DocumentTerms>;

/** An empty {@link Bm25Memo}. */
export function bm25Memo(): Bm25Memo {
  return new Map();
}

/** The {@link DocumentTerms} of a body `text` over `vocabulary`, from `memo` or cut on first use. */
export function memoEntry(text: string, vocabulary: ReadonlySet<string>, memo: Bm25Memo): DocumentTerms {
  let entry = memo.get(text);
  if (!entry) memo.set(text, (entry = documentTerms(searchTerms(text), vocabulary)));
  return entry;
}

/**
 * The terms an index keeps postings of, and the bodies cut so far (both sides of a run share
 * most). A caller that cut the corpus against a wider vocabulary (the probes, counting document
 * frequencies) passes its own: postings of terms no query holds cost a little memory and change
 * no score.
 */
export interface Bm25Terms {
  vocabulary: ReadonlySet<string>;
  memo: Bm25Memo;
}

/** The {@link Bm25Terms} of `queries`, with an empty memo. */
export function bm25Terms(queries: readonly string[]): Bm25Terms {
  return { vocabulary: new Set(queries.flatMap((query) => searchTerms(query))), memo: bm25Memo() };
}

/** One term's postings: its documents' slots (ascending) and the term's frequency in each. */
export interface Postings {
  docs: number[];
  tfs: number[];
}

/** A BM25 index. Slots number documents; a removed document's slot is not reused (`bm25Sides`). */
export interface Bm25Index {
  /** Postings of the vocabulary's terms, live documents only. */
  postings: Map<string, Postings>;
  /** Each slot's length (distinct tokens). */
  lengths: number[];
  /** Each slot's corpus order (`-1`: removed): the tie-breaker, and what a ranker returns. */
  orders: number[];
  /** The running mean of the live documents' lengths in corpus order. */
  mean: number;
  /** The live documents. */
  count: number;
}

/** An index of no document. */
function emptyIndex(): Bm25Index {
  return { postings: new Map(), lengths: [], orders: [], mean: 0, count: 0 };
}

/** Adds a document of these `terms` as the next slot, with corpus order `order`; the caller sets {@link Bm25Index.mean} when done adding. */
export function addDocument(index: Bm25Index, { terms, length }: DocumentTerms, order: number): void {
  const slot = index.lengths.length;
  for (let at = 0; at < terms.length; at++) {
    const term = terms[at]!;
    // MiniSearch counts an empty token in the length but indexes no empty term (and no query holds one).
    if (!term) continue;
    let postings = index.postings.get(term);
    if (!postings) index.postings.set(term, (postings = { docs: [], tfs: [] }));
    addOccurrence(postings, slot);
  }
  index.lengths.push(length);
  index.orders.push(order);
  index.count += 1;
}

/** Counts one occurrence of a term in document `slot`, the last document added. */
function addOccurrence(postings: Postings, slot: number): void {
  const last = postings.docs.length - 1;
  if (postings.docs[last] === slot) postings.tfs[last]! += 1;
  else {
    postings.docs.push(slot);
    postings.tfs.push(1);
  }
}

/** MiniSearch's mean length after adding documents of these `lengths` in this order (its addFieldLength, document after document). */
export function runningMean(lengths: readonly number[]): number {
  let mean = 0;
  for (let at = 0; at < lengths.length; at++) mean = (mean * at + lengths[at]!) / (at + 1);
  return mean;
}

/** The index of `chunks` (slot `i` is `chunks[i]`, indexed as {@link bodyOf}), postings of `terms.vocabulary` only. */
export function indexChunks(chunks: readonly Pick<RetrievalChunk, 'order' | 'headingPath' | 'text'>[], { vocabulary, memo }: Bm25Terms): Bm25Index {
  const index = emptyIndex();
  for (const chunk of chunks) addDocument(index, memoEntry(bodyOf(chunk), vocabulary, memo), chunk.order);
  index.mean = runningMean(index.lengths);
  return index;
}

/** Ranks indexed chunks for a query, best first, at most `k` (as `order` numbers); synchronous. */
export type Ranker = (query: string, k: number) => number[];

/** A term's documents, its score in each, and the last query that counted it. */
interface Scored {
  docs: readonly number[];
  scores: Float64Array;
  query: number;
}

/**
 * A query's scores over an index: each term's score in each of its documents computed once per
 * index (queries share common words), and scratch arrays reused from query to query.
 */
class Scorer {
  /** Per slot, the sum of the current query's term scores (0 outside a query). */
  readonly sums: Float64Array;
  /** Per slot, how many distinct terms of the current query it holds (0 outside a query). */
  readonly matched: Int32Array;
  /** The slots the current query reached, in the order first reached. */
  readonly touched: number[] = [];
  private readonly scored = new Map<string, Scored | null>();
  /** Counts queries: a term whose {@link Scored.query} is this one was already counted in the current query. */
  private query = 0;

  constructor(private readonly index: Bm25Index) {
    this.sums = new Float64Array(index.lengths.length);
    this.matched = new Int32Array(index.lengths.length);
  }

  /**
   * Adds up the scores of the query `terms` (non-empty, as cut by `searchTerms`) in query order:
   * a repeated term adds again, and counts toward {@link matched} once.
   */
  add(terms: readonly string[]): void {
    const { sums, matched, touched } = this;
    const query = ++this.query;
    for (let at = 0; at < terms.length; at++) {
      const entry = this.scoresOf(terms[at]!);
      if (entry === null) continue;
      const { docs, scores } = entry;
      const first = entry.query !== query;
      entry.query = query;
      for (let k = 0; k < docs.length; k++) {
        const slot = docs[k]!;
        sums[slot] = sums[slot]! + scores[k]!;
        if (first && ++matched[slot]! === 1) touched.push(slot);
      }
    }
  }

  /** A slot's score for the current query: its sum times its distinct query terms. */
  score(slot: number): number {
    return this.sums[slot]! * this.matched[slot]!;
  }

  /** Ends the current query: the scratch arrays back to 0. */
  clear(): void {
    const { sums, matched, touched } = this;
    for (let at = 0; at < touched.length; at++) {
      sums[touched[at]!] = 0;
      matched[touched[at]!] = 0;
    }
    touched.length = 0;
  }

  /** The term's documents and its score in each, or `null` when it is in none. */
  private scoresOf(term: string): Scored | null {
    let entry = this.scored.get(term);
    if (entry !== undefined) return entry;
    const postings = this.index.postings.get(term);
    entry = null;
    if (postings && postings.docs.length > 0) {
      const { lengths, mean, count } = this.index;
      const { docs, tfs } = postings;
      const idf = inverseDocumentFrequency(count, docs.length);
      // A float array: an array of numbers would change elements kind with the values it holds.
      const scores = new Float64Array(docs.length);
      for (let at = 0; at < docs.length; at++) scores[at] = termScore(idf, tfs[at]!, lengths[docs[at]!]!, mean);
      entry = { docs, scores, query: 0 };
    }
    this.scored.set(term, entry);
    return entry;
  }
}

/** The terms of a query as the index reads them: `searchTerms`, empty ones dropped. */
function queryTerms(query: string): string[] {
  return searchTerms(query).filter((term) => !!term);
}

/** The ranker of an index: a query's best `k` documents' corpus orders, ties in corpus order. */
export function rankerOf(index: Bm25Index): Ranker {
  const scorer = new Scorer(index);
  return (query, k) => {
    scorer.add(queryTerms(query));
    const best = k > 0 ? bestK(scorer, k, index.orders) : [];
    scorer.clear();
    return best;
  };
}

/** The corpus orders of the best `k` slots the query reached: higher score first, then lower corpus order. */
function bestK(scorer: Scorer, k: number, orders: readonly number[]): number[] {
  const { touched } = scorer;
  if (k * 8 >= touched.length) {
    return touched
      .map((slot) => ({ score: scorer.score(slot), order: orders[slot]! }))
      .sort((a, z) => z.score - a.score || a.order - z.order)
      .slice(0, k)
      .map((result) => result.order);
  }
  // A few best of many: kept in rank order while scanning, in float arrays (no object per
  // document reached, no change of array kind to deoptimise the loop).
  const scores = new Float64Array(k);
  const ranked = new Float64Array(k);
  let size = 0;
  for (let next = 0; next < touched.length; next++) {
    const slot = touched[next]!;
    const score = scorer.score(slot);
    const order = orders[slot]!;
    let at = size;
    if (at === k) {
      const last = scores[k - 1]!;
      if (score < last || (score === last && order > ranked[k - 1]!)) continue;
      at = k - 1;
    } else size += 1;
    while (at > 0 && (score > scores[at - 1]! || (score === scores[at - 1]! && order < ranked[at - 1]!))) {
      scores[at] = scores[at - 1]!;
      ranked[at] = ranked[at - 1]!;
      at -= 1;
    }
    scores[at] = score;
    ranked[at] = order;
  }
  return Array.from(ranked.subarray(0, size));
}

/**
 * For each `i`, the 1-based rank `bodies[i]` gets among all `bodies` for `queries[i]`, or `null`
 * when it holds none of the query's terms (or the query has none). A body is its indexed text,
 * or that text's terms (`searchTerms(text)`) when the caller has them. Self-retrievability asks
 * this of every evaluated file, over that file's own chunks: one index, and each query's cost
 * follows its terms' postings, not the number of documents.
 */
export function ownRanks(bodies: readonly (string | readonly string[])[], queries: readonly string[]): (number | null)[] {
  const terms = queries.map(queryTerms);
  const vocabulary = new Set(terms.flat());
  const index = emptyIndex();
  // What addDocument does, with one map lookup per token: each distinct term of the bodies gets
  // an id, its postings (`null` outside the vocabulary) and the last body that counted it.
  const ids = new Map<string, number>();
  const postingsOf: (Postings | null)[] = [];
  const lastDoc: number[] = [];
  for (let doc = 0; doc < bodies.length; doc++) {
    const body = bodies[doc]!;
    const tokens = typeof body === 'string' ? searchTerms(body) : body;
    let length = 0;
    for (let at = 0; at < tokens.length; at++) {
      const term = tokens[at]!;
      let id = ids.get(term);
      if (id === undefined) {
        let postings: Postings | null = null;
        if (vocabulary.has(term)) index.postings.set(term, (postings = { docs: [], tfs: [] }));
        ids.set(term, (id = postingsOf.length));
        postingsOf.push(postings);
        lastDoc.push(-1);
      }
      if (lastDoc[id] !== doc) {
        lastDoc[id] = doc;
        length += 1;
      }
      const postings = postingsOf[id]!;
      if (postings !== null) addOccurrence(postings, doc);
    }
    index.lengths.push(length);
    index.orders.push(doc);
    index.count += 1;
  }
  index.mean = runningMean(index.lengths);
  const scorer = new Scorer(index);
  return terms.map((query, self) => {
    scorer.add(query);
    let rank: number | null = null;
    if (scorer.matched[self] !== 0) {
      const own = scorer.score(self);
      rank = 1;
      for (const doc of scorer.touched) {
        const score = scorer.score(doc);
        if (doc !== self && (score > own || (score === own && doc < self))) rank += 1;
      }
    }
    scorer.clear();
    return rank;
  });
}

/** Options for {@link bm25Ranker} and {@link bm25Retriever}. */
export interface Bm25Options {
  /**
   * The only queries this ranker will answer (default: any). Terms that are in none of them get
   * no postings; lengths still count them, so every score, and every rank, is the full index's.
   */
  queries?: readonly string[];
  /** Shared by rankers over the same `queries` and chunks in common: each distinct body is cut once. */
  memo?: Bm25Memo;
}

/**
 * A BM25 ranker over `chunks`, each indexed as its heading path plus its text ({@link bodyOf}),
 * terms from {@link searchTerms}. Synchronous; {@link bm25Retriever} wraps it.
 */
export function bm25Ranker(chunks: readonly Pick<RetrievalChunk, 'order' | 'headingPath' | 'text'>[], options: Bm25Options = {}): Ranker {
  const memo = options.memo ?? bm25Memo();
  if (options.queries) return rankerOf(indexChunks(chunks, { vocabulary: bm25Terms(options.queries).vocabulary, memo }));
  // Every term: a vocabulary that holds whatever is asked of it.
  const index = emptyIndex();
  for (const chunk of chunks) addDocument(index, documentTerms(searchTerms(bodyOf(chunk)), null), chunk.order);
  index.mean = runningMean(index.lengths);
  return rankerOf(index);
}

/** {@link bm25Ranker} behind the asynchronous {@link Retriever} interface. */
export function bm25Retriever(chunks: readonly RetrievalChunk[], options: Bm25Options = {}): Retriever {
  const rank = bm25Ranker(chunks, options);
  return async (query, k) => rank(query, k);
}
