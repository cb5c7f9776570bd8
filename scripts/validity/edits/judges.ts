/**
 * Judges of the edit-level validity harness: given both sides of the docs corpus and the edited
 * page's path on each, does the gate fail the change? The baseline judge is chunkgate's default
 * gate today: the product's engine on that one file pair, as `chunkgate diff` runs it.
 */
import { settingsFor } from '../../../src/config/resolve.js';
import type { Config } from '../../../src/config/types.js';
import { decide } from '../../../src/compare/verdict.js';
import { scoreDocument, type DocAnalysis } from '../../../src/engine/evaluate.js';
import { analyzeIsolated } from '../../../src/engine/isolate.js';
import { finishPair, type CheckedSide, type FilePair, type PairTask, type PreparedSide } from '../../../src/engine/pair.js';
import type { Chunk, DocDiff } from '../../../src/types.js';
import { foldedDrops } from '../../../src/report/items.js';
import { addProbes } from '../../../src/engine/compare-files.js';
import { runProbes } from '../../../src/probes/run.js';
import type { CorpusFile } from '../experiment.js';

/** A corpus file with its chunks under the product's default chunking (judges that search the corpus need them). */
export interface ChunkedFile extends CorpusFile {
  chunks: readonly Chunk[];
}

/** One judged edit: every file of each side, and the edited page's path on each. */
export interface JudgeCase {
  base: readonly ChunkedFile[];
  head: readonly ChunkedFile[];
  basePath: string;
  headPath: string;
}

/** What a judge says of an edit. */
export interface JudgeVerdict {
  gated: boolean;
  /** Why, in a few words each (finding kinds, failed rules). */
  reasons: string[];
}

export type Judge = (edit: JudgeCase) => Promise<JudgeVerdict>;

/**
 * Analyses of page texts, the last `size` kept (pages are judged one after another, each with
 * a dozen edits of a few queries): the baseline judge and the harness's truth share one, so an
 * edited page is parsed and chunked once.
 */
export interface Analyses {
  /** The side as the engine checks it (`analyzeIsolated`): its analysis, or why it could not be checked. */
  check(path: string, source: string): CheckedSide;
  /** The analysis, or an error when the page cannot be checked. */
  analyze(path: string, source: string): DocAnalysis;
}

/** An {@link Analyses} under `config`'s settings for each path. */
export function analysesOf(config: Config, size = 32): Analyses {
  const kept = new Map<string, CheckedSide>();
  const check = (path: string, source: string): CheckedSide => {
    const key = `${path}\u0000${source}`;
    let side = kept.get(key);
    if (side) {
      kept.delete(key);
      kept.set(key, side);
      return side;
    }
    side = analyzeIsolated(path, source, prepared(config, path).options);
    kept.set(key, side);
    if (kept.size > size) kept.delete(kept.keys().next().value!);
    return side;
  };
  return {
    check,
    analyze(path, source) {
      const side = check(path, source);
      if (side === null || !('analysis' in side)) throw new Error(`${path}: cannot be checked (${side?.problem.reason ?? 'no side'})`);
      return side.analysis;
    },
  };
}

/** A side's settings as `comparePairs` prepares them (strategies other than `external`). */
function prepared(config: Config, path: string): Extract<PreparedSide, { options: unknown }> {
  const { chunking, rules } = settingsFor(config, path);
  return { options: { chunking, rules, weights: config.scoring.weights } };
}

/**
 * The baseline judge: chunkgate's gate with `config` (the product's defaults) on the edited pair
 * alone — both sides analysed, scored and compared (`finishPair`), the verdict from `decide`
 * with the config's `failOn`. The steps `compareFiles` takes for one pair, with the analyses from
 * `analyses` (the base page's made once for all its edits); the cross-file boilerplate findings
 * are left out, as they never count for the verdict.
 */
export function baselineJudge(config: Config, analyses: Analyses = analysesOf(config)): Judge {
  const diffOf = pairDiff(config, analyses);
  return async (edit) => verdictOf(config, diffOf(edit));
}

/** What the gate says of one compared pair: failed or not, and why (the gating items' kinds). */
export function verdictOf(config: Config, diff: DocDiff): JudgeVerdict {
  const decision = decide([diff], config.thresholds.failOn, { partial: diff.head?.partial === true });
  const folded = foldedDrops(diff);
  const reasons = [
    ...diff.findings.filter((finding) => finding.gating).map((finding) => finding.kind),
    // A file drop folded into the items it restates is said by them.
    ...diff.failures.filter((failure) => failure.gating && !folded.includes(failure)).map((failure) => `failure:${failure.rule}`),
    ...diff.regressions.filter((regression) => regression.gating).map((regression) => `regression:${regression.reason}`),
  ];
  return { gated: decision.verdict === 'fail', reasons: [...new Set(reasons)].sort() };
}

/** The edited pair compared as `compareFiles` compares one pair (see {@link baselineJudge}). */
export function pairDiff(config: Config, analyses: Analyses): (edit: JudgeCase) => DocDiff {
  return ({ base, head, basePath, headPath }) => {
    const baseText = base.find((file) => file.path === basePath)?.source ?? null;
    const headText = head.find((file) => file.path === headPath)?.source ?? null;
    const renamed = basePath !== headPath;
    const pair: FilePair = {
      path: headPath,
      ...(renamed ? { previousPath: basePath } : {}),
      status: baseText === null ? 'added' : headText === null ? 'removed' : renamed ? 'renamed' : 'modified',
      base: baseText,
      head: headText,
    };
    const task: PairTask = {
      pair,
      base: baseText === null ? null : prepared(config, basePath),
      head: headText === null ? null : prepared(config, headPath),
      thresholds: settingsFor(config, headPath).thresholds,
      unchecked: config.thresholds.unchecked,
      want: {},
    };
    const headSide = headText === null ? null : analyses.check(headPath, headText);
    const baseSide = baseText === null || (headSide !== null && 'problem' in headSide) ? null : analyses.check(basePath, baseText);
    const sides = { base: baseSide, head: headSide };
    const evalOf = (side: CheckedSide) => (side !== null && 'analysis' in side ? scoreDocument(side.analysis) : undefined);
    const evals = { base: evalOf(baseSide), head: evalOf(headSide) };
    return finishPair(task, sides, { ...(evals.base ? { base: evals.base } : {}), ...(evals.head ? { head: evals.head } : {}) });
  };
}

/**
 * chunkgate's gate with the retrieval probes, as `compareFiles` runs it: the pair compared, the
 * probes of the edited page over the whole corpus, their findings added (`addProbes`: rules with no
 * measured loss stop gating), then the verdict.
 */
export function gateJudge(config: Config, analyses: Analyses = analysesOf(config)): Judge {
  const diffOf = pairDiff(config, analyses);
  return async (edit) => {
    const diff = diffOf(edit);
    const budget = 1024;
    const run = await runProbes({ base: edit.base, head: edit.head, pages: [{ basePath: edit.basePath, headPath: edit.headPath }], budget });
    const files = [diff];
    addProbes(files, { probes: { run, pages: 1, budget } }, config.thresholds.gate);
    return verdictOf(config, files[0]!);
  };
}
