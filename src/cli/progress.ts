import { terminalSafe } from '../report/terminal.js';

/** Where a {@link Progress} line is drawn: standard error, when it is a terminal. */
export interface ProgressTarget {
  /** Writes raw text (no newline added). */
  write(text: string): void;
  /** Terminal width in columns, when known (the line is cut to fit). */
  columns?: number | undefined;
}

/** A one-line progress display for long runs. */
export interface Progress {
  /** Records that one more of the `total` items is done (`label`: what it was). */
  tick(label: string): void;
  /** Erases the line, so the report that follows starts on a clean line. */
  done(): void;
}

/** Options of {@link createProgress}. */
export interface ProgressOptions {
  /** How many items the run has. */
  total: number;
  /** What the items are, plural: `files`. */
  noun: string;
  /** The clock, in milliseconds (tests pass their own). */
  now?: () => number;
  /** Least time between two redraws, in milliseconds (default 100). */
  intervalMs?: number;
}

/** A progress that draws nothing: no terminal, or a run too short to need one. */
export const NO_PROGRESS: Progress = { tick() {}, done() {} };

/** Runs shorter than this many items finish before a progress line would help. */
const PROGRESS_MIN_ITEMS = 20;

/**
 * A progress line on a terminal's standard error (`chunkgate: 120/2,000 files · docs/a.md`),
 * redrawn in place with a carriage return and erase-line at most every `intervalMs`, and always
 * for the last item; `done()` erases it. The label is repository text, so it goes through
 * `terminalSafe`. Give it `null` (standard error is not a terminal: CI
 * logs, pipes) or a short run and it draws nothing, so logs and reports never contain it.
 */
export function createProgress(target: ProgressTarget | null, options: ProgressOptions): Progress {
  if (target === null || options.total < PROGRESS_MIN_ITEMS) return NO_PROGRESS;
  const now = options.now ?? Date.now;
  const interval = options.intervalMs ?? 100;
  const total = options.total.toLocaleString('en-US');
  let count = 0;
  let last = -Infinity;
  let drawn = false;
  return {
    tick(label) {
      count += 1;
      const time = now();
      if (count < options.total && time - last < interval) return;
      last = time;
      const line = `chunkgate: ${count.toLocaleString('en-US')}/${total} ${options.noun} · ${terminalSafe(label)}`;
      target.write(`\r\u001b[2K${fit(line, target.columns)}`);
      drawn = true;
    },
    done() {
      if (drawn) target.write('\r\u001b[2K');
      drawn = false;
    },
  };
}

/** `line` cut to `columns − 1` characters (a full-width line would wrap on some terminals). */
function fit(line: string, columns: number | undefined): string {
  if (columns === undefined || columns < 2) return line;
  const chars = [...line];
  return chars.length < columns ? line : `${chars.slice(0, columns - 2).join('')}…`;
}
