import MiniSearch, { type Options } from 'minisearch';
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
   * Shared by retrievers over the same `queries` and chunks in common: each distinct chunk is
   * cut into terms once ({@link bm25Memo}).
   */
  memo?: Bm25Memo;
}

/**
 * Terms of chunks already indexed, by indexed text: the query terms, how many other distinct
 * terms, and the distinct-term count MiniSearch measures the text's length with.
 */
export type Bm25Memo = Map<string, Bm25MemoEntry>;

/** What {@link Bm25Memo} keeps of an indexed text. */
export interface Bm25MemoEntry {
  /** Its query terms, each occurrence, in order. */
  terms: string[];
  /** How many distinct terms it has besides. */
  others: number;
  /** Its distinct terms: MiniSearch's length of it. */
  length: number;
}

/** A memo for {@link Bm25Options.memo}. */
export function bm25Memo(): Bm25Memo {
  return new Map();
}

/** Ranks indexed chunks for a query, best first, at most `k` (as `order` numbers); synchronous. */
export type Ranker = (query: string, k: number) => number[];

type Indexable = Pick<RetrievalChunk, 'order' | 'headingPath' | 'text'>;

/** A document of the index: `id` is a chunk's `order`. */
interface IndexedDoc {
  id: number;
  body: string;
}

/**
 * A BM25 ranker over `chunks` (MiniSearch's BM25+ scoring, default parameters), each
 * chunk indexed as its heading path plus its text, terms from {@link searchTerms}.
 * Equal scores rank in corpus order, so the same inputs always give the same ranks.
 * Synchronous, for pure metrics (self-retrievability); {@link bm25Retriever} wraps it.
 */
export function bm25Ranker(chunks: readonly Indexable[], options: Bm25Options = {}): Ranker {
  const index = newIndex(options);
  index.addAll(chunks.map((chunk) => ({ id: chunk.order, body: bodyOf(chunk) })));
  return (query, k) => topK(index.search(query), k, (id) => id);
}

/** {@link bm25Ranker} behind the asynchronous {@link Retriever} interface (the golden-set retrieval of a run uses `bm25Sides`, its equal). */
export function bm25Retriever(chunks: readonly RetrievalChunk[], options: Bm25Options = {}): Retriever {
  const rank = bm25Ranker(chunks, options);
  return async (query, k) => rank(query, k);
}

function newIndex(options: Bm25Options): MiniSearch<IndexedDoc> {
  return new MiniSearch<IndexedDoc>(indexOptions(options));
}

function indexOptions(options: Bm25Options): Options<IndexedDoc> {
  const vocabulary = options.queries ? new Set(options.queries.flatMap((query) => searchTerms(query))) : null;
  const memo = options.memo ?? bm25Memo();
  return {
    fields: ['body'],
    tokenize: vocabulary ? (text) => indexedTerms(text, vocabulary, memo) : searchTerms,
    // MiniSearch measures a field by its distinct tokens before this filter, so dropping terms no
    // query has changes no length, no document frequency of a query term, and no score.
    processTerm: vocabulary ? (term) => (vocabulary.has(term) ? term : null) : (term) => term,
    searchOptions: { tokenize: searchTerms, processTerm: (term) => term },
  };
}

/** What the index holds of a chunk: its heading path, then its text. */
export function bodyOf(chunk: Pick<RetrievalChunk, 'headingPath' | 'text'>): string {
  return `${chunk.headingPath.join(' ')}\n${chunk.text}`;
}

/**
 * The best `k` results as corpus order numbers, ties in corpus order (lower first). MiniSearch
 * returns every match by score (a common query term matches most of a corpus): only the matches
 * scoring at least the k-th are sorted again.
 */
function topK(results: readonly { id: unknown; score: number }[], k: number, orderOf: (id: number) => number): number[] {
  if (results.length === 0 || k <= 0) return [];
  const cut = results[Math.min(k, results.length) - 1]!.score;
  let end = Math.min(k, results.length);
  while (end < results.length && results[end]!.score >= cut) end += 1;
  return results
    .slice(0, end)
    .map((result) => ({ score: result.score, order: orderOf(result.id as number) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, k)
    .map((result) => result.order);
}

/**
 * The tokens MiniSearch gets for `text`: its query terms (each occurrence), then one stand-in
 * per other distinct term, so the distinct-token count MiniSearch measures length with is the
 * real one. Stand-ins (`\u0001` + a number) can be no query's term and are never indexed.
 */
function indexedTerms(text: string, vocabulary: ReadonlySet<string>, memo: Bm25Memo): string[] {
  const entry = memoEntry(text, vocabulary, memo);
  while (STAND_INS.length < entry.others) STAND_INS.push(`\u0001${STAND_INS.length}`);
  return entry.terms.concat(STAND_INS.slice(0, entry.others));
}

const STAND_INS: string[] = [];

/** The {@link Bm25Memo} entry of an indexed text (its query terms, from `vocabulary`), made on first use. */
export function memoEntry(text: string, vocabulary: ReadonlySet<string>, memo: Bm25Memo): Bm25MemoEntry {
  let entry = memo.get(text);
  if (!entry) {
    const terms: string[] = [];
    const others = new Set<string>();
    for (const term of searchTerms(text)) {
      if (vocabulary.has(term)) terms.push(term);
      else others.add(term);
    }
    entry = { terms, others: others.size, length: new Set(terms).size + others.size };
    memo.set(text, entry);
  }
  return entry;
}
