import { chunkDocument } from '../chunking/index.js';
import type { SentenceVectors } from '../chunking/semantic.js';
import { countTokens, createMeasure } from '../chunking/measure.js';
import { settingsFor } from '../config/resolve.js';
import { problemOf } from './isolate.js';
import type { Config } from '../config/types.js';
import type { GoldenSet } from '../golden/schema.js';
import { parseMarkdown } from '../markdown/parse.js';
import { bm25Retriever } from '../retrieval/bm25.js';
import { embeddingRetriever, type Embed, type VectorCache } from '../retrieval/embeddings.js';
import type { RetrievalChunk } from '../retrieval/types.js';
import { evaluateRetrieval } from '../retrieval/evaluate.js';
import { retrievalFailures } from '../retrieval/failures.js';
import type { Chunk, RetrievalReport } from '../types.js';

/** A docs file with its text. */
export interface SourceText {
  path: string;
  text: string;
}

/** Every docs file of each side: retrieval searches the whole corpus, not only what changed. */
export interface RetrievalInput {
  golden: GoldenSet;
  base: SourceText[];
  head: SourceText[];
  /** The embeddings provider and vector cache, for `golden.retriever: embeddings`. */
  dense?: { embed: Embed; cache: VectorCache };
}

/**
 * Golden-set retrieval, base vs head (SPEC §6): chunks every file of each side with the
 * settings of its path (reusing `known` chunkings of the same path and text, so changed
 * files are not chunked twice), retrieves the top `golden.k` for every query with BM25 —
 * or embeddings when `golden.retriever` asks for them and a provider is passed — and
 * checks `thresholds.retrieval`. `vectors`: sentence embeddings for files chunked `semantic`.
 */
export async function retrievalReport(
  input: RetrievalInput,
  config: Config,
  known: (path: string, text: string) => Chunk[] | undefined,
  vectors?: SentenceVectors,
): Promise<{ report: RetrievalReport; notices: string[] }> {
  const notices: string[] = [];
  const dense = config.golden.retriever === 'embeddings' ? input.dense : undefined;
  if (config.golden.retriever === 'embeddings' && !dense) {
    notices.push('golden.retriever is embeddings but no embeddings provider is configured (an API key or llm.baseURL): BM25 was used');
  }
  const retriever = dense
    ? (chunks: RetrievalChunk[]) => embeddingRetriever(chunks, dense.embed, dense.cache, { model: config.golden.embeddingModel })
    : bm25Retriever;
  const side = (files: SourceText[]) => ({
    files: files.map((file) => {
      let chunks = known(file.path, file.text);
      if (!chunks) {
        const chunking = settingsFor(config, file.path).chunking;
        try {
          chunks = chunkDocument(parseMarkdown(file.path, file.text).doc, chunking, createMeasure(chunking.unit, chunking.tokenizer), vectors ? { vectors } : {});
        } catch (error) {
          // One unchanged file the parser cannot take (deep nesting) must not end the run.
          notices.push(`${file.path}: ${problemOf(error).reason}; retrieval sees no chunks of it`);
          chunks = [];
        }
      }
      return { path: file.path, source: file.text, chunks };
    }),
    retriever,
  });
  const tokenizer = config.chunking.tokenizer;
  const result = await evaluateRetrieval({
    golden: input.golden,
    k: config.golden.k,
    retriever: dense ? `embeddings (${config.golden.embeddingModel})` : 'bm25',
    base: side(input.base),
    head: side(input.head),
    size: (source) => (_file, span) => countTokens(source.slice(span.start, span.end), tokenizer),
  });
  return { report: { ...result, failures: retrievalFailures(result, config.thresholds.retrieval) }, notices };
}
