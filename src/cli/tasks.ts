import { fileFacts, type FileFacts } from '../compare/facts.js';
import { evaluateFile, type EvalFileTask } from '../engine/eval-file.js';
import { chunkForRetrieval } from '../engine/retrieval.js';
import type { SideSource } from '../report/html/types.js';
import { renderJsonFile } from '../report/json.js';
import type { Chunk, ChunkingOptions, DocDiff } from '../types.js';

/** What the caller of an `eval` task keeps of the file: each part costs copying between threads. */
export interface EvalWants {
  /** The file's report entry, rendered where it was computed. */
  json: boolean;
  /** The whole diff (text, Markdown and HTML reports). */
  diff: boolean;
}

/** Work a `--jobs` worker thread (or the main thread) does for one file. Plain data both ways. */
export type Task =
  /** `chunkgate eval`: evaluate one file. */
  | { kind: 'eval'; file: EvalFileTask; want: EvalWants }
  /** Golden-set retrieval: chunk one corpus file, nothing scored. */
  | { kind: 'chunk'; path: string; text: string; chunking: ChunkingOptions };

/** One evaluated file, as much of it as was asked for; `facts` always (the summary needs them). */
export interface EvalAnswer {
  kind: 'eval';
  json?: string;
  diff?: DocDiff;
  facts: FileFacts;
  warnings: string[];
  source?: SideSource;
}

/** What a {@link Task} gives back. */
export type TaskResult = EvalAnswer | { kind: 'chunk'; chunks: Chunk[] };

/** Runs one task: the same pure functions in every thread, so results never depend on `--jobs`. */
export function runTask(task: Task): TaskResult {
  if (task.kind === 'chunk') return { kind: 'chunk', chunks: chunkForRetrieval(task.path, task.text, task.chunking) };
  const { diff, warnings, source } = evaluateFile(task.file);
  return {
    kind: 'eval',
    ...(task.want.json ? { json: renderJsonFile(diff) } : {}),
    ...(task.want.diff ? { diff } : {}),
    facts: fileFacts(diff),
    warnings,
    ...(source ? { source } : {}),
  };
}
