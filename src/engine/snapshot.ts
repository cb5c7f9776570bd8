import type { Uncheckable } from '../compare/unchecked.js';
import type { FileSources } from '../report/html/types.js';
import type { Report } from '../types.js';
import { compareFiles, type CompareOptions } from './compare-files.js';

/**
 * One file of a snapshot: its repository-relative path and text, or why it could not be read
 * (`text: null` with `unreadable`: it becomes an `unchecked` finding, never a silent skip).
 */
export type SnapshotFile = { path: string; text: string } | { path: string; text: null; unreadable: Uncheckable };

/**
 * Evaluates every file of one snapshot (a commit's tree, a folder) as it stands. There is no
 * base side: each file is judged as an added one — absolute thresholds, failing chunks — by the
 * same path as a comparison ({@link compareFiles}), so the external chunker, the LLM judge,
 * retrieval, provenance and the report come out exactly as for a pull request.
 */
export function evaluateSnapshot(
  files: readonly SnapshotFile[],
  options: CompareOptions,
): Promise<{ report: Report; notices: string[]; sources: FileSources[] }> {
  return compareFiles(
    files.map((file) => ({
      path: file.path,
      status: 'added' as const,
      base: null,
      head: file.text,
      ...(file.text === null ? { unreadable: { head: file.unreadable } } : {}),
    })),
    options,
  );
}
