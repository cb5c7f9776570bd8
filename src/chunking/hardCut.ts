import type { Span } from '../types.js';
import type { SplitContext } from './piece.js';
import { tokenOffsets } from '../tokens/index.js';
import { trimSpan } from './trim.js';

/**
 * The last-resort cut of `span` into windows of at most `max` units, with no regard for
 * words: `max` UTF-16 code units for `chars` (never between the halves of a surrogate
 * pair; a window holds a whole pair even when `max` is 1), `max` tokens of the context's
 * tokenizer for `tokens` (cut at token ends mapped back to source offsets). Windows start
 * every `step` units (default: `max`; the `fixed` baseline passes `max − overlap`).
 * Windows are trimmed; whitespace-only ones and ones inside the previous window are dropped.
 */
export function hardCut(context: SplitContext, span: Span, options: { step?: number } = {}): Span[] {
  const max = Math.max(1, context.max);
  const step = Math.max(1, Math.min(max, options.step ?? max));
  const raw = context.unit === 'chars' ? charWindows(context.source, span, max, step) : tokenWindows(context, span, max, step);
  const windows: Span[] = [];
  for (const window of raw) {
    const trimmed = trimSpan(context.source, window);
    const previous = windows.at(-1);
    if (trimmed.end === trimmed.start) continue;
    if (previous && previous.start <= trimmed.start && previous.end >= trimmed.end) continue;
    windows.push(trimmed);
  }
  return windows;
}

function charWindows(source: string, span: Span, max: number, step: number): Span[] {
  const windows: Span[] = [];
  for (let start = span.start; start < span.end; ) {
    const end = boundary(source, span, start + max, start);
    windows.push({ start, end });
    if (end >= span.end) break;
    start = Math.min(end, boundary(source, span, start + step, start));
  }
  return windows;
}

/** `at` clamped to the span and moved off the middle of a surrogate pair (never to `floor`). */
function boundary(source: string, span: Span, at: number, floor: number): number {
  let offset = Math.min(at, span.end);
  if (offset < span.end && isLowSurrogate(source.charCodeAt(offset)) && isHighSurrogate(source.charCodeAt(offset - 1))) {
    offset = offset - 1 > floor ? offset - 1 : offset + 1;
  }
  return offset;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function tokenWindows(context: SplitContext, span: Span, max: number, step: number): Span[] {
  const ends = tokenOffsets(context.source.slice(span.start, span.end), context.tokenizer);
  const offsetAfter = (tokens: number): number => (tokens === 0 ? span.start : span.start + ends[tokens - 1]!);
  const windows: Span[] = [];
  for (let first = 0; first < ends.length; first += step) {
    const last = Math.min(ends.length, first + max);
    windows.push({ start: offsetAfter(first), end: offsetAfter(last) });
    if (last === ends.length) break;
  }
  return windows;
}
