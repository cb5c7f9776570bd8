import { compareDoc } from '../compare/diff-doc.js';
import { sectionLengths } from '../advise/sections.js';
import { buildReport } from '../compare/summary.js';
import { settingsFor } from '../config/resolve.js';
import type { Config, FailOn } from '../config/types.js';
import type { FileSources, SideSource } from '../report/html/types.js';
import type { ChunkingOptions, Cost, DocEval, FileStatus, Report } from '../types.js';
import { VERSION } from '../version.js';
import { provenanceOf } from '../history/provenance.js';
import type { ExternalChunk } from '../chunking/presets/index.js';
import { addBoilerplate } from './boilerplate.js';
import { analyzeDocument, scoreDocument, type DocAnalysis } from './evaluate.js';
import { retrievalReport, type RetrievalInput } from './retrieval.js';
import { sentenceVectors, type EmbeddingProvider } from './semantic-vectors.js';

/** One changed file with the text of each side (`null` where the side does not exist). */
export interface FilePair {
  /** Head path (base path for a removed file). */
  path: string;
  /** Base path of a renamed file. */
  previousPath?: string;
  status: FileStatus;
  base: string | null;
  head: string | null;
}

/**
 * Replaces heuristic content scores with semantic ones (the LLM judge). Gets every
 * analysis of the run at once — base and head — so unchanged chunks are judged once.
 */
export type SemanticScorer = (analyses: DocAnalysis[]) => Promise<{ evals: DocEval[]; cost: Cost; partial: boolean; notices: string[] }>;

/** Options for {@link compareFiles}. */
export interface CompareOptions {
  config: Config;
  /** `failOn` from the action input or CLI flag, over the config's (default: the config's). */
  failOn?: FailOn[];
  /** The semantic scorer; without one, the offline heuristic scores stand. */
  semantic?: { name: 'llm'; score: SemanticScorer };
  /**
   * Runs the external chunker (strategy `external`) on one side of a file; a shell passes it
   * (`externalChunker` of src/sources/external-chunker.ts). When it throws, or is missing, the
   * file is left out of the report with a notice, and the other files are still scored.
   */
  externalChunks?: (path: string, source: string, chunking: ChunkingOptions) => Promise<ExternalChunk[]>;
  /** The golden set and every docs file of both sides, for retrieval base vs head (SPEC §6). */
  retrieval?: RetrievalInput;
  /**
   * Sentence embeddings for files chunked `semantic` (a shell passes `embeddingsFor`); a run with a
   * semantic file and no provider stops with an error naming the setting.
   */
  embeddings?: EmbeddingProvider;
  /** The commits compared, when the shell knows them (recorded in the report's provenance). */
  commits?: { base?: string | null; head?: string | null };
}

/**
 * A side's source text and heading-section body lengths (seed 002) in its unit, for the HTML
 * report, measured with the analysis's own tokenization.
 */
export function sideSource(analysis: DocAnalysis): SideSource {
  const { doc, options, measure } = analysis;
  return { text: doc.source, sections: sectionLengths(doc, options.chunking.headingLevels.max, measure).map((section) => section.body) };
}

/**
 * Evaluates both sides of every changed file with the settings that apply to its path,
 * compares them (SPEC §7) and builds the report. Base-side files are chunked with the
 * settings of their base path. `sources` carries each side's text and section lengths for the
 * HTML report ({@link sideSource}).
 */
