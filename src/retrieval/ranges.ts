import type { Span } from '../types.js';

/** Spans in one file, sorted and merged: the union of `spans`. */
export function union(spans: readonly Span[]): Span[] {
  const sorted = [...spans].filter((span) => span.end > span.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** The overlap of two spans, or `null`. */
export function intersect(a: Span, b: Span): Span | null {
  const start = Math.max(a.start, b.start);
  const end = Math.min(a.end, b.end);
  return end > start ? { start, end } : null;
}

/** The parts of `spans` that no span of `cut` covers. */
export function subtract(spans: readonly Span[], cut: readonly Span[]): Span[] {
  const cuts = union(cut);
  const out: Span[] = [];
  for (const span of union(spans)) {
    let start = span.start;
    for (const piece of cuts) {
      if (piece.end <= start || piece.start >= span.end) continue;
      if (piece.start > start) out.push({ start, end: piece.start });
      start = Math.max(start, piece.end);
    }
    if (start < span.end) out.push({ start, end: span.end });
  }
  return out;
}
