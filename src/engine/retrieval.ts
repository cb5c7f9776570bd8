import { chunkDocument } from '../chunking/index.js';
import { createMeasure } from '../chunking/measure.js';
import { piecesTokens } from '../chunking/pieces.js';
import { settingsFor } from '../config/resolve.js';
import type { Config } from '../config/types.js';
import type { GoldenSet } from '../golden/schema.js';
import { parseMarkdown } from '../markdown/parse.js';
import { bm25Memo, bm25Retriever } from '../retrieval/bm25.js';
import { embeddingRetriever, type Embed, type VectorCache } from '../retrieval/embeddings.js';
import type { RetrievalChunk } from '../retrieval/types.js';
import { evaluateRetrieval } from '../retrieval/evaluate.js';
import { retrievalFailures } from '../retrieval/failures.js';
import type { Chunk, ChunkingOptions, RetrievalReport } from '../types.js';

/** A docs file with its text. */
export interface SourceText {
  path: string;
  text: string;
}

/**
 * The chunks retrieval indexes for one file: parsed and chunked with its settings, nothing scored.
 * Pure; worker threads run it for the corpus of a golden-set run.
 */
export function chunkForRetrieval(path: string, text: string, chunking: ChunkingOptions): Chunk[] {
  return chunkDocument(parseMarkdown(path, text).doc, chunking, createMeasure(chunking.unit, chunking.tokenizer));
}

/** Every docs file of each side: retrieval searches the whole corpus, not only what changed. */
export interface RetrievalInput {
  golden: GoldenSet;
  base: SourceText[];
  head: SourceText[];
  /** The embeddings provider and vector cache, for `golden.retriever: embeddings`. */
  dense?: { embed: Embed; cache: VectorCache };
  /**
   * Chunkings a shell already has (from its content cache, or computed on worker threads with
   * {@link chunkForRetrieval}) by path and text (default: none, every file is chunked here).
   */
  chunked?: (path: string, text: string) => Chunk[] | undefined;
}

/**
 * Golden-set retrieval, base vs head (SPEC §6): chunks every file of each side with the
 * settings of its path (reusing `known` chunkings of the same path and text, so changed
 * files are not chunked twice, and chunking a file identical on both sides once), retrieves the top `golden.k` for every query with BM25 —
 * or embeddings when `golden.retriever` asks for them and a provider is passed — and
 * checks `thresholds.retrieval`.
 */
export async function retrievalReport(
  input: RetrievalInput,
  config: Config,
  known: (path: string, text: string) => Chunk[] | undefined,
): Promise<{ report: RetrievalReport; notices: string[] }> {
  const notices: string[] = [];
  const dense = config.golden.retriever === 'embeddings' ? input.dense : undefined;
  if (config.golden.retriever === 'embeddings' && !dense) {
    notices.push('golden.retriever is embeddings but no embeddings provider is configured (an API key or llm.baseURL): BM25 was used');
  }
  const retriever = dense
    ? (chunks: RetrievalChunk[]) => embeddingRetriever(chunks, dense.embed, dense.cache, { model: config.golden.embeddingModel })
    : bm25Over(input.golden.queries.map((query) => query.query));
  // A file identical on both sides (most of them, in a pull request) is chunked once.
  const chunked = new Map<string, Chunk[]>();
  const chunksOf = (file: SourceText): Chunk[] => {
    const key = `${file.path}\0${file.text}`;
    let chunks = chunked.get(key) ?? known(file.path, file.text) ?? input.chunked?.(file.path, file.text);
    if (!chunks) chunks = chunkForRetrieval(file.path, file.text, settingsFor(config, file.path).chunking);
    chunked.set(key, chunks);
    return chunks;
  };
  const side = (files: SourceText[]) => ({
    files: files.map((file) => ({ path: file.path, source: file.text, chunks: chunksOf(file) })),
    retriever,
  });
  const tokenizer = config.chunking.tokenizer;
  const result = await evaluateRetrieval({
    golden: input.golden,
    k: config.golden.k,
    retriever: dense ? `embeddings (${config.golden.embeddingModel})` : 'bm25',
    base: side(input.base),
    head: side(input.head),
    size: (source) => (_file, span) => piecesTokens(source.slice(span.start, span.end), tokenizer),
  });
  return { report: { ...result, failures: retrievalFailures(result, config.thresholds.retrieval) }, notices };
}

/** BM25 over the golden queries' terms, base and head sharing the terms of the chunks they share. */
function bm25Over(queries: readonly string[]): (chunks: RetrievalChunk[]) => ReturnType<typeof bm25Retriever> {
  const memo = bm25Memo();
  return (chunks) => bm25Retriever(chunks, { queries, memo });
}
