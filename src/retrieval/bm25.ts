import MiniSearch from 'minisearch';
import { searchTerms } from './terms.js';
import type { RetrievalChunk, Retriever } from './types.js';

/** Options for {@link bm25Ranker} and {@link bm25Retriever}. */
export interface Bm25Options {
  /**
   * The only queries this retriever will answer (default: any). Terms that are in none of them
   * are left out of the index; document lengths still count them, so every score, and every
   * rank, is what the full index gives, for a fraction of the build time.
   */
  queries?: readonly string[];
  /**
   * Shared by the retrievers of one run over the same `queries` (base and head, which share
   * most chunks): each distinct chunk is cut into terms once ({@link bm25Memo}).
   */
  memo?: Bm25Memo;
}

/** Terms of chunks already indexed, by indexed text: the query terms, and how many other distinct terms. */
export type Bm25Memo = Map<string, { terms: string[]; others: number }>;

/** A memo for {@link Bm25Options.memo}. */
export function bm25Memo(): Bm25Memo {
  return new Map();
}

/** Ranks indexed chunks for a query, best first, at most `k` (as `order` numbers); synchronous. */
export type Ranker = (query: string, k: number) => number[];

/**
 * A BM25 ranker over `chunks` (MiniSearch's BM25+ scoring, default parameters), each
 * chunk indexed as its heading path plus its text, terms from {@link searchTerms}.
 * Equal scores rank in corpus order, so the same inputs always give the same ranks.
 * Synchronous, for pure metrics (self-retrievability); {@link bm25Retriever} wraps it.
 */
export function bm25Ranker(chunks: readonly Pick<RetrievalChunk, 'order' | 'headingPath' | 'text'>[], options: Bm25Options = {}): Ranker {
  const vocabulary = options.queries ? new Set(options.queries.flatMap((query) => searchTerms(query))) : null;
  const memo = options.memo ?? bm25Memo();
  const index = new MiniSearch<{ id: number; body: string }>({
    fields: ['body'],
    tokenize: vocabulary ? (text) => indexedTerms(text, vocabulary, memo) : searchTerms,
    // MiniSearch measures a field by its distinct tokens before this filter, so dropping terms no
    // query has changes no length, no document frequency of a query term, and no score.
    processTerm: vocabulary ? (term) => (vocabulary.has(term) ? term : null) : (term) => term,
    searchOptions: { tokenize: searchTerms, processTerm: (term) => term },
  });
  index.addAll(chunks.map((chunk) => ({ id: chunk.order, body: `${chunk.headingPath.join(' ')}\n${chunk.text}` })));
  return (query, k) => topK(index.search(query), k);
}

/** The golden-set retriever: {@link bm25Ranker} behind the asynchronous {@link Retriever} interface. */
export function bm25Retriever(chunks: readonly RetrievalChunk[], options: Bm25Options = {}): Retriever {
  const rank = bm25Ranker(chunks, options);
  return async (query, k) => rank(query, k);
}

/**
 * The ids of the best `k` results, ties in corpus order (lower id first). MiniSearch returns
 * every match by score (a common query term matches most of a corpus): only the matches
 * scoring at least the k-th are sorted again.
 */
function topK(results: readonly { id: unknown; score: number }[], k: number): number[] {
  if (results.length === 0 || k <= 0) return [];
  const cut = results[Math.min(k, results.length) - 1]!.score;
  let end = Math.min(k, results.length);
  while (end < results.length && results[end]!.score >= cut) end += 1;
  return results
    .slice(0, end)
    .sort((a, b) => b.score - a.score || (a.id as number) - (b.id as number))
    .slice(0, k)
    .map((result) => result.id as number);
}

/**
 * The tokens MiniSearch gets for `text`: its query terms (each occurrence), then one stand-in
 * per other distinct term, so the distinct-token count MiniSearch measures length with is the
 * real one. Stand-ins (`\u0001` + a number) can be no query's term and are never indexed.
 */
function indexedTerms(text: string, vocabulary: ReadonlySet<string>, memo: Bm25Memo): string[] {
  let entry = memo.get(text);
  if (!entry) {
    const terms: string[] = [];
    const others = new Set<string>();
    for (const term of searchTerms(text)) {
      if (vocabulary.has(term)) terms.push(term);
      else others.add(term);
    }
    entry = { terms, others: others.size };
    memo.set(text, entry);
  }
  while (STAND_INS.length < entry.others) STAND_INS.push(`\u0001${STAND_INS.length}`);
  return entry.terms.concat(STAND_INS.slice(0, entry.others));
}

const STAND_INS: string[] = [];
