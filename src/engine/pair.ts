import { sectionLengths } from '../advise/sections.js';
import type { ExternalChunk } from '../chunking/presets/index.js';
import type { SentenceVectors } from '../chunking/semantic.js';
import { compareDoc } from '../compare/diff-doc.js';
import { fileFacts, type FileFacts } from '../compare/facts.js';
import { limitFinding, uncheckedBaseFinding, uncheckedFinding, type Uncheckable, type UncheckedLevel } from '../compare/unchecked.js';
import type { FileSettings, InlineDisablePolicy } from '../config/types.js';
import { pageBlocks } from '../metrics/boilerplate.js';
import type { SideSource } from '../report/html/types.js';
import { renderJsonFile } from '../report/json.js';
import type { Chunk, DocDiff, DocEval, FileFinding, FileStatus, PageBlock } from '../types.js';
import type { BudgetOptions } from './budget.js';
import { scoreDocument, type DocAnalysis, type EvaluateOptions } from './evaluate.js';
import { analyzeIsolated } from './isolate.js';

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
 * One side of a pair, ready to analyse: the settings of its path and, for the `external`
 * strategy, the chunks the command printed (a shell ran it); or why it cannot be checked (the
 * file could not be read, the command failed); or `null` (no such side, or a base side not worth
 * checking because its head could not be).
 */
export type PreparedSide = { options: Omit<EvaluateOptions, 'vectors'>; external?: ExternalChunk[] } | { problem: Uncheckable } | null;

/** What the caller keeps of a pair's result: each part costs copying between threads (default: none). */
export interface PairWants {
  /** The file's report entry as {@link renderJsonFile} writes it. */
  json?: boolean;
  /** The diff itself. */
  diff?: boolean;
  /** Each side's source and section lengths, for the HTML report. */
  sources?: boolean;
  /** Each side's chunks, for golden-set retrieval. */
  chunks?: boolean;
}

/**
 * The work of one file pair, as plain data: it crosses to worker threads (`--jobs`), keys the
 * content cache, and gives the same result in any thread, which keeps reports byte-identical
 * whatever `--jobs` and `--shard` say.
 */
export interface PairTask {
  pair: FilePair;
  base: PreparedSide;
  head: PreparedSide;
  /** The thresholds of the pair's path (`settingsFor`). */
  thresholds: FileSettings['thresholds'];
  /** `thresholds.unchecked`: whether a file that cannot be checked fails the run. */
  unchecked: UncheckedLevel;
  /** `inlineDisables` of the config (default: `gate`). */
  inlineDisables?: InlineDisablePolicy;
  /** Each side's time budget in ms (default: `DEFAULT_FILE_BUDGET_MS`). */
  budgetMs?: number;
  want: PairWants;
}

/** A side after checking: its analysis, why it could not be checked, or nothing (no such side). */
export type CheckedSide = { analysis: DocAnalysis } | { problem: Uncheckable } | null;

/** Both sides of a pair after checking. */
export interface CheckedPair {
  base: CheckedSide;
  head: CheckedSide;
}

/** One evaluated pair: what {@link PairWants} asked for, and what every run needs. */
export interface PairResult {
  /** The diff without chunk lists, for the summary and the verdict. */
  facts: FileFacts;
  /** The analyses' notices, base side first. */
  warnings: string[];
  /** The text blocks of each analysed side, for the cross-file boilerplate check. */
  pages: { base?: PageBlock[]; head?: PageBlock[] };
  json?: string;
  diff?: DocDiff;
  sources?: { base: SideSource | null; head: SideSource | null };
  chunks?: { base?: Chunk[]; head?: Chunk[] };
}

/** In-process extras a task cannot carry across threads. */
export interface PairExtras {
  /** Sentence embeddings for the `semantic` strategy. */
  vectors?: SentenceVectors;
  /** The budget's clock (tests). */
  now?: BudgetOptions['now'];
}

/** The options of a prepared side, if it has them. */
function optionsOf(side: PreparedSide): Omit<EvaluateOptions, 'vectors'> | null {
  return side !== null && 'options' in side ? side.options : null;
}

/** The analysis of a checked side, if it has one. */
export function analysisOf(side: CheckedSide): DocAnalysis | null {
  return side !== null && 'analysis' in side ? side.analysis : null;
}

/**
 * Analyses both sides of a pair, each in isolation (`analyzeIsolated`: a crash, a stack overflow
 * or a spent time budget makes the side a problem, never the run's end). The head first: when it
 * cannot be checked, its base is not worth the time (or the risk).
 */
