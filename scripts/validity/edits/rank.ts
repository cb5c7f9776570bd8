/**
 * BM25 of one query over a corpus that differs from the base in one page, for thousands of
 * edited cases (pure). The scores are `bm25Ranker`'s (MiniSearch 7's BM25+ as chunkgate configures
 * it) bit for bit, computed the way `bm25Sides` computes them: a document's length is its count
 * of distinct tokens, the mean length the running mean of the lengths in corpus order, a term's
 * score `termScore` with the idf over the documents holding it, a query's score the sum of its
 * terms' scores in query order (a repeated term again) times the number of distinct query terms
 * the document holds; ties rank in corpus order. Each chunk body is cut into terms once
 * (`memoEntry`); a case costs one pass over the corpus's term counts.
 */
import { bodyOf, inverseDocumentFrequency, memoEntry, termScore, type Bm25Memo } from '../../../src/retrieval/bm25.js';
import { searchTerms } from '../../../src/retrieval/terms.js';
import type { RetrievalChunk } from '../../../src/retrieval/types.js';

/** What BM25 keeps of a chunk: its length and the counts of the query terms it holds. */
export interface TermCounts {
  length: number;
  counts: ReadonlyMap<string, number>;
}

/** The {@link TermCounts} of a chunk, its terms cut once per distinct body (`memo`, over the golden queries' `vocabulary`). */
export function termCounts(chunk: Pick<RetrievalChunk, 'headingPath' | 'text'>, vocabulary: ReadonlySet<string>, memo: Bm25Memo): TermCounts {
  const entry = memoEntry(bodyOf(chunk), vocabulary, memo);
  const counts = new Map<string, number>();
  for (const term of entry.terms) if (term) counts.set(term, (counts.get(term) ?? 0) + 1);
  return { length: entry.length, counts };
}

/** The terms of a query as the ranker reads them (empty ones dropped). */
export function queryTerms(query: string): string[] {
  return searchTerms(query).filter((term) => !!term);
}

/**
 * Every document of `docs` (corpus order) that holds a term of `query`, best first, as indexes
 * into `docs`; the vocabulary the counts were made with must hold the query's terms.
 */
export function rankAll(docs: readonly TermCounts[], query: string): number[] {
  const terms = queryTerms(query);
  const distinct = [...new Set(terms)];
  let mean = 0;
  for (let at = 0; at < docs.length; at++) mean = (mean * at + docs[at]!.length) / (at + 1);
  const idf = new Map<string, number>();
  for (const term of distinct) {
    let df = 0;
    for (const doc of docs) if (doc.counts.has(term)) df += 1;
    if (df > 0) idf.set(term, inverseDocumentFrequency(docs.length, df));
  }
  const scored: { at: number; score: number }[] = [];
  for (let at = 0; at < docs.length; at++) {
    const doc = docs[at]!;
    let sum = 0;
    let matched = 0;
    for (const term of distinct) if (doc.counts.has(term)) matched += 1;
    if (matched === 0) continue;
    for (const term of terms) {
      const tf = doc.counts.get(term);
      if (tf === undefined) continue;
      sum += termScore(idf.get(term)!, tf, doc.length, mean);
    }
    scored.push({ at, score: sum * matched });
  }
  return scored.sort((a, b) => b.score - a.score || a.at - b.at).map((entry) => entry.at);
}
