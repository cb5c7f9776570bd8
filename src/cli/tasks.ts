import { evaluateFile, type EvalFileResult, type EvalFileTask } from '../engine/eval-file.js';
import { chunkForRetrieval } from '../engine/retrieval.js';
import { renderJsonFile } from '../report/json.js';
import type { Chunk, ChunkingOptions } from '../types.js';

/** Work a `--jobs` worker thread (or the main thread) does for one file. Plain data both ways. */
export type Task =
  /** `chunkgate eval`: evaluate one file; with `json`, also its report entry, rendered where it was computed. */
  | { kind: 'eval'; file: EvalFileTask; json: boolean }
  /** Golden-set retrieval: chunk one corpus file, nothing scored. */
  | { kind: 'chunk'; path: string; text: string; chunking: ChunkingOptions };

/** What a {@link Task} gives back. */
export type TaskResult = { kind: 'eval'; result: EvalFileResult; json?: string } | { kind: 'chunk'; chunks: Chunk[] };

/** Runs one task: the same pure functions in every thread, so results never depend on `--jobs`. */
export function runTask(task: Task): TaskResult {
  if (task.kind === 'chunk') return { kind: 'chunk', chunks: chunkForRetrieval(task.path, task.text, task.chunking) };
  const result = evaluateFile(task.file);
  return task.json ? { kind: 'eval', result, json: renderJsonFile(result.diff) } : { kind: 'eval', result };
}
