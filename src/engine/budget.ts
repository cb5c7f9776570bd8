import { readFileSync } from 'node:fs';
import { DEFAULT_FILE_BUDGET_MS } from '../shared/words.js';

/** Thrown by {@link Budget.check} once a file has used up its time. */
export class FileBudgetExceeded extends Error {
  override name = 'FileBudgetExceeded';
  constructor(
    /** The stage that finished past the budget, e.g. `chunking`. */
    readonly stage: string,
    readonly limitMs: number,
  ) {
    super(`used more than ${formatSeconds(limitMs)} of CPU time (the budget, limits.cpuSeconds, ran out while ${stage})`);
  }
}

/**
 * A per-file CPU time budget, checked between the stages of the pipeline (docs/rules.md#files-chunkgate-cannot-check).
 */
export interface Budget {
  /** Throws {@link FileBudgetExceeded} when more than the budget has passed since the budget was made; `stage` names what just finished. */
  check(stage: string): void;
}

/** Options of {@link fileBudget}. */
export interface BudgetOptions {
  /** Milliseconds the file may take (default: {@link DEFAULT_FILE_BUDGET_MS}). */
  ms?: number;
  /** The clock, in ms (default: {@link threadCpuMs}); tests pass their own. */
  now?: () => number;
}

/**
 * Starts a file's time budget, in CPU time of this thread: a busy machine slows a file down in
 * wall time but not in CPU time, so whether a file fits does not depend on the machine's load.
 * Stages are synchronous, so a stage is never interrupted: the complexity caps checked before
 * parsing (`complexityExcess`: nesting, backtick runs) and the caps on what each stage does
 * (run lengths, front matter, segmenter windows) keep every stage short, and the budget stops a
 * file whose stages add up to too much before it goes on.
 */
export function fileBudget(options: BudgetOptions = {}): Budget {
  const ms = options.ms ?? DEFAULT_FILE_BUDGET_MS;
  const now = options.now ?? threadCpuMs;
  const start = now();
  return {
    check(stage) {
      if (now() - start > ms) throw new FileBudgetExceeded(stage, ms);
    },
  };
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

/** `process.threadCpuUsage` (Node ≥ 23.9), not in Node 20's types. */
type ThreadCpuUsage = () => { user: number; system: number };

/**
 * CPU time used by the calling thread so far, in ms: `process.threadCpuUsage()` where Node has
 * it (23.9 and later), else the thread's own counters in /proc/thread-self/stat (Linux, 10 ms
 * ticks), else the process's CPU time (`process.cpuUsage()`: on other systems with `--jobs`
 * above 1 that counts the other threads too, so a file can run out sooner there).
 */
export function threadCpuMs(): number {
  const threadUsage = (process as { threadCpuUsage?: ThreadCpuUsage }).threadCpuUsage;
  if (threadUsage) {
    const usage = threadUsage();
    return (usage.user + usage.system) / 1000;
  }
  if (procStat !== false) {
    try {
      const stat = readFileSync('/proc/thread-self/stat', 'latin1');
      // Fields after the command name (which may hold spaces) in parentheses: utime and stime are 14th and 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procStat = true;
      return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
    } catch {
      procStat = false;
    }
  }
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Linux's `USER_HZ` is 100 on every architecture Node runs on. */
const CLOCK_TICK_MS = 10;
/** Whether /proc/thread-self/stat can be read (`undefined`: not tried yet). */
let procStat: boolean | undefined;
