import type { Span } from '../types.js';

const WHITESPACE = /\s/;

/**
 * Shrinks `span` so it starts and ends on a non-whitespace character of `source`.
 * A whitespace-only span becomes empty (`start === end`, at its original start).
 */
export function trimSpan(source: string, span: Span): Span {
  let start = span.start;
  let end = span.end;
  while (start < end && WHITESPACE.test(source[start]!)) start++;
  while (end > start && WHITESPACE.test(source[end - 1]!)) end--;
  return start === end ? { start: span.start, end: span.start } : { start, end };
}