export function analyzePair(task: PairTask, extras: PairExtras = {}): CheckedPair {
  const budget: BudgetOptions = { ...(task.budgetMs !== undefined ? { ms: task.budgetMs } : {}), ...(extras.now ? { now: extras.now } : {}) };
  const check = (path: string, text: string | null, side: PreparedSide): CheckedSide => {
    if (side !== null && 'problem' in side) return side;
    if (side === null || text === null) return null;
    const options: EvaluateOptions = { ...side.options, ...(extras.vectors ? { vectors: extras.vectors } : {}) };
    return analyzeIsolated(path, text, options, side.external, budget);
  };
  const { pair } = task;
  const head = check(pair.path, pair.head, task.head);
  const base = head !== null && 'problem' in head ? null : check(pair.previousPath ?? pair.path, pair.base, task.base);
  return { base, head };
}

/**
 * The diff of a checked pair from each side's evaluation
 * (docs/design.md#what-a-change-answers-for), with the findings of its checking
 * ({@link sideFindings}).
 */
export function finishPair(task: PairTask, sides: CheckedPair, evals: { base?: DocEval; head?: DocEval }): DocDiff {
  const { pair } = task;
  const baseAnalysis = analysisOf(sides.base);
  const headAnalysis = analysisOf(sides.head);
  // The levels of the path the findings are about: the head's, or the base's for a removed page.
  const rules = optionsOf(task.head)?.rules ?? optionsOf(task.base)?.rules;
  const diff = compareDoc(
    {
      path: pair.path,
      ...(pair.previousPath !== undefined ? { previousPath: pair.previousPath } : {}),
      status: pair.status,
      ...(evals.base ? { base: evals.base } : {}),
      ...(evals.head ? { head: evals.head } : {}),
      baseSource: evals.base ? (pair.base ?? '') : '',
      headSource: pair.head ?? '',
      ...(baseAnalysis ? { baseDoc: baseAnalysis.doc } : {}),
      ...(headAnalysis ? { headDoc: headAnalysis.doc } : {}),
      ...(rules ? { rules } : {}),
    },
    task.inlineDisables ? { ...task.thresholds, inlineDisables: task.inlineDisables } : task.thresholds,
  );
  diff.findings.push(...sideFindings(pair, sides, task.unchecked));
  return diff;
}

/** The result of a pair whose diff is made, with what `task.want` asks for. */
export function pairResult(task: PairTask, sides: CheckedPair, diff: DocDiff): PairResult {
  const base = analysisOf(sides.base);
  const head = analysisOf(sides.head);
  const { want } = task;
  return {
    facts: fileFacts(diff),
    warnings: [...(base?.warnings ?? []), ...(head?.warnings ?? [])],
    pages: { ...(base ? { base: pageBlocks(base.doc, { rules: base.rules }) } : {}), ...(head ? { head: pageBlocks(head.doc, { rules: head.rules }) } : {}) },
    ...(want.json ? { json: renderJsonFile(diff) } : {}),
    ...(want.diff ? { diff } : {}),
    ...(want.sources ? { sources: { base: base ? sideSource(base) : null, head: head ? sideSource(head) : null } } : {}),
    ...(want.chunks ? { chunks: { ...(base ? { base: base.chunks } : {}), ...(head ? { head: head.chunks } : {}) } } : {}),
  };
}

/**
 * Evaluates one pair with the offline heuristic scorer: both sides analysed, scored and
 * compared. Pure but for the time budget's clock; every shell's pairs go through it, on a
 * worker thread or this one (a run with a semantic scorer takes the same steps, the judge
 * between analysing and comparing: see `comparePairs`).
 */
export function evaluatePair(task: PairTask, extras: PairExtras = {}): PairResult {
  const sides = analyzePair(task, extras);
  const base = analysisOf(sides.base);
  const head = analysisOf(sides.head);
  const diff = finishPair(task, sides, { ...(base ? { base: scoreDocument(base) } : {}), ...(head ? { head: scoreDocument(head) } : {}) });
  return pairResult(task, sides, diff);
}

/**
 * A side's source text and heading-section body lengths (docs/cli.md#choosing-max-and-min) in its unit, for the HTML
 * report, measured with the analysis's own tokenization.
 */
function sideSource(analysis: DocAnalysis): SideSource {
  const { doc, options, measure } = analysis;
  return { text: doc.source, sections: sectionLengths(doc, options.chunking.headingLevels.max, measure).map((section) => section.body) };
}

/**
 * The file findings of one pair's checking: the head could not be checked (gating unless
 * unchanged from an equally unreadable base, or `thresholds.unchecked: warn`), only the base
 * could not (informational), or the parser left part of the head out for its size.
 */
function sideFindings(pair: FilePair, side: CheckedPair, level: UncheckedLevel): FileFinding[] {
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
