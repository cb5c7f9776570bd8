import type { Span } from '../types.js';

/**
 * Keeps code blocks nested in a list, blockquote or JSX / HTML block whole: the units
 * that overlap one of `fences` are merged into one unit, together with every unit between them, so
 * no cut falls inside the code (units sharing a unit with two fences merge across both). A merged
 * unit may exceed `max`; it is then a piece of its own (flagged `oversize-chunk`), never a code
 * block in halves. `units` and `fences` are in source order; units cover every non-whitespace
 * character, so a fence never starts before the first unit that overlaps it. Without fences the
 * units come back as they are.
 */
export function protectFences(units: readonly Span[], fences: readonly Span[] | undefined): Span[] {
  if (!fences || fences.length === 0) return [...units];
  const result: Span[] = [];
  let first = 0;
  // End of the furthest fence the last merged unit overlaps: units starting before it join that unit.
  let reach = -1;
  for (const unit of units) {
    while (first < fences.length && fences[first]!.end <= unit.start) first += 1;
    let fenceEnd = -1;
    for (let index = first; index < fences.length && fences[index]!.start < unit.end; index += 1) fenceEnd = Math.max(fenceEnd, fences[index]!.end);
    const last = result.at(-1);
    if (last && reach > unit.start) {
      last.end = Math.max(last.end, unit.end);
      reach = Math.max(reach, fenceEnd);
      continue;
    }
    result.push({ start: unit.start, end: unit.end });
    reach = fenceEnd;
  }
  return result;
}
