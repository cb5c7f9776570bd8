/**
 * Orders `values` so that its first `count` entries are its `count` smallest, ascending, as the
 * first `count` entries of `values.sort()` would be; the entries after them are the rest, in no
 * particular order. Returns `values`.
 *
 * Why not a full sort: the near-duplicate rule reads only a prefix of each chunk's shingles ranked
 * by rarity (about a tenth of them at the default threshold), and a quickselect (Hoare's
 * partition, middle pivot) followed by sorting that prefix costs a third of sorting all of them.
 * No NaN (the values are integers below 2⁵³).
 */
export function sortSmallest(values: Float64Array, count: number): Float64Array {
  const end = Math.max(0, Math.min(count, values.length));
  if (end > 0 && end < values.length) selectSmallest(values, end - 1);
  // One sort call for every count (a whole-array sort is the prefix of all of it): a second call
  // site, first reached in a later document, would make V8 deoptimise the caller.
  values.subarray(0, end).sort();
  return values;
}

/** Moves the smallest `last + 1` values before the others (quickselect: Hoare's partition, middle pivot). */
function selectSmallest(values: Float64Array, last: number): void {
  let low = 0;
  let high = values.length - 1;
  while (high > low) {
    const pivot = values[(low + high) >> 1]!;
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i]! < pivot) i += 1;
      while (values[j]! > pivot) j -= 1;
      if (i <= j) {
        const swap = values[i]!;
        values[i] = values[j]!;
        values[j] = swap;
        i += 1;
        j -= 1;
      }
    }
    // [low, j] ≤ pivot ≤ [i, high], and everything between j and i equals the pivot.
    if (last <= j) high = j;
    else if (last >= i) low = i;
    else return;
  }
}
