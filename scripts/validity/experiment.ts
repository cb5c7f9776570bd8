/**
 * The validity experiment (docs/scores.md#do-the-scores-track-retrieval), as pure functions:
 * chunk a docs corpus with one configuration, score every document the way chunkgate does, and
 * measure the truth — BM25 top-k retrieval on a hand-made golden set — so that scores can be
 * rank-correlated with it.
 *
 * The truth is measured twice: against an index of the golden set's own pages (the first
 * round's truth), and against an index of the whole docs corpus those pages come from, as a
 * real RAG index holds every page (see `truth.ts`).
 */
import { chunkDocument } from '../../src/chunking/index.js';
import { countTokens, createMeasure } from '../../src/tokens/index.js';
import { configSchema } from '../../src/config/schema.js';
import type { Config } from '../../src/config/types.js';
import { analyzeDocument, scoreDocument } from '../../src/engine/evaluate.js';
import { foldWhitespace, locateExcerpt } from '../../src/golden/locate.js';
import type { GoldenSet, QueryType } from '../../src/golden/schema.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import { bm25Ranker, bm25Retriever } from '../../src/retrieval/bm25.js';
import { corpusChunks, evaluateRetrieval } from '../../src/retrieval/evaluate.js';
import type { RetrievalScores } from '../../src/types.js';
import { covers } from '../../src/retrieval/metrics.js';
import type { LocatedEvidence, RetrievalChunk } from '../../src/retrieval/types.js';
import type { Chunk, DocEval, EvaluatedChunk } from '../../src/types.js';
import { answeredWithin, BUDGETS } from './budget.js';
import { sizeRamp } from './size-ramp.js';
import { chanceMrr } from './truth.js';

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

/** The eight configurations of docs/scores.md#do-the-scores-track-retrieval. */
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
  /** The answer chunk as evaluated: its `score` (its `overall`) and its metrics. */
  chunk: EvaluatedChunk;
  /** 1-based rank of the best-ranked chunk covering an excerpt, in the full BM25 ranking (`null`: BM25 never returns it). */
  rank: number | null;
}

/** Golden-set retrieval against one index. */
export interface Truth {
  /** Chunks in the index. */
  chunks: number;
  /** Mean retrieval metrics at `k`. */
  retrieval: RetrievalScores;
  byType: Partial<Record<QueryType, RetrievalScores>>;
  /** Each query's reciprocal rank at `k`, in golden-set order (what the bootstrap resamples). */
  reciprocalRanks: number[];
  /** The MRR at `k` a ranker that orders the index at random would get, in expectation ({@link chanceMrr}). */
  chance: number;
  /** Per query with an answer chunk (queries whose evidence no chunk wholly holds are left out). */
  answers: AnswerChunk[];
  /** Per context budget of {@link BUDGETS}, each query's 1/0: answered within that many tokens (`budget.ts`). */
  budgets: Record<(typeof BUDGETS)[number], (0 | 1)[]>;
}

/** What one configuration scored and retrieved. */
export interface ConfigOutcome {
  label: string;
  /** The golden set's pages, scored. */
  docs: DocEval[];
  /** Per page, per chunk: the diagnostic size ramp of `size-ramp.ts` (not a chunkgate metric). */
  ramps: number[][];
  /** Truth against an index of the golden set's pages only. */
  pages: Truth;
  /** Truth against an index of the whole corpus (absent when the corpus was not given). */
  corpus?: Truth;
}

/** Resolves an experiment configuration through the product's config schema. */
export function resolveConfig(config: unknown): Config {
  return configSchema.parse(config);
}

/**
 * Chunks and scores every golden page with `config` (heuristic scorer, the product's engine), then
 * runs every golden query with BM25 at `k` against those pages and — with `options.index`, the
 * whole corpus (it must hold the golden pages, under the same paths) — against every page of it,
 * chunked the same way.
 */
export async function runConfig(
  pages: readonly CorpusFile[],
  golden: GoldenSet,
  experiment: ExperimentConfig,
  options: { k?: number; index?: readonly CorpusFile[] } = {},
): Promise<ConfigOutcome> {
  const k = options.k ?? 5;
  const config = resolveConfig(experiment.config);
  const settings = { chunking: config.chunking, weights: config.scoring.weights };
  const docs = pages.map((file) => scoreDocument(analyzeDocument(file.path, file.source, settings)));
  const scored = new Map(pages.map((file, index) => [file.path, docs[index]!]));
  const own = pages.map((file) => ({ path: file.path, source: file.source, chunks: scored.get(file.path)!.chunks }));
  const ramps = pages.map((file, index) => sizeRamp(file.path, file.source, docs[index]!.chunks, config.chunking));
  const outcome: ConfigOutcome = { label: experiment.label, docs, ramps, pages: await truthOf(own, scored, golden, config, k) };
  if (options.index) {
    const measure = createMeasure(config.chunking.unit, config.chunking.tokenizer);
    const all = options.index.map((file) => ({
      path: file.path,
      source: file.source,
      chunks: scored.get(file.path)?.chunks ?? chunkDocument(parseMarkdown(file.path, file.source).doc, config.chunking, measure),
    }));
    outcome.corpus = await truthOf(all, scored, golden, config, k);
  }
  return outcome;
}

