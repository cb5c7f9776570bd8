/**
 * The test oracle of chunkgate's BM25 (`src/retrieval/bm25.ts`): MiniSearch 7's BM25+ as
 * chunkgate configured it when MiniSearch was its index (one field, the heading path and text of
 * a chunk as `bodyOf` joins them, terms from `searchTerms`, default parameters). The index must
 * give these ranks, bit for bit.
 */
import MiniSearch from 'minisearch';
import { bodyOf } from '../../src/retrieval/bm25.js';
import { searchTerms } from '../../src/retrieval/terms.js';
import type { RetrievalChunk, Retriever } from '../../src/retrieval/types.js';

/** Ranks for a query, best first, at most `k` corpus orders; equal scores in corpus order. */
export type OracleRanker = (query: string, k: number) => number[];

/** MiniSearch's ranks over `chunks` (each indexed as `bodyOf`), ties in corpus order. */
export function miniSearchRanker(chunks: readonly Pick<RetrievalChunk, 'order' | 'headingPath' | 'text'>[]): OracleRanker {
  const index = new MiniSearch<{ id: number; body: string }>({
    fields: ['body'],
    tokenize: searchTerms,
    processTerm: (term) => term,
    searchOptions: { tokenize: searchTerms, processTerm: (term) => term },
  });
  index.addAll(chunks.map((chunk) => ({ id: chunk.order, body: bodyOf(chunk) })));
  return (query, k) =>
    index
      .search(query)
      .map((result) => ({ score: result.score, order: result.id as number }))
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, Math.max(k, 0))
      .map((result) => result.order);
}

/** {@link miniSearchRanker} behind the asynchronous `Retriever` interface. */
export function miniSearchRetriever(chunks: readonly RetrievalChunk[]): Retriever {
  const rank = miniSearchRanker(chunks);
  return async (query, k) => rank(query, k);
}
