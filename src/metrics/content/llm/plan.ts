import type { Span } from '../../../types.js';

/** A chunk to judge, located by document and chunk index, with its section excerpt's extent. */
export interface PlanItem {
  docIndex: number;
  index: number;
  section: Span;
}

/** Options for {@link planBatches}. */
export interface PlanOptions {
  /** Most target chunks per request (default: `8`). */
  batchSize?: number;
}

/** Default for {@link PlanOptions.batchSize}. */
export const DEFAULT_BATCH_SIZE = 8;

/**
 * Groups chunks to judge into requests: items of one document, in chunk order,
 * join the current batch while it holds fewer than `batchSize` items and the new
 * item's evidence touches the batch's (its index is at most 2 past the last one,
 * so they share a neighbour, or its section excerpt starts inside the batch's
 * excerpts). Far-apart chunks go to separate requests, so no request carries the
 * unrelated source between them. Input order does not matter; output is sorted.
 */
export function planBatches<T extends PlanItem>(items: readonly T[], options: PlanOptions = {}): T[][] {
  const size = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH_SIZE));
  const sorted = [...items].sort((a, b) => a.docIndex - b.docIndex || a.index - b.index);
  const batches: T[][] = [];
  let current: T[] = [];
  let reach = -1;
  for (const item of sorted) {
    const last = current.at(-1);
    const joins =
      last !== undefined &&
      last.docIndex === item.docIndex &&
      current.length < size &&
      (item.index <= last.index + 2 || item.section.start <= reach);
    if (!joins) {
      if (current.length > 0) batches.push(current);
      current = [];
      reach = -1;
    }
    current.push(item);
    reach = Math.max(reach, item.section.end);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
