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
  if (count >= values.length) return values.sort();
  if (count <= 0) return values;
  const last = count - 1;
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
    else break;
  }
  values.subarray(0, count).sort();
  return values;
}
