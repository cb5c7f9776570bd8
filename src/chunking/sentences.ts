import type { Span } from '../types.js';
import { segmentText } from '../text/segments.js';
import { trimSpan } from './trim.js';

const segmenter = new Intl.Segmenter('und', { granularity: 'sentence' });

/**
 * Sentence spans of `source[span]`: Unicode sentence boundaries (`Intl.Segmenter`, which
 * already ends sentences at `。！？` and at line breaks), plus a break after every CJK
 * semicolon `；` (UAX #29 does not treat it as a terminator; Chinese writing does).
 * Each span is trimmed; whitespace-only segments are dropped, so the spans cover every
 * non-whitespace character of the input exactly once. Long text is segmented in windows
 * (`segmentText`), so a huge paragraph costs linear time.
 */
export function sentenceSpans(source: string, span: Span): Span[] {
  const spans: Span[] = [];
  const push = (start: number, end: number): void => {
    const trimmed = trimSpan(source, { start, end });
    if (trimmed.end > trimmed.start) spans.push(trimmed);
  };
  const text = source.slice(span.start, span.end);
  for (const { segment, index } of segmentText(segmenter, text)) {
    let from = span.start + index;
    // Search the segment, not the source: a search past it would make this quadratic.
    for (let at = segment.indexOf('；'); at !== -1 && at < segment.length - 1; at = segment.indexOf('；', at + 1)) {
      push(from, span.start + index + at + 1);
      from = span.start + index + at + 1;
    }
    push(from, span.start + index + segment.length);
  }
  return spans;
}
