import { evaluatePair, type PairResult, type PairTask } from '../engine/pair.js';
import { chunkForRetrieval, type CorpusChunking } from '../engine/retrieval.js';
import type { ComplexityLimits } from '../markdown/complexity.js';
import type { ChunkingOptions } from '../types.js';

/** Work a `--jobs` worker thread (or the main thread) does for one file. Plain data both ways. */
export type Task =
  /** One changed (or, for `eval`, evaluated) file: both sides analysed, scored and compared. */
  | { kind: 'pair'; task: PairTask }
  /** Golden-set retrieval: chunk one corpus file, nothing scored. */
  | { kind: 'chunk'; path: string; text: string; chunking: ChunkingOptions; limits?: ComplexityLimits };

/** What a {@link Task} gives back. */
export type TaskResult = { kind: 'pair'; result: PairResult } | { kind: 'chunk'; chunking: CorpusChunking };

/** Runs one task: the same pure functions in every thread, so results never depend on `--jobs`. */
export function runTask(task: Task): TaskResult {
  if (task.kind === 'chunk') return { kind: 'chunk', chunking: chunkForRetrieval(task.path, task.text, task.chunking, undefined, task.limits) };
  return { kind: 'pair', result: evaluatePair(task.task) };
}
