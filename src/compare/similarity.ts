import { wordsOf } from '../text/words.js';

/** The set of lower-cased words of `text` ({@link wordsOf}: spaced-script words, single CJK characters). */
export function wordSet(text: string): Set<string> {
  return new Set(wordsOf(text));
}

/**
 * Jaccard index |A ∩ B| / |A ∪ B| of two word sets; two empty sets are identical (`1`),
 * one empty set against a non-empty one shares nothing (`0`).
 */
export function jaccard(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  if (left.size === 0 && right.size === 0) return 1;
  const [small, large] = left.size <= right.size ? [left, right] : [right, left];
  let shared = 0;
  for (const word of small) if (large.has(word)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/**
 * Word-level Jaccard similarity of two texts: |A ∩ B| / |A ∪ B| over their word sets
 * ({@link wordsOf}: spaced-script words, single CJK characters).
 *
 * Neutral values: two texts without any word are identical in words (`1`); one text
 * without words against one with words shares nothing (`0`).
 */
export function wordSimilarity(a: string, b: string): number {
  return jaccard(wordSet(a), wordSet(b));
}
