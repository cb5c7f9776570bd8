import { foldWhitespace, locateExcerpt, type FoldedText } from './locate.js';
import type { GoldenSet } from './schema.js';

/** An expected excerpt the docs no longer hold. */
export interface StaleEvidence {
  id: string;
  file: string;
  text: string;
  /** Why: the file is gone, cannot be read (`detail` says why), or the passage is not in it. */
  reason: 'missing-file' | 'unreadable-file' | 'missing-text';
  /** Why the file could not be read (`unreadable-file` only). */
  detail?: string;
}

/**
 * Checks every expected excerpt against the docs (whitespace-insensitive, verbatim):
 * the stale ones, in golden-set order. `read` returns a file's text, `null` when it does not
 * exist, or `{ unreadable }` with the reason it may not be read (outside the repository, binary…).
 */
export function staleEvidence(golden: GoldenSet, read: (path: string) => string | null | { unreadable: string }): StaleEvidence[] {
  const cache = new Map<string, FoldedText | null | { unreadable: string }>();
  const folded = (path: string) => {
    if (!cache.has(path)) {
      const text = read(path);
      cache.set(path, typeof text === 'string' ? foldWhitespace(text) : text);
    }
    return cache.get(path)!;
  };
  const stale: StaleEvidence[] = [];
  for (const query of golden.queries) {
    for (const evidence of query.evidence) {
      const text = folded(evidence.file);
      if (text === null) stale.push({ id: query.id, file: evidence.file, text: evidence.text, reason: 'missing-file' });
      else if ('unreadable' in text) stale.push({ id: query.id, file: evidence.file, text: evidence.text, reason: 'unreadable-file', detail: text.unreadable });
      else if (!locateExcerpt(evidence.text, text)) stale.push({ id: query.id, file: evidence.file, text: evidence.text, reason: 'missing-text' });
    }
  }
  return stale;
}
