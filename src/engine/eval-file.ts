import type { ExternalChunk } from '../chunking/presets/index.js';
import { compareDoc } from '../compare/diff-doc.js';
import type { ContentWeights, FileSettings, StructuralWeights } from '../config/types.js';
import type { SideSource } from '../report/html/types.js';
import type { DocDiff } from '../types.js';
import { sideSource } from './compare-files.js';
import { analyzeDocument, scoreDocument } from './evaluate.js';

/** Everything one file of `chunkgate eval` is evaluated with, as plain data (it crosses to worker threads). */
export interface EvalFileTask {
  path: string;
  text: string;
  /** The file's settings after `overrides` (`settingsFor`), resolved once by the caller. */
  settings: FileSettings;
  weights: { structural: StructuralWeights; content: ContentWeights };
  /** The external chunker's chunks (strategy `external`). */
  external?: readonly ExternalChunk[];
  /** Also return the source and section lengths for the HTML report (default: `false`). */
  withSource?: boolean;
}

/** One evaluated file: its report entry (a head-only `added` diff) and what the shell prints or draws. */
export interface EvalFileResult {
  diff: DocDiff;
  warnings: string[];
  source?: SideSource;
}

/**
 * Evaluates one file the way `chunkgate eval` reports it (SPEC §1: source → DocEval → DocDiff,
 * status `added`, absolute thresholds only). Pure: the same task gives the same result in any
 * thread, which is what keeps `--jobs` and `--shard` reports byte-identical.
 */
export function evaluateFile(task: EvalFileTask): EvalFileResult {
  const analysis = analyzeDocument(task.path, task.text, { chunking: task.settings.chunking, weights: task.weights }, task.external);
  const head = scoreDocument(analysis);
  const diff = compareDoc({ path: task.path, status: 'added', head }, task.settings.thresholds);
  return { diff, warnings: analysis.warnings, ...(task.withSource ? { source: sideSource(analysis) } : {}) };
}
