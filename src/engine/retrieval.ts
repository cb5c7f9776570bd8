import { chunkDocument } from '../chunking/index.js';
import { createMeasure, piecesTokens } from '../tokens/index.js';
import type { SentenceVectors } from '../chunking/semantic.js';
import { settingsFor } from '../config/resolve.js';
import type { Config } from '../config/types.js';
import type { GoldenSet } from '../golden/schema.js';
import { complexityExcess, DEFAULT_COMPLEXITY_LIMITS, type ComplexityLimits } from '../markdown/complexity.js';
import { parseMarkdown } from '../markdown/parse.js';
import { pageBlocks } from '../metrics/boilerplate.js';
import { bm25Sides, type Bm25Store } from '../retrieval/bm25-sides.js';
import { embeddingRetriever, EmbeddingsFailure, type Embed, type VectorCache } from '../retrieval/embeddings.js';
import type { RetrievalChunk } from '../retrieval/types.js';
import { evaluateRetrieval } from '../retrieval/evaluate.js';
import { retrievalFailures } from '../retrieval/failures.js';
import type { Chunk, ChunkingOptions, PageBlock, RetrievalReport, Span } from '../types.js';
import { corpusMap } from './corpus-map.js';
import { NotCheckable } from './not-checkable.js';

/** A docs file with its text. */
export interface SourceText {
  path: string;
  text: string;
  /** The git blob `text` was decoded from, when the reader had it (src/sources/doc-text.ts): a content cache may key by it instead of hashing the text. */
  blob?: string;
}

/** What retrieval keeps of a corpus file: its chunks, and its text blocks for the boilerplate check (one parse serves both). */
export interface CorpusChunking {
  chunks: Chunk[];
  blocks: PageBlock[];
}

/**
 * A corpus file parsed and chunked with its settings, nothing scored. Pure; worker threads
 * run it for the corpus of a golden-set run. Throws {@link NotCheckable} for a file over a
 * complexity cap (`limits`), and what the parser throws.
 */
export function chunkForRetrieval(
  path: string,
  text: string,
  chunking: ChunkingOptions,
  vectors?: SentenceVectors,
  limits: ComplexityLimits = DEFAULT_COMPLEXITY_LIMITS,
): CorpusChunking {
  const excess = complexityExcess(text, limits);
  if (excess) throw new NotCheckable({ reason: excess.reason, hint: excess.hint });
  const { doc } = parseMarkdown(path, text);
  return { chunks: chunkDocument(doc, chunking, createMeasure(chunking.unit, chunking.tokenizer), vectors ? { vectors } : {}), blocks: pageBlocks(doc) };
}

/** Every docs file of each side: retrieval searches the whole corpus, not only what changed. */
export interface RetrievalInput {
  /** The golden set (absent: the corpus is read for the retrieval probes alone). */
  golden?: GoldenSet;
  base: SourceText[];
  head: SourceText[];
  /**
   * The embeddings provider and vector cache, for `golden.retriever: embeddings`; `host` names the
   * provider in messages (never a key).
   */
  dense?: { embed: Embed; cache: VectorCache; host?: string };
  /**
   * Chunkings a shell already has (from its content cache, or computed on worker threads with
   * {@link chunkForRetrieval}) by path and text (default: none, every file is chunked by the engine).
   */
  chunked?: (path: string, text: string) => CorpusChunking | undefined;
  /** Where BM25 keeps the base side's index and ranks between runs (a shell's cache; default: nowhere). */
  bm25Store?: Bm25Store;
}

/**
 * Golden-set retrieval, base vs head (docs/config.md#retrieval-on-a-golden-set-optional):
 * retrieves the top `golden.k` for every query over the chunks of every file of each side
 * (`chunksOf`, which the caller computed once per distinct path and text) with BM25 — or
 * embeddings when `golden.retriever` asks for them and a provider is passed — and checks
 * `thresholds.retrieval`. When the embeddings provider fails or answers invalid vectors, BM25
 * stands in for both sides, as the heuristic does for the LLM judge: the report is `partial`, with
 * the reason (the step, the provider and the model) in `partialReason` and a notice.
 */
