import { compareDoc } from '../compare/diff-doc.js';
import { sectionLengths } from '../advise/sections.js';
import { buildReport } from '../compare/summary.js';
import { settingsFor } from '../config/resolve.js';
import { redactConfig } from '../config/secrets.js';
import type { Config, FailOn } from '../config/types.js';
import type { FileSources, SideSource } from '../report/html/types.js';
import type { ChunkingOptions, Cost, DocEval, FileFinding, FileStatus, Report } from '../types.js';
import { limitFinding, uncheckedBaseFinding, uncheckedFinding, type Uncheckable, type UncheckedLevel } from '../compare/unchecked.js';
import type { BudgetOptions } from './budget.js';
import { analyzeIsolated } from './isolate.js';
import { VERSION } from '../version.js';
import { provenanceOf } from '../history/provenance.js';
import type { ExternalChunk } from '../chunking/presets/index.js';
import { addBoilerplate } from './boilerplate.js';
import { scoreDocument, type DocAnalysis, type EvaluateOptions } from './evaluate.js';
import { retrievalReport, type RetrievalInput } from './retrieval.js';
import { sentenceVectors, type EmbeddingProvider } from './semantic-vectors.js';

/** One changed file with the text of each side (`null` where the side does not exist or cannot be read). */
export interface FilePair {
  /** Head path (base path for a removed file). */
  path: string;
  /** Base path of a renamed file. */
  previousPath?: string;
  status: FileStatus;
  base: string | null;
  head: string | null;
  /**
   * Sides that exist but cannot be read as text (binary, not UTF-8, too large, unreadable):
   * why (their text is `null`), and whether both sides are byte-identical (`unchanged`).
   */
  unreadable?: { base?: Uncheckable; head?: Uncheckable; unchanged?: boolean };
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
   * (`externalChunker` of src/sources/external-chunker.ts). When it throws, or is missing, that
   * side cannot be checked: an `unchecked` finding, which fails a changed head (fail closed).
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
  /** Each file side's time budget (default: 30 s, `DEFAULT_FILE_BUDGET_MS`); over it, the file is `unchecked`. */
  fileBudget?: BudgetOptions;
}

/** One side of a file after checking: its analysis, why it could not be checked, or nothing (no such side). */
type CheckedSide = { analysis: DocAnalysis } | { problem: Uncheckable } | null;

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
  const texts = [
    ...pairs.flatMap((pair) => [
      ...(pair.base === null ? [] : [{ path: pair.previousPath ?? pair.path, text: pair.base }]),
      ...(pair.head === null ? [] : [{ path: pair.path, text: pair.head }]),
    ]),
    ...(options.retrieval ? [...options.retrieval.base, ...options.retrieval.head] : []),
  ];
  const vectors = await sentenceVectors(texts, config, options.embeddings);
  const settingsOf = (path: string): EvaluateOptions => {
    const { chunking, rules } = settingsFor(config, path);
    return { chunking, rules, weights: config.scoring.weights, ...(vectors ? { vectors } : {}) };
  };
  const sides: Array<{ base: CheckedSide; head: CheckedSide }> = [];
  for (const pair of pairs) {
    // The head first: when it cannot be checked, its base is not worth the time (or the risk).
    const head = await checkSide(pair.path, pair.head, pair.unreadable?.head, options, settingsOf);
    const base = head !== null && 'problem' in head ? null : await checkSide(pair.previousPath ?? pair.path, pair.base, pair.unreadable?.base, options, settingsOf);
    sides.push({ base, head });
  }
  const analysisOf = (side: CheckedSide): DocAnalysis | null => (side !== null && 'analysis' in side ? side.analysis : null);
  const notices = sides.flatMap((side) => [...(analysisOf(side.base)?.warnings ?? []), ...(analysisOf(side.head)?.warnings ?? [])]);
  const analyses = sides.flatMap((side) => [analysisOf(side.base), analysisOf(side.head)].filter((a): a is DocAnalysis => a !== null));
  // The boilerplate check, base and head apart: a footer a pull request adds is new on the head.
  const sideAnalyses = (which: 'base' | 'head') => sides.map((side) => analysisOf(side[which])).filter((a): a is DocAnalysis => a !== null);
  addBoilerplate(sideAnalyses('base'), options.retrieval?.base);
  addBoilerplate(sideAnalyses('head'), options.retrieval?.head);
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
    const baseAnalysis = analysisOf(side.base);
    const headAnalysis = analysisOf(side.head);
    const base = baseAnalysis ? evalOf.get(baseAnalysis) : undefined;
    const head = headAnalysis ? evalOf.get(headAnalysis) : undefined;
    const diff = compareDoc(
      {
        path: pair.path,
        ...(pair.previousPath !== undefined ? { previousPath: pair.previousPath } : {}),
        status: pair.status,
        ...(base ? { base } : {}),
        ...(head ? { head } : {}),
        baseSource: base ? (pair.base ?? '') : '',
        headSource: pair.head ?? '',
        ...(baseAnalysis ? { baseDoc: baseAnalysis.doc } : {}),
        ...(headAnalysis ? { headDoc: headAnalysis.doc } : {}),
      },
      settingsFor(config, pair.path).thresholds,
    );
    diff.findings.push(...sideFindings(pair, side, config.thresholds.unchecked));
    return diff;
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
        const checked = analyzeIsolated(file.path, file.text, settingsOf(file.path), placed, options.fileBudget);
        if ('problem' in checked) throw new Error(`${file.path}: ${checked.problem.reason}`);
        chunked.set(key, checked.analysis.chunks);
      } catch (error) {
        notices.push(`${error instanceof Error ? error.message : String(error)}; retrieval sees no chunks of ${file.path}`);
      }
    }
    retrieval = await retrievalReport(options.retrieval, config, (path, text) => chunked.get(`${path}\0${text}`), vectors);
    notices.push(...retrieval.notices);
  }
  const report = buildReport({
    version: VERSION,
    // An API key in llm.baseURL must not reach report.json (an uploaded artifact) or the comment.
    config: redactConfig(config),
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
    const side = (checked: CheckedSide) => {
      const analysis = analysisOf(checked);
      return analysis ? sideSource(analysis) : null;
    };
    return { path: pair.path, base: side(sides[index]!.base), head: side(sides[index]!.head) };
  });
  return { report, notices, sources };
}

