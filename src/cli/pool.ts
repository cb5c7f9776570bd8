import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { runTask, type Task, type TaskResult } from './tasks.js';
import { WORKER_DATA, type AnswerMessage, type TaskMessage } from './worker.js';

/** Runs {@link Task}s on `size` threads: worker threads, or this one. */
export interface Pool {
  /** Threads the tasks run on (`1`: this thread). */
  readonly size: number;
  run(task: Task): Promise<TaskResult>;
  /** Stops the worker threads (pending tasks are rejected). */
  close(): Promise<void>;
}

/** Files per worker thread below which starting one costs more than it saves (~0.3 s of start-up each). */
const FILES_PER_WORKER = 64;

/**
 * The threads for `files` files: `--jobs` as given (at most one per file), or by default one
 * per core the process may use, but no worker for fewer than 64 files each (a few files are
 * done before a worker has started).
 */
export function jobsFor(files: number, given: number | undefined): number {
  if (given !== undefined) return Math.max(1, Math.min(given, files));
  return Math.max(1, Math.min(availableParallelism(), Math.floor(files / FILES_PER_WORKER)));
}

/**
 * Files a run keeps in flight for `pool` (read, queued, evaluated, waiting for their turn to be
 * written): enough that a long file at the head of the line does not leave the other threads
 * idle, few enough that memory stays flat (each is a file's text and its report entry).
 */
export function inFlightFiles(pool: Pool): number {
  return 32 * pool.size;
}

/** Tasks in flight per worker: one running, the next waiting, so it never idles between messages. */
const QUEUED = 3;

/**
 * Young generation of a worker's heap, in MB (V8's default here is 48: three 16 MB semi-spaces).
 * Parsing makes large trees that live for one file; with room to die young they are not
 * promoted, and the old generation's collections (which mark the token tables every time) stay
 * rare. Measured on the synthetic site of bench/ with 2 workers: a fifth less CPU, for ~40 MB
 * more memory per worker. (The main thread's heap is set before any code runs; `--jobs 1`
 * keeps V8's default.)
 */
const YOUNG_GENERATION_MB = 64;

interface Pending {
  message: TaskMessage;
  resolve: (result: TaskResult) => void;
  reject: (error: Error) => void;
}

/**
 * A pool of `jobs` worker threads running `workerUrl` (the CLI entry, which serves tasks when
 * started as a worker: src/cli/index.ts), started on the first task; this thread only reads,
 * hands out and writes. With `jobs` ≤ 1 or no `workerUrl`, tasks run in this thread. Results are
 * the same either way (`runTask` is pure); a worker that dies fails its own pending tasks with
 * the reason, and the others carry on.
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
  const dispatch = (): void => {
    while (backlog.length > 0) {
      const slot = slots.filter((candidate) => candidate.pending.size < QUEUED).sort((a, b) => a.pending.size - b.pending.size)[0];
      if (!slot) return;
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
    if (slots.length === 0) for (const item of backlog.splice(0)) item.reject(error);
    else dispatch();
  };
  const start = (): void => {
    started = true;
    for (let index = 0; index < jobs; index += 1) {
      const worker = new Worker(workerUrl, { workerData: WORKER_DATA, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
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
        if (slots.length === 0) return reject(new Error('no worker thread is running'));
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