export async function retrievalReport(
  input: RetrievalInput,
  config: Config,
  chunksOf: (path: string, text: string) => Chunk[],
): Promise<{ report: RetrievalReport; notices: string[] }> {
  const golden = input.golden;
  if (!golden) throw new Error('retrievalReport: no golden set');
  const notices: string[] = [];
  const dense = config.golden.retriever === 'embeddings' ? input.dense : undefined;
  if (config.golden.retriever === 'embeddings' && !dense) {
    notices.push('golden.retriever is embeddings but no embeddings provider is configured (an API key or llm.baseURL): BM25 was used');
  }
  const known = corpusMap<Chunk[]>();
  const files = (side: SourceText[]) =>
    side.map((file) => {
      const chunks = chunksOf(file.path, file.text);
      known.set(file.path, file.text, chunks);
      return { path: file.path, source: file.text, chunks };
    });
  const base = files(input.base);
  const head = files(input.head);
  const tokenizer = config.chunking.tokenizer;
  const counted = (path: string, source: string, span: Span): number | undefined =>
    chunkTokensAt(known.get(path, source), source, span, settingsFor(config, path).chunking.tokenizer === tokenizer);
  const run = (embeddings: typeof dense) => {
    const options = { model: config.golden.embeddingModel, dimensions: new Map<string, number>(), provider: embeddings?.host ?? 'unnamed' };
    // BM25 over the golden queries' terms; the head's index is the base's with the changed files
    // re-indexed (evaluateRetrieval answers every base query before it builds the head's retriever).
    const bm25 = embeddings ? null : bm25Sides(golden.queries.map((query) => query.query), input.bm25Store);
    const retriever = (which: 'base' | 'head') => (chunks: RetrievalChunk[]) =>
      embeddings ? embeddingRetriever(chunks, embeddings.embed, embeddings.cache, { ...options, side: which }) : bm25![which](chunks);
    return evaluateRetrieval({
      golden,
      k: config.golden.k,
      retriever: embeddings ? `embeddings (${config.golden.embeddingModel})` : 'bm25',
      base: { files: base, retriever: retriever('base') },
      head: { files: head, retriever: retriever('head') },
      size: (source) => (file, span) => counted(file, source, span) ?? piecesTokens(source.slice(span.start, span.end), tokenizer),
    });
  };
  let result: Awaited<ReturnType<typeof run>>;
  let partialReason: string | undefined;
  try {
    result = await run(dense);
  } catch (error) {
    if (!(error instanceof EmbeddingsFailure)) throw error;
    partialReason = `${error.message}; BM25 stood in for golden-set retrieval`;
    notices.push(`${partialReason}, and the run is partial`);
    result = await run(undefined);
  }
  const report: RetrievalReport = { ...result, failures: retrievalFailures(result, config.thresholds.retrieval) };
  return { report: partialReason === undefined ? report : { ...report, partial: true, partialReason }, notices };
}

/**
 * The token count of `source.slice(span)` when a chunk of `chunks` is exactly that slice and was
 * measured with the tokenizer retrieval counts in (`sameTokenizer`): chunking counted its text
 * already (`Chunk.tokens`), and a retrieved chunk's span is most of what the token-level metrics
 * measure. `undefined` otherwise: the caller counts.
 */
export function chunkTokensAt(chunks: readonly Chunk[] | undefined, source: string, span: Span, sameTokenizer: boolean): number | undefined {
  if (!chunks || !sameTokenizer) return undefined;
  for (const chunk of chunks) {
    if (chunk.startOffset !== span.start || chunk.endOffset !== span.end) continue;
    if (chunk.text.length === span.end - span.start && chunk.text === source.slice(span.start, span.end)) return chunk.tokens;
  }
  return undefined;
}
