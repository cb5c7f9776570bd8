import type { DocEval, ThresholdFailure } from '../types.js';
import { round2 } from './round.js';

/** The limits {@link thresholdFailures} applies (a file's resolved `thresholds`, without `failOn`). */
export interface FileThresholds {
  /** Minimum head `structural` score (default in config: `70`). */
  structural: number;
  /** Minimum head `content` score (default in config: `60`). */
  content: number;
  /** Largest allowed drop of `structural`, `content` or `overall`, in points (default in config: `5`). */
  fileDrop: number;
  /** Smallest chunk `score` drop that is a regression (default in config: `10`). */
  chunkDrop: number;
}

/** Options of {@link thresholdFailures}. */
export interface FailureOptions {
  /** Also check drops against base (default: `true`; `false` for added or unchanged files). */
  drops?: boolean;
}

/** Points with at most one decimal: `25`, `5.5`. */
function points(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** "1 point", "25 points". */
function pointsWord(value: number): string {
  const text = points(value);
  return `${text} ${text === '1' ? 'point' : 'points'}`;
}

const SCORES = ['structural', 'content', 'overall'] as const;

/**
 * Threshold failures of one file (SPEC §7), in this order:
 *
 * - `structural`: head `structural < thresholds.structural`;
 * - `content`: head `content < thresholds.content`;
 * - `fileDrop`: for each of `structural`, `content`, `overall` (one failure per score),
 *   a drop `round2(base − head) > 0` and `≥ thresholds.fileDrop` (`actual` is the drop, `limit` the allowed drop).
 *
 * A score can fail both its minimum and the drop rule. No head (removed file) → `[]`.
 */
export function thresholdFailures(
  base: DocEval | undefined,
  head: DocEval | undefined,
  thresholds: FileThresholds,
  options: FailureOptions = {},
): ThresholdFailure[] {
  if (!head) return [];
  const failures: ThresholdFailure[] = [];
  for (const rule of ['structural', 'content'] as const) {
    const actual = head.scores[rule];
    const limit = thresholds[rule];
    if (actual < limit) {
      failures.push({
        rule,
        score: rule,
        actual,
        limit,
        message: `${rule} is ${points(actual)}, below the minimum of ${points(limit)} (\`thresholds.${rule}\`)`,
      });
    }
  }
  if (base && (options.drops ?? true)) {
    for (const score of SCORES) {
      const drop = round2(base.scores[score] - head.scores[score]);
      if (drop > 0 && drop >= thresholds.fileDrop) {
        failures.push({
          rule: 'fileDrop',
          score,
          actual: drop,
          limit: thresholds.fileDrop,
          message: `${score} fell ${pointsWord(drop)}; the limit is a ${points(thresholds.fileDrop)}-point drop (\`thresholds.fileDrop\`)`,
        });
      }
    }
  }
  return failures;
}
