import { lineAt } from '../../markdown/lines.js';
import type { ParsedDoc, Span } from '../../types.js';
import { sentenceSegments } from '../../text/segments.js';
import { blocksOverlapping } from './blocks.js';
import { contentEnd, contentStart } from './text.js';

/** Source text no chunk holds, as the report lists it. */
export interface LostText {
  /** 1-based line of the text's first non-whitespace character. */
  line: number;
  /** The uncovered text of one unit, trimmed. */
  text: string;
}

/** Blocks whose natural unit is the line: table rows, code lines, markup lines. */
const LINE_UNIT_KINDS = new Set(['table', 'code', 'html', 'jsx', 'expression', 'esm', 'math']);

/**
 * Splits `range` into answer-bearing units (docs/design.md#where-the-scores-come-from): lines
 * of tables (one row per line), code, html/JSX and math blocks; Intl.Segmenter sentences
 * elsewhere (CJK-aware; a line break also ends a unit, as UAX #29 breaks after a paragraph
 * separator). Each unit is cut to the range and trimmed of surrounding whitespace; blank units
 * are dropped.
 */
export function unitSpans(doc: ParsedDoc, range: Span): Span[] {
  const { source, blocks } = doc;
  const units: Span[] = [];
  const push = (start: number, end: number): void => {
    const from = contentStart(source, start, end);
    const to = contentEnd(source, from, end);
    if (to > from) units.push({ start: from, end: to });
  };
  const pushLines = (start: number, end: number): void => {
    for (let at = start; at < end; ) {
      const newline = source.indexOf('\n', at);
      const lineEnd = newline === -1 || newline >= end ? end : newline;
      push(at, lineEnd);
      at = lineEnd + 1;
    }
  };
  const pushSentences = (start: number, end: number): void => {
    if (contentStart(source, start, end) >= end) return;
    for (const segment of sentenceSegments(source.slice(start, end))) {
      push(start + segment.index, start + segment.index + segment.segment.length);
    }
  };
  let at = range.start;
  for (const block of blocksOverlapping(blocks, range)) {
    const start = Math.max(block.start, range.start);
    const end = Math.min(block.end, range.end);
    pushSentences(at, start);
    if (LINE_UNIT_KINDS.has(block.kind)) pushLines(start, end);
    else pushSentences(start, end);
    at = end;
  }
  pushSentences(at, range.end);
  return units;
}

/** The units of the uncovered range `gap` ({@link unitSpans}), each with its line and text, as the report lists lost text. */
export function lostUnits(doc: ParsedDoc, gap: Span): LostText[] {
  return unitSpans(doc, gap).map((unit) => ({ line: lineAt(doc.lineStarts, unit.start), text: doc.source.slice(unit.start, unit.end) }));
}
