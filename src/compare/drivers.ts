import type { ChunkChange, DocEval, Regression } from '../types.js';
import type { ChunkMatch } from './align.js';

/** Options of {@link scoreDrivers}. */
export interface DriverOptions {
  /** Changes listed at most (default: `3`). */
  limit?: number;
}

/**
 * The chunk changes that pull a file's score down, largest first (a threshold failure
 * names the chunks and lines that drive it): aligned chunks whose displayed score fell, and new
 * chunks scored below the base file's `overall` (their fall is measured from it), each with the
 * high tag it newly carries. Ties: head line. Changes under 1 displayed point are left out.
 */
export function scoreDrivers(matches: readonly ChunkMatch[], base: DocEval | undefined, regressions: readonly Regression[], options: DriverOptions = {}): ChunkChange[] {
  const baseline = base?.scores.overall ?? 100;
  const tagOf = new Map(regressions.map((regression) => [regression.head, regression.newTags[0]]));
  const changes = matches
    .map(({ head, base: before }) => {
      const fall = Math.round(before ? before.score : baseline) - Math.round(head.score);
      const change: ChunkChange = {
        startLine: head.startLine,
        endLine: head.endLine,
        headingPath: head.headingPath,
        before: before ? before.score : null,
        after: head.score,
      };
      const tag = tagOf.get(head);
      if (tag) change.tag = tag;
      return { change, fall };
    })
    .filter(({ fall }) => fall >= 1)
    .sort((a, b) => b.fall - a.fall || a.change.startLine - b.change.startLine);
  return changes.slice(0, options.limit ?? 3).map(({ change }) => change);
}
