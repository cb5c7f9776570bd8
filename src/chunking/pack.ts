import type { Span } from '../types.js';
import { sizeOf, type SplitContext } from './piece.js';

/** Sizes of a sequence of units, in the context's unit. */
export interface UnitSizes {
  /** Size of unit `index` alone. */
  core(index: number): number;
  /** Size of unit `index` with the whitespace between it and the previous unit. */
  lead(index: number): number;
}

/** Options for {@link packUnits}. */
export interface PackOptions {
  /** Largest estimated size of a packed range (a unit alone above it still forms a range). */
  max: number;
  /** Largest estimated size of the units a range repeats from the previous one (default: `0`). */
  overlap?: number;
  /**
   * True for a unit that starts a new heading section: overlap never reaches back over it
   * (default: no barriers).
   */
  barrier?: (index: number) => boolean;
  /**
   * True for a unit that must not end a range while units follow (a heading): the range
   * ends before it instead, unless it is the range's only unit (default: none).
   */
  keepWithNext?: (index: number) => boolean;
}

/**
 * Unit sizes measured from the source: `core(i)` is the unit's text, `lead(i)` the text
 * from the end of unit `i − 1` to the end of unit `i`. Consecutive leads are disjoint
 * slices of the source, so a range costs one tokenization of its text in total, and the
 * estimate `core(first) + Σ lead(rest)` is exact for `chars` and, for `tokens`, the token
 * count of the range measured in slices (BPE merges across slices are rare at whitespace).
 */
export function measuredSizes(context: SplitContext, units: readonly Span[]): UnitSizes {
  return {
    core: (index) => sizeOf(context, units[index]!),
    lead: (index) => {
      const unit = units[index]!;
      const previous = units[index - 1];
      return sizeOf(context, { start: previous ? Math.min(previous.end, unit.start) : unit.start, end: unit.end });
    },
  };
}

/**
 * Greedy packing of `count` consecutive units into ranges `[from, to)`: each range takes
 * units while `core(from) + Σ lead(from+1 … to−1) ≤ max`. The next range starts with the
 * longest tail of the previous one whose size is ≤ `overlap`, as long as that tail plus
 * the next unit still fits in `max` and no barrier lies between the tail's start and the
 * next unit (LangChain's merge rule, in whole units). A range never ends on a
 * `keepWithNext` unit that has a successor unless that unit is all it holds (no orphan
 * headings). Every range holds at least one new
 * unit, so the ranges cover all units in order; O(units + overlap units) size look-ups.
 */
export function packUnits(count: number, sizes: UnitSizes, options: PackOptions): Array<{ from: number; to: number }> {
  const overlap = options.overlap ?? 0;
  const barrier = options.barrier ?? (() => false);
  const ranges: Array<{ from: number; to: number }> = [];
  let from = 0;
  while (from < count) {
    let total = sizes.core(from);
    let to = from + 1;
    while (to < count) {
      const next = total + sizes.lead(to);
      if (next > options.max) break;
      total = next;
      to++;
    }
    while (to < count && to - 1 > from && options.keepWithNext?.(to - 1)) to--;
    ranges.push({ from, to });
    if (to >= count) break;
    from = overlap > 0 ? overlapStart(from, to, sizes, { ...options, overlap, barrier }) : to;
  }
  return ranges;
}

function overlapStart(from: number, to: number, sizes: UnitSizes, options: Required<Omit<PackOptions, 'keepWithNext'>>): number {
  if (options.barrier(to)) return to;
  const nextLead = sizes.lead(to);
  let start = to;
  let leads = 0; // Σ lead(i+1 … to−1) for the candidate start i
  for (let index = to - 1; index > from; index--) {
    if (index + 1 < to && options.barrier(index + 1)) break;
    const tail = sizes.core(index) + leads;
    if (tail > options.overlap || tail + nextLead > options.max) break;
    start = index;
    leads += sizes.lead(index);
  }
  return start;
}
