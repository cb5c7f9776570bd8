import type { Span } from '../types.js';
import { hardCut } from './hardCut.js';
import { sizeOf, type SplitContext } from './piece.js';
import { sentenceSpans } from './sentences.js';
import { trimSpan } from './trim.js';

/** Separators of non-atomic text, coarsest first; characters / tokens always come last. */
export type TextLevel = 'lines' | 'sentences' | 'words';

/**
 * Cuts the text `span` into units of at most `max`: at the first level of `levels`
 * (default: `['sentences', 'words']`), then each unit still above `max` at the next level,
 * then by characters / tokens ({@link hardCut}). Units are trimmed, in source order, and
 * cover every non-whitespace character of `span`. A span that fits comes back whole.
 */
export function textUnits(context: SplitContext, span: Span, levels: readonly TextLevel[] = ['sentences', 'words']): Span[] {
  const trimmed = trimSpan(context.source, span);
  if (trimmed.end === trimmed.start) return [];
  if (sizeOf(context, trimmed) <= context.max) return [trimmed];
  const [level, ...rest] = levels;
  if (level === undefined) return hardCut(context, trimmed);
  const parts = splitAt(level, context.source, trimmed);
  // A level that finds no separator is skipped rather than repeated.
  if (parts.length <= 1) return textUnits(context, trimmed, rest);
  return parts.flatMap((part) => textUnits(context, part, rest));
}

function splitAt(level: TextLevel, source: string, span: Span): Span[] {
  if (level === 'sentences') return sentenceSpans(source, span);
  const pattern = level === 'lines' ? /[^\n]+/g : /\S+/g;
  const spans: Span[] = [];
  for (const match of source.slice(span.start, span.end).matchAll(pattern)) {
    const start = span.start + match.index;
    const part = trimSpan(source, { start, end: start + match[0].length });
    if (part.end > part.start) spans.push(part);
  }
  return spans;
}
