import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { runTask, type Task, type TaskResult } from './tasks.js';
import { WORKER_DATA, type AnswerMessage, type TaskMessage } from './worker.js';

/** Runs {@link Task}s on `size` threads: this one, and worker threads. */
export interface Pool {
  /** Threads the tasks run on (`1`: this thread only). */
  readonly size: number;
  run(task: Task): Promise<TaskResult>;
  /** Stops the worker threads (pending tasks are rejected). */
  close(): Promise<void>;
}

/** `--jobs` when not given: one thread per core the process may use. */
export function defaultJobs(): number {
  return availableParallelism();
}

/**
 * Files a run keeps in flight for `pool` (read, queued, evaluated, waiting for their turn to be
 * written): enough that a long file at the head of the line does not leave the other threads
 * idle, few enough that memory stays flat (each is a file's text and its report entry).
 */
export function inFlightFiles(pool: Pool): number {
  return 32 * pool.size;
}

/**
 * Tasks queued per worker: enough to keep it busy while this thread runs a task of its own
 * (it cannot hand out work meanwhile), and few enough to balance the last tasks of a run.
 */
const QUEUED = 6;

interface Pending {
  message: TaskMessage;
  resolve: (result: TaskResult) => void;
  reject: (error: Error) => void;
}

/**
 * A pool of `jobs` threads: this one and `jobs − 1` worker threads running `workerUrl` (the CLI
 * entry, which serves tasks when started as a worker: src/cli/index.ts), started on the first
 * task. This thread takes a task whenever every worker's queue is full, so `jobs` threads are
 * busy and none is left over to compete with them for the cores. With `jobs` ≤ 1 or no
 * `workerUrl`, everything runs in this thread. Results are the same either way (`runTask` is
 * pure); a worker that dies fails its own pending tasks with the reason, and the rest carry on.
 */
export function createPool(jobs: number, workerUrl: URL | undefined): Pool {
  if (jobs <= 1 || !workerUrl) {
    return {
      size: 1,
      run: (task) => new Promise((resolve) => resolve(runTask(task))),
      close: () => Promise.resolve(),
    };
  }
  interface Slot {
    worker: Worker;
    pending: Map<number, Pending>;
  }
  const slots: Slot[] = [];
  const backlog: Pending[] = [];
  let nextId = 0;
  let started = false;
  let closed = false;
  let localBusy = false;

  const runHere = (item: Pending): void => {
    localBusy = true;
    // After the events already queued (answers from the workers, which refill their queues).
    setImmediate(() => {
      try {
        item.resolve(runTask(item.message.task));
      } catch (error) {
        item.reject(error instanceof Error ? error : new Error(String(error)));
      }
      localBusy = false;
      dispatch();
    });
  };
  const dispatch = (): void => {
    while (backlog.length > 0) {
      const slot = slots.filter((candidate) => candidate.pending.size < QUEUED).sort((a, b) => a.pending.size - b.pending.size)[0];
      if (!slot) {
        if (!localBusy && !closed) runHere(backlog.shift()!);
        return;
      }
      const item = backlog.shift()!;
      slot.pending.set(item.message.id, item);
      slot.worker.postMessage(item.message);
    }
  };
  const fail = (slot: Slot, reason: string): void => {
    const at = slots.indexOf(slot);
    if (at === -1) return;
    slots.splice(at, 1);
    const error = new Error(`worker thread stopped: ${reason}`);
    for (const task of slot.pending.values()) task.reject(error);
    slot.pending.clear();
    dispatch();
  };
  const start = (): void => {
    started = true;
    for (let index = 1; index < jobs; index += 1) {
      const worker = new Worker(workerUrl, { workerData: WORKER_DATA });
      const slot: Slot = { worker, pending: new Map() };
      worker.on('message', (answer: AnswerMessage) => {
        const task = slot.pending.get(answer.id);
        if (!task) return;
        slot.pending.delete(answer.id);
        if ('error' in answer) task.reject(new Error(answer.error));
        else task.resolve(answer.result);
        dispatch();
      });
      worker.on('error', (error) => fail(slot, error.message));
      worker.on('exit', (code) => {
        if (!closed) fail(slot, `exit code ${code}`);
      });
      slots.push(slot);
    }
  };
  return {
    size: jobs,
    run: (task) =>
      new Promise((resolve, reject) => {
        if (closed) return reject(new Error('the worker pool is closed'));
        if (!started) start();
        backlog.push({ message: { id: nextId++, task }, resolve, reject });
        dispatch();
      }),
    close: async () => {
      closed = true;
      const error = new Error('the worker pool is closed');
      for (const item of backlog.splice(0)) item.reject(error);
      await Promise.all(
        slots.splice(0).map(async (slot) => {
          for (const task of slot.pending.values()) task.reject(error);
          await slot.worker.terminate();
        }),
      );
    },
  };
}
