import type { Uncheckable } from '../compare/unchecked.js';

/**
 * Thrown while analysing a file that cannot be checked, carrying what the writer is told:
 * `analyzeIsolated` turns it into the file's reason and hint, as it does a spent time budget.
 */
export class NotCheckable extends Error {
  override name = 'NotCheckable';
  constructor(readonly problem: Uncheckable) {
    super(problem.reason);
  }
}
