import MiniSearch from 'minisearch';
import { searchTerms } from './terms.js';
import type { RetrievalChunk, Retriever } from './types.js';

/**
 * A BM25 retriever over `chunks` (MiniSearch's BM25+ scoring, default parameters), each
 * chunk indexed as its heading path plus its text, terms from {@link searchTerms}.
 * Equal scores rank in corpus order, so the same inputs always give the same ranks.
 */
export function bm25Retriever(chunks: readonly RetrievalChunk[]): Retriever {
  const index = new MiniSearch<{ id: number; body: string }>({
    fields: ['body'],
    tokenize: searchTerms,
    processTerm: (term) => term,
    searchOptions: { tokenize: searchTerms, processTerm: (term) => term },
  });
  index.addAll(chunks.map((chunk) => ({ id: chunk.order, body: `${chunk.headingPath.join(' ')}\n${chunk.text}` })));
  return async (query, k) =>
    index
      .search(query)
      .sort((a, b) => b.score - a.score || (a.id as number) - (b.id as number))
      .slice(0, k)
      .map((result) => result.id as number);
}
