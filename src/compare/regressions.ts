import type { EvaluatedChunk, IssueTag, Regression } from '../types.js';
import type { ChunkMatch } from './align.js';
import { round2 } from './round.js';

/** Tags whose first appearance in a chunk is a regression on its own (SPEC §7), in reporting order. */
export const HIGH_TAGS: readonly IssueTag[] = ['source-loss', 'table-split', 'code-fence-split', 'oversize-chunk'];

/** Options of {@link findRegressions}. */
export interface RegressionOptions {
  /** A drop of the chunk's `score` by at least this many points is a regression (default: `10`). */
  chunkDrop?: number;
}

/** The {@link HIGH_TAGS} a chunk carries, in that order, each once. */
function highTags(chunk: EvaluatedChunk | null): IssueTag[] {
  if (!chunk) return [];
  const present = new Set(chunk.issues.map((issue) => issue.tag));
  return HIGH_TAGS.filter((tag) => present.has(tag));
}

/** Whether the head chunk is `unfindable-chunk` and its base chunk was not. */
function lostFindability(base: EvaluatedChunk, head: EvaluatedChunk): boolean {
  const unfindable = (chunk: EvaluatedChunk) => chunk.issues.some((issue) => issue.tag === 'unfindable-chunk');
  return unfindable(head) && !unfindable(base);
}

/**
 * The regressed head chunks of one file (SPEC §7), one entry per head chunk at most, in head order.
 *
 * Reason, first that applies: `score-drop` when an aligned chunk's `score` fell by
 * `≥ chunkDrop` (default: `10`; `delta = round2(head − base)`, so a drop of exactly
 * `chunkDrop` counts); `new-high-issue` when it gained one of {@link HIGH_TAGS} (a tag on the
 * list counts whatever severity the issue carries); `new-failing-chunk` when an unmatched
 * chunk is graded `fail`; `unfindable` when an aligned chunk its own heading path and first
 * sentence found in the top 3 (seed 001) no longer is (it gained `unfindable-chunk`). `newTags`
 * always lists the high tags present in head and not in base (all of them for a new chunk).
 */
export function findRegressions(matches: readonly ChunkMatch[], options: RegressionOptions = {}): Regression[] {
  const chunkDrop = options.chunkDrop ?? 10;
  const regressions: Regression[] = [];
  for (const { head, base, match } of matches) {
    const before = new Set(highTags(base));
    const newTags = highTags(head).filter((tag) => !before.has(tag));
    const delta = base ? round2(head.score - base.score) : null;
    const reason =
      delta !== null && -delta >= chunkDrop
        ? 'score-drop'
        : base && newTags.length > 0
          ? 'new-high-issue'
          : !base && head.grade === 'fail'
            ? 'new-failing-chunk'
            : base && lostFindability(base, head)
              ? 'unfindable'
              : null;
    if (reason) regressions.push({ reason, match, base, head, delta, newTags });
  }
  return regressions;
}
