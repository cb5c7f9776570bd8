import type { GateScope } from '../config/types.js';
import { GATING_TAGS, SHOWN_TAGS } from '../metrics/rules/tag-sets.js';
import type { EvaluatedChunk, IssueTag, Origin, Regression } from '../types.js';
import type { ChunkMatch } from './align.js';
import { round2 } from './round.js';

/**
 * Tags whose first appearance in a chunk is a regression on its own
 * (docs/design.md#what-a-change-answers-for; registry `regression: gates`), in registry order.
 */
export const HIGH_TAGS: readonly IssueTag[] = GATING_TAGS;

/** Options of {@link findRegressions}. */
export interface RegressionOptions {
  /** A drop of the chunk's displayed (whole-point) score by at least this many points is a regression (default: `10`). */
  chunkDrop?: number;
  /**
   * Whether the base side already had the problem `tag` names for this head chunk, e.g. the same
   * table was split there too ({@link preexistingTag}); (default: never).
   */
  preexisting?: (head: EvaluatedChunk, tag: IssueTag) => boolean;
  /** `all` makes every regression gate, pre-existing ones and score drops included (default: `changed`). */
  gate?: GateScope;
}

/** The {@link HIGH_TAGS} a chunk carries, in that order, each once. */
function highTags(chunk: EvaluatedChunk | null): IssueTag[] {
  if (!chunk) return [];
  const present = new Set(chunk.issues.map((issue) => issue.tag));
  return HIGH_TAGS.filter((tag) => present.has(tag));
}

/** The tags whose first appearance is a regression that is only shown (registry `regression: shown`, e.g. `unfindable-chunk`) that the head chunk gained. */
function shownGained(base: EvaluatedChunk, head: EvaluatedChunk): IssueTag[] {
  const had = new Set(base.issues.map((issue) => issue.tag));
  return SHOWN_TAGS.filter((tag) => !had.has(tag) && head.issues.some((issue) => issue.tag === tag));
}

/** Whether every issue of `tag` on the chunk is at level `warn` (its rule is set to `warn`: it never gates). */
function atWarn(chunk: EvaluatedChunk, tag: IssueTag): boolean {
  return chunk.issues.every((issue) => issue.tag !== tag || issue.level === 'warn');
}

/**
 * The regressed head chunks of one file (docs/design.md#what-a-change-answers-for), one entry
 * per head chunk at most, in head order.
 *
 * Reason, first that applies: `score-drop` when an aligned chunk's displayed score (whole points)
 * fell by `≥ chunkDrop` (default: `10`; `delta = round2(head − base)`); `new-high-issue` when it
 * gained one of {@link HIGH_TAGS} (a tag on the list counts whatever severity the issue carries);
 * `new-failing-chunk` when an unmatched chunk is graded `fail`; `unfindable` when an aligned chunk
 * its own heading path and first sentence found in the top 3 no longer is (it gained
 * `unfindable-chunk`). `newTags` always lists the high tags present in head and not in base (all
 * of them for a new chunk).
 *
 * Origin and gating (docs/design.md#what-a-change-answers-for): with new tags, `preexisting` when
 * the base side had every one of them already (`options.preexisting`), else `new`; without,
 * `worsened` (an aligned chunk) or `new` (an unmatched one). Only a regression with a tag new to
 * the file is of weight: it gates unless pre-existing; a score that fell on metrics alone (or a
 * chunk that stopped being findable) is worth a look but does not gate. With `gate: all`, every
 * regression gates. A tag whose rule is at `warn` (its issues carry `level: 'warn'`) never makes a
 * regression gate: not as a fresh tag, and a regression whose only causes are such tags does not
 * gate even with `gate: all`.
 */
export function findRegressions(matches: readonly ChunkMatch[], options: RegressionOptions = {}): Regression[] {
  const chunkDrop = options.chunkDrop ?? 10;
  const preexisting = options.preexisting ?? (() => false);
  const regressions: Regression[] = [];
  for (const { head, base, match } of matches) {
    const before = new Set(highTags(base));
    const newTags = highTags(head).filter((tag) => !before.has(tag));
    const delta = base ? round2(head.score - base.score) : null;
    // Compare what the reader sees: 80 → 71 is a 9-point drop, whatever the decimals were.
    const shownDrop = base ? Math.round(base.score) - Math.round(head.score) : 0;
    const reason =
      base && shownDrop >= chunkDrop
        ? 'score-drop'
        : base && newTags.length > 0
          ? 'new-high-issue'
          : !base && head.grade === 'fail'
            ? 'new-failing-chunk'
            : base && shownGained(base, head).length > 0
              ? 'unfindable'
              : null;
    if (!reason) continue;
    const fresh = newTags.filter((tag) => !preexisting(head, tag));
    const origin: Origin = newTags.length > 0 ? (fresh.length > 0 ? 'new' : 'preexisting') : base ? 'worsened' : 'new';
    // A regression that only rules at `warn` make never gates, whatever `gate` says.
    const causes = reason === 'unfindable' ? shownGained(base!, head) : newTags;
    const warnOnly = causes.length > 0 && causes.every((tag) => atWarn(head, tag));
    const gating = !warnOnly && (options.gate === 'all' || fresh.some((tag) => !atWarn(head, tag)));
    regressions.push({ reason, match, base, head, delta, newTags, origin, gating });
  }
  return regressions;
}
