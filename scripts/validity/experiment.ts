/**
 * The validity experiment of issue 12, as pure functions: chunk a docs corpus with one
 * configuration, score every document the way chunkgate does, and measure the truth — BM25
 * top-k retrieval on a hand-made golden set — so that scores can be rank-correlated with it.
 */
import { countTokens } from '../../src/chunking/measure.js';
import { configSchema } from '../../src/config/schema.js';
import type { Config } from '../../src/config/types.js';
import { analyzeDocument, scoreDocument } from '../../src/engine/evaluate.js';
import { foldWhitespace, locateExcerpt } from '../../src/golden/locate.js';
import type { GoldenSet, QueryType } from '../../src/golden/schema.js';
import { bm25Retriever } from '../../src/retrieval/bm25.js';
import { corpusChunks, evaluateRetrieval, type RetrievalScores } from '../../src/retrieval/evaluate.js';
import { covers } from '../../src/retrieval/metrics.js';
import type { LocatedEvidence } from '../../src/retrieval/types.js';
import type { DocEval } from '../../src/types.js';

/** A docs file of the corpus. */
export interface CorpusFile {
  path: string;
  source: string;
}

/** One chunking configuration of the experiment. */
export interface ExperimentConfig {
  /** Short label for tables, e.g. `fixed 256`. */
  label: string;
  /** `.chunkgate.yml` content (validated by the real schema, so defaults are the product's). */
  config: unknown;
}

/** The eight configurations of issue 12. */
export const CONFIGS: readonly ExperimentConfig[] = [
  { label: 'fixed 128', config: { chunking: { strategy: 'fixed', max: 128 } } },
  { label: 'fixed 256', config: { chunking: { strategy: 'fixed', max: 256 } } },
  { label: 'fixed 512', config: { chunking: { strategy: 'fixed', max: 512 } } },
  { label: 'fixed 1024', config: { chunking: { strategy: 'fixed', max: 1024 } } },
  { label: 'fixed 512+64', config: { chunking: { strategy: 'fixed', max: 512, overlap: 64 } } },
  { label: 'heading 512', config: { chunking: { strategy: 'heading', max: 512 } } },
  { label: 'lc-recursive 1000/200', config: { chunking: { strategy: 'langchain-recursive', chunkSize: 1000, chunkOverlap: 200 } } },
  { label: 'lc-markdown 1000/200', config: { chunking: { strategy: 'langchain-markdown', chunkSize: 1000, chunkOverlap: 200 } } },
];

/** The chunk that answers a query, where a chunk covers one of its evidence excerpts. */
export interface AnswerChunk {
  query: string;
  type: QueryType;
  /** The answer chunk's `score` (its `overall`). */
  score: number;
  /** 1-based rank of the best-ranked chunk covering an excerpt, in the full BM25 ranking (`null`: BM25 never returns it). */
  rank: number | null;
}

/** What one configuration scored and retrieved. */
export interface ConfigOutcome {
  label: string;
  docs: DocEval[];
  /** Golden-set retrieval at `k`: the truth. */
  retrieval: RetrievalScores;
  byType: Partial<Record<QueryType, RetrievalScores>>;
  /** Per query with an answer chunk (queries whose evidence no chunk wholly holds are left out). */
  answers: AnswerChunk[];
}

/** Resolves an experiment configuration through the product's config schema. */
export function resolveConfig(config: unknown): Config {
  return configSchema.parse(config);
}

/**
 * Chunks and scores every file with `config` (heuristic scorer, the product's engine), then runs
 * every golden query with BM25 at `k` and finds each query's answer chunk and its rank.
 */
export async function runConfig(
  corpus: readonly CorpusFile[],
  golden: GoldenSet,
  experiment: ExperimentConfig,
  options: { k?: number } = {},
): Promise<ConfigOutcome> {
  const k = options.k ?? 5;
  const config = resolveConfig(experiment.config);
  const settings = { chunking: config.chunking, weights: config.scoring.weights };
  const docs = corpus.map((file) => scoreDocument(analyzeDocument(file.path, file.source, settings)));
  const files = corpus.map((file, index) => ({ path: file.path, source: file.source, chunks: docs[index]!.chunks }));
  const side = { files, retriever: bm25Retriever };
  const tokenizer = config.chunking.tokenizer;
  const result = await evaluateRetrieval({
    golden,
    k,
    retriever: 'bm25',
    base: side,
    head: side,
    size: (source) => (_file, span) => countTokens(source.slice(span.start, span.end), tokenizer),
  });
  const byType: ConfigOutcome['byType'] = {};
  for (const [type, scores] of Object.entries(result.byType)) byType[type as QueryType] = scores.head;
  return { label: experiment.label, docs, retrieval: result.head, byType, answers: await answerChunks(files, docs, golden) };
}

/** Each query's best-ranked chunk that wholly holds one of its excerpts, with its score and full-ranking rank. */
async function answerChunks(
  files: readonly { path: string; source: string; chunks: DocEval['chunks'] }[],
  docs: readonly DocEval[],
  golden: GoldenSet,
): Promise<AnswerChunk[]> {
  const chunks = corpusChunks([...files]);
  const retrieve = bm25Retriever(chunks);
  // corpusChunks orders files by path: map each corpus position back to its evaluated chunk.
  const evaluated = [...files]
    .map((file, index) => ({ path: file.path, doc: docs[index]! }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .flatMap((entry) => entry.doc.chunks);
  const sources = new Map(files.map((file) => [file.path, foldWhitespace(file.source)]));
  const answers: AnswerChunk[] = [];
  for (const query of golden.queries) {
    const evidence: LocatedEvidence[] = query.evidence.flatMap((item) => {
      const folded = sources.get(item.file);
      const span = folded ? locateExcerpt(item.text, folded) : null;
      return span ? [{ file: item.file, span }] : [];
    });
    const holders = chunks.filter((chunk) => evidence.some((item) => covers(chunk, item)));
    if (holders.length === 0) continue;
    const ranking = await retrieve(query.query, chunks.length);
    const position = (order: number) => {
      const at = ranking.indexOf(order);
      return at === -1 ? Number.POSITIVE_INFINITY : at + 1;
    };
    const best = holders.reduce((a, b) => (position(b.order) < position(a.order) ? b : a));
    const rank = position(best.order);
    answers.push({ query: query.id, type: query.type, score: evaluated[best.order]!.score, rank: Number.isFinite(rank) ? rank : null });
  }
  return answers;
}

/** The mean over documents of a per-document number. */
export function documentMean(docs: readonly DocEval[], pick: (doc: DocEval) => number): number {
  return docs.length === 0 ? 0 : docs.reduce((sum, doc) => sum + pick(doc), 0) / docs.length;
}
