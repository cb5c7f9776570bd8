import type { DocDiff, Regression } from '../types.js';
import { foldedDrops } from './items.js';

/** A regression together with the file it belongs to. */
export interface RegressionEntry {
  file: DocDiff;
  regression: Regression;
}

function overallDelta(file: DocDiff): number {
  return file.deltas.find((delta) => delta.kind === 'overall')?.delta ?? 0;
}

/**
 * Files in reading order for a reviewer: most threshold failures first (a drop folded into the
 * items it restates not counted), then most regressed
 * chunks, then the largest `overall` drop, then path (code-unit order). The report itself keeps
 * path order; this is presentation only.
 */
export function orderFiles(files: readonly DocDiff[]): DocDiff[] {
  const failures = new Map(files.map((file) => [file, file.failures.length - foldedDrops(file).length]));
  return [...files].sort(
    (a, b) =>
      failures.get(b)! - failures.get(a)! ||
      b.regressions.length - a.regressions.length ||
      overallDelta(a) - overallDelta(b) ||
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
}

/** Every regression of `files` (taken in the given order), within a file by head line then chunk index. */
export function regressionEntries(files: readonly DocDiff[]): RegressionEntry[] {
  return files.flatMap((file) =>
    [...file.regressions]
      .sort((a, b) => a.head.startLine - b.head.startLine || a.head.index - b.head.index)
      .map((regression) => ({ file, regression })),
  );
}
