import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { runTask, type Task } from './tasks.js';

/** `workerData` of a chunkgate worker thread: the entry module tells a worker from the CLI by it. */
export const WORKER_DATA = { chunkgate: 'worker' } as const;

/** Whether this thread is a `--jobs` worker started by {@link createPool} (src/cli/pool.ts). */
export function isPoolWorker(): boolean {
  return !isMainThread && (workerData as { chunkgate?: unknown } | null)?.chunkgate === WORKER_DATA.chunkgate;
}

/** A task message from the pool, and the answer: the result, or the error's message and stack. */
export type TaskMessage = { id: number; task: Task };
export type AnswerMessage = { id: number; result: ReturnType<typeof runTask> } | { id: number; error: string };

/**
 * Serves tasks until the pool terminates the thread. A task that throws is answered with its
 * error, and the thread goes on: one bad file does not take the other files down.
 */
export function serveTasks(): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks: not a worker thread');
  port.on('message', ({ id, task }: TaskMessage) => {
    let answer: AnswerMessage;
    try {
      answer = { id, result: runTask(task) };
    } catch (error) {
      answer = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(answer);
  });
}
