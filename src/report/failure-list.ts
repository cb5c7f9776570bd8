import type { DocDiff } from '../types.js';
import { codeSpan, escapeMessage } from './escape.js';
import { plural } from './format.js';

/** Options of {@link failureList}. */
export interface FailureListOptions {
  /** Items to show before "… N more threshold failures" (default: all). */
  limit?: number;
}

/**
 * The threshold-failures section: `### ❌ Threshold failures` and one item per failure,
 * `- `path` — structural fell 25 points; the limit is a 5-point drop (`thresholds.fileDrop`).`;
 * `null` when no file failed.
 */
export function failureList(files: readonly DocDiff[], options: FailureListOptions = {}): string | null {
  const items = files.flatMap((file) => file.failures.map((failure) => `- ${codeSpan(file.path)} — ${escapeMessage(failure.message)}.`));
  if (items.length === 0) return null;
  const limit = options.limit ?? items.length;
  const rest = items.length - limit;
  const more = rest > 0 ? [`- … ${plural(rest, 'more threshold failure')}: see the job summary`] : [];
  return ['### ❌ Threshold failures', ...items.slice(0, limit), ...more].join('\n');
}