type IndexedFile = { path: string; source: string; chunks: Chunk[] };

/** Retrieval at `k` over `files`, chance MRR, and each query's answer chunk (looked up in `scored`). */
async function truthOf(files: IndexedFile[], scored: ReadonlyMap<string, DocEval>, golden: GoldenSet, config: Config, k: number): Promise<Truth> {
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
  const byType: Truth['byType'] = {};
  for (const [type, scores] of Object.entries(result.byType)) byType[type as QueryType] = scores.head;
  const chunks = corpusChunks(files);
  const relevant = relevantChunks(files, chunks, golden);
  const rank = bm25Ranker(chunks);
  const rankings = golden.queries.map((query) => rank(query.query, chunks.length));
  const sources = new Map(files.map((file) => [file.path, file.source]));
  const tokens = chunks.map((chunk) => countTokens(sources.get(chunk.file)!.slice(chunk.span.start, chunk.span.end), tokenizer));
  const holders = relevant.map((list) => new Set(list.map((chunk) => chunk.order)));
  const budgets = Object.fromEntries(
    BUDGETS.map((budget) => [budget, rankings.map((ranking, index) => answeredWithin(ranking, (order) => tokens[order]!, holders[index]!, budget))]),
  ) as Truth['budgets'];
  return {
    chunks: chunks.length,
    retrieval: result.head,
    byType,
    reciprocalRanks: result.queries.map((query) => query.head.rr),
    chance: chanceMrr(chunks.length, relevant.map((holders) => holders.length), k),
    answers: answerChunks(chunks, relevant, rankings, scored, golden),
    budgets,
  };
}

/** Per query, the index chunks that wholly hold one of its evidence excerpts (the truth's relevance). */
function relevantChunks(files: readonly IndexedFile[], chunks: readonly RetrievalChunk[], golden: GoldenSet): RetrievalChunk[][] {
  const sources = new Map(files.map((file) => [file.path, foldWhitespace(file.source)]));
  return golden.queries.map((query) => {
    const evidence: LocatedEvidence[] = query.evidence.flatMap((item) => {
      const folded = sources.get(item.file);
      const span = folded ? locateExcerpt(item.text, folded) : null;
      return span ? [{ file: item.file, span }] : [];
    });
    return chunks.filter((chunk) => evidence.some((item) => covers(chunk, item)));
  });
}

/** Each query's best-ranked chunk (in `rankings`, the full BM25 order per query) that wholly holds one of its excerpts, as evaluated, with its full-ranking rank. */
function answerChunks(
  chunks: readonly RetrievalChunk[],
  relevant: readonly RetrievalChunk[][],
  rankings: readonly number[][],
  scored: ReadonlyMap<string, DocEval>,
  golden: GoldenSet,
): AnswerChunk[] {
  const answers: AnswerChunk[] = [];
  golden.queries.forEach((query, index) => {
    const holders = relevant[index]!;
    if (holders.length === 0) return;
    const ranking = rankings[index]!;
    const position = (order: number) => {
      const at = ranking.indexOf(order);
      return at === -1 ? Number.POSITIVE_INFINITY : at + 1;
    };
    const best = holders.reduce((a, b) => (position(b.order) < position(a.order) ? b : a));
    const chunk = scored.get(best.file)?.chunks.find((candidate) => candidate.startOffset === best.span.start && candidate.endOffset === best.span.end);
    if (!chunk) return;
    const at = position(best.order);
    answers.push({ query: query.id, type: query.type, chunk, rank: Number.isFinite(at) ? at : null });
  });
  return answers;
}

/** The truth a report leads with: the whole-corpus index when it was measured, else the golden pages' own. */
export function primaryTruth(outcome: ConfigOutcome): Truth {
  return outcome.corpus ?? outcome.pages;
}

/** The mean over documents of a per-document number. */
export function documentMean(docs: readonly DocEval[], pick: (doc: DocEval) => number): number {
  return docs.length === 0 ? 0 : docs.reduce((sum, doc) => sum + pick(doc), 0) / docs.length;
}
