/**
 * The candidate closest to `word` by edit distance (Levenshtein with adjacent swaps, case-insensitive),
 * for "did you mean …?" hints on typos such as `chunkin` → `chunking`.
 *
 * A candidate counts only when its distance is at most `maxDistance`
 * (default: a third of the longer word's length, at least 1), so unrelated words get
 * no suggestion. Ties go to the earlier candidate. Returns `null` when none is close.
 */
export function closestMatch(
  word: string,
  candidates: readonly string[],
  options: { maxDistance?: number } = {},
): string | null {
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const limit = options.maxDistance ?? Math.max(1, Math.floor(Math.max(word.length, candidate.length) / 3));
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal-string-alignment distance: Levenshtein plus swaps of adjacent letters (`modle` → `model` is 1). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}
