/** Default time one file (one side of it) may take to parse, chunk and score, in ms. */
export const DEFAULT_FILE_BUDGET_MS = 30_000;

/** Thrown by {@link Budget.check} once a file has used up its time. */
export class FileBudgetExceeded extends Error {
  override name = 'FileBudgetExceeded';
  constructor(
    /** The stage that finished past the budget, e.g. `chunking`. */
    readonly stage: string,
    readonly limitMs: number,
  ) {
    super(`took longer than ${formatSeconds(limitMs)} (the time budget ran out while ${stage})`);
  }
}

/** A per-file time budget, checked between the stages of the pipeline (issue 10 item 6). */
export interface Budget {
  /** Throws {@link FileBudgetExceeded} when more than the budget has passed since the budget was made; `stage` names what just finished. */
  check(stage: string): void;
}

/** Options of {@link fileBudget}. */
export interface BudgetOptions {
  /** Milliseconds the file may take (default: {@link DEFAULT_FILE_BUDGET_MS}). */
  ms?: number;
  /** The clock, in ms (default: `performance.now`); tests pass their own. */
  now?: () => number;
}

/**
 * Starts a file's time budget. Stages are synchronous, so a stage is never interrupted: the
 * caps on what each stage does (run lengths, front matter, segmenter windows) keep every stage
 * short, and the budget stops a file whose stages add up to too much before it goes on.
 */
export function fileBudget(options: BudgetOptions = {}): Budget {
  const ms = options.ms ?? DEFAULT_FILE_BUDGET_MS;
  const now = options.now ?? (() => performance.now());
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
