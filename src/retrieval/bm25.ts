import MiniSearch from 'minisearch';
import { searchTerms } from './terms.js';
import type { RetrievalChunk, Retriever } from './types.js';

/** Options for {@link bm25Retriever}. */
export interface Bm25Options {
  /**
   * The only queries this retriever will answer (default: any). Terms that are in none of them
   * are left out of the index; document lengths still count them, so every score, and every
   * rank, is what the full index gives, for a fraction of the build time.
   */
  queries?: readonly string[];
}

/**
 * A BM25 retriever over `chunks` (MiniSearch's BM25+ scoring, default parameters), each
 * chunk indexed as its heading path plus its text, terms from {@link searchTerms}.
 * Equal scores rank in corpus order, so the same inputs always give the same ranks.
 */
export function bm25Retriever(chunks: readonly RetrievalChunk[], options: Bm25Options = {}): Retriever {
  const vocabulary = options.queries ? new Set(options.queries.flatMap((query) => searchTerms(query))) : null;
  const index = new MiniSearch<{ id: number; body: string }>({
    fields: ['body'],
    tokenize: searchTerms,
    // MiniSearch measures a field by its distinct tokens before this filter, so dropping terms no
    // query has changes no length, no document frequency of a query term, and no score.
    processTerm: vocabulary ? (term) => (vocabulary.has(term) ? term : null) : (term) => term,
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