/**
 * Checks one side of a file: runs the external chunker when its strategy is `external`, then
 * analyses it in isolation ({@link analyzeIsolated}). A side that could not be read, whose
 * chunker failed, whose parse crashed or that ran over its budget comes back as a problem.
 */
async function checkSide(
  path: string,
  text: string | null,
  unreadable: Uncheckable | undefined,
  options: CompareOptions,
  settingsOf: (path: string) => EvaluateOptions,
): Promise<CheckedSide> {
  if (unreadable) return { problem: unreadable };
  if (text === null) return null;
  const settings = settingsOf(path);
  const { chunking } = settings;
  let external: ExternalChunk[] | undefined;
  if (chunking.strategy === 'external') {
    try {
      if (!options.externalChunks) throw new Error('chunking.strategy is external, but this run has no external chunker to call');
      external = await options.externalChunks(path, text, chunking);
    } catch (error) {
      return {
        problem: {
          reason: error instanceof Error ? error.message : String(error),
          hint: 'Fix the external chunker (chunking.command) or the file: chunkgate scores the chunks your pipeline makes, and it made none.',
        },
      };
    }
  }
  return analyzeIsolated(path, text, settings, external, options.fileBudget);
}

/**
 * The file findings of one pair's checking: the head could not be checked (gating unless
 * unchanged from an equally unreadable base, or `thresholds.unchecked: warn`), only the base
 * could not (informational), or the parser left part of the head out for its size.
 */
function sideFindings(pair: FilePair, side: { base: CheckedSide; head: CheckedSide }, level: UncheckedLevel): FileFinding[] {
  if (side.head !== null && 'problem' in side.head) {
    const unchangedOnBase = pair.unreadable?.unchanged === true || (pair.base !== null && pair.base === pair.head);
    return [uncheckedFinding(side.head.problem, { unchangedOnBase, level })];
  }
  const findings: FileFinding[] = [];
  if (side.base !== null && 'problem' in side.base) findings.push(uncheckedBaseFinding(side.base.problem));
  const baseLimits = side.base !== null && 'analysis' in side.base ? side.base.analysis.limits : [];
  if (side.head !== null && 'analysis' in side.head) {
    for (const limit of side.head.analysis.limits) {
      findings.push(limitFinding(limit, baseLimits.some((other) => other.kind === limit.kind) ? 'preexisting' : 'new'));
    }
  }
  return findings;
}
