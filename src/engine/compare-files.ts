import { buildReport, type ReportInput } from '../compare/summary.js';
import type { Uncheckable } from '../compare/unchecked.js';
import { limitsOf, settingsFor } from '../config/resolve.js';
import { redactConfig } from '../config/secrets.js';
import type { Config, FailOn, GateScope } from '../config/types.js';
import { provenanceOf } from '../history/provenance.js';
import type { FileSources } from '../report/html/types.js';
import type { ChunkingOptions, Cost, DocDiff, DocEval, Report, RetrievalReport } from '../types.js';
import type { ExternalChunk } from '../chunking/presets/index.js';
import { VERSION } from '../version.js';
import { addBoilerplate, addPage, boilerplateOf, runPages, type RunPages } from './boilerplate.js';
import type { BudgetOptions } from './budget.js';
import { corpusMap } from './corpus-map.js';
import { corpusChunkings } from './corpus.js';
import type { DocAnalysis } from './evaluate.js';
import { forEachOrdered } from './ordered.js';
import {
  analysisOf,
  analyzePair,
  evaluatePair,
  finishPair,
  pairResult,
  type CheckedPair,
  type FilePair,
  type PairResult,
  type PairTask,
  type PairWants,
  type PreparedSide,
} from './pair.js';
import { probeSettings } from '../config/types.js';
import { withProbeFindings } from '../probes/apply.js';
import { probeFindings, probesSummary } from '../probes/findings.js';
import type { QuestionSubject } from '../probes/questions.js';
import { runProbes, type ProbedPage, type ProbeRun } from '../probes/run.js';
import { retrievalReport, type CorpusChunking, type RetrievalInput } from './retrieval.js';
import { sentenceVectors, type EmbeddingProvider } from './semantic-vectors.js';
import { sumCosts } from '../metrics/content/llm/pricing.js';

export { type FilePair } from './pair.js';

/**
 * Replaces heuristic content scores with semantic ones (the LLM judge). Gets every
 * analysis of the run at once — base and head — so unchanged chunks are judged once.
 */
/** Writes one question per subject (by `subjectKey`), with what it cost and what went wrong. */
export type ProbeQuestions = (subjects: QuestionSubject[]) => Promise<{ questions: ReadonlyMap<string, string>; cost: Cost; notices: string[] }>;

export type SemanticScorer = (analyses: DocAnalysis[]) => Promise<{ evals: DocEval[]; cost: Cost; partial: boolean; notices: string[] }>;

/**
 * Where pair tasks run ({@link evaluatePair} on each): worker threads, a content cache in front of
 * them… A shell passes one; without it, every pair is evaluated in this thread.
 */
export interface PairRunner {
  run(task: PairTask): Promise<PairResult>;
  /** Pairs read, prepared and waiting for their turn at once (default: `1`). */
  inFlight?: number;
}

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
  /**
   * The golden set and every docs file of both sides, for retrieval base vs head
   * (docs/config.md#retrieval-on-a-golden-set-optional).
   */
  retrieval?: RetrievalInput;
  /**
   * Sentence embeddings for files chunked `semantic` (a shell passes `embeddingsFor`); a run with a
   * semantic file and no provider stops with an error naming the setting. A file whose embeddings
   * fail (provider error, invalid vectors) cannot be checked: an `unchecked` finding with the reason.
   */
  embeddings?: EmbeddingProvider;
  /**
   * Writes a reader's question per kept passage for the retrieval probes (`retrieval.probes: llm`;
   * a shell passes `questionsFor`). Without it, an `llm` setting runs the offline probes alone, with a notice.
   */
  questions?: ProbeQuestions;
  /** The commits compared, when the shell knows them (recorded in the report's provenance). */
  commits?: { base?: string | null; head?: string | null };
  /** Each file side's CPU time budget (default: the config's `limits.cpuSeconds`, 30 s); over it, the file is `unchecked`. */
  fileBudget?: BudgetOptions;
  /**
   * Where the pairs are evaluated (default: this thread). Ignored — the pairs are evaluated in this
   * thread — when the run has a semantic scorer (the judge needs every analysis at once) or
   * sentence embeddings (the `semantic` strategy's lookup stays in this thread).
   */
  runner?: PairRunner;
  /**
   * Leaves the cross-file `boilerplate` findings out of the files (default: `false`): a slice of a
   * sharded run sees only its share of the pages, so `chunkgate merge` adds them, from the
   * `pages` every slice reports.
   */
  deferBoilerplate?: boolean;
}

/**
 * A pair read when its turn comes, so a whole-repository run holds only the files in flight:
 * `path` is the head path (the one the report shows).
 */
export interface PairLoader {
  path: string;
  load(): Promise<FilePair>;
}

