import MiniSearch from 'minisearch';
import { searchTerms } from './terms.js';
import type { RetrievalChunk, Retriever } from './types.js';

/** Ranks indexed chunks for a query, best first, at most `k` (as `order` numbers); synchronous. */
export type Ranker = (query: string, k: number) => number[];

/**
 * A BM25 ranker over `chunks` (MiniSearch's BM25+ scoring, default parameters), each
 * chunk indexed as its heading path plus its text, terms from {@link searchTerms}.
 * Equal scores rank in corpus order, so the same inputs always give the same ranks.
 * Synchronous, for pure metrics (self-retrievability); {@link bm25Retriever} wraps it.
 */
export function bm25Ranker(chunks: readonly Pick<RetrievalChunk, 'order' | 'headingPath' | 'text'>[]): Ranker {
  const index = new MiniSearch<{ id: number; body: string }>({
    fields: ['body'],
    tokenize: searchTerms,
    processTerm: (term) => term,
    searchOptions: { tokenize: searchTerms, processTerm: (term) => term },
  });
  index.addAll(chunks.map((chunk) => ({ id: chunk.order, body: `${chunk.headingPath.join(' ')}\n${chunk.text}` })));
  return (query, k) =>
    index
      .search(query)
      .sort((a, b) => b.score - a.score || (a.id as number) - (b.id as number))
      .slice(0, k)
      .map((result) => result.id as number);
}

/** The golden-set retriever: {@link bm25Ranker} behind the asynchronous {@link Retriever} interface. */
export function bm25Retriever(chunks: readonly RetrievalChunk[]): Retriever {
  const rank = bm25Ranker(chunks);
  return async (query, k) => rank(query, k);
}
