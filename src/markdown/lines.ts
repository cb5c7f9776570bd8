/**
 * Offsets at which each line of `source` starts. A line ends at `\n`, `\r\n` or a lone `\r`
 * (CommonMark's line endings: old Mac files and some generators use bare carriage returns),
 * so lines agree with the parser's positions; offsets stay those of the untouched source.
 */
export function lineStartsOf(source: string): number[] {
  const starts = [0];
  if (!source.includes('\r')) {
    // Most files end lines with `\n` alone: scanning for it allocates no match per line.
    for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1)) starts.push(at + 1);
    return starts;
  }
  // One regex pass; `\r\n` matches as one line ending.
  for (const match of source.matchAll(/\r\n?|\n/g)) starts.push(match.index + match[0].length);
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
