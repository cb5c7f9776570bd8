import type { ParseLimit } from '../markdown/parse.js';
import type { DocDiff, FileFinding, Origin } from '../types.js';

/** Why a file (one side of it) could not be checked: a reason with numbers, and what to do. */
export interface Uncheckable {
  /** E.g. `binary file: NUL byte at byte 8 (line 1)`, `used more than 30 s of CPU time (…while chunking)`, `a run of 1,799 backticks, over the limit of 64 (from line 3)`. */
  reason: string;
  hint: string;
}

/** How `thresholds.unchecked` treats a file that could not be checked. */
export type UncheckedLevel = 'fail' | 'warn';

/**
 * The finding for a head file chunkgate could not check (skipped must never mean passed,
 * docs/rules.md#files-chunkgate-cannot-check). Severity `high`; it gates — and fails the run
 * whatever `failOn` says, like a linter's fatal parse error — unless the file is byte-identical
 * on the base side, which could not be checked either (`unchangedOnBase`: `preexisting`, not
 * gating), or `level` is `warn`.
 */
export function uncheckedFinding(problem: Uncheckable, options: { unchangedOnBase: boolean; level: UncheckedLevel }): FileFinding {
  const origin = options.unchangedOnBase ? 'preexisting' : 'new';
  return {
    kind: 'unchecked',
    origin,
    gating: origin === 'new' && options.level === 'fail',
    severity: 'high',
    message: `Not checked: ${problem.reason}`,
    hint: problem.hint,
  };
}

/**
 * The finding for a base side that could not be checked while the head could: the head is then
 * judged as a new file (absolute thresholds only), and this says why. It is the base's problem,
 * not the change's: `preexisting`, severity `low`, never gating.
 */
export function uncheckedBaseFinding(problem: Uncheckable): FileFinding {
  return {
    kind: 'unchecked',
    origin: 'preexisting',
    gating: false,
    severity: 'low',
    message: `Base side not checked: ${problem.reason}; the head is compared as a new file`,
    hint: problem.hint,
  };
}

/**
 * The finding for a part of the head the parser left out for its size (front matter above its
 * limit): the rest of the file is checked, so it never gates; `origin` says whether the base had
 * the same problem.
 */
export function limitFinding(limit: ParseLimit, origin: Origin): FileFinding {
  const { kind, severity, message, hint, line, endLine, actual, expected } = limit;
  return { kind, origin, gating: false, severity, message, hint, line, endLine, actual, expected };
}

/** The gating `unchecked` findings of `diffs`: each fails the run on its own (see {@link uncheckedFinding}). */
export function gatingUnchecked(diffs: readonly DocDiff[]): FileFinding[] {
  return diffs.flatMap((diff) => (diff.findings ?? []).filter((finding) => finding.kind === 'unchecked' && finding.gating));
}
