import type { DocDiff, DocEval, FileStatus } from '../types.js';
import { alignChunks } from './align.js';
import { scoreDeltas } from './deltas.js';
import { thresholdFailures, type FileThresholds } from './failures.js';
import { findRegressions } from './regressions.js';

/** One changed file: its status and whatever exists of each side. */
export interface DocInput {
  /** Head path (base path for a removed file). */
  path: string;
  /** Base path of a renamed file. */
  previousPath?: string;
  status: FileStatus;
  base?: DocEval;
  head?: DocEval;
  /** Base Markdown source, for line mapping (default: `''`, which maps nothing). */
  baseSource?: string;
  /** Head Markdown source, for line mapping (default: `''`). */
  headSource?: string;
}

/**
 * Compares one file's base and head evaluations (SPEC §7).
 *
 * - `deltas`: every score and metric ({@link scoreDeltas}; neutral within ±0.5).
 * - `regressions`: head chunks aligned with {@link alignChunks}, judged by {@link findRegressions}
 *   with `thresholds.chunkDrop`.
 * - `failures`: {@link thresholdFailures}.
 *
 * Per status: `added` (no base) gets absolute thresholds and `new-failing-chunk` regressions
 * only; `removed` (no head) is listed with deltas and nothing else; a file whose text is the
 * same on both sides (`unchanged`, or equal sources) has no regressions and no drop failures,
 * only absolute thresholds — the shell decides whether unchanged files are checked at all.
 */
export function compareDoc(input: DocInput, thresholds: FileThresholds): DocDiff {
  const { base, head } = input;
  const unchanged =
    input.status === 'unchanged' || (input.baseSource !== undefined && input.baseSource === input.headSource);
  const diff: DocDiff = {
    path: input.path,
    status: input.status,
    deltas: scoreDeltas(base, head),
    regressions: [],
    failures: [],
    findings: [],
  };
  if (input.previousPath !== undefined) diff.previousPath = input.previousPath;
  if (base) diff.base = base;
  if (head) diff.head = head;
  if (!head) return diff;

  if (!unchanged) {
    const matches = alignChunks(
      { chunks: base?.chunks ?? [], source: input.baseSource ?? '' },
      { chunks: head.chunks, source: input.headSource ?? '' },
    );
    diff.regressions = findRegressions(matches, { chunkDrop: thresholds.chunkDrop });
  }
  diff.failures = thresholdFailures(base, head, thresholds, { drops: !unchanged });
  return diff;
}
