import type { ExternalChunk } from '../chunking/presets/index.js';
import type { Uncheckable } from '../compare/unchecked.js';
import { fileBudget, FileBudgetExceeded, type BudgetOptions } from './budget.js';
import { analyzeDocument, type DocAnalysis, type EvaluateOptions } from './evaluate.js';
import { NotCheckable } from './not-checkable.js';

/**
 * {@link analyzeDocument} for one side of one file, isolated
 * (docs/rules.md#files-chunkgate-cannot-check): whatever goes wrong on this file — a stack
 * overflow in the parser on 10,000 nested quotes, the file's time budget running out
 * ({@link fileBudget}), a bug — becomes a reason the file could not be checked, and the run
 * goes on with the other files.
 */
export function analyzeIsolated(
  path: string,
  source: string,
  options: EvaluateOptions,
  external?: readonly ExternalChunk[],
  budget: BudgetOptions = {},
): { analysis: DocAnalysis } | { problem: Uncheckable } {
  try {
    return { analysis: analyzeDocument(path, source, options, external, fileBudget(budget)) };
  } catch (error) {
    return { problem: problemOf(error) };
  }
}

/** What a failure while checking a file means to the writer. */
export function problemOf(error: unknown): Uncheckable {
  if (error instanceof NotCheckable) return error.problem;
  if (error instanceof FileBudgetExceeded) {
    return {
      reason: error.message,
      hint: 'Split the page: very long paragraphs, long runs without spaces and deeply nested lists or quotes are slow to chunk and score (or raise limits.cpuSeconds in the base branch\'s .chunkgate.yml).',
    };
  }
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return {
      reason: 'could not be parsed: nested too deeply (the Markdown parser ran out of stack)',
      hint: 'Flatten the nesting of block quotes and lists: readers and docs sites follow a few levels, not thousands.',
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    reason: `chunkgate failed on this file: ${message.split('\n', 1)[0]!.slice(0, 300)}`,
    hint: 'This is a chunkgate bug: please report it with the file (run with CHUNKGATE_DEBUG=1 for the stack).',
  };
}
