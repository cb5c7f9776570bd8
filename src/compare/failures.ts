import type { GateScope, InlineDisablePolicy } from '../config/types.js';
import type { DocEval, Origin, ThresholdFailure } from '../types.js';

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
  /** What may gate (default in config: `changed`; see `thresholds.gate`). */
  gate?: GateScope;
  /** What a disable comment the change adds or widens does (default: `gate`; see `inlineDisables`). */
  inlineDisables?: InlineDisablePolicy;
}

/** Options of {@link thresholdFailures}. */
export interface FailureOptions {
  /** Also check drops against base (default: `true`; `false` for added or unchanged files). */
  drops?: boolean;
}

/** Scores as the reader sees them: whole points. */
const shown = (value: number): number => Math.round(value);

/** Points with at most one decimal: `25`, `5.5` (limits may be set with decimals). */
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
 * Threshold failures of one file (docs/design.md#what-a-change-answers-for), in this order,
 * compared on the whole points the reader sees (so no `70 → 70 ❌`):
 *
 * - `structural`: head `structural` (rounded) `< thresholds.structural`;
 * - `content`: head `content` (rounded) `< thresholds.content`;
 * - `fileDrop`: for each of `structural`, `content`, `overall` (one failure per score), a drop of
 *   the rounded scores `round(base) − round(head) ≥ thresholds.fileDrop` (`actual` is that drop,
 *   `limit` the allowed drop).
 *
 * Origin: a minimum the base side already missed is `preexisting` — or `worsened` when the head
 * is a further `fileDrop` points lower; a minimum missed with no base side, or one the base met,
 * is `new`; a drop is `worsened`. `gating` starts `false`: whether a failure gates depends on the
 * chunk findings of its file ({@link gateFailures}).
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
    if (shown(actual) >= limit) continue;
    let origin: Origin = 'new';
    let message = `${rule} is ${shown(actual)}, below the minimum of ${points(limit)} (\`thresholds.${rule}\`)`;
    if (base && shown(base.scores[rule]) < limit) {
      const fell = shown(base.scores[rule]) - shown(actual);
      origin = fell >= thresholds.fileDrop ? 'worsened' : 'preexisting';
      message += origin === 'worsened' ? `; ${shown(base.scores[rule])} on the base branch` : ` — ${shown(base.scores[rule])} on the base branch`;
    }
    failures.push({ rule, score: rule, actual, limit, message, origin, gating: false });
  }
  if (base && (options.drops ?? true)) {
    for (const score of SCORES) {
      const drop = shown(base.scores[score]) - shown(head.scores[score]);
      if (drop > 0 && drop >= thresholds.fileDrop) {
        failures.push({
          rule: 'fileDrop',
          score,
          actual: drop,
          limit: thresholds.fileDrop,
          message: `${score} fell ${pointsWord(drop)} (${shown(base.scores[score])} → ${shown(head.scores[score])}); the limit is a ${points(thresholds.fileDrop)}-point drop (\`thresholds.fileDrop\`)`,
          origin: 'worsened',
          gating: false,
        });
      }
    }
  }
  return failures;
}

/**
 * Sets `gating` on a file's threshold failures (docs/design.md#what-a-change-answers-for). With
 * `gate: all`, every failure gates. Otherwise a failure gates when it is not `preexisting` and
 * the file has a gating chunk or section finding that explains it: a score is an average, and
 * an average that moved without a finding of weight behind it (one re-weighted chunk on a stub
 * page, a page that grew from one chunk to ten) is not something a reviewer would hold a merge
 * for.
 */
export function gateFailures(failures: readonly ThresholdFailure[], explained: boolean, gate: GateScope = 'changed'): ThresholdFailure[] {
  return failures.map((failure) => ({ ...failure, gating: gate === 'all' || (failure.origin !== 'preexisting' && explained) }));
}
