import { compareDoc } from '../compare/diff-doc.js';
import { buildReport } from '../compare/summary.js';
import { settingsFor } from '../config/resolve.js';
import type { Config, FailOn } from '../config/types.js';
import type { Cost, DocEval, FileStatus, Report } from '../types.js';
import { VERSION } from '../version.js';
import { analyzeDocument, scoreDocument, type DocAnalysis } from './evaluate.js';

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
}

/**
 * Evaluates both sides of every changed file with the settings that apply to its path,
 * compares them (SPEC §7) and builds the report. Base-side files are chunked with the
 * settings of their base path.
 */
export async function compareFiles(
  pairs: readonly FilePair[],
  options: CompareOptions,
): Promise<{ report: Report; notices: string[] }> {
  const { config } = options;
  const analyze = (path: string, text: string | null) =>
    text === null
      ? null
      : analyzeDocument(path, text, { chunking: settingsFor(config, path).chunking, weights: config.scoring.weights });
  const sides = pairs.map((pair) => ({
    base: analyze(pair.previousPath ?? pair.path, pair.base),
    head: analyze(pair.path, pair.head),
  }));
  const notices = sides.flatMap((side) => [...(side.base?.warnings ?? []), ...(side.head?.warnings ?? [])]);
  const analyses = sides.flatMap((side) => [side.base, side.head].filter((a): a is DocAnalysis => a !== null));
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
  const report = buildReport({
    version: VERSION,
    config,
    scorer: options.semantic ? 'llm' : 'heuristic',
    files,
    failOn: options.failOn ?? config.thresholds.failOn,
    partial,
    cost,
  });
  return { report, notices };
}
