import type { Span } from '../types.js';

/** A chunk as retrieval sees it: where it lies, and the text the index holds. */
export interface RetrievalChunk {
  /** Position in the corpus (files in path order, chunks in document order): the tie-breaker. */
  order: number;
  file: string;
  /** The chunk's own extent in the file's source. */
  span: Span;
  /** Heading path, indexed with the text as context. */
  headingPath: string[];
  text: string;
}

/**
 * Ranks the corpus for a query, best first, at most `k` chunks (as `order` numbers).
 * BM25 is synchronous; an embeddings retriever is not.
 */
export type Retriever = (query: string, k: number) => Promise<number[]>;

/** A located piece of expected evidence. */
export interface LocatedEvidence {
  file: string;
  span: Span;
}
