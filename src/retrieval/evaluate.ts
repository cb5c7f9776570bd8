import { foldWhitespace, locateExcerpt, type FoldedText } from '../golden/locate.js';
import type { GoldenSet } from '../golden/schema.js';
import type { Chunk, QueryMetrics, QueryOutcome, RetrievalResult, RetrievalScores } from '../types.js';
import { queryMetrics, type SpanSize } from './metrics.js';
import type { LocatedEvidence, RetrievalChunk, Retriever } from './types.js';

/** The docs of one side: every file's source and chunks. */
export interface CorpusSide {
  files: { path: string; source: string; chunks: Chunk[] }[];
  /** Builds the retriever over this side's chunks (BM25, or embeddings). */
  retriever: (chunks: RetrievalChunk[]) => Retriever;
}

/** Chunks of a side in corpus order: files by path, chunks in document order. */
export function corpusChunks(files: CorpusSide['files']): RetrievalChunk[] {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  let order = 0;
  return sorted.flatMap((file) =>
    file.chunks.map((chunk) => ({
      order: order++,
      file: file.path,
      span: { start: chunk.startOffset, end: chunk.endOffset },
      headingPath: chunk.headingPath,
      text: chunk.text,
    })),
  );
}

const ZERO: RetrievalScores = { recall: 0, precision: 0, mrr: 0, iou: 0, tokenRecall: 0, tokenPrecision: 0 };

function mean(metrics: readonly QueryMetrics[]): RetrievalScores {
  if (metrics.length === 0) return { ...ZERO };
  const avg = (pick: (m: QueryMetrics) => number) => metrics.reduce((sum, m) => sum + pick(m), 0) / metrics.length;
  return {
    recall: avg((m) => m.recall),
    precision: avg((m) => m.precision),
    mrr: avg((m) => m.rr),
    iou: avg((m) => m.iou),
    tokenRecall: avg((m) => m.tokenRecall),
    tokenPrecision: avg((m) => m.tokenPrecision),
  };
}

interface SideRun {
  metrics: QueryMetrics[];
  missing: string[][];
}

/**
 * What both sides of a run compute alike, by source text (a file the change left alone has the
 * same text on both): its whitespace-folded form, and the size of each span measured in it.
 */
interface SideMemo {
  folded: Map<string, FoldedText>;
  sizes: Map<string, Map<string, number>>;
}

async function runSide(golden: GoldenSet, side: CorpusSide, k: number, size: (source: string) => SpanSize, memo: SideMemo): Promise<SideRun> {
  const chunks = corpusChunks(side.files);
  const retrieve = side.retriever(chunks);
  const sources = new Map(side.files.map((file) => [file.path, file.source]));
  const foldedOf = (path: string): FoldedText | null => {
    const source = sources.get(path);
    if (source === undefined) return null;
    let text = memo.folded.get(source);
    if (!text) memo.folded.set(source, (text = foldWhitespace(source)));
    return text;
  };
  const sizeOf: SpanSize = (file, span) => {
    const source = sources.get(file) ?? '';
    let measured = memo.sizes.get(source);
    if (!measured) memo.sizes.set(source, (measured = new Map<string, number>()));
    const key = `${file}\u0000${span.start}:${span.end}`;
    let tokens = measured.get(key);
    if (tokens === undefined) measured.set(key, (tokens = size(source)(file, span)));
    return tokens;
  };
  const metrics: QueryMetrics[] = [];
  const missing: string[][] = [];
  for (const query of golden.queries) {
    const located: LocatedEvidence[] = [];
    const lost: string[] = [];
    for (const evidence of query.evidence) {
      const text = foldedOf(evidence.file);
      const span = text ? locateExcerpt(evidence.text, text) : null;
      if (span) located.push({ file: evidence.file, span });
      else lost.push(`${evidence.file}: ${evidence.text.replace(/\s+/g, ' ').slice(0, 60)}`);
    }
    const ranked = await retrieve(query.query, k);
    const retrieved = ranked.map((order) => chunks[order]!);
    metrics.push(queryMetrics(retrieved, located, query.evidence.length, sizeOf));
    missing.push(lost);
  }
  return { metrics, missing };
}

/**
 * Runs every golden query against the base and the head chunkings with the same
 * retriever and `k`, and reports per-query ranks and the mean metrics overall and per
 * query type. Deterministic for a deterministic retriever (ties go to corpus order). Every
 * base query is answered before the head's retriever is built, which may take over the base's
 * index (`bm25Sides`).
 *
 * @param size measures a span of a source in tokens (for the token-level metrics).
 */
export async function evaluateRetrieval(input: {
  golden: GoldenSet;
  k: number;
  retriever: string;
  base: CorpusSide;
  head: CorpusSide;
  size: (source: string) => SpanSize;
}): Promise<RetrievalResult> {
  const { golden, k } = input;
  const memo: SideMemo = { folded: new Map(), sizes: new Map() };
  const base = await runSide(golden, input.base, k, input.size, memo);
  const head = await runSide(golden, input.head, k, input.size, memo);
  const queries: QueryOutcome[] = golden.queries.map((query, index) => ({
    id: query.id,
    type: query.type,
    query: query.query,
    file: query.evidence[0]!.file,
    baseRank: base.metrics[index]!.rank,
    headRank: head.metrics[index]!.rank,
    stale: head.missing[index]!.length > 0,
    missing: head.missing[index]!,
    base: base.metrics[index]!,
    head: head.metrics[index]!,
  }));
  const byType: RetrievalResult['byType'] = {};
  for (const type of ['A', 'B', 'C', 'D'] as const) {
    const indexes = golden.queries.flatMap((query, index) => (query.type === type ? [index] : []));
    if (indexes.length === 0) continue;
    byType[type] = { base: mean(indexes.map((i) => base.metrics[i]!)), head: mean(indexes.map((i) => head.metrics[i]!)) };
  }
  return { k, retriever: input.retriever, base: mean(base.metrics), head: mean(head.metrics), byType, queries };
}
