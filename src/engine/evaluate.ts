import type { InlineDisablePolicy } from '../config/types.js';
import type { ContentWeights, OverallWeights, StructuralWeights } from '../shared/weights.js';
import { chunkDocument } from '../chunking/index.js';
import { createMeasure } from '../tokens/index.js';
import type { SentenceVectors } from '../chunking/semantic.js';
import type { ChunkMeasure } from '../chunking/piece.js';
import { chunkExternal, hasBodyText, unlocatedNotice, type ExternalChunk } from '../chunking/presets/index.js';
import { complexityExcess, DEFAULT_COMPLEXITY_LIMITS, type ComplexityLimits } from '../markdown/complexity.js';
import { parseMarkdown, type ParseLimit } from '../markdown/parse.js';
import { scoreContentHeuristic, contentScore } from '../metrics/content/heuristic/index.js';
import { sourceCoverage } from '../metrics/coverage.js';
import { SELF_RETRIEVAL_TOP, selfRetrievability, type SelfRetrievability } from '../metrics/self-retrievability.js';
import { CONTENT_METRIC_NAMES } from '../shared/metric-names.js';
import { ruleIssues, ruleSettings, type RuleSettings } from '../metrics/rules/index.js';
import type { RuleLevels } from '../shared/rules.js';
import { contextSufficiencyByChunk, structuralMetrics, structuralScore } from '../metrics/structural/index.js';
import type {
  Chunk,
  ChunkingOptions,
  ContentMetrics,
  DocEval,
  EvaluatedChunk,
  Issue,
  ParsedDoc,
  StructuralMetrics,
} from '../types.js';
import type { Uncheckable } from '../compare/unchecked.js';
import type { Budget } from './budget.js';
import { chunkOverall, documentOverall, gradeOf, mean } from './overall.js';
import { NotCheckable } from './not-checkable.js';
import { roundScore } from '../shared/round-score.js';

/** Settings for evaluating one file. */
export interface EvaluateOptions {
  chunking: ChunkingOptions;
  /** `overall` left out: the default weights. */
  weights: { structural: StructuralWeights; content: ContentWeights; overall?: OverallWeights };
  /** Sentence embeddings for the `semantic` strategy, fetched by a shell (`sentenceVectors`). */
  vectors?: SentenceVectors;
  /** The level of every rule for this file (`settingsFor(…).rules`; default: the registry's). */
  rules?: RuleLevels;
  /** `inlineDisables` of the config (default: `gate`): `off` ignores the page's disable comments. */
  inlineDisables?: InlineDisablePolicy;
  /** Caps checked before parsing (`limitsOf(config).complexity`; default: {@link DEFAULT_COMPLEXITY_LIMITS}). */
  limits?: ComplexityLimits;
}

/**
 * Everything about a document that does not depend on the content scorer:
 * its chunks, structural metrics, rule findings, coverage and heuristic content scores.
 * A semantic scorer (the LLM judge) takes this and replaces `heuristic` where it can.
 */
export interface DocAnalysis {
  doc: ParsedDoc;
  chunks: Chunk[];
  options: EvaluateOptions;
  structural: StructuralMetrics;
  issues: Issue[][];
  /**
   * Per chunk, the issues an inline `chunkgate-disable` comment hides: not reported, but they cap
   * the chunk's score like the others (a comment hides findings, not what retrieval gets); none: `[]`.
   */
  hidden?: Issue[][];
  coverage: number;
  chunkCoverage: number[];
  heuristic: ContentMetrics[];
  /** Each chunk's rank for its own heading path + first sentence within the document (docs/scores.md#quick-checks). */
  selfRetrieval: SelfRetrievability;
  /** Each chunk's `context_sufficiency`: how much of its own heading section it holds (0–100). */
  sufficiency: number[];
  warnings: string[];
  /** Parts the parser left out for their size (e.g. huge front matter), as findings to report. */
  limits: ParseLimit[];
  /** The measure the document was chunked with: its one tokenization serves later size questions too. */
  measure: ChunkMeasure;
  /** Rule levels and inline disables of this document: findings added later (boilerplate) go through them too. */
  rules: RuleSettings;
}

/**
 * Parses, chunks and scores one document with the offline heuristic scorer.
 *
 * @param external the chunks an external chunker printed for this file (strategy `external`;
 *   a shell runs the command): they replace the strategy's chunking, are placed in the source
 *   in order, and a notice lists those that could not be placed.
 * @param budget the file's time budget, checked after each stage (`analyzeIsolated` turns an
 *   exceeded budget into an `unchecked` finding); none: no limit.
 * @throws NotCheckable when the source goes over a complexity cap (`options.limits`: nesting,
 *   backtick runs), checked before parsing; or when the external chunker returned no chunks for a
 *   page with text (its pipeline would index nothing of the page). `analyzeIsolated` makes either
 *   an `unchecked` finding.
 */