/** What a run of {@link comparePairs} made besides each pair's result. */
export interface RunOutcome {
  notices: string[];
  partial: boolean;
  cost: Cost | null;
  retrieval?: RetrievalReport;
  /** The pages of each side, for the cross-file boilerplate check ({@link boilerplateOf}), which the caller applies. */
  pages: RunPages;
  /** Whether the pairs ran on `options.runner` (false: in this thread, see {@link CompareOptions.runner}). */
  pooled: boolean;
  /** The retrieval probes of the changed pages, when they ran ({@link addProbes} applies them). */
  probes?: { run: ProbeRun; pages: number; budget: number };
}

/**
 * Evaluates both sides of every changed file with the settings that apply to its path,
 * compares them (docs/design.md#what-a-change-answers-for) and builds the report. Base-side files are chunked with the
 * settings of their base path. `sources` carries each side's text and section lengths for the
 * HTML report (`sideSource`); `pages` the pages of each side the boilerplate check looked at.
 */
export async function compareFiles(
  pairs: readonly FilePair[],
  options: CompareOptions,
): Promise<{ report: Report; notices: string[]; sources: FileSources[]; pages: RunPages }> {
  const files: DocDiff[] = [];
  const sources: FileSources[] = [];
  const run = await comparePairs(pairs, options, { diff: true, sources: true }, (result, pair) => {
    files.push(result.diff!);
    sources.push({ path: pair.path, ...result.sources! });
  });
  if (!options.deferBoilerplate) {
    const boilerplate = boilerplateOf(run.pages);
    for (const diff of files) addBoilerplate(diff, boilerplate);
  }
  addProbes(files, run, options.config.thresholds.gate);
  return { report: buildReport({ ...reportInput(run, options), files }), notices: run.notices, sources, pages: run.pages };
}

/**
 * The one path of every comparison (pull requests, `diff`, `eval`, audits): each pair is prepared
 * here (its settings, the external chunker's output), evaluated ({@link evaluatePair}, on
 * `options.runner` when given) and handed to `take` in pair order with what `want` asks for;
 * then golden-set retrieval runs over the whole corpus. With a semantic scorer the pairs are
 * analysed first, judged together, then compared. The cross-file boilerplate check needs every
 * page, so it is left to the caller (`addBoilerplate` with `boilerplateOf(outcome.pages)`): one
 * that keeps the diffs applies it to them, one that writes them as they come patches what it wrote.
 */
