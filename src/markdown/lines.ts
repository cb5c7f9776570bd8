/** Offsets at which each line of `source` starts (`\n` line endings; `\r\n` works too). */
export function lineStartsOf(source: string): number[] {
  const starts = [0];
  for (let index = source.indexOf('\n'); index !== -1; index = source.indexOf('\n', index + 1)) {
    starts.push(index + 1);
  }
  return starts;
}

/** The 1-based line holding `offset`, by binary search over {@link lineStartsOf}. */
export function lineAt(lineStarts: readonly number[], offset: number): number {
  return lastAtOrBefore(lineStarts, offset) + 1;
}

/** Index of the last value ≤ `value` in ascending `sorted` (0 when none is), by binary search. */
export function lastAtOrBefore(sorted: readonly number[], value: number): number {
  return Math.max(0, lastStartingAtOrBefore(sorted, value, (item) => item));
}

/**
 * Index of the last item whose `startOf` is ≤ `value`, in items sorted by `startOf`
 * (−1 when none is), by binary search.
 */
export function lastStartingAtOrBefore<T>(items: readonly T[], value: number, startOf: (item: T) => number): number {
  let low = 0;
  let high = items.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (startOf(items[middle]!) <= value) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
