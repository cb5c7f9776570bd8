import type { FailOn } from '../config/types.js';
import type { DocDiff, Verdict } from '../types.js';
import { gatingUnchecked } from './unchecked.js';

/** The outcome of a run, in the three forms the shells need. */
export interface Decision {
  verdict: Verdict;
  /** Check-run conclusion. */
  conclusion: 'success' | 'failure' | 'neutral';
  /** Process exit code of the CLI and the action (2, bad config, is decided before any diff exists). */
  exitCode: 0 | 1;
}

/** Run facts {@link decide} needs besides the diffs. */
export interface DecideOptions {
  /** True when some LLM step fell back to heuristic scores. */
  partial: boolean;
  /** Golden-set retrieval limits that failed; they count as threshold failures (default: `0`). */
  retrievalFailures?: number;
}

/**
 * The one place results become a verdict, a check conclusion and an exit code
 * (docs/design.md#what-a-change-answers-for).
 *
 * Only gating items count (docs/design.md#what-a-change-answers-for: new or worsened, of weight; everything with
 * `thresholds.gate: all`). Fails (`fail` / `failure` / `1`) when `failOn` holds `threshold` and
 * any file has a gating threshold failure or a gating section finding (text that left the index,
 * a lost heading, a lead-in cut, …) — or a golden-set retrieval limit failed —, `regression` and
 * any file has a gating regressed chunk, or `partial` and the run is partial.
 * Otherwise passes (`pass` / `0`) with conclusion `success`, or `neutral` when there was no
 * Markdown file to check (`diffs` empty). A gating `unchecked` finding (a changed file chunkgate
 * could not check) fails the run whatever `failOn` says (`thresholds.unchecked: warn` makes it non-gating),
 * and so does a gating `rules-disabled` finding (a disable comment the change adds or widens would
 * otherwise hide the very regressions `failOn` asks about; `inlineDisables: report` makes it non-gating).
 */
export function decide(diffs: readonly DocDiff[], failOn: readonly FailOn[], options: DecideOptions): Decision {
  const failures =
    diffs.some((diff) => diff.failures.some((failure) => failure.gating) || (diff.findings ?? []).some((finding) => finding.gating)) ||
    (options.retrievalFailures ?? 0) > 0;
  const regressions = diffs.some((diff) => diff.regressions.some((regression) => regression.gating));
  const fails =
    (failOn.includes('threshold') && failures) ||
    (failOn.includes('regression') && regressions) ||
    (failOn.includes('partial') && options.partial) ||
    gatingUnchecked(diffs).length > 0 ||
    diffs.some((diff) => (diff.findings ?? []).some((finding) => finding.kind === 'rules-disabled' && finding.gating));
  if (fails) return { verdict: 'fail', conclusion: 'failure', exitCode: 1 };
  return { verdict: 'pass', conclusion: diffs.length === 0 ? 'neutral' : 'success', exitCode: 0 };
}

/**
 * The outcome of a whole-repository audit (a push, a schedule, a manual run), which has no base
 * to answer to. Compared with a baseline (an earlier run's report), it fails when `added` gating
 * findings are new since then; a baseline that could not be read (`'invalid'`) fails too, so
 * the broken input is seen. Without one (`null`) it only reports: `success` when nothing
 * gates, else `neutral` — never a failure, since nothing says the findings are new.
 */
export function decideAudit(gating: number, baseline: { added: number } | 'invalid' | null): Decision {
  if (baseline === 'invalid' || (baseline !== null && baseline.added > 0)) return { verdict: 'fail', conclusion: 'failure', exitCode: 1 };
  return { verdict: 'pass', conclusion: baseline === null && gating > 0 ? 'neutral' : 'success', exitCode: 0 };
}