export async function comparePairs(
  items: readonly (FilePair | PairLoader)[],
  options: CompareOptions,
  want: PairWants,
  take: (result: PairResult, pair: FilePair) => Promise<void> | void,
): Promise<RunOutcome> {
  const { config } = options;
  const load = (item: FilePair | PairLoader): Promise<FilePair> => ('load' in item ? item.load() : Promise.resolve(item));
  // Sentence embeddings are fetched before any chunking: files of the `semantic` strategy are read for them first.
  const semanticFile = (path: string) => settingsFor(config, path).chunking.strategy === 'semantic';
  const early: FilePair[] = [];
  for (const item of items) if (!('load' in item) || semanticFile(item.path)) early.push(await load(item));
  const texts = [
    ...early.flatMap((pair) => [
      ...(pair.base === null ? [] : [{ path: pair.previousPath ?? pair.path, text: pair.base }]),
      ...(pair.head === null ? [] : [{ path: pair.path, text: pair.head }]),
    ]),
    ...(options.retrieval ? [...options.retrieval.base, ...options.retrieval.head] : []),
  ];
  const semanticVectors = await sentenceVectors(texts, config, options.embeddings);
  const vectors = semanticVectors?.vectors;
  const embeddingProblem = semanticVectors?.problem;
  const warnings: string[] = [];
  const pages = runPages();
  // Pages changed on both sides: what the retrieval probes look at.
  const probed: ProbedPage[] = [];
  // Changed files' chunkings, which retrieval reuses.
  const known = corpusMap<CorpusChunking>();
  const wants: PairWants = { ...want, ...(options.retrieval ? { chunks: true } : {}) };
  const keep = async (result: PairResult, pair: FilePair): Promise<void> => {
    warnings.push(...result.warnings);
    const basePath = pair.previousPath ?? pair.path;
    addPage(pages.base, basePath, result.pages.base);
    addPage(pages.head, pair.path, result.pages.head);
    if (pair.base !== null && pair.head !== null && pair.base !== pair.head) probed.push({ basePath, headPath: pair.path });
    if (result.chunks?.base && pair.base !== null) known.set(basePath, pair.base, { chunks: result.chunks.base, blocks: result.pages.base ?? [] });
    if (result.chunks?.head && pair.head !== null) known.set(pair.path, pair.head, { chunks: result.chunks.head, blocks: result.pages.head ?? [] });
    await take(result, pair);
  };
  const prepare = (pair: FilePair) => preparePair(pair, options, wants, embeddingProblem);
  const extras = { ...(vectors ? { vectors } : {}), ...(options.fileBudget?.now ? { now: options.fileBudget.now } : {}) };
  let cost: Cost | null = null;
  let partial = false;
  const judged: string[] = [];
  const pooled = options.runner !== undefined && !options.semantic && !vectors;
  if (options.semantic) {
    // The judge gets every analysis at once (unchanged chunks judged once), so the pairs wait for it.
    const tasks: PairTask[] = [];
    const checked: CheckedPair[] = [];
    for (const item of items) {
      const task = await prepare(await load(item));
      tasks.push(task);
      checked.push(analyzePair(task, extras));
    }
    const analyses = checked.flatMap((sides) => [analysisOf(sides.base), analysisOf(sides.head)].filter((a): a is DocAnalysis => a !== null));
    const result = await options.semantic.score(analyses);
    cost = result.cost;
    partial = result.partial;
    judged.push(...result.notices);
    const evalOf = new Map(analyses.map((analysis, index) => [analysis, result.evals[index]!]));
    for (const [index, task] of tasks.entries()) {
      const sides = checked[index]!;
      const side = (which: 'base' | 'head') => {
        const analysis = analysisOf(sides[which]);
        return analysis ? { [which]: evalOf.get(analysis)! } : {};
      };
      await keep(pairResult(task, sides, finishPair(task, sides, { ...side('base'), ...side('head') })), task.pair);
    }
  } else {
    const runner: PairRunner = pooled ? options.runner! : { run: async (task) => evaluatePair(task, extras) };
    await forEachOrdered(
      items,
      runner.inFlight ?? 1,
      async (item) => {
        const pair = await load(item);
        return { pair, result: await runner.run(await prepare(pair)) };
      },
      ({ result, pair }) => keep(result, pair),
    );
  }
  const notices = [...warnings, ...judged];
  let retrieval: RetrievalReport | undefined;
  let probes: RunOutcome['probes'];
  if (options.retrieval) {
    const corpusOptions = {
      config,
      ...(options.externalChunks ? { externalChunks: options.externalChunks } : {}),
      ...(options.fileBudget ? { fileBudget: options.fileBudget } : {}),
      ...(vectors ? { vectors } : {}),
      ...(embeddingProblem ? { embeddingProblem } : {}),
    };
    const chunkings = await corpusChunkings(options.retrieval, known, corpusOptions, pages, notices);
    const chunksOf = (path: string, text: string) => chunkings.get(path, text)?.chunks ?? [];
    if (options.retrieval.golden) {
      const result = await retrievalReport(options.retrieval, config, chunksOf);
      retrieval = withUnchunked(result.report, options.retrieval, embeddingProblem);
      notices.push(...result.notices);
      partial ||= retrieval.partial === true;
    }
    const settings = probeSettings(config);
    if (settings.probes !== 'off' && probed.length > 0) {
      const side = (files: RetrievalInput['base']) => files.map((file) => ({ path: file.path, source: file.text, chunks: chunksOf(file.path, file.text) }));
      const write = options.questions;
      if (settings.probes === 'llm' && !write) notices.push('retrieval.probes is llm but no LLM is configured for this run: the offline probes ran alone');
      const questions =
        settings.probes === 'llm' && write
          ? async (subjects: QuestionSubject[]) => {
              const written = await write(subjects);
              cost = cost ? sumCosts([cost, written.cost]) : written.cost;
              notices.push(...written.notices);
              return written.questions;
            }
          : undefined;
      const run = await runProbes({
        base: side(options.retrieval.base),
        head: side(options.retrieval.head),
        pages: probed,
        budget: settings.budget,
        ...(options.retrieval.bm25Store ? { store: options.retrieval.bm25Store } : {}),
        ...(questions ? { questions } : {}),
      });
      probes = { run, pages: probed.length, budget: settings.budget };
    }
  }
  return { notices, partial, cost, ...(retrieval ? { retrieval } : {}), ...(probes ? { probes } : {}), pages, pooled };
}

/**
 * Adds each probed file's `retrieval-regression` findings (one per passage harder to find) to its
 * diff, and lets rules without a measured loss stop gating there ({@link withProbeFindings});
 * nothing when the probes did not run.
 */