export async function compareFiles(
  pairs: readonly FilePair[],
  options: CompareOptions,
): Promise<{ report: Report; notices: string[]; sources: FileSources[] }> {
  const { config } = options;
  const external = await externalChunksOf(pairs, options);
  pairs = external.pairs;
  const texts = [
    ...pairs.flatMap((pair) => [
      ...(pair.base === null ? [] : [{ path: pair.previousPath ?? pair.path, text: pair.base }]),
      ...(pair.head === null ? [] : [{ path: pair.path, text: pair.head }]),
    ]),
    ...(options.retrieval ? [...options.retrieval.base, ...options.retrieval.head] : []),
  ];
  const vectors = await sentenceVectors(texts, config, options.embeddings);
  const settingsOf = (path: string) => ({ chunking: settingsFor(config, path).chunking, weights: config.scoring.weights, ...(vectors ? { vectors } : {}) });
  const analyze = (path: string, text: string | null) =>
    text === null ? null : analyzeDocument(path, text, settingsOf(path), external.chunks.get(`${path}\0${text}`));
  const sides = pairs.map((pair) => ({
    base: analyze(pair.previousPath ?? pair.path, pair.base),
    head: analyze(pair.path, pair.head),
  }));
  const notices = [...external.notices, ...sides.flatMap((side) => [...(side.base?.warnings ?? []), ...(side.head?.warnings ?? [])])];
  const analyses = sides.flatMap((side) => [side.base, side.head].filter((a): a is DocAnalysis => a !== null));
  // Seed 001's boilerplate check, base and head apart: a footer a pull request adds is new on the head.
  addBoilerplate(sides.flatMap((side) => (side.base ? [side.base] : [])), options.retrieval?.base);
  addBoilerplate(sides.flatMap((side) => (side.head ? [side.head] : [])), options.retrieval?.head);
  let evals: DocEval[];
  let cost: Cost | null = null;
  let partial = false;
  if (options.semantic) {
    const result = await options.semantic.score(analyses);
    evals = result.evals;
    cost = result.cost;
    partial = result.partial;
    notices.push(...result.notices);
  } else {
    evals = analyses.map((analysis) => scoreDocument(analysis));
  }
  const evalOf = new Map(analyses.map((analysis, index) => [analysis, evals[index]!]));
  const files = pairs.map((pair, index) => {
    const side = sides[index]!;
    const base = side.base ? evalOf.get(side.base) : undefined;
    const head = side.head ? evalOf.get(side.head) : undefined;
    return compareDoc(
      {
        path: pair.path,
        ...(pair.previousPath !== undefined ? { previousPath: pair.previousPath } : {}),
        status: pair.status,
        ...(base ? { base } : {}),
        ...(head ? { head } : {}),
        baseSource: pair.base ?? '',
        headSource: pair.head ?? '',
      },
      settingsFor(config, pair.path).thresholds,
    );
  });
  let retrieval: Awaited<ReturnType<typeof retrievalReport>> | undefined;
  if (options.retrieval) {
    const chunked = new Map(analyses.map((analysis) => [`${analysis.doc.path}\0${analysis.doc.source}`, analysis.chunks]));
    // Unchanged files of an `external` strategy are chunked by the command too, or retrieval would see none.
    for (const file of [...options.retrieval.base, ...options.retrieval.head]) {
      const key = `${file.path}\0${file.text}`;
      const chunking = settingsFor(config, file.path).chunking;
      if (chunked.has(key) || chunking.strategy !== 'external' || !options.externalChunks) continue;
      try {
        const placed = await options.externalChunks(file.path, file.text, chunking);
        chunked.set(key, analyzeDocument(file.path, file.text, settingsOf(file.path), placed).chunks);
      } catch (error) {
        notices.push(`${error instanceof Error ? error.message : String(error)}; retrieval sees no chunks of ${file.path}`);
      }
    }
    retrieval = await retrievalReport(options.retrieval, config, (path, text) => chunked.get(`${path}\0${text}`), vectors);
    notices.push(...retrieval.notices);
  }
  const report = buildReport({
    version: VERSION,
    config,
    scorer: options.semantic ? 'llm' : 'heuristic',
    files,
    failOn: options.failOn ?? config.thresholds.failOn,
    partial,
    cost,
    ...(retrieval ? { retrieval: retrieval.report } : {}),
    provenance: provenanceOf({
      config,
      scorer: options.semantic ? 'llm' : 'heuristic',
      ...(options.commits ? { commits: options.commits } : {}),
      denseRetrieval: retrieval !== undefined && options.retrieval?.dense !== undefined && config.golden.retriever === 'embeddings',
    }),
  });
  const sources = pairs.map((pair, index) => {
    const side = (analysis: DocAnalysis | null) => (analysis ? sideSource(analysis) : null);
    return { path: pair.path, base: side(sides[index]!.base), head: side(sides[index]!.head) };
  });
  return { report, notices, sources };
}

/**
 * Runs the external chunker on every side whose strategy is `external`, before the pure pipeline.
 * A pair with a side that fails is dropped, with the error as a notice (it names the command and the file).
 */
async function externalChunksOf(
  pairs: readonly FilePair[],
  options: CompareOptions,
): Promise<{ pairs: readonly FilePair[]; chunks: Map<string, ExternalChunk[]>; notices: string[] }> {
  const chunks = new Map<string, ExternalChunk[]>();
  const notices: string[] = [];
  const kept: FilePair[] = [];
  for (const pair of pairs) {
    let failed = false;
    for (const [path, text] of [[pair.previousPath ?? pair.path, pair.base], [pair.path, pair.head]] as const) {
      const chunking = settingsFor(options.config, path).chunking;
      if (text === null || chunking.strategy !== 'external' || failed) continue;
      try {
        if (!options.externalChunks) throw new Error(`${path}: chunking.strategy is external, but this run has no external chunker to call`);
        chunks.set(`${path}\0${text}`, await options.externalChunks(path, text, chunking));
      } catch (error) {
        failed = true;
        notices.push(`${error instanceof Error ? error.message : String(error)}; ${pair.path} is left out of this report`);
      }
    }
    if (!failed) kept.push(pair);
  }
  return { pairs: kept, chunks, notices };
}
