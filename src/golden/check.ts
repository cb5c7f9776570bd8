import { foldWhitespace, locateExcerpt, type FoldedText } from './locate.js';
import type { GoldenSet } from './schema.js';

/** An expected excerpt the docs no longer hold. */
export interface StaleEvidence {
  id: string;
  file: string;
  text: string;
  /** Why: the file is gone, or the passage is not in it. */
  reason: 'missing-file' | 'missing-text';
}

/**
 * Checks every expected excerpt against the docs (whitespace-insensitive, verbatim):
 * the stale ones, in golden-set order. `read` returns a file's text or `null`.
 */
export function staleEvidence(golden: GoldenSet, read: (path: string) => string | null): StaleEvidence[] {
  const cache = new Map<string, FoldedText | null>();
  const folded = (path: string) => {
    if (!cache.has(path)) {
      const text = read(path);
      cache.set(path, text === null ? null : foldWhitespace(text));
    }
    return cache.get(path)!;
  };
  const stale: StaleEvidence[] = [];
  for (const query of golden.queries) {
    for (const evidence of query.evidence) {
      const text = folded(evidence.file);
      if (text === null) stale.push({ id: query.id, file: evidence.file, text: evidence.text, reason: 'missing-file' });
      else if (!locateExcerpt(evidence.text, text)) stale.push({ id: query.id, file: evidence.file, text: evidence.text, reason: 'missing-text' });
    }
  }
  return stale;
}