export function analyzeDocument(
  path: string,
  source: string,
  options: EvaluateOptions,
  external?: readonly ExternalChunk[],
  budget?: Budget,
): DocAnalysis {
  const excess = complexityExcess(source, options.limits ?? DEFAULT_COMPLEXITY_LIMITS);
  if (excess) throw new NotCheckable({ reason: excess.reason, hint: excess.hint });
  const { doc, warnings, limits } = parseMarkdown(path, source);
  budget?.check('parsing');
  const measure = createMeasure(options.chunking.unit, options.chunking.tokenizer);
  let chunks: Chunk[];
  if (external) {
    if (external.length === 0 && hasBodyText(doc)) throw new NotCheckable(noExternalChunks(path, options.chunking));
    const placed = chunkExternal(doc, external, measure);
    chunks = placed.chunks;
    const notice = unlocatedNotice(path, placed.unlocated, chunks.length);
    if (notice) warnings.push(notice);
  } else {
    chunks = chunkDocument(doc, options.chunking, measure, options.vectors ? { vectors: options.vectors } : {});
  }
  budget?.check('chunking');
  const input = { doc, chunks, options: options.chunking, measure };
  const coverage = sourceCoverage(doc, chunks);
  budget?.check('measuring source coverage');
  const selfRetrieval = selfRetrievability(chunks);
  budget?.check('ranking each chunk for its own query');
  const sufficiency = contextSufficiencyByChunk(input);
  const structural = structuralMetrics(input, selfRetrieval.score, sufficiency);
  budget?.check('computing structural metrics');
  const rules = ruleSettings(doc, options.rules, options.inlineDisables);
  warnings.push(...rules.disables.notices);
  const { issues, hidden } = ruleIssues(input, selfRetrieval, rules);
  budget?.check('running rule checks');
  const heuristic = scoreContentHeuristic({ doc, chunks, options: options.chunking });
  budget?.check('computing content metrics');
  return {
    doc,
    chunks,
    options,
    structural,
    issues,
    hidden,
    coverage: coverage.coverage,
    chunkCoverage: coverage.perChunk,
    heuristic,
    selfRetrieval,
    sufficiency,
    warnings,
    limits,
    measure,
    rules,
  };
}

/**
 * Builds the {@link DocEval} of an analysed document from per-chunk content metrics
 * (the heuristic ones by default; the LLM judge's where it answered). Chunk scores and the
 * document's three scores are rounded to one decimal ({@link roundScore}) before they are
 * graded or compared, so every report shows the number that was graded.
 *
 * @param fallback chunk indexes whose semantic scoring fell back to the heuristic (marks them `partial`).
 */
export function scoreDocument(
  analysis: DocAnalysis,
  content: readonly ContentMetrics[] = analysis.heuristic,
  fallback: ReadonlySet<number> = new Set(),
): DocEval {
  const { doc, chunks } = analysis;
  const hasHeadings = doc.blocks.some((block) => block.kind === 'heading');
  const evaluated: EvaluatedChunk[] = chunks.map((chunk, index) => {
    const issues = analysis.issues[index] ?? [];
    const metadata = (chunk.headingPath.length > 0 || !hasHeadings ? 50 : 0) + (chunk.startLine > 0 ? 50 : 0);
    const rank = analysis.selfRetrieval.ranks[index];
    const metrics = {
      ...content[index]!,
      source_coverage: analysis.chunkCoverage[index] ?? 100,
      metadata,
      self_retrievability: rank !== null && rank !== undefined && rank <= SELF_RETRIEVAL_TOP ? 100 : 0,
      context_sufficiency: analysis.sufficiency[index] ?? 100,
    };
    // Issues a disable comment hides still cap the score: the comment changes the report, not the chunk.
    const hidden = analysis.hidden?.[index] ?? [];
    const score = roundScore(chunkOverall(metrics, hidden.length > 0 ? [...issues, ...hidden] : issues, analysis.options.weights.overall));
    const result: EvaluatedChunk = { ...chunk, metrics, score, grade: gradeOf(score), issues };
    if (fallback.has(index)) result.partial = true;
    return result;
  });
  const docContent = Object.fromEntries(
    CONTENT_METRIC_NAMES.map((name) => [name, mean(content.map((metrics) => metrics[name]))]),
  ) as ContentMetrics;
  const structural = roundScore(structuralScore(analysis.structural, analysis.options.weights.structural));
  const overall = roundScore(documentOverall(evaluated.map((chunk) => chunk.score), analysis.coverage));
  return {
    path: doc.path,
    chunks: evaluated,
    metrics: { ...analysis.structural, ...docContent },
    scores: { structural, content: roundScore(contentScore(docContent, analysis.options.weights.content)), overall },
    grade: gradeOf(overall),
    coverage: analysis.coverage,
    partial: fallback.size > 0,
    chunking: analysis.options.chunking,
  };
}

/**
 * Parses, chunks and scores one document with the heuristic scorer (source → DocEval; ARCHITECTURE.md, the data flow).
 * `external`: an external chunker's chunks (see {@link analyzeDocument}).
 */
export function evaluateDocument(path: string, source: string, options: EvaluateOptions, external?: readonly ExternalChunk[]): DocEval {
  return scoreDocument(analyzeDocument(path, source, options, external));
}

/** Why a page with text and no chunks from the external chunker cannot be checked. */
function noExternalChunks(path: string, chunking: ChunkingOptions): Uncheckable {
  return {
    reason: `external chunker \`${(chunking.command ?? []).join(' ')}\` returned no chunks for ${path}, a page with text`,
    hint: 'Fix the external chunker (chunking.command) or the file: a pipeline that makes no chunks of this page leaves all of its text out of the index.',
  };
}
