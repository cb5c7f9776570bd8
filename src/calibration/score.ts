import { sampleRankCorrelation } from 'simple-statistics';
import { LLM_DIMENSIONS } from '../metrics/content/llm/types.js';
import type { LlmDimension } from '../types.js';
import type { JudgeVerdict, Report } from '../types.js';
import type { HumanScore } from './sheet.js';

/** Agreement of the judge with people on one dimension (or on the overall). */
export interface Agreement {
  /** Mean absolute error |judge − human|, in points. */
  mae: number;
  /** Mean of judge − human: positive, the judge is more lenient than people. */
  bias: number;
  /** Spearman rank correlation (midranks for ties); `null` when either side has no spread or n < 2. */
  spearman: number | null;
}

/** The cold-start acceptance (docs/cli.md#calibrating-the-judge): at least 30 samples, overall MAE below 15 points. */
export const ACCEPTANCE = { minSamples: 30, maxMae: 15 } as const;

/** An MAE as reports show it: rounded to one decimal (the acceptance check compares this value). */
function shownMae(mae: number): number {
  return Number(mae.toFixed(1));
}

/** What `calibrate score` reports. */
export interface CalibrationResult {
  samples: number;
  /** Per rubric dimension, in rubric order. */
  dimensions: Record<LlmDimension, Agreement>;
  /** On the overall: the mean of the five dimensions, for the judge and for the person alike. */
  overall: Agreement;
  acceptance: { passed: boolean; minSamples: number; maxMae: number; reasons: string[] };
}

function agreement(judge: readonly number[], human: readonly number[]): Agreement {
  const n = judge.length;
  const diffs = judge.map((value, index) => value - human[index]!);
  const mae = n === 0 ? 0 : diffs.reduce((sum, d) => sum + Math.abs(d), 0) / n;
  const bias = n === 0 ? 0 : diffs.reduce((sum, d) => sum + d, 0) / n;
  const spread = (values: readonly number[]) => new Set(values).size > 1;
  const rho = n >= 2 && spread(judge) && spread(human) ? sampleRankCorrelation([...judge], [...human]) : Number.NaN;
  return { mae, bias, spearman: Number.isFinite(rho) ? rho : null };
}

/** Every judged chunk of a report by id (the id is a hash of path + text). */
function judgedChunks(report: Report): Map<string, JudgeVerdict> {
  const verdicts = new Map<string, JudgeVerdict>();
  for (const file of report.files) {
    for (const chunk of file.head?.chunks ?? []) if (chunk.judge) verdicts.set(chunk.id, chunk.judge);
  }
  return verdicts;
}

/**
 * Scores the LLM judge against people (docs/cli.md#calibrating-the-judge): per dimension and on the
 * overall (mean of the five), the MAE, the bias (judge − human) and Spearman's rank
 * correlation; then the acceptance check (≥ 30 samples, overall MAE < 15 as shown, to one decimal). People's scores
 * never change the automatic scores: this only says how far to trust them.
 *
 * @throws Error listing the sheet ids the report has no judge verdict for (a sheet drawn from
 *   another report, or a re-run that changed the chunks).
 */
export function scoreCalibration(humans: readonly HumanScore[], report: Report): CalibrationResult {
  const verdicts = judgedChunks(report);
  const missing = humans.filter((human) => !verdicts.has(human.id)).map((human) => human.id);
  if (missing.length > 0) {
    const list = missing.slice(0, 5).join(', ') + (missing.length > 5 ? `, … (${missing.length} in all)` : '');
    throw new Error(`the report has no judge verdict for ${list}: score the sheet against the report calibrate sample drew it from`);
  }
  const pairs = humans.map((human) => ({ human: human.scores, judge: verdicts.get(human.id)!.scores }));
  const dimensions = Object.fromEntries(
    LLM_DIMENSIONS.map((name) => [name, agreement(pairs.map((pair) => pair.judge[name]), pairs.map((pair) => pair.human[name]))]),
  ) as Record<LlmDimension, Agreement>;
  const mean = (scores: Record<LlmDimension, number>) => LLM_DIMENSIONS.reduce((sum, name) => sum + scores[name], 0) / LLM_DIMENSIONS.length;
  const overall = agreement(pairs.map((pair) => mean(pair.judge)), pairs.map((pair) => mean(pair.human)));
  const reasons: string[] = [];
  if (pairs.length < ACCEPTANCE.minSamples) reasons.push(`${pairs.length} scored chunks, at least ${ACCEPTANCE.minSamples} needed`);
  // Judged on the MAE as shown (one decimal): 14.96 shows as 15.0, which is not below 15.
  if (!(shownMae(overall.mae) < ACCEPTANCE.maxMae)) reasons.push(`overall MAE ${overall.mae.toFixed(1)}, must be below ${ACCEPTANCE.maxMae}`);
  return {
    samples: pairs.length,
    dimensions,
    overall,
    acceptance: { passed: reasons.length === 0, ...ACCEPTANCE, reasons },
  };
}