export function addProbes(files: DocDiff[], run: Pick<RunOutcome, 'probes'>, gate: GateScope): void {
  if (!run.probes) return;
  const found = probeFindings(run.probes.run, run.probes.budget);
  const probed = new Set(run.probes.run.pages.map((page) => page.headPath));
  for (const [index, diff] of files.entries()) {
    if (probed.has(diff.path)) files[index] = withProbeFindings(diff, found.get(diff.path) ?? [], gate);
  }
}

/**
 * What a report is built from besides its files, for a run of {@link comparePairs}: a caller
 * that keeps the diffs passes them to `buildReport`, one that writes them file by file builds
 * the summary from their facts (`reportOfFacts`).
 */
export function reportInput(run: RunOutcome, options: CompareOptions): Omit<ReportInput, 'files'> {
  const { config } = options;
  const scorer = options.semantic ? 'llm' : 'heuristic';
  return {
    version: VERSION,
    // An API key in llm.baseURL must not reach report.json (an uploaded artifact) or the comment.
    config: redactConfig(config),
    scorer,
    failOn: options.failOn ?? config.thresholds.failOn,
    partial: run.partial,
    cost: run.cost,
    ...(run.retrieval ? { retrieval: run.retrieval } : {}),
    ...(run.probes ? { probes: probesSummary(run.probes.run, run.probes.pages, run.probes.budget, 'bm25') } : {}),
    provenance: provenanceOf({
      config,
      scorer,
      ...(options.commits ? { commits: options.commits } : {}),
      // Only when embeddings ranked the queries: BM25 stands in when the provider failed.
      denseRetrieval: run.retrieval?.retriever.startsWith('embeddings') === true,
    }),
  };
}

/**
 * A pair's task: each side's settings, and for the `external` strategy the command's chunks
 * (it runs here, in the shell's process). The head first: when it cannot be checked, its base
 * is not worth the time (or the risk).
 */
async function preparePair(
  pair: FilePair,
  options: CompareOptions,
  want: PairWants,
  embeddingProblem?: (path: string, text: string) => Uncheckable | undefined,
): Promise<PairTask> {
  const { config } = options;
  const side = async (path: string, text: string | null, unreadable: Uncheckable | undefined): Promise<PreparedSide> => {
    if (unreadable) return { problem: unreadable };
    if (text === null) return null;
    const { chunking, rules } = settingsFor(config, path);
    const prepared = { options: { chunking, rules, weights: config.scoring.weights, limits: limitsOf(config).complexity, ...(config.inlineDisables ? { inlineDisables: config.inlineDisables } : {}) } };
    // A semantic file whose sentence embeddings failed cannot be chunked as the pipeline does.
    const unembedded = chunking.strategy === 'semantic' ? embeddingProblem?.(path, text) : undefined;
    if (unembedded) return { problem: unembedded };
    if (chunking.strategy !== 'external') return prepared;
    try {
      if (!options.externalChunks) throw new Error('chunking.strategy is external, but this run has no external chunker to call');
      return { ...prepared, external: await options.externalChunks(path, text, chunking) };
    } catch (error) {
      return {
        problem: {
          reason: error instanceof Error ? error.message : String(error),
          hint: 'Fix the external chunker (chunking.command) or the file: chunkgate scores the chunks your pipeline makes, and it made none.',
        },
      };
    }
  };
  const head = await side(pair.path, pair.head, pair.unreadable?.head);
  const base = head !== null && 'problem' in head ? null : await side(pair.previousPath ?? pair.path, pair.base, pair.unreadable?.base);
  return {
    pair,
    base,
    head,
    thresholds: settingsFor(config, pair.path).thresholds,
    unchecked: config.thresholds.unchecked,
    ...(config.inlineDisables ? { inlineDisables: config.inlineDisables } : {}),
    budgetMs: options.fileBudget?.ms ?? limitsOf(config).cpuMs,
    want,
  };
}

/**
 * The retrieval report marked partial when docs files of the corpus could not be chunked
 * semantically (their sentence embeddings failed): retrieval then ran without their chunks.
 */
function withUnchunked(
  report: RetrievalReport,
  input: RetrievalInput,
  embeddingProblem: ((path: string, text: string) => Uncheckable | undefined) | undefined,
): RetrievalReport {
  if (!embeddingProblem) return report;
  const paths = new Set([...input.base, ...input.head].filter((file) => embeddingProblem(file.path, file.text) !== undefined).map((file) => file.path));
  if (paths.size === 0) return report;
  const [files, their] = paths.size === 1 ? ['1 docs file', 'its'] : [`${paths.size} docs files`, 'their'];
  const reason = `${files} could not be chunked semantically (${their} sentence embeddings failed; see the notices), so retrieval ran without ${their} chunks`;
  return { ...report, partial: true, partialReason: report.partialReason ? `${report.partialReason}; ${reason}` : reason };
}
